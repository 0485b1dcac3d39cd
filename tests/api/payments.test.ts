import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppLoadContext } from '@remix-run/node';
import { and, eq } from 'drizzle-orm';
import { paymentNotifications, paymentOrders, pointsLedger, users } from '../../db/schema';
import { ledgerMismatches } from '../../server/domain/points/ledger';
import { expireOverdueOrders } from '../../server/domain/payments/orders';
import { reconcilePendingOrders } from '../../server/domain/payments/reconcile';
import { createGateways } from '../../server/integrations/payments';
import { SANDBOX_SIGNATURE_HEADER, signSandboxNotification } from '../../server/integrations/payments/sandbox';
import { createLogger } from '../../server/logger';
import { startFakeAlipay } from '../fixtures/fake-gateways/alipay';
import { rsaKeyPair } from '../fixtures/fake-gateways/keys';
import { startFakeWechatPay } from '../fixtures/fake-gateways/wechatpay';
import { customRechargePointsCents, paymentStatusEventId } from '../../contracts/payment-constants';
import { createPointsRefresher } from '../../app/services/points-refresh';
import { pointsEvent } from '../../app/services/realtime-events';
import { orderAction, paymentLoader, rechargeAction } from '~/services/pages/payments-pages.server';
import { signedInWebSession } from './web-session';
import { client, login, startIsolatedServer, startTestServer, type TestServer } from './harness';
import { authenticateSocket, openSocket } from './socket';

/**
 * Issue 12 over real HTTP: packages, orders, and each provider against its gateway (the embedded
 * sandbox; WeChat Pay v3 and Alipay against local fakes with keys made here). Money rules: credited
 * once whatever arrives twice, nothing for a bad signature or a wrong amount, and the ledger agrees.
 */

let sandbox: TestServer;
let live: TestServer;
let wechat: Awaited<ReturnType<typeof startFakeWechatPay>>;
let alipay: Awaited<ReturnType<typeof startFakeAlipay>>;
/** What the live server logs (JSON lines), for assertions on how a notification was told apart. */
const liveLog: { level: string; msg: string; [field: string]: unknown }[] = [];
const merchant = rsaKeyPair();
const app = rsaKeyPair();
const WECHAT = {
  mchid: '1900000109',
  appid: 'wxd678efh567hg6787',
  apiV3Key: randomBytes(16).toString('hex'),
  merchantSerial: '5157F09EFDC096DE15EBE81A47057A72',
};
const ALIPAY_APP_ID = '2021000122671080';
const ALIPAY_SELLER_ID = '2088102146225135';
const STRANGER = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  wechat = await startFakeWechatPay({ ...WECHAT, merchantPublicKey: merchant.publicKey });
  alipay = await startFakeAlipay({ appId: ALIPAY_APP_ID, appPublicKey: app.publicKey, sellerId: ALIPAY_SELLER_ID });
  [sandbox, live] = await Promise.all([
    startTestServer(),
    startTestServer(
      {
        PAYMENT_PROVIDERS: 'wechat,alipay',
        WECHATPAY_MCHID: WECHAT.mchid,
        WECHATPAY_APPID: WECHAT.appid,
        WECHATPAY_MERCHANT_SERIAL: WECHAT.merchantSerial,
        WECHATPAY_PRIVATE_KEY: merchant.privateKey,
        WECHATPAY_PLATFORM_PUBLIC_KEY: wechat.platformPublicKey,
        WECHATPAY_PLATFORM_PUBLIC_KEY_ID: wechat.platformKeyId,
        WECHATPAY_APIV3_KEY: WECHAT.apiV3Key,
        WECHATPAY_BASE_URL: wechat.url,
        ALIPAY_APP_ID,
        ALIPAY_SELLER_ID,
        // As Alipay's console shows keys: bare base64, no PEM armour.
        ALIPAY_PRIVATE_KEY: app.privateKey.replace(/-----[A-Z ]+-----|\s/g, ''),
        ALIPAY_PUBLIC_KEY: alipay.alipayPublicKey,
        ALIPAY_GATEWAY: alipay.url,
      },
      { logger: createLogger('info', (line) => liveLog.push(JSON.parse(line))) },
    ),
  ]);
});
afterAll(async () => {
  await Promise.all([sandbox?.close(), live?.close(), wechat?.close(), alipay?.close()]);
});

const balanceOf = async (server: TestServer, userId: string) => {
  const [row] = await server.database.db.select({ cents: users.pointsCents }).from(users).where(eq(users.id, userId));
  return row!.cents;
};
const purchases = (server: TestServer, userId: string) =>
  server.database.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.type, 'purchase')));
const orderRow = async (server: TestServer, orderNo: string) =>
  (await server.database.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)))[0]!;

async function buyer(server: TestServer) {
  const session = await login(server.url);
  const api = client(server.url, { token: session.accessToken });
  const packages = (await api.get('/packages')).body.data as { id: string; name: string; price: number; totalPoints: number }[];
  return { session, api, userId: session.user.id as string, packages };
}
async function order(server: TestServer, type: 'WECHAT' | 'ALIPAY' = 'WECHAT', pick = 1) {
  const b = await buyer(server);
  const pkg = b.packages[pick]!;
  const created = await b.api.post('/payment/create-order', {
    amount: pkg.price,
    packageId: pkg.id,
    description: pkg.name,
    title: pkg.name,
    type,
  });
  expect(created.status).toBe(201);
  const started = await b.api.post(type === 'WECHAT' ? '/payment/wx/payment' : '/payment/alipay/payment', {
    orderNo: created.body.data.orderNo,
    trade_type: 'NATIVE',
  });
  expect(started.status).toBe(200);
  return {
    ...b,
    pkg,
    orderNo: created.body.data.orderNo as string,
    orderId: created.body.data.id as string,
    codeUrl: started.body.data.code_url as string,
    provider: started.body.data.provider,
  };
}
const notify = (server: TestServer, provider: string, body: string, headers: Record<string, string>) =>
  fetch(`${server.url}/api/v1/payment/notify/${provider}`, { method: 'POST', headers, body });

