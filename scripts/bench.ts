/**
 * `npm run bench`: throughput and latency of the API and of SSR, next to a bare Node HTTP
 * handler measured in the same run, so the ratios mean something on a noisy machine.
 * Servers run in child processes; the load comes from autocannon in this process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const BUDGET = { apiP99Ms: 20, apiRate: 300, ssrP50Ms: 50, firstLoadKb: 300, crowd: 200 };

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

async function waitFor(url: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

const BASELINE_SOURCE = `require('http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"success":true,"data":{"ok":true}}'); }).listen(process.env.PORT, '127.0.0.1');`;

type Result = { name: string; rps: number; p50: number; p99: number; errors: number; timeouts: number };

async function load(
  name: string,
  url: string,
  options: { headers?: Record<string, string>; rate?: number; connections?: number } = {},
): Promise<Result> {
  const result = await autocannon({
    url,
    headers: options.headers,
    connections: options.connections ?? 10,
    duration: DURATION_S,
    overallRate: options.rate,
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
  };
}

async function main() {
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lx-bench-'));
  try {
    const [appPort, basePort] = await Promise.all([freePort(), freePort()]);
    children.push(spawn(process.execPath, ['-e', BASELINE_SOURCE], { env: { ...process.env, PORT: String(basePort) }, stdio: 'ignore' }));
    children.push(
      // As `npm start` runs it: node with the tsx loader, no relay process.
      spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        // BENCH_DATABASE_URL measures the same on PostgreSQL instead of embedded PGlite.
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(appPort),
          DATA_DIR: dataDir,
          DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
          SMS_DAILY_LIMIT_PER_IP: '100000',
          LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '100000',
        },
        stdio: 'ignore',
      }),
    );
    const app = `http://127.0.0.1:${appPort}`;
    await Promise.all([waitFor(`${app}/healthz`), waitFor(`http://127.0.0.1:${basePort}/`)]);

    // Log in through the web form, as a browser does, to get the session cookie and a token.
    const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' as const });
    const sent = await (
      await fetch(`${app}/api/v1/auth/sms/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: '13700000002' }),
      })
    ).json();
    const login = await (
      await fetch(`${app}/api/v1/auth/login/phone`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: '13700000002', code: sent.data.devCode }),
      })
    ).json();
    const token = login.data.accessToken as string;
    const webSent = await (
      await fetch(`${app}/api/v1/auth/sms/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: '13700000003' }),
      })
    ).json();
    const webLogin = await fetch(
      `${app}/dash/login`,
      form({ intent: 'login', phone: '13700000003', code: webSent.data.devCode, redirectTo: '/dash/overview' }),
    );
    const cookie = (webLogin.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (!cookie.startsWith('__lx_session=')) throw new Error('web login failed');

    // Warm up JIT and caches.
    await load('warmup', `${app}/dash/overview`, { headers: { cookie } });

    const results: Result[] = [];
    results.push(await load('baseline: bare node http', `http://127.0.0.1:${basePort}/`));
    results.push(await load('GET /api/v1/user/info (max)', `${app}/api/v1/user/info`, { headers: { authorization: `Bearer ${token}` } }));
    results.push(
      await load(`GET /api/v1/user/info @${BUDGET.apiRate}/s`, `${app}/api/v1/user/info`, {
        headers: { authorization: `Bearer ${token}` },
        rate: BUDGET.apiRate,
      }),
    );
    // Many clients at once (issue 7): every one answered, none timed out.
    const crowd = await load(`GET /api/v1/user/info ${BUDGET.crowd} conns`, `${app}/api/v1/user/info`, {
      headers: { authorization: `Bearer ${token}` },
      connections: BUDGET.crowd,
    });
    results.push(crowd);
    results.push(await load('SSR /dash/overview (max)', `${app}/dash/overview`, { headers: { cookie } }));
    results.push(await load('SSR /dash/overview @20/s', `${app}/dash/overview`, { headers: { cookie }, rate: 20, connections: 2 }));

    // First-load JavaScript of the overview: every module the HTML asks the browser to load.
    const html = await (await fetch(`${app}/dash/overview`, { headers: { cookie } })).text();
    const scripts = [...new Set([...html.matchAll(/(?:href|src)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]!))];
    let gz = 0;
    for (const s of scripts) gz += gzipSync(Buffer.from(await (await fetch(app + s)).arrayBuffer())).length;

    console.log(
      `\ndatabase: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PGlite'}; ${DURATION_S} s per target; autocannon, 10 connections unless named`,
    );
    const base = results[0]!;
    const pad = (v: string, n: number) => v.padEnd(n);
    console.log(`\n${pad('target', 34)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('errors', 8)}${pad('timeouts', 10)}rps vs baseline`);
    for (const r of results) {
      console.log(
        `${pad(r.name, 34)}${pad(r.rps.toFixed(0), 10)}${pad(String(r.p50), 9)}${pad(String(r.p99), 9)}${pad(String(r.errors), 8)}${pad(String(r.timeouts), 10)}${(r.rps / base.rps).toFixed(3)}`,
      );
    }
    const apiAtRate = results[2]!;
    const ssrAtRate = results.at(-1)!;
    console.log(`\nfirst-load JS for /dash/overview: ${(gz / 1024).toFixed(1)} KB gzipped in ${scripts.length} files`);
    console.log('\nbudgets (DESIGN §7):');
    const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');
    console.log(
      `  API p99 at ${BUDGET.apiRate} req/s < ${BUDGET.apiP99Ms} ms: ${apiAtRate.p99} ms ${verdict(apiAtRate.p99 < BUDGET.apiP99Ms)}`,
    );
    console.log(
      `  ${BUDGET.crowd} concurrent connections on /api/v1/user/info: p99 ${crowd.p99} ms, ${crowd.errors} errors, ${crowd.timeouts} timeouts ${verdict(crowd.errors === 0 && crowd.timeouts === 0)}`,
    );
    console.log(`  SSR /dash/overview p50 < ${BUDGET.ssrP50Ms} ms: ${ssrAtRate.p50} ms ${verdict(ssrAtRate.p50 < BUDGET.ssrP50Ms)}`);
    console.log(`  first-load JS < ${BUDGET.firstLoadKb} KB gz: ${(gz / 1024).toFixed(1)} KB ${verdict(gz / 1024 < BUDGET.firstLoadKb)}`);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
