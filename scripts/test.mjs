// `npm test`: every suite, in order, with each runner's own output and one closing line.
//   0. ESLint, the type check (tsc --noEmit), the format check (prettier --check), the Dockerfile lint
//      and `npm ls`, side by side (a finding fails the run)
//   1. vitest: unit and detector tests beside the API suite (PGlite in memory); then the timing tests alone
//   2. vitest: the API suite again on PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it)
//   3. Playwright: end-to-end in Debian's Chromium against `npm start`'s server
//   4. the scale test: three instances behind nginx for 20 s (`npm run test:scale`; counts as one test)
//   5. `npm run ledger:check` on every database the runs above wrote (each counts as one test)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TIMED_ALONE } from './timed-tests.mjs';

mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Every failed test by name, repeated at the end: CI often shows only the tail of the output. */
const failures = [];
const firstLine = (text = '') =>
  String(text)
    .split('\n')
    .find((line) => line.trim()) ?? '';
let exitCode = 0;

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
/** Each stage's time, so a slow suite shows early; the last line gives the whole run's. */
const stageTimes = [];

/** One stage, its output straight to the console; async, so the static checks beside it keep being read. */
async function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const since = Date.now();
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const status = await new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? signal)));
  if (status !== 0) {
    exitCode = 1;
    // Named even when it failed before any test ran (a port in use, a crash): its tests count nothing.
    failures.push(`${label}: the stage failed (exit ${status})`);
  }
  stageTimes.push(`${label}: ${seconds(since)}`);
  console.log(`=== ${label}: ${status === 0 ? 'ok' : 'failed'} in ${seconds(since)} ===`);
  return status;
}

