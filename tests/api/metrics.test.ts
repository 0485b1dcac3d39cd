import http from 'node:http';
import { sql } from 'drizzle-orm';
import { aiOperations, jobRuns } from '../../db/schema';
import { client, login, plainDoc, startIsolatedServer, startTestServer, type TestServer } from './harness';
import { openSocket } from './socket';

const TOKEN = 'metrics-token-for-the-api-tests-0123456789';
/** On PostgreSQL other files share the database, so its counts can only be bounded from below. */
const sharedDatabase = Boolean(process.env.TEST_DATABASE_URL);

/** One sample's value from a Prometheus text answer, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics (issue 27)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A stand-in for the Remix handler: pages are counted under one label, whatever their path.
    server = await startTestServer({ METRICS_TOKEN: TOKEN }, { web: () => (_req, res) => void res.send('页面') });
  });
  afterAll(() => server?.close());

  const scrape = (authorization?: string) => fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });

  it('answers only the right bearer token', async () => {
    const none = await scrape();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await none.text()).not.toContain('http_requests_total');
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN.slice(0, -1)}`)).status).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).status).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await ok.text()).toContain('process_cpu_user_seconds_total');
  });

  it('counts requests by route pattern and status, sockets, AI operations and orders', async () => {
    const me = await login(server.url);
    const api = client(server.url, { token: me.accessToken });
    const created = await api.post('/works', { title: '指标测试', type: 'ps', content: plainDoc('内容') });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    const route = { method: 'GET', route: '/api/v1/works/:id', status: '200' };
    const before = sample(await (await scrape(`Bearer ${TOKEN}`)).text(), 'http_requests_total', route) ?? 0;
    expect((await api.get(`/works/${id}`)).status).toBe(200);
    expect((await api.get(`/works/${id}`)).status).toBe(200);
    // An unknown API path is counted under one label, never under its own path; so are pages and static files.
    expect((await api.get(`/no-such-thing-${id}`)).status).toBe(404);
    expect((await fetch(`${server.url}/dash/page-${id}`)).status).toBe(200);
    expect((await fetch(`${server.url}/favicon.svg`)).status).toBe(200);

    const socket = await openSocket(server.url);
    const failedBefore = sample(await (await scrape(`Bearer ${TOKEN}`)).text(), 'ai_operations', { status: 'failed' }) ?? 0;
    // One operation that ended a minute ago, as the engine leaves a failed one.
    await server.database.db.insert(aiOperations).values({
      userId: me.user.id as string,
      operation: 'ps',
      model: 'offline',
      providerKind: 'offline',
      status: 'failed',
      errorCode: 'UPSTREAM',
      finishedAt: new Date(Date.now() - 60_000),
    });

    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    socket.close();
    expect(sample(text, 'http_requests_total', route)).toBe(before + 2);
    expect(sample(text, 'http_request_duration_seconds_count', route)).toBeGreaterThanOrEqual(before + 2);
    expect(sample(text, 'http_requests_total', { method: 'POST', route: '/api/v1/works', status: '201' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: 'web', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: 'static', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`no-such-thing-${id}`);
    expect(text).not.toContain(id);
    expect(sample(text, 'realtime_sockets_open', { auth: 'anonymous' })).toBeGreaterThanOrEqual(1);
    const failed = sample(text, 'ai_operations', { status: 'failed' });
    if (sharedDatabase) expect(failed).toBeGreaterThanOrEqual(1);
    else expect(failed).toBe(failedBefore + 1);
    for (const status of ['queued', 'running', 'succeeded', 'cancelled'])
      expect(sample(text, 'ai_operations', { status })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'ai_queue_depth')).toBeGreaterThanOrEqual(0);
    for (const status of ['pending', 'paid', 'expired', 'cancelled'])
      expect(sample(text, 'payment_orders', { status })).toBeGreaterThanOrEqual(0);
  });

  it('counts background job runs by job and status (ADR 0054)', async () => {
    const job = `metrics.test_${Date.now()}`;
    await server.database.db.insert(jobRuns).values([
      { jobName: job, instanceId: 'test', attempt: 1, status: 'succeeded', finishedAt: new Date() },
      { jobName: job, instanceId: 'test', attempt: 1, status: 'succeeded', finishedAt: new Date() },
      { jobName: job, instanceId: 'test', attempt: 2, status: 'failed', finishedAt: new Date(), error: '测试' },
    ]);
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(text, 'job_runs', { job, status: 'succeeded' })).toBe(2);
    expect(sample(text, 'job_runs', { job, status: 'failed' })).toBe(1);
  });
});

/** GET /readyz on a given agent (the test keeps one keep-alive connection across the shutdown). */
const probe = (port: number, agent: http.Agent) =>
  new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/readyz', agent }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) }));
      })
      .on('error', reject);
  });

describe('GET /metrics without METRICS_TOKEN, and GET /readyz', () => {
  let server: TestServer;
  // A database of its own: the test below removes a migration's record from it.
  beforeAll(async () => {
    server = await startIsolatedServer();
  });
  afterAll(() => server?.close());

  it('has no metrics endpoint without a token, whatever is sent', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer anything-at-all-0123456789' } })).status).toBe(404);
  });

  it('is ready when migrations are current, 503 while they are behind or the process drains', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', migrations: { state: 'current' } });

    // The last shipped migration's record removed: this database is behind this code.
    const db = server.database.db;
    const { rows: removed } = (await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
    )) as unknown as { rows: { hash: string; created_at: string }[] };
    expect(removed).toHaveLength(1);
    const behind = await fetch(`${server.url}/readyz`);
    expect(behind.status).toBe(503);
    expect(await behind.json()).toMatchObject({ status: 'migrations_pending', migrations: { state: 'behind' } });
    // /healthz stays about liveness: the process itself is fine.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${removed[0]!.hash}, ${removed[0]!.created_at})`,
    );
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    // A balancer's keep-alive connection, open before the SIGTERM: its next probe is told to go away.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await probe(server.port, agent)).status).toBe(200);
    const closing = server.close();
    const draining = await probe(server.port, agent);
    expect(draining).toEqual({ status: 503, body: { status: 'draining' } });
    agent.destroy();
    await closing;
  });
});
