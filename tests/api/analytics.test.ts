import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { aiOperations, analyticsEvents, paymentOrders } from '../../db/schema';
import { setRole } from '../../server/domain/users';
import { client, login, randomIp, startIsolatedServer, type TestServer } from './harness';

/** A database of its own: the summary counts every row, so other files' events must not be in it. */
let server: TestServer;
let admin: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  server = await startIsolatedServer();
  admin = await login(server.url);
  await setRole(server.database.db, admin.phone, 'admin');
});
afterAll(() => server.close());

const now = () => new Date().toISOString();
const event = (over: Record<string, unknown> = {}) => ({
  type: 'page_view',
  page: '/dash/overview',
  pageName: '工作台概览',
  role: 'user',
  at: now(),
  ...over,
});
const session = () => `s_${randomUUID().replace(/-/g, '')}`;

/** POST /analytics/events with optional batch headers. */
async function send(body: unknown, options: { token?: string; ip?: string; batchId?: string; batchSize?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': options.ip ?? randomIp() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.batchId) headers['x-batch-id'] = options.batchId;
  if (options.batchSize) headers['x-batch-size'] = options.batchSize;
  const res = await fetch(`${server.url}/api/v1/analytics/events`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { success: boolean; message?: string; data: any } };
}

const rowsOf = (sessionId: string) =>
  server.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId)).orderBy(analyticsEvents.batchSeq);

