/**
 * `npm run bench`: throughput and latency of the API and of SSR, next to a bare Node HTTP
 * handler measured in the same run, so the ratios mean something on a noisy machine.
 * Servers run in child processes; the load comes from autocannon in this process.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { openDatabase } from '../db/client';
import { eq } from 'drizzle-orm';
import { clientProfiles, users } from '../db/schema';
import { profileDataSchema } from '../contracts/archives';
import { searchTextOf } from '../server/domain/archives/profiles';
import { TIMED_ALONE } from './timed-tests.mjs';
import { FIRST_LOAD_FILE, firstLoadOf } from './first-load';
import { fake, startFakeOpenAI, type FakeOpenAI, type StreamStep } from '../tests/fixtures/fake-openai/server';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
/** Issue 9: authenticated idle sockets one process holds, with heartbeats (target 10,000). */
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const ADMIN_PHONE = '13700000009';
/** DESIGN §7 and issue 29. Ratios are against the bare handler of the same run. */
const BUDGET = {
  apiRatio: 0.3,
  apiP99Ms: 20,
  apiRate: 300,
  crowd: 200,
  crowdP99Ms: 100,
  ssrRatio: 0.003,
  ssrP50Ms: 25,
  firstLoadKb: 200,
  searchP99Ms: 50,
  streamOverheadMs: 5,
  webStreamOverheadMs: 10,
};
/** A ratio line this much below the committed figures of the same database fails the comparison. */
const REGRESSION = 0.2;
/** Issue 11: operations timed one after another for time to first token, and the chunks in the throughput answer. */
const STREAM_RUNS = Number(process.env.BENCH_STREAM_RUNS ?? 20);
const STREAM_CHUNKS = 2000;

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

/** An administrator, seeded before the server opens the database (it publishes the notice), with 10,000 students (issue 10). */
async function seedBench(dataDir: string) {
  const seed = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir });
  const [admin] = await seed.db
    .insert(users)
    .values({ phone: ADMIN_PHONE, username: 'bench', role: 'admin', inviteCode: 'BENCHADM' })
    .onConflictDoUpdate({ target: users.phone, set: { role: 'admin' } })
    .returning({ id: users.id });
  // Issue 10: the global search over 10,000 students of one user.
  await seed.db.delete(clientProfiles).where(eq(clientProfiles.userId, admin!.id));
  const schools = ['清华大学', '北京大学', 'University of Michigan', '复旦大学', 'National University of Singapore', '浙江大学'];
  const majors = ['金融学', 'Computer Science', '电子工程', 'Economics', '法学', 'Mechanical Engineering'];
  for (let i = 0; i < 10_000; i += 1000) {
    await seed.db.insert(clientProfiles).values(
      Array.from({ length: 1000 }, (_, j) => {
        const n = i + j;
        const data = profileDataSchema.parse({ currentSchool: schools[n % 6], major: majors[(n * 7) % 6] });
        return { userId: admin!.id, name: `学生${n}`, data, searchText: searchTextOf(`学生${n}`, data) };
      }),
    );
  }
  await seed.close();
}

/** A token from the API's phone login, and the session cookie from the web form, as a browser gets it. */
async function signIn(app: string): Promise<{ token: string; cookie: string }> {
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
    form({ intent: 'login', phone: '13700000003', code: webSent.data.devCode, agree: 'on', redirectTo: '/dash/overview' }),
  );
  const cookie = (webLogin.headers.get('set-cookie') ?? '').split(';')[0]!;
  // The login page answers 200 with its error (no consent, a wrong code): only a redirect is a login.
  if (webLogin.status !== 302 || !cookie.startsWith('__lx_session=')) throw new Error(`web login failed: ${webLogin.status}`);
  return { token, cookie };
}