/** Every balance equals the sum of its ledger rows after all the tests' charges and refunds. */
async function ledgerCheck(label, env) {
  const status = await run(`ledger:check: ${label}`, 'npm', ['run', '--silent', 'ledger:check'], env);
  if (status === 0) totals.passed += 1;
  else totals.failed += 1;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const fileResult of report.testResults ?? []) {
    const file = path.relative(process.cwd(), fileResult.name);
    const failed = (fileResult.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${file} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed before any test ran (an import or a hook) has no failed test to name.
    if (fileResult.status === 'failed' && failed.length === 0) failures.push(`${file}: ${firstLine(fileResult.message)}`);
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  // Top-level suites are files; the ones inside are describe blocks, named in the line.
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((result) => result.error)?.error;
        const name = [...titles, spec.title].join(' › ');
        const mark = test.status === 'flaky' ? '(passed on retry) ' : '';
        failures.push(`${mark}${spec.file}:${spec.line} › ${name}: ${firstLine(error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
}

/**
 * Stages that only read the source, run at once (two cores: the checkers mostly wait on each
 * other's disk reads). Each one's output is printed whole when it ends, so none interleave.
 */
async function runTogether(stages) {
  await Promise.all(
    stages.map(
      ({ label, command, args, env = {}, quiet = false }) =>
        new Promise((resolve) => {
          const since = Date.now();
          const child = spawn(command, args, { env: { ...process.env, ...env } });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (status) => {
            if (status !== 0) {
              exitCode = 1;
              failures.push(`${label}: failed (see its output above)`);
            }
            stageTimes.push(`${label}: ${seconds(since)}`);
            // A quiet stage's output (a whole dependency tree) is shown only when it fails.
            console.log(`\n=== ${label} ===\n${quiet && status === 0 ? '' : output.trimEnd()}`);
            console.log(`=== ${label}: ${status === 0 ? 'ok' : 'failed'} in ${seconds(since)} ===`);
            resolve();
          });
        }),
    ),
  );
}

// They only read the source: side by side, and first, so a finding shows within a minute.
await runTogether([
  { label: 'lint: ESLint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  { label: 'typecheck: tsc --noEmit', command: 'npx', args: ['tsc', '--noEmit'] },
  { label: 'format: prettier --check', command: 'npx', args: ['prettier', '--check', '--log-level=warn', '.'] },
  // Docker does not run here: the shipped Dockerfile's rules are checked instead (ADR 0057).
  { label: 'lint: Dockerfile', command: 'node', args: ['scripts/lint-dockerfile.mjs'] },
  // Every installed package satisfies what depends on it, peers included (no legacy-peer-deps).
  { label: 'dependencies: npm ls', command: 'npm', args: ['ls'], quiet: true },
]);

await run('build (production)', 'node', ['scripts/ensure-build.mjs']);

const excludeTimed = TIMED_ALONE.flatMap((file) => ['--exclude', file]);
/** vitest's own summary on the console, and a JSON report to count from. */
const vitestReport = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=test-results/${name}.json`];

// The embedded database even when CI has a PostgreSQL for the second run. The unit tests run
// isolated (they mock modules and timers); the API suite with --no-isolate (vitest.config.ts): side
// by side, so neither waits on the other's slowest file.
await runTogether([
  {
    label: 'vitest: unit and detector',
    command: 'npx',
    args: ['vitest', 'run', '--project', 'unit', ...excludeTimed, ...vitestReport('vitest-unit')],
    env: { TEST_DATABASE_URL: '' },
  },
  {
    label: 'vitest: API on PGlite',
    command: 'npx',
    args: ['vitest', 'run', '--project', 'api', '--no-isolate', ...excludeTimed, ...vitestReport('vitest-api')],
    env: { TEST_DATABASE_URL: '' },
  },
]);
countVitest('test-results/vitest-unit.json');
countVitest('test-results/vitest-api.json');

await run(
  'vitest: event-loop timing, alone',
  'npx',
  [
    'vitest',
    'run',
    ...TIMED_ALONE,
    '--no-file-parallelism',
    // None of them mocks a module: one module cache for the nine files (collecting took 9 s of the 60).
    '--no-isolate',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/vitest-timing.json',
  ],
  { TEST_DATABASE_URL: '' },
);
countVitest('test-results/vitest-timing.json');

if (process.env.TEST_DATABASE_URL) {
  await run('vitest: API suite on PostgreSQL', 'npx', [
    'vitest',
    'run',
    '--project',
    'api',
    '--no-isolate',
    ...excludeTimed,
    // These tests wait on the database server's own processes: two workers left a third of the
    // two cores idle (vmstat), four keep them busy (170 s → 114 s measured).
    '--maxWorkers=4',
    '--minWorkers=4',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/vitest-postgres.json',
  ]);
  countVitest('test-results/vitest-postgres.json');
  await ledgerCheck('PostgreSQL test database', { DATABASE_URL: process.env.TEST_DATABASE_URL });
} else {
  console.log('\n(API suite on PostgreSQL not run: TEST_DATABASE_URL is not set; .ci/run starts a PostgreSQL and sets it.)');
}

// Three instances on one PostgreSQL behind the shipped nginx configuration, under load and a
// rolling SIGTERM restart, for 20 s (ADR 0057): needs Debian's nginx and postgresql (.ci/run installs them).
const hasPostgres = existsSync('/usr/lib/postgresql') || Boolean(process.env.SCALE_DATABASE_URL);
if (existsSync('/usr/sbin/nginx') && hasPostgres) {
  const status = await run('scale: 3 instances behind nginx, rolling restart', 'npm', ['run', '--silent', 'test:scale'], {
    SCALE_SECONDS: process.env.SCALE_SECONDS ?? '20',
    // Its own PostgreSQL (a temp folder), not the API suite's.
    DATABASE_URL: process.env.SCALE_DATABASE_URL ?? '',
  });
  if (status === 0) totals.passed += 1;
  else totals.failed += 1;
} else {
  console.log('\n(Scale test not run: it needs nginx (nginx-light) and PostgreSQL installed; .ci/run installs both.)');
}

// The end-to-end servers' embedded databases, checked once the servers have stopped.
const e2eDataDir = mkdtempSync(path.join(tmpdir(), 'lx-e2e-'));
await run('playwright: end-to-end in Chromium', 'npx', ['playwright', 'test'], { E2E_DATA_DIR: e2eDataDir });
countPlaywright('test-results/e2e.json');
// Playwright has stopped the servers; a server still closing its database gets a moment to finish.
await waitForDataDir(e2eDataDir);
await waitForDataDir(`${e2eDataDir}-provider`);
await waitForDataDir(`${e2eDataDir}-notices`);
await ledgerCheck('end-to-end database (offline engine)', { DATA_DIR: e2eDataDir, DATABASE_URL: '' });
await ledgerCheck('end-to-end database (language model)', { DATA_DIR: `${e2eDataDir}-provider`, DATABASE_URL: '' });
await ledgerCheck('end-to-end database (notices)', { DATA_DIR: `${e2eDataDir}-notices`, DATABASE_URL: '' });

/** Waits (up to 20 s) until no live process holds the embedded database's lock file. */
async function waitForDataDir(dir) {
  const lock = path.join(dir, 'pglite.lock');
  for (let waited = 0; waited < 20_000; waited += 200) {
    if (!existsSync(lock)) return;
    const pid = Number(readFileSync(lock, 'utf8'));
    const state = (() => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      } catch {
        return 'gone';
      }
    })();
    if (state === 'gone' || state === 'Z' || state === 'X') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

console.log(`\nStage times (whole run ${seconds(started)}):\n  ${stageTimes.join('\n  ')}`);
if (failures.length) console.log(`\nFailed:\n  ${failures.join('\n  ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed ? 1 : 0));
