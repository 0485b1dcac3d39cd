// `npm test`: every suite, in order, with each runner's own output and one closing line.
//   0. ESLint (a finding fails the run)
//   1. vitest: unit, API (PGlite in memory) and detector tests
//   2. vitest: the API suite again on PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it)
//   3. Playwright: end-to-end in Debian's Chromium against `npm start`'s server
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) exitCode = 1;
  return result.status;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

run('lint: ESLint', 'npx', ['eslint', '.', '--max-warnings=0']);

run('build (production)', 'node', ['scripts/ensure-build.mjs']);

// The embedded database even when CI has a PostgreSQL for the second run.
run(
  'vitest: unit, API on PGlite, detector',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'],
  { TEST_DATABASE_URL: '' },
);
countVitest('test-results/vitest.json');

if (process.env.TEST_DATABASE_URL) {
  run('vitest: API suite on PostgreSQL', 'npx', [
    'vitest',
    'run',
    'tests/api',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/vitest-postgres.json',
  ]);
  countVitest('test-results/vitest-postgres.json');
} else {
  console.log('\n(API suite on PostgreSQL not run: TEST_DATABASE_URL is not set; .ci/run starts a PostgreSQL and sets it.)');
}

run('playwright: end-to-end in Chromium', 'npx', ['playwright', 'test']);
countPlaywright('test-results/e2e.json');

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed ? 1 : 0));