async function main() {
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lx-bench-'));
  // The language model: the fake OpenAI-compatible provider, in this process (its own timings are measured apart).
  const provider = await startFakeOpenAI({ keepRequests: 10 });
  try {
    const [appPort, basePort] = await Promise.all([freePort(), freePort()]);
    await seedBench(dataDir);
    children.push(spawn(process.execPath, ['-e', BASELINE_SOURCE], { env: { ...process.env, PORT: String(basePort) }, stdio: 'ignore' }));
    const server = spawn(process.execPath, ['scripts/start.mjs'], {
      // BENCH_DATABASE_URL measures the same on PostgreSQL instead of embedded PGlite.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(appPort),
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
        SMS_DAILY_LIMIT_PER_IP: '100000',
        LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '100000',
        SMS_FREE_SENDS_PER_IP: '100000',
        REALTIME_MAX_CONNECTIONS: String(Math.max(SOCKETS + 100, 10_000)),
        AI_BASE_URL: provider.url,
        AI_MODELS: 'bench-model:压测模型',
        // Points for every timed operation (each is charged like a real one).
        WELCOME_POINTS: '100000',
      },
      stdio: 'ignore',
    });
    // As `npm start` runs it (scripts/start.mjs): the built plain-JavaScript server, no TypeScript loader (ADR 0046).
    children.push(server);
    const app = `http://127.0.0.1:${appPort}`;
    await Promise.all([waitFor(`${app}/healthz`), waitFor(`http://127.0.0.1:${basePort}/`)]);

    const { token, cookie } = await signIn(app);

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
    const adminToken = await apiLogin(app, ADMIN_PHONE);
    results.push(
      await load('GET /ai/global-search 10k rows', `${app}/api/v1/ai/global-search?query=${encodeURIComponent('university of')}`, {
        headers: { authorization: `Bearer ${adminToken}` },
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

    const stream = await streamBench(app, provider, token, cookie);
    const sockets = SOCKETS > 0 ? await holdSockets(app, token, adminToken, server.pid!) : null;

    // First-load JavaScript of the overview, from the build the server runs (ADR 0065).
    const firstLoad = firstLoadOf();

    console.log(
      `\ndatabase: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PGlite'}; ${DURATION_S} s per target; autocannon, 10 connections unless named`,
    );
    const base = results[0]!;
    const pad = (v: string, n: number) => v.padEnd(n);
    console.log(
      `\n${pad('target', 34)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('errors', 8)}${pad('timeouts', 10)}rps vs baseline`,
    );
    for (const r of results) {
      console.log(
        `${pad(r.name, 34)}${pad(r.rps.toFixed(0), 10)}${pad(String(r.p50), 9)}${pad(String(r.p99), 9)}${pad(String(r.errors), 8)}${pad(String(r.timeouts), 10)}${(r.rps / base.rps).toFixed(3)}`,
      );
    }
    const apiAtRate = results[2]!;
    const ssrAtRate = results.at(-1)!;
    console.log(`\nfirst-load JS for /dash/overview: ${firstLoad.kb.toFixed(1)} KB gzipped in ${firstLoad.files} files`);
    console.log(
      `\nAI streaming (fake provider, ${STREAM_RUNS} operations one after another; medians): provider's own time to first token ${stream.providerTtft} ms; ` +
        `through the API ${stream.apiTtft} ms (+${stream.apiOverhead} ms); through the web's /resources/api as a browser ${stream.webTtft} ms (+${stream.webOverhead} ms)`,
    );
    console.log(
      `  ${STREAM_CHUNKS} chunks with no pause from the provider: ${stream.chunksPerSecond} chunks/s through the whole stack (the provider alone: ${stream.providerChunksPerSecond} chunks/s)`,
    );
    if (sockets) {
      console.log(
        `\nsockets: ${sockets.held} of ${SOCKETS} authenticated sockets held for ${sockets.heldSeconds} s with heartbeats (${sockets.dropped} dropped); server RSS ${sockets.rssMb} MB (${sockets.baseRssMb} MB before), ${sockets.kbPerSocket} KB per socket; opened in ${sockets.openSeconds} s`,
      );
      console.log(
        `one notice to all ${sockets.held} sockets: p50 ${sockets.deliveryP50Ms} ms, last ${sockets.deliveryMaxMs} ms, ${sockets.missed} missed`,
      );
    }
    const byName = (prefix: string) => results.find((r) => r.name.startsWith(prefix))!;
    const apiMax = byName('GET /api/v1/user/info (max)');
    const search = byName('GET /ai/global-search');
    const ssrMax = byName('SSR /dash/overview (max)');
    const ratio = (r: Result) => r.rps / base.rps;
    const firstLoadKb = firstLoad.kb;
    const loop = eventLoopBudgets();
    const lines: Array<[string, boolean]> = [
      [`GET /api/v1/user/info ≥ ${BUDGET.apiRatio}× the bare handler: ${ratio(apiMax).toFixed(3)}×`, ratio(apiMax) >= BUDGET.apiRatio],
      [`API p99 at ${BUDGET.apiRate} req/s ≤ ${BUDGET.apiP99Ms} ms: ${apiAtRate.p99} ms`, apiAtRate.p99 <= BUDGET.apiP99Ms],
      [
        `${BUDGET.crowd} concurrent connections on /api/v1/user/info: p99 ${crowd.p99} ms (≤ ${BUDGET.crowdP99Ms}), ${crowd.errors} errors, ${crowd.timeouts} timeouts`,
        crowd.p99 <= BUDGET.crowdP99Ms && crowd.errors === 0 && crowd.timeouts === 0,
      ],
      [`SSR /dash/overview ≥ ${BUDGET.ssrRatio}× the bare handler: ${ratio(ssrMax).toFixed(4)}×`, ratio(ssrMax) >= BUDGET.ssrRatio],
      [`SSR /dash/overview p50 at 20 req/s ≤ ${BUDGET.ssrP50Ms} ms: ${ssrAtRate.p50} ms`, ssrAtRate.p50 <= BUDGET.ssrP50Ms],
      [`global search over 10,000 students p99 ≤ ${BUDGET.searchP99Ms} ms: ${search.p99} ms`, search.p99 <= BUDGET.searchP99Ms],
      [
        `the API adds ≤ ${BUDGET.streamOverheadMs} ms to the provider's time to first token: +${stream.apiOverhead} ms`,
        stream.apiOverhead <= BUDGET.streamOverheadMs,
      ],
      [
        `the web's /resources/api adds ≤ ${BUDGET.webStreamOverheadMs} ms to it: +${stream.webOverhead} ms`,
        stream.webOverhead <= BUDGET.webStreamOverheadMs,
      ],
      [`first-load JS ≤ ${BUDGET.firstLoadKb} KB gz: ${firstLoadKb.toFixed(1)} KB`, firstLoadKb <= BUDGET.firstLoadKb],
      [
        `no request holds the event loop > 100 ms (the timed tests at their budgets, alone): ${loop.passed} passed, ${loop.failed} over`,
        loop.failed === 0 && loop.passed > 0,
      ],
    ];
    if (sockets) {
      lines.push([
        `${SOCKETS} authenticated idle sockets held, none dropped: ${sockets.held} held, ${sockets.dropped} dropped`,
        sockets.held === SOCKETS && sockets.dropped === 0,
      ]);
    }
    console.log(`\nbudgets (DESIGN §7, issue 29), baseline ${base.rps.toFixed(0)} req/s:`);
    for (const [line, ok] of lines) console.log(`  ${line} ${ok ? 'ok' : 'OVER'}`);
    // Paced lines (@N/s) measure latency at a set rate, not how much the server can do: no ratio to keep.
    const figures: Figures = Object.fromEntries(
      results
        .slice(1)
        .filter((r) => !r.name.includes('@'))
        .map((r) => [r.name, Number(ratio(r).toFixed(5))]),
    );
    if (!compareFigures(figures)) process.exitCode = 1;
    // The ceiling tests/unit/first-load.test.ts holds the build to.
    if (process.env.BENCH_SAVE) writeFileSync(FIRST_LOAD_FILE, `${JSON.stringify({ kb: firstLoad.kb })}\n`);
  } finally {
    await provider.close();
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** Reads a streamed answer; returns ms to the first chunk matching `first`, ms to the end, and the number of `count` matches. */
async function readStream(response: Response, started: number, first: string, count: string) {
  if (!response.ok || !response.body) throw new Error(`stream refused: ${response.status} ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let firstAt = NaN;
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (Number.isNaN(firstAt) && text.includes(first)) firstAt = performance.now() - started;
  }
  return { firstMs: firstAt, totalMs: performance.now() - started, count: text.split(count).length - 1 };
}

/**
 * Issue 11: what the stack adds to the provider's time to first token, through the API and through
 * the web's resource route (the browser's path), and chunks per second end to end.
 */
async function streamBench(app: string, provider: FakeOpenAI, token: string, cookie: string) {
  const body = JSON.stringify({ operation: 'free', input: { topic: '压测' } });
  const short: StreamStep[] = [
    { delta: '第一句。' },
    ...Array.from({ length: 20 }, () => ({ delta: '后文。' })),
    { finish: 'stop' },
    { done: true },
  ];
  provider.script(fake.steps(...short));
  const direct = () =>
    fetch(`${provider.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'bench-model', stream: true, messages: [{ role: 'user', content: 'x' }] }),
    });
  const viaApi = () =>
    fetch(`${app}/api/v1/ai/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
  const viaWeb = () =>
    fetch(`${app}/resources/api/ai/generate`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body });
  const time = async (call: () => Promise<Response>, first: string, count: string) => {
    const started = performance.now();
    return readStream(await call(), started, first, count);
  };
  // Warm both paths once.
  await time(viaApi, 'event: delta', 'event: delta');
  await time(viaWeb, 'event: delta', 'event: delta');
  const providerTtft: number[] = [];
  const apiTtft: number[] = [];
  const webTtft: number[] = [];
  for (let i = 0; i < STREAM_RUNS; i++) {
    providerTtft.push((await time(direct, '"content"', 'data:')).firstMs);
    apiTtft.push((await time(viaApi, 'event: delta', 'event: delta')).firstMs);
    webTtft.push((await time(viaWeb, 'event: delta', 'event: delta')).firstMs);
  }
  const long: StreamStep[] = [
    ...Array.from({ length: STREAM_CHUNKS }, (_, i) => ({ delta: `第${i}块文字。` })),
    { finish: 'stop' },
    { done: true },
  ];
  provider.script(fake.steps(...long));
  const alone = await time(direct, '"content"', '"content"');
  const whole = await time(viaWeb, 'event: delta', 'event: delta');
  if (whole.count !== STREAM_CHUNKS) throw new Error(`expected ${STREAM_CHUNKS} deltas through the stack, got ${whole.count}`);
  const p = median(providerTtft);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    providerTtft: round(p),
    apiTtft: round(median(apiTtft)),
    webTtft: round(median(webTtft)),
    apiOverhead: round(median(apiTtft) - p),
    webOverhead: round(median(webTtft) - p),
    chunksPerSecond: Math.round(whole.count / (whole.totalMs / 1000)),
    providerChunksPerSecond: Math.round(alone.count / (alone.totalMs / 1000)),
  };
}

async function apiLogin(app: string, phone: string): Promise<string> {
  const post = async (p: string, body: unknown) =>
    (
      await fetch(`${app}/api/v1${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    ).json();
  const sent = await post('/auth/sms/send', { phone });
  const login = await post('/auth/login/phone', { phone, code: sent.data.devCode });
  if (!login.success) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return login.data.accessToken as string;
}

const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
};

/**
 * Opens `SOCKETS` sockets from 127.0.0.x addresses (100 per address, the per-address cap), each
 * authenticated with the access token, holds them over one server heartbeat, then times one
 * published notice to all of them.
 */
async function holdSockets(app: string, token: string, adminToken: string, serverPid: number) {
  const wsUrl = `${app.replace(/^http/, 'ws')}/ws`;
  const baseRssMb = rssMb(serverPid);
  const started = Date.now();
  const sockets: WebSocket[] = [];
  const received = new Map<WebSocket, number>();
  let dropped = 0;
  // Matched by title: the push can arrive before the publishing request's response.
  const noticeTitle = `压测公告 ${started}`;
  const open = (address: string) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(wsUrl, { localAddress: address });
      ws.on('message', (raw) => {
        const message = JSON.parse(String(raw));
        if (message.type === 'CONNECT') ws.send(JSON.stringify({ type: 'AUTH', data: { token }, meta: { timestamp: Date.now() } }));
        else if (message.type === 'AUTH') {
          if (message.data.success) resolve();
          else reject(new Error('AUTH failed'));
        } else if (message.type === 'SYSTEM_NOTIFICATION' && message.data.title === noticeTitle && !received.has(ws))
          received.set(ws, Date.now());
      });
      ws.on('error', reject);
      ws.on('close', () => dropped++);
      sockets.push(ws);
    });
  // 100 addresses in parallel, a few sockets at a time each (20 may be unauthenticated at once).
  const perAddress = Math.ceil(SOCKETS / 100);
  await Promise.all(
    Array.from({ length: Math.min(100, SOCKETS) }, async (_, a) => {
      const address = `127.0.0.${a + 2}`;
      for (let i = 0; i < perAddress && a * perAddress + i < SOCKETS; i += 5) {
        await Promise.all(Array.from({ length: Math.min(5, perAddress - i, SOCKETS - a * perAddress - i) }, () => open(address)));
      }
    }),
  );
  const openSeconds = ((Date.now() - started) / 1000).toFixed(1);
  // Over one server heartbeat (30 s): silent peers would be dropped, answering ones are kept.
  const holdMs = 35_000;
  await new Promise((r) => setTimeout(r, holdMs));
  const rss = rssMb(serverPid);
  const held = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;

  const publishedAt = Date.now();
  const res = await fetch(`${app}/api/v1/admin/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ title: noticeTitle, content: '', type: 'INFO', status: 'PUBLISHED' }),
  });
  if (res.status !== 201) throw new Error(`publishing the notice failed: ${res.status} ${await res.text()}`);
  const deadline = Date.now() + 30_000;
  while (received.size < held && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const times = [...received.values()].map((t) => t - publishedAt).sort((a, b) => a - b);
  const droppedWhileHeld = dropped;
  for (const s of sockets) s.terminate();
  return {
    held,
    dropped: droppedWhileHeld,
    heldSeconds: holdMs / 1000,
    openSeconds,
    rssMb: rss,
    baseRssMb,
    kbPerSocket: held ? Math.round(((rss - baseRssMb) * 1024) / held) : 0,
    deliveryP50Ms: times[Math.floor(times.length / 2)] ?? NaN,
    deliveryMaxMs: times.at(-1) ?? NaN,
    missed: held - received.size,
  };
}

/**
 * The event-loop and wall-clock budgets (DESIGN §7): the timed test files (scripts/timed-tests.mjs)
 * run alone with TIMING_BUDGETS=1, so each limit is the budget itself rather than npm test's five
 * times it (tests/fixtures/event-loop.ts). Their output names any request over its budget.
 */
function eventLoopBudgets() {
  const report = path.join(mkdtempSync(path.join(tmpdir(), 'lx-bench-loop-')), 'timed.json');
  console.log('\nthe timed tests at their budgets (TIMING_BUDGETS=1):');
  spawnSync(
    'npx',
    ['vitest', 'run', ...TIMED_ALONE, '--no-file-parallelism', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`],
    {
      stdio: 'inherit',
      env: { ...process.env, TIMING_BUDGETS: '1', TEST_DATABASE_URL: '' },
    },
  );
  try {
    const result = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    return { passed: result.numPassedTests, failed: result.numFailedTests };
  } catch {
    return { passed: 0, failed: 1 };
  }
}

