import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_PORT as PORT, FAKE_OPENAI_PORT, NOTICES_PORT, NOTICES_URL, PROVIDER_PORT, serverDataDir } from './tests/e2e/ports';
import { seededMarker } from './tests/e2e/seed';

// A fresh embedded database per run: tests never see data from an earlier run.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'lx-e2e-'));
// Workers load this file again: they use the same directory (tests read it, see tests/e2e/seed.ts).
process.env.E2E_DATA_DIR = dataDir;
// The administrator is written before the server starts: Playwright starts the web server before
// the global setup, and the embedded database admits one process.
if (!existsSync(seededMarker(dataDir))) {
  execFileSync(process.execPath, ['--import', 'tsx', 'tests/e2e/seed.ts', dataDir], {
    cwd: path.dirname(fileURLToPath(import.meta.url)),
    stdio: 'inherit',
  });
  // The language-model server's and the notices server's databases start as copies: migrating and
  // loading the 选校 catalogue again would hold their start-up (and the run) for 15–20 s.
  for (const port of [PROVIDER_PORT, NOTICES_PORT]) cpSync(dataDir, serverDataDir(dataDir, port), { recursive: true });
}

// Debian's chromium-headless-shell: the same Chromium build as /usr/bin/chromium (Blink, V8, fonts)
// without the desktop browser around it, which is what Playwright itself runs headless. The suite
// costs a third less CPU in it (ADR 0063). Where only `chromium` is installed, that is used.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const SERVER_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SMS_DAILY_LIMIT_PER_IP: '10000',
  LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '10000',
  SUPPORT_WECHAT_ID: 'liuxue-kefu',
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder: Playwright empties it at start, and the vitest stages' JSON reports in
  // test-results/ stay for reading after the run.
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  workers: 2,
  // No retries: a test that passes only on a second try is a failing test.
  retries: 0,
  // The longer flows (an admin writing and publishing, thirty-step lists) take 15–27 s on a quiet
  // two-core machine; 30 s left no room for a loaded CI runner. Each expect still waits only 10 s.
  timeout: 60_000,
  // After the web server is up: signs the seeded administrator in once (tests/e2e/seed.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  projects: [
    // System notices and maintenance are global to a database: an announcement opens a modal on
    // every open page, maintenance sends every page away. So these tests have a server and database
    // of their own and run one at a time; listed first, they start at once on one worker while the
    // other worker runs the rest (their chain is the run's longest: ~95 s).
    {
      name: 'notices',
      testMatch: /(notices|notifications).*\.spec\.ts$/,
      fullyParallel: false,
      workers: 1,
      use: { baseURL: NOTICES_URL },
    },
    // Against the app configured with a language model (the fake provider); a database of its own.
    { name: 'provider', testMatch: /provider.*\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${PROVIDER_PORT}` } },
    { name: 'chromium', testIgnore: /(notices|notifications|provider).*\.spec\.ts$/ },
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // A trace records DOM snapshots and a screencast at every step: about a sixth of the suite's CPU
    // on two cores (ADR 0045). A failure keeps a screenshot; E2E_TRACE=1 keeps the failure's trace.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // Started one after the other, in this order (the first `npm start` builds; the others find the build fresh).
  webServer: [
    {
      command: `node --import tsx tests/fixtures/fake-openai/serve.ts ${FAKE_OPENAI_PORT}`,
      url: `http://127.0.0.1:${FAKE_OPENAI_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The README's own command, so the end-to-end suite exercises what users run.
      command: 'npm start',
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...SERVER_ENV, PORT: String(PORT), DATA_DIR: dataDir },
    },
    {
      command: 'npm start',
      url: `http://127.0.0.1:${PROVIDER_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...SERVER_ENV,
        PORT: String(PROVIDER_PORT),
        DATA_DIR: serverDataDir(dataDir, PROVIDER_PORT),
        AI_BASE_URL: `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`,
        AI_API_KEY: 'e2e-fake-key',
        AI_MODELS: 'fake-writer:测试模型,fake-editor:测试模型二',
      },
    },
    {
      command: 'npm start',
      url: `${NOTICES_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...SERVER_ENV, PORT: String(NOTICES_PORT), DATA_DIR: serverDataDir(dataDir, NOTICES_PORT) },
    },
  ],
});