describe('packages and orders', () => {
  it('lists the seeded packages with id, name and price (spec §3)', async () => {
    const res = await client(sandbox.url).get('/packages');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(4);
    expect(res.body.data[0]).toMatchObject({ id: expect.any(String), name: '体验包', price: 9.9, points: 100, totalPoints: 100 });
  });

  it('refuses an unknown or missing package with 套餐信息不存在, and needs a session', async () => {
    const { api, packages } = await buyer(sandbox);
    const unknown = await api.post('/payment/create-order', {
      amount: 9.9,
      packageId: '00000000-0000-4000-8000-000000000000',
      type: 'WECHAT',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('套餐信息不存在');
    const malformed = await api.post('/payment/create-order', { amount: 9.9, packageId: 'basic', type: 'WECHAT' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('套餐信息不存在');
    // Without a package it is a custom recharge (issue 28): an amount of nothing is refused.
    const missing = await api.post('/payment/create-order', { amount: 0, type: 'WECHAT' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^充值金额不能低于/);
    const anonymous = await client(sandbox.url).post('/payment/create-order', {
      amount: packages[0]!.price,
      packageId: packages[0]!.id,
      type: 'WECHAT',
    });
    expect(anonymous.status).toBe(401);
  });

  it('takes the price from the package: a tampered amount is refused and no order is made', async () => {
    const { api, packages, userId } = await buyer(sandbox);
    const pkg = packages[1]!;
    const tampered = await api.post('/payment/create-order', { amount: 0.01, packageId: pkg.id, title: pkg.name, type: 'WECHAT' });
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toMatch(/^订单金额与套餐价格不符/);
    expect(tampered.body.data).toEqual({ field: 'amount' });
    expect(await sandbox.database.db.select().from(paymentOrders).where(eq(paymentOrders.userId, userId))).toHaveLength(0);
    const created = await api.post('/payment/create-order', {
      amount: pkg.price,
      packageId: pkg.id,
      title: pkg.name,
      description: pkg.name,
      type: 'WECHAT',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(String), orderNo: expect.stringMatching(/^LX\d{22}$/), amount: pkg.price });
    const read = await api.get(`/payment/orders/${created.body.data.id}`);
    expect(read.body.data).toMatchObject({
      status: 'pending',
      amount: pkg.price,
      points: pkg.totalPoints,
      channel: 'WECHAT',
      provider: null,
    });
  });

  it('a custom recharge (no package) is priced by the server from the rate; min, max and tampered amounts are refused', async () => {
    const { api, userId } = await buyer(sandbox);
    const terms = (await api.get('/points/price-table')).body.data.customRecharge as {
      pointsPerYuan: number;
      minAmount: number;
      maxAmount: number;
    };
    const refused = async (body: Record<string, unknown>, message: RegExp) => {
      const res = await api.post('/payment/create-order', { type: 'WECHAT', ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(message);
    };
    await refused({ amount: Math.round((terms.minAmount - 0.01) * 100) / 100 }, /^充值金额不能低于.*（可充值.*元至.*元）$/);
    await refused({ amount: Math.round((terms.maxAmount + 0.01) * 100) / 100 }, /^充值金额不能超过/);
    await refused({ amount: terms.minAmount + 0.001 }, /^充值金额最多两位小数$/);
    await refused({ amount: -20 }, /^充值金额不能低于/);
    await refused({ amount: 'abc' }, /^订单金额无效$/);
    expect(await sandbox.database.db.select().from(paymentOrders).where(eq(paymentOrders.userId, userId))).toHaveLength(0);

    // What the client says about points, title or description is ignored; the amount is what is paid.
    const amount = Math.round((terms.minAmount + 2.37) * 100) / 100;
    const expected = customRechargePointsCents(Math.round(amount * 100), Math.round(terms.pointsPerYuan * 100)) / 100;
    const created = await api.post('/payment/create-order', {
      amount,
      packageId: '',
      points: 1_000_000,
      totalPoints: 1_000_000,
      title: '一百万积分',
      description: '一百万积分',
      type: 'WECHAT',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ amount });
    const order = (await api.get(`/payment/orders/${created.body.data.id}`)).body.data;
    expect(order).toMatchObject({
      amount,
      points: expected,
      packageId: null,
      title: '自定义充值',
      description: `自定义充值：${expected}积分`,
    });
    expect(expected).toBeGreaterThan(0);

    // Paid as packages are: the sandbox's phone page, five taps at once, credited once.
    const started = await api.post('/payment/wx/payment', { orderNo: created.body.data.orderNo, trade_type: 'NATIVE' });
    const target = new URL(started.body.data.code_url);
    const phone = client(sandbox.url);
    const before = await balanceOf(sandbox, userId);
    const taps = await Promise.all(
      Array.from({ length: 5 }, () =>
        phone.post('/payment/sandbox/pay', { orderNo: created.body.data.orderNo, t: target.searchParams.get('t') }),
      ),
    );
    expect(taps.every((t) => t.status === 200 && t.body.data.status === 'paid')).toBe(true);
    expect(await balanceOf(sandbox, userId)).toBe(before + Math.round(expected * 100));
    expect(await purchases(sandbox, userId)).toMatchObject([
      { source: 'order', status: 'success', pointsCents: Math.round(expected * 100) },
    ]);
    expect(await ledgerMismatches(sandbox.database.db)).toEqual([]);
  });

  it('caps the unpaid orders one user holds; cancelling one makes room', async () => {
    const { api, packages } = await buyer(sandbox);
    const pkg = packages[0]!;
    const make = () => api.post('/payment/create-order', { amount: pkg.price, packageId: pkg.id, type: 'WECHAT' });
    const made = [];
    for (let i = 0; i < 10; i++) made.push(await make());
    expect(made.map((r) => r.status)).toEqual(Array(10).fill(201));
    const refused = await make();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('待支付的订单过多，请先完成或取消已有订单');
    await api.post(`/payment/orders/${made[0]!.body.data.id}/cancel`);
    expect((await make()).status).toBe(201);
  });

  it("shows an order to its owner only, by id or number, and lists the owner's orders", async () => {
    const { orderId, orderNo, api } = await order(sandbox);
    const stranger = await buyer(sandbox);
    expect((await stranger.api.get(`/payment/orders/${orderId}`)).status).toBe(404);
    expect((await stranger.api.post('/payment/wx/payment', { orderNo })).status).toBe(404);
    expect((await api.get(`/payment/orders/${orderNo}`)).body.data.id).toBe(orderId);
    const list = await api.get('/payment/orders');
    expect(list.body.data).toMatchObject({ total: 1, page: 1, items: [{ orderNo, status: 'pending', provider: 'sandbox' }] });
    expect((await stranger.api.get('/payment/orders')).body.data.total).toBe(0);
  });
});

describe('the console edits packages', () => {
  it('administrators add, change and withdraw packages; orders keep what they were made at', async () => {
    const { setRole } = await import('../../server/domain/users');
    const user = await buyer(sandbox);
    expect((await user.api.get('/admin/packages')).status).toBe(403);
    const adminSession = await login(sandbox.url);
    await setRole(sandbox.database.db, adminSession.phone, 'admin');
    const admin = client(sandbox.url, { token: adminSession.accessToken });
    const invalid = await admin.post('/admin/packages', { name: '', points: 0, price: 0.001, active: true });
    expect(invalid.status).toBe(400);
    const created = await admin.post('/admin/packages', {
      name: '测试包',
      points: '50',
      bonusPoints: '',
      price: '4.50',
      description: '',
      active: 'true',
      sortOrder: '99',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: '测试包', points: 50, bonusPoints: 0, totalPoints: 50, price: 4.5, active: true });
    const id = created.body.data.id as string;
    const made = await user.api.post('/payment/create-order', { amount: 4.5, packageId: id, type: 'WECHAT' });
    expect(made.status).toBe(201);
    const updated = await admin.put(`/admin/packages/${id}`, { name: '测试包', points: 60, price: 5, active: false, sortOrder: 99 });
    expect(updated.body.data).toMatchObject({ price: 5, active: false });
    expect(((await client(sandbox.url).get('/packages')).body.data as { id: string }[]).some((p) => p.id === id)).toBe(false);
    const withdrawn = await user.api.post('/payment/create-order', { amount: 5, packageId: id, type: 'WECHAT' });
    expect(withdrawn.body.message).toBe('套餐信息不存在');
    expect((await user.api.get(`/payment/orders/${made.body.data.id}`)).body.data).toMatchObject({ amount: 4.5, points: 50 });
    expect((await admin.get('/admin/packages')).body.data.some((p: { id: string }) => p.id === id)).toBe(true);
  });
});

const signed = (server: TestServer, row: typeof paymentOrders.$inferSelect, change: { amountFen?: number } = {}) =>
  signSandboxNotification(server.config.paymentSandboxSecret, {
    orderNo: row.orderNo,
    title: row.title,
    amountFen: change.amountFen ?? row.amountFen,
    currency: row.currency,
    userId: row.userId,
    expiresAt: row.expiresAt,
  });

describe('sandbox provider', () => {
  it('pays through the QR page: the notification is signed, credits once, and the owner hears of it', async () => {
    const { codeUrl, provider, orderNo, userId, pkg, session } = await order(sandbox);
    expect(provider).toBe('sandbox');
    const target = new URL(codeUrl);
    expect(target.pathname).toBe(`/sandbox-pay/${orderNo}`);
    const t = target.searchParams.get('t')!;
    const anonymous = client(sandbox.url);
    const view = await anonymous.get(`/payment/sandbox/order?${new URLSearchParams({ orderNo, t })}`);
    expect(view.body.data).toMatchObject({ orderNo, amount: pkg.price, status: 'pending' });
    expect((await anonymous.get(`/payment/sandbox/order?${new URLSearchParams({ orderNo, t: 'x'.repeat(64) })}`)).status).toBe(404);

    const socket = await openSocket(sandbox.url);
    await authenticateSocket(socket, session.accessToken);
    socket.send('PAYMENT_STATUS_LISTEN', { orderNo });
    const before = await balanceOf(sandbox, userId);
    const paid = await anonymous.post('/payment/sandbox/pay', { orderNo, t });
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe('paid');
    const event = await socket.next((m) => m.type === 'PAYMENT_STATUS');
    expect(event.data).toMatchObject({ orderNo, status: 'PAID', points: pkg.totalPoints, pointsChanged: true });
    // The socket's event and the result page ask for the balance refetch under one id: one refetch.
    expect(event.meta.eventId).toBe(paymentStatusEventId(orderNo, 'PAID'));
    const refresher = createPointsRefresher({ timers: { setTimeout: () => 0, clearTimeout: () => undefined } });
    expect(refresher.request(pointsEvent(event)!.eventId)).toBe(true);
    expect(refresher.request(paymentStatusEventId(orderNo, 'PAID'))).toBe(false);
    socket.close();
    expect(await balanceOf(sandbox, userId)).toBe(before + pkg.totalPoints * 100);
    const rows = await purchases(sandbox, userId);
    expect(rows).toMatchObject([{ source: 'order', status: 'success', pointsCents: pkg.totalPoints * 100 }]);
    // Paying again from the phone changes nothing.
    expect((await anonymous.post('/payment/sandbox/pay', { orderNo, t })).body.data.status).toBe('paid');
    expect(await purchases(sandbox, userId)).toHaveLength(1);
  });

  it('only the owner may follow an order on the socket', async () => {
    const { orderNo } = await order(sandbox);
    const stranger = await buyer(sandbox);
    const socket = await openSocket(sandbox.url);
    await authenticateSocket(socket, stranger.session.accessToken);
    socket.send('PAYMENT_STATUS_LISTEN', { orderNo });
    expect((await socket.next((m) => m.type === 'ERROR')).data).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    socket.close();
  });

  it('refuses a tampered signature and a wrong amount, and credits a replay nothing', async () => {
    const { orderNo, userId } = await order(sandbox);
    const row = await orderRow(sandbox, orderNo);
    const good = signed(sandbox, row);
    const tampered = await notify(
      sandbox,
      'sandbox',
      good.raw.replace(`"amountFen":${row.amountFen}`, `"amountFen":${row.amountFen + 1}`),
      { 'content-type': 'application/json', ...good.headers },
    );
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({ code: 'FAIL', message: '签名无效' });
    const wrong = signed(sandbox, row, { amountFen: 1 });
    const wrongAmount = await notify(sandbox, 'sandbox', wrong.raw, { 'content-type': 'application/json', ...wrong.headers });
    expect(wrongAmount.status).toBe(400);
    expect(((await wrongAmount.json()) as { message: string }).message).toMatch(/^金额不符/);
    expect(await purchases(sandbox, userId)).toHaveLength(0);

    const first = await notify(sandbox, 'sandbox', good.raw, { 'content-type': 'application/json', ...good.headers });
    expect(first.status).toBe(204);
    const balance = await balanceOf(sandbox, userId);
    const replay = await notify(sandbox, 'sandbox', good.raw, { 'content-type': 'application/json', ...good.headers });
    expect(replay.status).toBe(204);
    expect(await balanceOf(sandbox, userId)).toBe(balance);
    expect(await purchases(sandbox, userId)).toHaveLength(1);
    const recorded = await sandbox.database.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo));
    expect(recorded.map((r) => r.outcome).sort()).toEqual(['credited', 'duplicate', 'rejected']);
    const unverified = await sandbox.database.db
      .select()
      .from(paymentNotifications)
      .where(and(eq(paymentNotifications.provider, 'sandbox'), eq(paymentNotifications.verified, false)));
    expect(unverified.some((r) => r.raw.includes(orderNo) && r.headers?.[SANDBOX_SIGNATURE_HEADER])).toBe(true);
  });

  it('a cancelled order cannot be paid from the QR page', async () => {
    const { orderNo, orderId, api, codeUrl } = await order(sandbox);
    expect((await api.post(`/payment/orders/${orderId}/cancel`)).body.data.status).toBe('cancelled');
    const t = new URL(codeUrl).searchParams.get('t')!;
    const refused = await client(sandbox.url).post('/payment/sandbox/pay', { orderNo, t });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('订单已关闭，无法支付');
  });
});

/**
 * What the issue asks of every provider, each against its own gateway: a payment notified after
 * the order expired is still credited (and flagged), and twenty copies of one notification arriving
 * at once credit it once.
 */
const PROVIDERS = [
  {
    provider: 'sandbox',
    server: () => sandbox,
    type: 'WECHAT' as const,
    paid: async (orderNo: string) => {
      const { raw, headers } = signed(sandbox, await orderRow(sandbox, orderNo));
      return { body: raw, headers: { 'content-type': 'application/json', ...headers } };
    },
    accepted: { status: 204, body: '' },
  },
  {
    provider: 'wechat',
    server: () => live,
    type: 'WECHAT' as const,
    paid: async (orderNo: string) => wechat.pay(orderNo),
    accepted: { status: 204, body: '' },
  },
  {
    provider: 'alipay',
    server: () => live,
    type: 'ALIPAY' as const,
    paid: async (orderNo: string) => ({ body: alipay.pay(orderNo), headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    accepted: { status: 200, body: 'success' },
  },
];

describe.each(PROVIDERS)('every provider: $provider', ({ provider, server, type, paid, accepted }) => {
  it('credits 20 concurrent copies of one notification once', async () => {
    const { orderNo, userId, pkg, provider: served } = await order(server(), type);
    expect(served).toBe(provider);
    const copy = await paid(orderNo);
    const before = await balanceOf(server(), userId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(server(), provider, copy.body, copy.headers)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(accepted.status));
    expect(await Promise.all(answers.map((a) => a.text()))).toEqual(Array(20).fill(accepted.body));
    expect(await balanceOf(server(), userId)).toBe(before + pkg.totalPoints * 100);
    expect(await purchases(server(), userId)).toHaveLength(1);
    const recorded = await server().database.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo));
    expect(recorded.map((r) => r.outcome).sort()).toEqual(['credited', ...Array(19).fill('duplicate')]);
  });

  it('expires unpaid orders, and credits a late payment, which the order then shows', async () => {
    const { orderNo, orderId, userId, api, pkg } = await order(server(), type);
    await server()
      .database.db.update(paymentOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentOrders.orderNo, orderNo));
    expect(await expireOverdueOrders(server().database.db, server().events)).toBeGreaterThanOrEqual(1);
    expect((await api.get(`/payment/orders/${orderId}`)).body.data.status).toBe('expired');
    const again = await api.post(type === 'WECHAT' ? '/payment/wx/payment' : '/payment/alipay/payment', { id: orderId });
    expect(again.body.message).toBe('订单已过期，请重新下单');
    const late = await paid(orderNo);
    const answer = await notify(server(), provider, late.body, late.headers);
    expect(answer.status).toBe(accepted.status);
    expect(await answer.text()).toBe(accepted.body);
    expect((await api.get(`/payment/orders/${orderId}`)).body.data).toMatchObject({ status: 'paid', paidLate: true, provider });
    expect(await purchases(server(), userId)).toMatchObject([{ pointsCents: pkg.totalPoints * 100 }]);
    const [recorded] = await server().database.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo));
    expect(recorded!.outcome).toBe('credited_late');
  });
});

describe('during maintenance', () => {
  it('users cannot order, but a payment that arrives is still credited', async () => {
    // Maintenance is global to a database: a server of its own.
    const server = await startIsolatedServer();
    onTestFinished(() => server.close());
    const { setRole } = await import('../../server/domain/users');
    const boss = await login(server.url);
    await setRole(server.database.db, boss.phone, 'admin');
    const { orderNo, userId, pkg, api, packages } = await order(server);
    const ws = await openSocket(server.url);
    const notice = await client(server.url).post(
      '/admin/notifications',
      { title: '紧急维护', type: 'MAINTENANCE', status: 'PUBLISHED', start_time: new Date(Date.now() - 1000).toISOString() },
      boss.accessToken,
    );
    await ws.next((m) => m.type === 'SYSTEM_MAINTENANCE' && m.data.id === notice.body.data.id);
    ws.close();
    const refused = await api.post('/payment/create-order', { amount: packages[0]!.price, packageId: packages[0]!.id, type: 'WECHAT' });
    expect(refused.body.code).toBe('MAINTENANCE');
    const row = await orderRow(server, orderNo);
    const paid = signSandboxNotification(server.config.paymentSandboxSecret, { ...row, expiresAt: row.expiresAt });
    expect((await notify(server, 'sandbox', paid.raw, { 'content-type': 'application/json', ...paid.headers })).status).toBe(204);
    expect(await purchases(server, userId)).toMatchObject([{ pointsCents: pkg.totalPoints * 100 }]);
  });
});

describe('WeChat Pay API v3 (Native) against a local gateway', () => {
  it('signs the request and verifies the answer: code_url comes back', async () => {
    const { codeUrl, provider, orderNo, pkg } = await order(live, 'WECHAT');
    expect(provider).toBe('wechat');
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const call = wechat.calls.find(
      (c) => c.path === '/v3/pay/transactions/native' && (c.body as { out_trade_no: string }).out_trade_no === orderNo,
    );
    expect(call?.body).toMatchObject({
      mchid: WECHAT.mchid,
      appid: WECHAT.appid,
      amount: { total: Math.round(pkg.price * 100), currency: 'CNY' },
      notify_url: expect.stringMatching(/\/api\/v1\/payment\/notify\/wechat$/),
    });
  });

  it('refuses an answer whose signature does not verify: 支付失败 and no QR code', async () => {
    const b = await buyer(live);
    const pkg = b.packages[0]!;
    const created = await b.api.post('/payment/create-order', { amount: pkg.price, packageId: pkg.id, type: 'WECHAT' });
    wechat.behaviour.forgeResponses = true;
    try {
      const started = await b.api.post('/payment/wx/payment', { id: created.body.data.id, trade_type: 'NATIVE' });
      expect(started.status).toBe(502);
      // Said plainly: the unverified answer and the signature stay in the log.
      expect(started.body.message).toBe('支付失败: 微信支付应答验签失败');
    } finally {
      wechat.behaviour.forgeResponses = false;
    }
    expect((await orderRow(live, created.body.data.orderNo)).codeUrl).toBeNull();
    // The same order can be started once the gateway answers properly.
    expect((await b.api.post('/payment/wx/payment', { id: created.body.data.id, trade_type: 'NATIVE' })).status).toBe(200);
  });

  it('a valid notification credits once; a replay, a tampered signature and a wrong amount credit nothing', async () => {
    const { orderNo, userId, pkg } = await order(live, 'WECHAT');
    const wrongAmount = wechat.pay(orderNo, { total: 1 });
    const refused = await notify(live, 'wechat', wrongAmount.body, wrongAmount.headers);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'FAIL', message: expect.stringMatching(/^金额不符/) });

    const valid = wechat.pay(orderNo);
    const tampered = await notify(live, 'wechat', valid.body.replace('"summary":"支付成功"', '"summary":"x"'), valid.headers);
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({ code: 'FAIL', message: '签名无效' });
    const stale = wechat.pay(orderNo, {}, { timestamp: String(Math.floor(Date.now() / 1000) - 3600) });
    expect((await notify(live, 'wechat', stale.body, stale.headers)).status).toBe(400);
    expect(await purchases(live, userId)).toHaveLength(0);

    const before = await balanceOf(live, userId);
    expect((await notify(live, 'wechat', valid.body, valid.headers)).status).toBe(204);
    expect((await notify(live, 'wechat', valid.body, valid.headers)).status).toBe(204);
    expect(await balanceOf(live, userId)).toBe(before + pkg.totalPoints * 100);
    expect(await purchases(live, userId)).toHaveLength(1);
    expect((await orderRow(live, orderNo)).providerTradeNo).toBe(wechat.trades.get(orderNo)!.transactionId);
  });

  it('answers a signature probe as a probe: refused, logged as one (not as an attack), nothing credited', async () => {
    // WeChat Pay's probes (签名探测) are real notifications, fresh and under the right key id, whose
    // Wechatpay-Signature is WECHATPAY/SIGNTEST/ and random bytes: the merchant must refuse them.
    const { orderNo, userId } = await order(live, 'WECHAT');
    const probe = wechat.pay(orderNo, {}, { signature: `WECHATPAY/SIGNTEST/${randomBytes(256).toString('base64')}` });
    const logged = liveLog.length;
    const probed = await notify(live, 'wechat', probe.body, probe.headers);
    expect(probed.status).toBe(400);
    expect(await probed.json()).toEqual({ code: 'FAIL', message: '探测通知，签名不予通过' });
    const lines = liveLog.slice(logged);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'info', msg: 'payments.signature_probe_refused', provider: 'wechat' }));
    expect(lines.some((l) => l.msg === 'payments.notification_rejected')).toBe(false);
    const [recorded] = (
      await live.database.db.select().from(paymentNotifications).where(eq(paymentNotifications.provider, 'wechat'))
    ).filter((r) => r.headers?.['wechatpay-signature'] === probe.headers['Wechatpay-Signature']);
    expect(recorded).toMatchObject({ verified: false, outcome: 'rejected', error: '探测通知，签名不予通过' });
    expect(await purchases(live, userId)).toHaveLength(0);
    // The same notification, properly signed, is a payment.
    const paid = wechat.pay(orderNo);
    expect((await notify(live, 'wechat', paid.body, paid.headers)).status).toBe(204);
    expect(await purchases(live, userId)).toHaveLength(1);
  });

  it("refuses a notification carrying another user's order owner, or none", async () => {
    const { orderNo, userId } = await order(live, 'WECHAT');
    const forged = wechat.pay(orderNo, { attach: STRANGER });
    const refused = await notify(live, 'wechat', forged.body, forged.headers);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ code: 'FAIL', message: '付款订单的用户不符' });
    const ownerless = wechat.pay(orderNo, { attach: null });
    const unowned = await notify(live, 'wechat', ownerless.body, ownerless.headers);
    expect(unowned.status).toBe(400);
    expect(await unowned.json()).toEqual({ code: 'FAIL', message: '通知缺少订单所属用户' });
    expect(await purchases(live, userId)).toHaveLength(0);
  });

  it('acknowledges a closed-trade event without crediting', async () => {
    const { orderNo, userId } = await order(live, 'WECHAT');
    const closed = wechat.pay(orderNo, { eventType: 'TRANSACTION.CLOSED', tradeState: 'CLOSED' });
    expect((await notify(live, 'wechat', closed.body, closed.headers)).status).toBe(204);
    expect(await purchases(live, userId)).toHaveLength(0);
  });
});

