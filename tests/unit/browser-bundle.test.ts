import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Browser code imports contracts/constants.ts, never the schemas: zod would add ~90 KB to every page. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.js') ? [p] : [];
  });
}

beforeAll(() => {
  execFileSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
}, 180_000);

it('no browser chunk carries zod', () => {
  const chunks = files('public/build');
  expect(chunks.length).toBeGreaterThan(5);
  const withZod = chunks.filter((f) => /ZodError|\$ZodType/.test(readFileSync(f, 'utf8')));
  expect(withZod).toEqual([]);
});
