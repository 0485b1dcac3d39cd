// Builds the server into plain JavaScript for `npm start` (ADR 0046): one ESM bundle of our own
// code (server/, db/, contracts/) with every package left external, plus one entry per worker
// thread, named as the sources' worker files are, since each is addressed beside its caller
// (`new URL('./x.mjs', import.meta.url)`), and the files read beside a module (migrations, the
// detector's model, the 选校 catalogue). Rebuilt only when missing or older than any of its inputs (or with --force).
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const OUT = 'build/server';
const ENTRY = `${OUT}/index.mjs`;
/** What the last build read: its inputs (from esbuild's metafile) and the copied folders. */
const INPUTS_FILE = `${OUT}/inputs.json`;
const ENTRIES = [
  { in: 'server/index.ts', out: 'index' },
  { in: 'server/ai/cv/extract-thread.ts', out: 'extract-worker' },
  { in: 'server/domain/works/export/render-thread.ts', out: 'render-worker' },
  { in: 'server/domain/school-match/match-thread.ts', out: 'match-worker' },
  { in: 'server/ai/grammar/worker.mjs', out: 'worker' },
  // The command-line tools (scripts/cli.mjs runs them): no TypeScript loader in production either.
  { in: 'server/cli/admin.ts', out: 'admin-cli' },
  { in: 'server/cli/ledger-check.ts', out: 'ledger-check-cli' },
  { in: 'server/cli/backup.ts', out: 'backup-cli' },
];
/** Folders a module reads beside itself (path.join(dirname(import.meta.url), name)). */
const BESIDE = [
  { from: 'db/migrations', to: 'migrations' },
  { from: 'server/ai/detector/model', to: 'model' },
  { from: 'server/domain/school-match/catalogue-data', to: 'catalogue-data' },
];

function newestMtime(p) {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

function isStale() {
  if (process.argv.includes('--force') || !existsSync(ENTRY) || !existsSync(INPUTS_FILE)) return true;
  const built = statSync(INPUTS_FILE).mtimeMs;
  const inputs = JSON.parse(readFileSync(INPUTS_FILE, 'utf8'));
  // A new import shows as a change to a file already imported, so the old list is enough.
  return inputs.some((p) => !existsSync(p) || newestMtime(p) > built);
}

if (isStale()) {
  console.log('构建服务端（esbuild）…');
  rmSync(OUT, { recursive: true, force: true });
  // Loaded only to build: a fresh build starts without the bundler installed.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: ENTRIES,
    outdir: OUT,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  for (const { from, to } of BESIDE) cpSync(from, path.join(OUT, to), { recursive: true });
  // Every worker entry a bundle addresses beside itself must be there (one missing from ENTRIES); the
  // `.ts` beside it is what a run from the sources bundles instead (server/thread-entry.ts).
  for (const file of Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.mjs'))) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/new URL\("\.\/([\w.-]+\.mjs)", import\.meta\.url\)/g)) {
      if (!existsSync(path.join(OUT, name)))
        throw new Error(`${file} 引用了 ${name}，但构建中没有它：请在 scripts/build-server.mjs 的 ENTRIES 中加入`);
    }
  }
  const inputs = [...Object.keys(result.metafile.inputs), ...BESIDE.map((b) => b.from), 'package.json'];
  writeFileSync(INPUTS_FILE, JSON.stringify(inputs));
}