describe('Alipay precreate against a local gateway', () => {
  it('signs RSA2, verifies the answer and returns the QR code', async () => {
    const { codeUrl, provider, orderNo, pkg } = await order(live, 'ALIPAY');
    expect(provider).toBe('alipay');
    expect(codeUrl).toMatch(/^https:\/\/qr\.alipay\.com\//);
    expect(alipay.trades.get(orderNo)).toMatchObject({ totalAmount: pkg.price.toFixed(2) });
  });

  it('refuses an answer whose signature does not verify: 支付失败 and no QR code', async () => {
    const b = await buyer(live);
    const pkg = b.packages[0]!;
    const created = await b.api.post('/payment/create-order', { amount: pkg.price, packageId: pkg.id, type: 'ALIPAY' });
    alipay.behaviour.forgeResponses = true;
    try {
      const started = await b.api.post('/payment/alipay/payment', { id: created.body.data.id });
      expect(started.status).toBe(502);
      expect(started.body.message).toBe('支付失败: 支付宝应答验签失败');
      expect(liveLog).toContainEqual(
        expect.objectContaining({
          level: 'error',
          msg: 'payments.gateway_failed',
          provider: 'alipay',
          orderNo: created.body.data.orderNo,
          detail: expect.stringMatching(/验签失败/),
        }),
      );
      expect(started.body.data?.code_url).toBeUndefined();
    } finally {
      alipay.behaviour.forgeResponses = false;
    }
    expect((await orderRow(live, created.body.data.orderNo)).codeUrl).toBeNull();
    // The same order can be started once the gateway answers properly.
    const retried = await b.api.post('/payment/alipay/payment', { id: created.body.data.id });
    expect(retried.status).toBe(200);
    expect(retried.body.data.code_url).toMatch(/^https:\/\/qr\.alipay\.com\//);
  });

  it('carries the owner in body; refuses a notification for another owner, none, another seller or another currency', async () => {
    const { orderNo, userId } = await order(live, 'ALIPAY');
    expect(alipay.trades.get(orderNo)).toMatchObject({ body: userId, sellerId: ALIPAY_SELLER_ID });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const cases = [
      { change: { body: STRANGER }, reason: '付款订单的用户不符' },
      { change: { body: null }, reason: '通知缺少订单所属用户' },
      { change: { sellerId: '2088000000000001' }, reason: '收款账号不符' },
      { change: { currency: 'USD' }, reason: '币种不符：USD' },
    ];
    for (const { change, reason } of cases) {
      const answer = await notify(live, 'alipay', alipay.pay(orderNo, change), form);
      expect(await answer.text(), reason).toBe('fail');
    }
    const recorded = await live.database.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo));
    const unverified = await live.database.db
      .select()
      .from(paymentNotifications)
      .where(and(eq(paymentNotifications.provider, 'alipay'), eq(paymentNotifications.verified, false)));
    const reasons = [...recorded, ...unverified.filter((r) => r.raw.includes(orderNo))].map((r) => r.error);
    expect(reasons).toEqual(expect.arrayContaining(cases.map((c) => c.reason)));
    expect(await purchases(live, userId)).toHaveLength(0);
    // Alipay names the currency only for foreign-currency trades; an explicit CNY is as good as none.
    expect(await (await notify(live, 'alipay', alipay.pay(orderNo, { currency: 'CNY' }), form)).text()).toBe('success');
    expect(await purchases(live, userId)).toHaveLength(1);
  });

  it('a valid notification credits once (success); a replay, a tampered signature and a wrong amount credit nothing', async () => {
    const { orderNo, userId, pkg } = await order(live, 'ALIPAY');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const tampered = await notify(live, 'alipay', alipay.pay(orderNo, {}, true), form);
    expect(await tampered.text()).toBe('fail');
    const wrong = await notify(live, 'alipay', alipay.pay(orderNo, { totalAmount: '0.01' }), form);
    expect(await wrong.text()).toBe('fail');
    const otherApp = await notify(live, 'alipay', alipay.pay(orderNo, { appId: '2021000000000000' }), form);
    expect(await otherApp.text()).toBe('fail');
    const garbage = await notify(live, 'alipay', 'hello=world', form);
    expect(await garbage.text()).toBe('fail');
    expect(await purchases(live, userId)).toHaveLength(0);

    const valid = alipay.pay(orderNo);
    const before = await balanceOf(live, userId);
    const first = await notify(live, 'alipay', valid, form);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('success');
    expect(await (await notify(live, 'alipay', valid, form)).text()).toBe('success');
    expect(await balanceOf(live, userId)).toBe(before + pkg.totalPoints * 100);
    expect(await purchases(live, userId)).toHaveLength(1);
  });
});

