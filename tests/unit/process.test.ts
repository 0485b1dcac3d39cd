import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The real `npm start` entry, run as a child process. */
const tsx = path.resolve('node_modules/.bin/tsx');

function run(env: Record<string, string>, until?: (out: string) => boolean) {
  const child = spawn(tsx, ['server/index.ts'], { env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const started = new Promise<void>((resolve) => {
    const check = () => (until?.(out) ? resolve() : setTimeout(check, 50));
    check();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, started, exited, output: () => out };
}

beforeAll(() => {
  execFileSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
}, 120_000);

describe('server process', () => {
  it('exits non-zero with a clear message when PostgreSQL is unreachable', async () => {
    const { exited, output } = run({ PORT: '0', DATABASE_URL: 'postgres://nobody:x@127.0.0.1:1/none' });
    expect(await exited).not.toBe(0);
    expect(output()).toMatch(/数据库不可用：无法连接 PostgreSQL/);
  });

  it('refuses to start in production with the development SMS sender', async () => {
    const { exited, output } = run({ PORT: '0', APP_ENV: 'production', JWT_SECRET: 'j'.repeat(40), SESSION_SECRET: 's'.repeat(40), DATABASE_URL: 'postgres://u:p@127.0.0.1:1/x' });
    expect(await exited).toBe(78);
    expect(output()).toMatch(/APP_ENV=production 时拒绝启动/);
    expect(output()).toMatch(/SMS_PROVIDER=dev/);
  });

  it('serves /healthz, then shuts down cleanly on SIGTERM and releases the data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lx-proc-'));
    try {
      const server = run({ PORT: '0', DATA_DIR: dataDir }, (out) => out.includes('server.started'));
      await server.started;
      const port = Number(/"url":"http:\/\/localhost:(\d+)"/.exec(server.output())![1]);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toMatch(/"msg":"server.shutdown","signal":"SIGTERM"/);
      // The lock is gone, so another process may open the same data directory.
      const again = run({ PORT: '0', DATA_DIR: dataDir }, (out) => out.includes('server.started'));
      await again.started;
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a second process on the same embedded data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lx-proc-'));
    try {
      const first = run({ PORT: '0', DATA_DIR: dataDir }, (out) => out.includes('server.started'));
      await first.started;
      const second = run({ PORT: '0', DATA_DIR: dataDir });
      expect(await second.exited).not.toBe(0);
      expect(second.output()).toMatch(/正被进程 \d+ 使用/);
      first.child.kill('SIGTERM');
      await first.exited;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