describe('POST /api/v1/analytics/events', () => {
  it('stores a signed-in batch in one go with the session id, the Chinese page names and the role from the session; a resent batch id stores nothing', async () => {
    const user = await login(server.url);
    const sessionId = session();
    const batchId = `b_${randomUUID().replace(/-/g, '')}`;
    const body = {
      sessionId,
      events: [
        event({ role: 'admin' }), // the client's claim is not believed: the account is a user
        event({ type: 'tool_used', page: '/dash/reduce-ai', pageName: '查AI率 / 降AI率', data: { tool: '查AI率' } }),
        // Recorded before signing in (the login page), sent after: a guest's, without the account.
        event({ page: '/dash/login', pageName: '登录', role: 'guest' }),
      ],
    };
    const first = await send(body, { token: user.accessToken, batchId, batchSize: '3' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toEqual({ stored: 3, duplicate: false });
    expect(first.headers.get('x-batch-id')).toBe(batchId);

    const rows = await rowsOf(sessionId);
    expect(rows.map((r) => [r.type, r.page, r.pageName, r.role, r.userId, r.batchId, r.batchSeq])).toEqual([
      ['page_view', '/dash/overview', '工作台概览', 'user', user.user.id, batchId, 0],
      ['tool_used', '/dash/reduce-ai', '查AI率 / 降AI率', 'user', user.user.id, batchId, 1],
      ['page_view', '/dash/login', '登录', 'guest', null, batchId, 2],
    ]);
    expect(rows[1]!.data).toEqual({ tool: '查AI率' });

    const again = await send(body, { token: user.accessToken, batchId, batchSize: '3' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ stored: 0, duplicate: true });
    expect(await rowsOf(sessionId)).toHaveLength(3);
  });

  it('an anonymous batch is a guest whatever the client says, with no account', async () => {
    const sessionId = session();
    const res = await send({ sessionId, events: [event({ role: 'admin', page: '/dash/login', pageName: '登录' })] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await rowsOf(sessionId);
    expect(row).toMatchObject({ role: 'guest', userId: null, pageName: '登录', batchId: null });
  });

  it('refuses malformed batches with a Chinese reason and stores none of them', async () => {
    const sessionId = session();
    const cases: Array<[unknown, RegExp, Record<string, string>?]> = [
      [{ sessionId, events: [] }, /事件列表为空/],
      [{ sessionId, events: Array.from({ length: 51 }, () => event()) }, /一批最多 50 个事件/],
      [{ sessionId, events: [event({ type: 'mouse_move' })] }, /事件类型无效/],
      [{ sessionId, events: [event({ role: 'root' })] }, /角色无效/],
      [{ sessionId, events: [event({ pageName: '' })] }, /缺少页面名称/],
      [{ sessionId, events: [event({ page: 'https://evil.test/' })] }, /页面路径无效/],
      [{ sessionId, events: [event({ at: 'yesterday' })] }, /事件时间无效/],
      [
        {
          sessionId,
          events: [
            event({
              data: { text: 'x'.repeat(200), more: 'y'.repeat(200), again: 'z'.repeat(200), last: 'w'.repeat(200), end: 'v'.repeat(200) },
            }),
          ],
        },
        /附加数据过大/,
      ],
      [{ sessionId, events: [event({ data: { nested: { a: 1 } } })] }, /./],
      [{ sessionId: 'short', events: [event()] }, /会话标识无效/],
      [{ sessionId, events: [event()] }, /批次大小与事件数不符/, { batchSize: '3' }],
      [{ sessionId, events: [event()] }, /批次标识无效/, { batchId: 'no spaces allowed' }],
    ];
    for (const [body, message, headers] of cases) {
      const res = await send(body, headers);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await rowsOf(sessionId)).toHaveLength(0);
  });

  it('limits guests per IP', async () => {
    const ip = randomIp();
    const bucket = `analytics:ip:${ip}`;
    // The hour's allowance already used up from this address (600 batches), without sending them.
    await server.database.db.execute(sql`insert into rate_limit_hits (bucket) select ${bucket} from generate_series(1, 600)`);
    const res = await send({ sessionId: session(), events: [event()] }, { ip });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('统计数据提交过于频繁');
    // Another address is not affected.
    expect((await send({ sessionId: session(), events: [event()] })).status).toBe(201);
  });

  it('is append-only: an event cannot be changed', async () => {
    const sessionId = session();
    await send({ sessionId, events: [event()] });
    await expect(
      server.database.db.update(analyticsEvents).set({ pageName: '改过' }).where(eq(analyticsEvents.sessionId, sessionId)),
    ).rejects.toThrow();
    expect((await rowsOf(sessionId))[0]!.pageName).toBe('工作台概览');
  });
});

describe('GET /api/v1/admin/analytics/summary', () => {
  it('is for administrators only', async () => {
    const user = await login(server.url);
    expect((await client(server.url).get('/admin/analytics/summary?days=7', user.accessToken)).status).toBe(403);
    expect((await client(server.url).get('/admin/analytics/summary?days=7')).status).toBe(401);
    const bad = await client(server.url).get('/admin/analytics/summary?days=500', admin.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('天数最多为 90');
  });

  it("lists one session's events for an administrator, and nobody else", async () => {
    const user = await login(server.url);
    const sessionId = session();
    await send(
      { sessionId, events: [event({ at: '2026-11-27T08:00:00.000+08:00' }), event({ type: 'page_exit', data: { stayMs: 900 } })] },
      { token: user.accessToken },
    );
    const res = await client(server.url).get(`/admin/analytics/sessions/${sessionId}`, admin.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sessionId).toBe(sessionId);
    expect(res.body.data.events).toEqual([
      expect.objectContaining({
        type: 'page_view',
        pageName: '工作台概览',
        role: 'user',
        signedIn: true,
        occurredAt: '2026-11-27T00:00:00.000Z',
      }),
      expect.objectContaining({ type: 'page_exit', data: { stayMs: 900 } }),
    ]);
    // The account is not named: which user it was stays in the database.
    expect(JSON.stringify(res.body.data)).not.toContain(user.user.id);
    expect((await client(server.url).get(`/admin/analytics/sessions/${sessionId}`, user.accessToken)).status).toBe(403);
    const bad = await client(server.url).get('/admin/analytics/sessions/x', admin.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('会话标识无效');
  });

  it('counts active users per day, page views by Chinese page name, tools, outcomes and the funnel', async () => {
    const db = server.database.db;
    const before = (await client(server.url).get('/admin/analytics/summary?days=7', admin.accessToken)).body.data;

    // Three new accounts: one only registers, one generates, one generates and pays.
    const [onlyRegistered, generator, payer] = await Promise.all([login(server.url), login(server.url), login(server.url)]);
    for (const who of [generator, payer]) {
      await db
        .insert(aiOperations)
        .values({ userId: who.user.id, operation: 'ps', model: 'offline', providerKind: 'offline', status: 'succeeded' });
    }
    // A failed generation and a selection tool are not a first generation.
    await db
      .insert(aiOperations)
      .values({ userId: onlyRegistered.user.id, operation: 'ps', model: 'offline', providerKind: 'offline', status: 'failed' });
    await db
      .insert(aiOperations)
      .values({ userId: onlyRegistered.user.id, operation: 'expand', model: 'offline', providerKind: 'offline', status: 'succeeded' });
    const order = (userId: string, status: 'paid' | 'pending') => ({
      orderNo: `T${randomUUID().replace(/-/g, '').slice(0, 20)}`,
      userId,
      title: '测试套餐',
      amountFen: 990,
      pointsCents: 10000,
      channel: 'WECHAT' as const,
      status,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    await db.insert(paymentOrders).values([order(payer.user.id, 'paid'), order(generator.user.id, 'pending')]);

    const [s1, s2, s3, guest] = [session(), session(), session(), session()];
    // s1 began on the login page as a guest, then signed in: its account's activity, not a guest session.
    await send(
      {
        sessionId: s1,
        events: [
          event({ page: '/dash/login', pageName: '登录', role: 'guest' }),
          event(),
          event({ type: 'identify' }),
          event({ page: '/dash/reduce-ai', pageName: '查AI率 / 降AI率' }),
        ],
      },
      { token: generator.accessToken },
    );
    await send(
      {
        sessionId: s2,
        events: [
          event(),
          event({ type: 'tool_used', data: { tool: '查AI率' } }),
          event({ type: 'check_run' }),
          event({ type: 'document_generated' }),
        ],
      },
      { token: payer.accessToken },
    );
    await send(
      { sessionId: s3, events: [event({ type: 'tool_used', data: { tool: '查AI率' } }), event({ type: 'order_paid' })] },
      { token: payer.accessToken },
    );
    await send({ sessionId: guest, events: [event({ page: '/dash/login', pageName: '登录', role: 'guest' })] });

    const res = await client(server.url).get('/admin/analytics/summary?days=7', admin.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const summary = res.body.data;
    expect(summary.days).toBe(7);
    expect(summary.daily).toHaveLength(7);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(summary.daily.at(-1).day).toBe(today);
    const todayBefore = before.daily.at(-1);
    expect(summary.daily.at(-1).activeUsers - todayBefore.activeUsers).toBe(2);
    expect(summary.daily.at(-1).guestSessions - todayBefore.guestSessions).toBe(1);
    expect(summary.daily.at(-1).pageViews - todayBefore.pageViews).toBe(5);

    const views = (name: string, data = summary) => data.pageViews.find((p: { pageName: string }) => p.pageName === name)?.views ?? 0;
    expect(views('工作台概览') - views('工作台概览', before)).toBe(2);
    expect(views('查AI率 / 降AI率') - views('查AI率 / 降AI率', before)).toBe(1);
    expect(views('登录') - views('登录', before)).toBe(2);
    expect(summary.pageViews.find((p: { pageName: string }) => p.pageName === '登录').page).toBe('/dash/login');

    const tool = (data: typeof summary) => data.tools.find((t: { tool: string }) => t.tool === '查AI率') ?? { uses: 0, users: 0 };
    expect(tool(summary).uses - tool(before).uses).toBe(2);
    expect(tool(summary).users).toBeGreaterThanOrEqual(1);
    const outcome = (data: typeof summary, type: string) => data.outcomes.find((o: { type: string }) => o.type === type).count;
    for (const type of ['document_generated', 'check_run', 'order_paid']) expect(outcome(summary, type) - outcome(before, type)).toBe(1);

    expect(summary.funnel.registered - before.funnel.registered).toBe(3);
    expect(summary.funnel.generated - before.funnel.generated).toBe(2);
    expect(summary.funnel.paid - before.funnel.paid).toBe(1);
  });
});