describe('the payment description is written by the server (issue 22)', () => {
  // What a user could make the payment screen say if the order's title were theirs.
  const LURE = '客服提示：支付异常请加微信 evil123 退款';
  it.each([
    { provider: 'sandbox', server: () => sandbox, type: 'WECHAT' as const },
    { provider: 'wechat', server: () => live, type: 'WECHAT' as const },
    { provider: 'alipay', server: () => live, type: 'ALIPAY' as const },
  ])(
    '$provider: the title and description sent with the order reach neither the gateway nor the order',
    async ({ provider, server, type }) => {
      const b = await buyer(server());
      const pkg = b.packages[1]!;
      const created = await b.api.post('/payment/create-order', {
        amount: pkg.price,
        packageId: pkg.id,
        title: LURE,
        description: LURE,
        type,
      });
      expect(created.status).toBe(201);
      const orderNo = created.body.data.orderNo as string;
      const started = await b.api.post(type === 'WECHAT' ? '/payment/wx/payment' : '/payment/alipay/payment', {
        id: created.body.data.id,
        trade_type: 'NATIVE',
      });
      expect(started.body.data.provider).toBe(provider);
      let shown: string;
      if (provider === 'wechat') {
        const call = wechat.calls.find(
          (c) => c.path === '/v3/pay/transactions/native' && (c.body as { out_trade_no: string }).out_trade_no === orderNo,
        );
        shown = (call!.body as { description: string }).description;
      } else if (provider === 'alipay') {
        shown = alipay.trades.get(orderNo)!.subject;
      } else {
        const t = new URL(started.body.data.code_url).searchParams.get('t')!;
        shown = (await client(sandbox.url).get(`/payment/sandbox/order?${new URLSearchParams({ orderNo, t })}`)).body.data.title;
      }
      expect(shown).toBe(`留学文书AI-${pkg.name}`);
      const read = await b.api.get(`/payment/orders/${created.body.data.id}`);
      expect(read.body.data).toMatchObject({ title: pkg.name, description: `${pkg.name}：${pkg.totalPoints}积分` });
      expect(JSON.stringify(read.body.data)).not.toContain('evil123');
    },
  );
});