type Figures = Record<string, number>;
/** The committed ratios of a quiet run, per database (`BENCH_SAVE=1 npm run bench` writes them). */
const figuresFile = () => path.join('bench', `figures.${process.env.BENCH_DATABASE_URL ? 'postgresql' : 'pglite'}.json`);

/**
 * Each ratio line against the committed figures of the same database: more than REGRESSION below
 * them fails the run. Ratios, not req/s, so a slower or busier machine does not decide it.
 */
function compareFigures(figures: Figures): boolean {
  const file = figuresFile();
  if (process.env.BENCH_SAVE) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`\nfigures saved to ${file}`);
    return true;
  }
  if (!existsSync(file)) {
    console.log(`\nno committed figures in ${file} to compare with (BENCH_SAVE=1 writes them)`);
    return true;
  }
  const committed = JSON.parse(readFileSync(file, 'utf8')) as Figures;
  console.log(`\nratios against the committed figures (${file}; a fall of more than ${REGRESSION * 100} % fails):`);
  let ok = true;
  for (const [name, before] of Object.entries(committed)) {
    const now = figures[name];
    if (now === undefined) continue;
    const change = now / before - 1;
    const regressed = change < -REGRESSION;
    ok &&= !regressed;
    console.log(
      `  ${name.padEnd(34)} ${before.toFixed(4)} → ${now.toFixed(4)} (${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)} %)${regressed ? ' REGRESSED' : ''}`,
    );
  }
  return ok;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
