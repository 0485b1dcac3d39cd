import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { paymentNotifications, paymentOrders, pointsLedger } from '../../db/schema';
import { pruneUnverifiedNotifications, UNVERIFIED_RAW_BYTES } from '../../server/domain/payments/notifications';
import { signSandboxNotification } from '../../server/integrations/payments/sandbox';
import { client, login, randomIp, startIsolatedServer, type TestServer } from './harness';

/**
 * Issue 22: unsigned notifications of 250 KB were stored whole (150 of them grew the data directory
 * from 43 to 129 MB). Unverified ones are kept truncated, rate-limited per address, and pruned;
 * verified ones are kept as sent (ADR 0033).
 */
let server: TestServer;
beforeAll(async () => {
  // Its own database: the test measures the whole table.
  server = await startIsolatedServer();
});
afterAll(() => server?.close());

/** 250 KB that does not compress (a junk sender would not be kind enough to send zeros). */
const junk = () => JSON.stringify({ orderNo: 'LX0', pad: randomBytes(200_000).toString('base64') }).slice(0, 256_000);
const notify = (body: string, ip: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/v1/payment/notify/sandbox`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      'x-sandbox-timestamp': String(Math.floor(Date.now() / 1000)),
      'x-sandbox-signature': 'f'.repeat(64),
      ...headers,
    },
    body,
  });
const storedBytes = async () => {
  const result = await server.database.db.execute(
    sql`select coalesce(sum(octet_length(raw)), 0)::bigint as raw, pg_total_relation_size('payment_notifications')::bigint as total, count(*)::int as n from payment_notifications`,
  );
  const [row] = (result as unknown as { rows: { raw: string; total: string; n: number }[] }).rows;
  return { raw: Number(row!.raw), total: Number(row!.total), n: row!.n };
};

describe('unverified payment notifications', () => {
  it('150 junk notifications of 250 KB from 150 addresses are refused and stored truncated: the table stays small', async () => {
    const before = await storedBytes();
    for (let i = 0; i < 150; i++) {
      const res = await notify(junk(), randomIp());
      expect(res.status).toBe(400);
    }
    const after = await storedBytes();
    expect(after.n - before.n).toBe(150);
    // Stored whole this was 150 × 256,000 = 38 MB of text.
    expect(after.raw - before.raw).toBeLessThan(150 * (UNVERIFIED_RAW_BYTES + 200));
    expect(after.total).toBeLessThan(3 * 1024 * 1024);
    const [one] = await server.database.db.select().from(paymentNotifications).where(eq(paymentNotifications.verified, false)).limit(1);
    expect(one!.raw.startsWith('{"orderNo":"LX0","pad":"')).toBe(true);
    expect(one!.raw).toMatch(/…\[truncated: 256000 bytes received, first 4096 kept\]$/);
    expect(one).toMatchObject({ outcome: 'rejected', error: '签名无效' });
  });

  it('one address is rate-limited: past the limit nothing more is stored and the answer is 429', async () => {
    const ip = randomIp();
    const before = await storedBytes();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await notify(junk(), ip)).status);
    const stored = (await storedBytes()).n - before.n;
    expect(stored).toBeLessThanOrEqual(30);
    expect(statuses.filter((s) => s === 400)).toHaveLength(stored);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - stored);
    expect(statuses.at(-1)).toBe(429);
  });

  it('a verified notification from that same busy address still credits and is kept whole', async () => {
    const ip = randomIp();
    for (let i = 0; i < 40; i++) await notify('junk', ip);
    expect((await notify('junk', ip)).status).toBe(429);
    const session = await login(server.url);
    const api = client(server.url, { token: session.accessToken });
    const pkg = (await api.get('/packages')).body.data[0];
    const created = await api.post('/payment/create-order', { amount: pkg.price, packageId: pkg.id, type: 'WECHAT' });
    await api.post('/payment/wx/payment', { id: created.body.data.id });
    const [row] = await server.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, created.body.data.id));
    const paid = signSandboxNotification(server.config.paymentSandboxSecret, { ...row!, title: row!.title });
    const res = await notify(paid.raw, ip, paid.headers);
    expect(res.status).toBe(204);
    const [recorded] = await server.database.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, row!.orderNo));
    expect(recorded).toMatchObject({ verified: true, outcome: 'credited', raw: paid.raw });
    const credits = await server.database.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, session.user.id), eq(pointsLedger.type, 'purchase')));
    expect(credits).toHaveLength(1);
  });

  it('old unverified notifications are pruned; verified ones and recent ones stay', async () => {
    const db = server.database.db;
    const old = new Date(Date.now() - 8 * 24 * 3600_000);
    const [stale] = await db
      .insert(paymentNotifications)
      .values({ provider: 'sandbox', raw: 'x', verified: false, outcome: 'rejected', receivedAt: old })
      .returning();
    const [kept] = await db
      .insert(paymentNotifications)
      .values({ provider: 'sandbox', raw: 'y', verified: true, outcome: 'credited', receivedAt: old })
      .returning();
    const [recent] = await db
      .insert(paymentNotifications)
      .values({ provider: 'sandbox', raw: 'z', verified: false, outcome: 'rejected' })
      .returning();
    await pruneUnverifiedNotifications(db);
    const ids = (await db.select({ id: paymentNotifications.id }).from(paymentNotifications)).map((r) => r.id);
    expect(ids).not.toContain(stale!.id);
    expect(ids).toContain(kept!.id);
    expect(ids).toContain(recent!.id);
  });
});