describe('reconciliation', () => {
  it('credits orders the gateway reports paid whose notification never came, once', async () => {
    const wx = await order(live, 'WECHAT');
    const ali = await order(live, 'ALIPAY');
    const unpaid = await order(live, 'WECHAT');
    // Alipay knows a precreated trade only once the buyer has scanned it.
    const unscanned = await order(live, 'ALIPAY');
    alipay.trades.delete(unscanned.orderNo);
    wechat.pay(wx.orderNo);
    alipay.pay(ali.orderNo);
    const deps = { db: live.database.db, events: live.events, logger: createLogger('silent') };
    const gateways = createGateways(live.config);
    const report = await reconcilePendingOrders(deps, gateways);
    // Earlier tests left trades the gateway counts as paid whose notifications were refused: those are credited too.
    expect(report.credited).toEqual(expect.arrayContaining([wx.orderNo, ali.orderNo]));
    expect(report.credited).not.toContain(unpaid.orderNo);
    expect(report.credited).not.toContain(unscanned.orderNo);
    expect(report.failed).toEqual([]);
    expect((await reconcilePendingOrders(deps, gateways)).credited).toEqual([]);
    expect(await purchases(live, wx.userId)).toHaveLength(1);
    expect(await purchases(live, ali.userId)).toHaveLength(1);
    expect(await purchases(live, unpaid.userId)).toHaveLength(0);
  });
});

