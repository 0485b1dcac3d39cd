import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { loadCatalogue } from '../../server/domain/school-match/catalogue';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The built server, run as a child process the way `npm start` runs it (ADR 0046): plain
 * JavaScript, no TypeScript loader.
 */
function run(env: Record<string, string>, until?: (out: string) => boolean) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'build/server/index.mjs'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

/** A command-line tool from the built bundle, as `npm run admin` / `npm run ledger:check` run it. */
function cli(tool: 'admin' | 'ledger-check' | 'backup', args: string[], dataDir: string) {
  try {
    return {
      code: 0,
      out: execFileSync(process.execPath, [`build/server/${tool}-cli.mjs`, ...args], {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: 'utf8',
        stdio: 'pipe',
      }),
    };
  } catch (e) {
    const err = e as { status: number; stderr: string };
    return { code: err.status, out: err.stderr };
  }
}

/**
 * An embedded data directory already created, migrated and given the 选校 catalogue, copied for
 * each test that only needs a working one: creating one takes seconds, loading the catalogue
 * 10–15 s, and the first start on an empty directory is tested once (serves /healthz).
 */
let migratedDataDir = '';
function dataDirCopy(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(migratedDataDir, dir, { recursive: true });
  return dir;
}

beforeAll(async () => {
  execFileSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  // What `npm start` would build first (ADR 0046), so its start below is only the server's.
  execFileSync('node', ['scripts/build-server.mjs'], { stdio: 'inherit' });
  migratedDataDir = mkdtempSync(path.join(tmpdir(), 'lx-proc-template-'));
  const database = await openDatabase({ dataDir: migratedDataDir });
  // With the 选校 catalogue loaded, as a restarted server finds it: a first load takes 10–15 s.
  await loadCatalogue(database.db);
  await database.close();
}, 180_000);

afterAll(() => rmSync(migratedDataDir, { recursive: true, force: true }));

