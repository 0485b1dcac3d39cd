import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { FIRST_LOAD_FILE, FIRST_LOAD_SLACK_KB, firstLoadOf } from '../../scripts/first-load';

/**
 * DESIGN §7 budgets the first-load JavaScript of /dash/overview. The build is held to the committed
 * measure (bench/first-load.json, written by BENCH_SAVE=1 npm run bench): a change that makes every
 * page load more fails here, where it is made, not in a bench nobody ran (ADR 0065).
 */
describe('first-load JavaScript of /dash/overview', () => {
  beforeAll(() => {
    // Builds only when the sources are newer than the build (npm test has just built it).
    execFileSync('node', ['scripts/ensure-build.mjs'], { stdio: 'ignore' });
  }, 120_000);

  it('stays within the committed measure', () => {
    const committed = (JSON.parse(readFileSync(FIRST_LOAD_FILE, 'utf8')) as { kb: number }).kb;
    const { kb, files } = firstLoadOf();
    expect(files).toBeGreaterThan(3);
    expect(kb, `first load ${kb} KB gz in ${files} files; committed ${committed} KB (+${FIRST_LOAD_SLACK_KB})`).toBeLessThanOrEqual(
      committed + FIRST_LOAD_SLACK_KB,
    );
  });

  it('counts what the page really loads: a bigger route module makes it bigger', () => {
    const overview = firstLoadOf();
    const root = firstLoadOf('root');
    expect(root.kb).toBeLessThan(overview.kb);
    expect(() => firstLoadOf('routes/no-such-page')).toThrow(/not in the build/);
  });
});