describe('the ledger', () => {
  it('every balance still equals the sum of its rows', async () => {
    expect(await ledgerMismatches(sandbox.database.db)).toEqual([]);
    expect(await ledgerMismatches(live.database.db)).toEqual([]);
  });
});

describe("the web's payment messages (spec §5, §8)", () => {
  /** A stand-in /api/v1 answering the purchase calls as each case needs. */
  type Reply = { status: number; body: unknown };
  const replies: { createOrder?: Reply; start?: Reply; cancel?: Reply } = {};
  /** What the web sent to create-order, in order. */
  const orderBodies: Record<string, unknown>[] = [];
  let upstream: http.Server;
  let context: () => AppLoadContext;
  let cookie: string;
  const PACKAGE = {
    id: '11111111-1111-4111-8111-111111111111',
    name: '体验包',
    price: 9.9,
    points: 100,
    bonusPoints: 0,
    totalPoints: 100,
    description: null,
    active: true,
    sortOrder: 1,
  };
  const ORDER = {
    id: 'o1',
    orderNo: 'LX1',
    amount: 9.9,
    currency: 'CNY',
    points: 100,
    title: '体验包',
    description: null,
    packageId: PACKAGE.id,
    channel: 'WECHAT',
    provider: null,
    status: 'pending',
    paidLate: false,
    expiresAt: new Date(Date.now() + 900_000).toISOString(),
    paidAt: null,
    createdAt: new Date().toISOString(),
  };

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      const send = ({ status, body }: Reply) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.url === '/api/v1/packages') return send({ status: 200, body: { success: true, data: [PACKAGE] } });
        if (req.url === '/api/v1/payment/create-order') {
          orderBodies.push(JSON.parse(Buffer.concat(chunks).toString() || '{}'));
          return send(replies.createOrder!);
        }
        if (req.url === '/api/v1/payment/orders/o1') return send({ status: 200, body: { success: true, data: ORDER } });
        if (req.url === '/api/v1/payment/wx/payment') return send(replies.start!);
        if (req.url === '/api/v1/payment/orders/o1/cancel') return send(replies.cancel!);
        send({ status: 404, body: { success: false, code: 'NOT_FOUND', message: '接口不存在' } });
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    ({ context, cookie } = await signedInWebSession(apiUrl, sandbox.config));
  });
  afterAll(() => new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve())));

  const recharge = async (fields: Record<string, string> = { packageId: PACKAGE.id }) => {
    const body = new URLSearchParams({ type: 'WECHAT', ...fields });
    const request = new Request('http://app/dash/recharge', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    return rechargeAction('充值', { request, context: context(), params: {} });
  };
  const paymentPage = () =>
    paymentLoader('微信支付', {
      request: new Request('http://app/dash/wechat-payment/o1', { headers: { cookie } }),
      context: context(),
      params: { orderId: 'o1' },
    });

  it('创建订单失败 when the order comes back without an id; 创建订单失败，请稍后重试 when the call fails', async () => {
    replies.createOrder = { status: 201, body: { success: true, data: { orderNo: 'LX1', amount: 9.9 } } };
    expect(await recharge()).toMatchObject({ ok: false, error: '创建订单失败' });
    replies.createOrder = { status: 201, body: { success: true, data: { id: '', orderNo: 'LX1', amount: 9.9 } } };
    expect(await recharge()).toMatchObject({ ok: false, error: '创建订单失败' });
    replies.createOrder = { status: 200, body: 'not json at all' };
    expect(await recharge()).toMatchObject({ ok: false, error: '创建订单失败' });
    replies.createOrder = { status: 500, body: { success: false, code: 'INTERNAL_ERROR', message: '服务器错误，请稍后重试' } };
    expect(await recharge()).toMatchObject({ ok: false, error: '创建订单失败，请稍后重试' });
    // The API's own refusal is shown as it says; the order page opens when the id is there.
    replies.createOrder = { status: 404, body: { success: false, code: 'NOT_FOUND', message: '套餐信息不存在' } };
    expect(await recharge()).toMatchObject({ ok: false, error: '套餐信息不存在' });
    replies.createOrder = { status: 201, body: { success: true, data: { id: 'o1', orderNo: 'LX1', amount: 9.9 } } };
    const opened = (await recharge()) as Response;
    expect(opened.headers.get('location')).toBe('/dash/order/o1');
  });

  it('自定义金额: the amount is checked as typed and sent without a package; the API prices it (issue 28)', async () => {
    orderBodies.length = 0;
    expect(await recharge({ packageId: 'custom', amount: '' })).toMatchObject({ ok: false, error: '请输入充值金额', amount: '' });
    expect(await recharge({ packageId: 'custom', amount: '12.345' })).toMatchObject({ ok: false, error: '充值金额最多两位小数' });
    expect(await recharge({ packageId: 'custom', amount: '十元' })).toMatchObject({ ok: false, error: '请输入有效的充值金额' });
    expect(orderBodies).toEqual([]);
    replies.createOrder = {
      status: 400,
      body: { success: false, code: 'VALIDATION_ERROR', message: '充值金额不能低于10.00元（可充值10.00元至5000.00元）' },
    };
    expect(await recharge({ packageId: 'custom', amount: '5' })).toMatchObject({
      ok: false,
      error: '充值金额不能低于10.00元（可充值10.00元至5000.00元）',
      amount: '5',
    });
    replies.createOrder = { status: 201, body: { success: true, data: { id: 'o1', orderNo: 'LX1', amount: 12.5 } } };
    const opened = (await recharge({ packageId: 'custom', amount: '12.5' })) as Response;
    expect(opened.headers.get('location')).toBe('/dash/order/o1');
    expect(orderBodies.at(-1)).toEqual({ amount: 12.5, title: '自定义充值', type: 'WECHAT' });
  });

  it('发起支付失败 when starting the payment fails; 支付失败: {message} when the gateway refused', async () => {
    replies.start = { status: 500, body: { success: false, code: 'INTERNAL_ERROR', message: '服务器错误，请稍后重试' } };
    expect(await paymentPage()).toMatchObject({ payment: null, qrCode: null, error: '发起支付失败' });
    replies.start = { status: 200, body: { success: true, data: { orderNo: 'LX1', provider: 'sandbox' } } };
    expect(await paymentPage()).toMatchObject({ payment: null, error: '发起支付失败' });
    replies.start = { status: 502, body: { success: false, code: 'PAYMENT_FAILED', message: '支付失败: 微信支付暂时不可用' } };
    expect(await paymentPage()).toMatchObject({ payment: null, error: '支付失败: 微信支付暂时不可用' });
    replies.start = { status: 409, body: { success: false, code: 'CONFLICT', message: '订单已过期，请重新下单' } };
    expect(await paymentPage()).toMatchObject({ payment: null, error: '订单已过期，请重新下单' });
    replies.start = {
      status: 200,
      body: {
        success: true,
        data: { orderNo: 'LX1', provider: 'sandbox', code_url: 'http://app/sandbox-pay/LX1?t=x', expiresAt: ORDER.expiresAt },
      },
    };
    expect(await paymentPage()).toMatchObject({ error: null, qrCode: expect.stringMatching(/^data:image\/svg\+xml;base64,/) });
  });

  /** What a page does with a session the API refused: throws the redirect to the login page. */
  async function expectLoginRedirect(answer: Promise<unknown>) {
    const thrown = await answer.then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('location')).toMatch(/^\/dash\/login/);
  }

  it('a session the API refuses goes to the login page rather than into the message', async () => {
    replies.createOrder = { status: 401, body: { success: false, code: 'TOKEN_INVALID', message: '登录已过期，请重新登录' } };
    await expectLoginRedirect(recharge());
  });

  it("取消订单: the API's refusal is shown as it says; a refused session goes to the login page, not 取消失败", async () => {
    const cancel = () =>
      orderAction('订单详情', {
        request: new Request('http://app/dash/order/o1', { method: 'POST', headers: { cookie } }),
        context: context(),
        params: { orderId: 'o1' },
      });
    replies.cancel = { status: 200, body: { success: true, data: { ...ORDER, status: 'cancelled' } } };
    expect(await cancel()).toEqual({ ok: true, message: '订单已取消' });
    replies.cancel = { status: 409, body: { success: false, code: 'CONFLICT', message: '订单已支付，无法取消' } };
    expect(await cancel()).toEqual({ ok: false, message: '订单已支付，无法取消' });
    replies.cancel = { status: 500, body: { success: false, code: 'INTERNAL_ERROR', message: '' } };
    expect(await cancel()).toEqual({ ok: false, message: '取消失败，请稍后重试' });
    replies.cancel = { status: 401, body: { success: false, code: 'TOKEN_INVALID', message: '登录已过期，请重新登录' } };
    await expectLoginRedirect(cancel());
  });
});