describe('server process', () => {
  it('exits non-zero with a clear message when PostgreSQL is unreachable', async () => {
    const { exited, output } = run({ PORT: '0', DATABASE_URL: 'postgres://nobody:x@127.0.0.1:1/none' });
    expect(await exited).not.toBe(0);
    expect(output()).toMatch(/数据库不可用：无法连接 PostgreSQL/);
  });

  it('refuses to start in production with the development SMS sender', async () => {
    const { exited, output } = run({
      PORT: '0',
      APP_ENV: 'production',
      JWT_SECRET: 'j'.repeat(40),
      SESSION_SECRET: 's'.repeat(40),
      DATABASE_URL: 'postgres://u:p@127.0.0.1:1/x',
    });
    expect(await exited).toBe(78);
    expect(output()).toMatch(/APP_ENV=production 时拒绝启动/);
    expect(output()).toMatch(/SMS_PROVIDER=dev/);
  });

  it('serves /healthz, refuses a second process on its data directory, then shuts down cleanly on SIGTERM and releases it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lx-proc-'));
    try {
      const server = run({ PORT: '0', DATA_DIR: dataDir }, (out) => out.includes('server.started'));
      await server.started;
      const port = Number(/"url":"http:\/\/localhost:(\d+)"/.exec(server.output())![1]);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      // A second process on the same embedded data directory is refused while this one holds it.
      const second = run({ PORT: '0', DATA_DIR: dataDir });
      expect(await second.exited).not.toBe(0);
      expect(second.output()).toMatch(/正被进程 \d+ 使用/);
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

  // Also what a lone SIGTERM needs: npm passes it on, and no orphaned server keeps the data directory.
  it('`npm start` under 24 concurrent keep-alive clients: SIGTERM drains, answers every request in flight, releases the lock', async () => {
    const dataDir = dataDirCopy('lx-load-');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 24 });
    try {
      const child = spawn('npm', ['start'], { env: { ...process.env, PORT: '0', DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      await vi.waitFor(() => expect(out).toContain('server.started'), { timeout: 60_000, interval: 100 });
      const port = Number(/"url":"http:\/\/localhost:(\d+)"/.exec(out)![1]);
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

      const statuses: number[] = [];
      /** Requests that failed although sent before SIGTERM, or sent on an open keep-alive socket. */
      const lost: string[] = [];
      let newConnectionResets = 0;
      let signalled = false;
      let stopped = false;
      const get = (p: string) =>
        new Promise<void>((resolve) => {
          const sentBeforeSignal = !signalled;
          const req = http.get({ host: '127.0.0.1', port, path: p, agent }, (res) => {
            res.resume();
            res.on('end', () => (statuses.push(res.statusCode!), resolve()));
            res.on('error', (e: NodeJS.ErrnoException) => (lost.push(`${p} ${e.code ?? e.message} (response)`), resolve()));
          });
          req.on('error', (e: NodeJS.ErrnoException) => {
            if (e.code === 'ECONNREFUSED') stopped = true;
            // A connection opened after shutdown began can be reset when the listener closes
            // (it was still in the kernel's accept queue): the client retries elsewhere.
            else if (!sentBeforeSignal && !req.reusedSocket && e.code === 'ECONNRESET') newConnectionResets++;
            else
              lost.push(
                `${p} ${e.code ?? e.message}${req.reusedSocket ? ' on a reused socket' : ''}${sentBeforeSignal ? ' sent before SIGTERM' : ''}`,
              );
            resolve();
          });
        });
      const paths = ['/healthz', '/login', '/api/v1/user/info', '/privacy-policy'];
      const clients = Array.from({ length: 24 }, async (_, i) => {
        for (let n = 0; !stopped; n++) await get(paths[(i + n) % paths.length]);
      });
      await vi.waitFor(() => expect(statuses.length).toBeGreaterThan(200), { timeout: 30_000, interval: 20 });
      const before = statuses.length;
      signalled = true;
      child.kill('SIGTERM');
      await Promise.all(clients);
      expect(await exited).toBe(0);
      expect(out).toMatch(/"msg":"server.shutdown","signal":"SIGTERM"/);
      expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
      expect(lost).toEqual([]);
      expect(newConnectionResets).toBeLessThanOrEqual(24);
      // Requests kept being answered (pages with 503 once draining began) until the listener closed.
      expect(statuses.length).toBeGreaterThan(before);
      expect(statuses.every((s) => [200, 401, 503].includes(s))).toBe(true);
    } finally {
      agent.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the built server', () => {
  it('`npm start` runs the built server: pages, a CV read, a grammar check and an export work, with no TypeScript loader (ADR 0046)', async () => {
    const dataDir = dataDirCopy('lx-built-');
    try {
      const child = spawn('npm', ['start'], { env: { ...process.env, PORT: '0', DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      await vi.waitFor(() => expect(out).toContain('server.started'), { timeout: 120_000, interval: 100 });
      // Each thread's entry and each command-line tool is built JavaScript beside the bundle; none loads tsx.
      for (const file of ['index.mjs', 'extract-worker.mjs', 'render-worker.mjs', 'worker.mjs', 'admin-cli.mjs', 'ledger-check-cli.mjs'])
        expect(readFileSync(path.join('build/server', file), 'utf8')).not.toMatch(/["']tsx(\/|["'])/);
      const base = `http://127.0.0.1:${/"url":"http:\/\/localhost:(\d+)"/.exec(out)![1]}`;
      expect((await fetch(`${base}/`)).status).toBe(200);
      const post = (p: string, body: unknown, token?: string) =>
        fetch(`${base}/api/v1${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
      const sent = await (await post('/auth/sms/send', { phone: '13912345679' })).json();
      const { data: me } = await (await post('/auth/login/phone', { phone: '13912345679', code: sent.data.devCode })).json();

      const form = new FormData();
      form.append('file', new Blob([readFileSync('tests/fixtures/cv/en-msc-finance.pdf')]), 'cv.pdf');
      const read = await fetch(`${base}/api/v1/ai/extract-text`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${me.accessToken}` },
      });
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject({ data: { format: 'pdf', text: expect.stringContaining('Edinburgh') } });

      // Offline 文书修改 runs the grammar engine in its worker.
      const review = await post('/ai/generate', { operation: 'revision', input: { essay: 'She go to school every day.' } }, me.accessToken);
      const deltas = (await review.text())
        .split('\n\n')
        .filter((frame) => /^event: delta$/m.test(frame))
        .map((frame) => JSON.parse(/^data: (.+)$/m.exec(frame)![1]).text)
        .join('');
      expect(deltas).toContain('建议：「She goes to」');

      // An export is laid out in the export worker.
      const paragraph = {
        id: 'b1',
        type: 'paragraph',
        props: {},
        content: [{ type: 'text', text: '我的个人陈述', styles: {} }],
        children: [],
      };
      const { data: work } = await (
        await post('/works', { title: '陈述', type: 'ps', content: { blocks: [paragraph] } }, me.accessToken)
      ).json();
      const docx = await fetch(`${base}/api/v1/works/${work.id}/export?format=docx`, {
        headers: { authorization: `Bearer ${me.accessToken}` },
      });
      expect(docx.status).toBe(200);
      expect(
        Buffer.from(await docx.arrayBuffer())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('admin CLI', () => {
  it('grants and revokes the admin role for a user who has logged in', async () => {
    const dataDir = dataDirCopy('lx-admin-');
    try {
      // Create a user through the real API, then stop the server (embedded DB: one process).
      const server = run({ PORT: '0', DATA_DIR: dataDir }, (out) => out.includes('server.started'));
      await server.started;
      const port = Number(/"url":"http:\/\/localhost:(\d+)"/.exec(server.output())![1]);
      const api = `http://127.0.0.1:${port}/api/v1`;
      const post = (p: string, body: unknown) =>
        fetch(api + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) =>
          r.json(),
        );
      const sent = await post('/auth/sms/send', { phone: '13912345678' });
      await post('/auth/login/phone', { phone: '13912345678', code: sent.data.devCode });
      // No backup of an embedded database a running server holds (ADR 0056): refused, naming the process.
      const backupFile = path.join(dataDir, 'held.zip');
      expect(cli('backup', ['backup', backupFile], dataDir)).toMatchObject({
        code: 1,
        out: expect.stringContaining(`正被进程 ${server.child.pid} 使用`),
      });
      expect(existsSync(backupFile)).toBe(false);
      server.child.kill('SIGTERM');
      await server.exited;

      const admin = (...args: string[]) => cli('admin', args, dataDir);
      // Once through npm, as the README runs it: its output is the tool's alone (the build speaks on stderr).
      const viaNpm = execFileSync('npm', ['run', '--silent', 'admin', '--', 'grant', '13912345678'], {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: 'utf8',
        stdio: 'pipe',
      });
      expect(viaNpm).toMatch(/^已将 139\*\*\*\*5678（.+）设为管理员。/);
      expect(admin('revoke', '13912345678')).toMatchObject({ code: 0, out: expect.stringContaining('设为普通用户') });
      expect(admin('grant', '13900000000')).toMatchObject({ code: 1, out: expect.stringContaining('请先用该手机号登录一次') });
      expect(admin('promote')).toMatchObject({ code: 64, out: expect.stringContaining('用法') });

      const codes = admin('codes', '5', '3', '2');
      expect(codes.code).toBe(0);
      expect(codes.out.trim().split('\n')).toHaveLength(3);
      expect(codes.out).toMatch(/^[A-Z2-9]{12}$/m);
      expect(admin('codes', '5', '0', '2')).toMatchObject({ code: 64, out: expect.stringContaining('数量至少为1') });
      expect(admin('channel', 'campus2026', '校园大使', '30')).toMatchObject({
        code: 0,
        out: expect.stringContaining('CAMPUS2026（校园大使）已创建'),
      });
      expect(admin('channel', 'CAMPUS2026', '校园大使', '35')).toMatchObject({
        code: 0,
        out: expect.stringContaining('已更新：新用户注册奖励 35 积分'),
      });
      expect(admin('channel', 'x', '校园大使', '30')).toMatchObject({ code: 64, out: expect.stringContaining('4到32位') });

      // `npm run ledger:check`: passes on a consistent database, fails once a balance drifts.
      const check = () => cli('ledger-check', [], dataDir);
      expect(check()).toMatchObject({ code: 0, out: expect.stringContaining('核对通过') });
      const database = await openDatabase({ dataDir });
      await database.db.execute(sql`update users set points_cents = points_cents + 1`);
      await database.close();
      expect(check()).toMatchObject({
        code: 1,
        out: expect.stringMatching(/1 个用户的余额与积分明细之和不一致[\s\S]*139\*\*\*\*5678.*余额 120.01，明细之和 120/),
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
