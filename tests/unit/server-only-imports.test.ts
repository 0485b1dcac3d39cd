import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The classic Remix compiler turns a `.server` module imported by browser code into an empty
 * module without a word (DESIGN §1). Components, hooks, styles, content and `.client` modules
 * therefore may import `.server` files for types only. Route modules may, for loaders/actions.
 */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

const clientSide = [
  ...['app/components', 'app/hooks', 'app/styles', 'app/content'].flatMap(files),
  ...files('app/services').filter((f) => f.endsWith('.client.ts') || !f.includes('.server.')),
  'app/entry.client.tsx',
];

function runtimeServerImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/import\s+([^;]*?)\s+from\s+['"]([^'"]+)['"]/gs)) {
    const [, clause, specifier] = m;
    if (!/\.server$/.test(specifier!) && !specifier!.endsWith('.server.ts')) continue;
    if (/^type\s/.test(clause!)) continue;
    const named = /^\{([^}]*)\}$/.exec(clause!.trim());
    if (named && named[1]!.split(',').every((n) => !n.trim() || n.trim().startsWith('type '))) continue;
    found.push(`${clause} from ${specifier}`);
  }
  return found;
}

/** Names a route module imports from `.server` modules and calls at module level (runs in the browser too). */
function moduleLevelServerCalls(source: string): string[] {
  const serverNames = new Set<string>();
  for (const m of source.matchAll(/import\s+\{([^}]*)\}\s+from\s+['"][^'"]+\.server['"]/g)) {
    for (const name of m[1]!.split(','))
      if (name.trim() && !name.trim().startsWith('type '))
        serverNames.add(
          name
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
        );
  }
  const topLevel = source.split('\n').filter((line) => /^(export\s+)?(const|let)\s+\w+\s*=/.test(line));
  return topLevel.filter((line) => [...serverNames].some((n) => new RegExp(`=\\s*${n}\\(`).test(line)));
}

describe('server-only modules stay out of browser code', () => {
  it('finds the client-side files it guards', () => {
    expect(clientSide.length).toBeGreaterThan(10);
  });
  it.each(clientSide)('%s imports .server modules for types only', (file) => {
    expect(runtimeServerImports(readFileSync(file, 'utf8'))).toEqual([]);
  });
  it.each(files('app/routes'))('%s calls no .server function at module level', (file) => {
    expect(moduleLevelServerCalls(readFileSync(file, 'utf8'))).toEqual([]);
  });
  it('detects a module-level call', () => {
    expect(
      moduleLevelServerCalls(
        "import { currentUserLoader } from '~/services/pages/page-loaders.server';\nexport const loader = currentUserLoader('x');",
      ),
    ).toHaveLength(1);
    expect(
      moduleLevelServerCalls(
        "import { currentUserLoader } from '~/services/pages/page-loaders.server';\nexport const loader = (a) => currentUserLoader('x', a);",
      ),
    ).toHaveLength(0);
  });
  it('detects a runtime import', () => {
    expect(runtimeServerImports("import { webEnv } from '~/env.server';")).toHaveLength(1);
    expect(runtimeServerImports("import type { PublicEnv } from '~/env.server';")).toHaveLength(0);
  });
});
