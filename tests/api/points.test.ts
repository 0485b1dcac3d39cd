import { desc, eq } from 'drizzle-orm';
import { pointsLedger, redemptions, smsCodes, users } from '../../db/schema';
import { BATCH_ALREADY_REDEEMED } from '../../server/domain/points/redemption-codes';
import { ledgerMismatches } from '../../server/domain/points/ledger';
import { refund, reserve, settle, sweepStaleReservations } from '../../server/domain/points/spending';
import { setRole } from '../../server/domain/users';
import { client, login, randomPhone, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const balanceOf = async (userId: string) => {
  const [row] = await server.database.db.select({ cents: users.pointsCents }).from(users).where(eq(users.id, userId));
  return row!.cents;
};
const setBalance = (userId: string, cents: number) =>
  server.database.db.transaction(async (tx) => {
    // Through the ledger, as every change must be: a system row for the difference.
    const { applyChange } = await import('../../server/domain/points/ledger');
    const [row] = await tx.select({ cents: users.pointsCents }).from(users).where(eq(users.id, userId));
    await applyChange(tx, { userId, type: 'system', source: 'admin_adjustment', cents: cents - row!.cents, description: 'test' });
  });
/** Logs in again without waiting out the 60 s resend interval: the earlier code is made older. */
const loginAgain = async (phone: string, extra: { inviteCode?: string } = {}) => {
  await server.database.db
    .update(smsCodes)
    .set({ createdAt: new Date(Date.now() - 120_000) })
    .where(eq(smsCodes.phone, phone));
  return login(server.url, phone, extra);
};
const admin = async () => {
  const session = await login(server.url);
  await setRole(server.database.db, session.phone, 'admin');
  return session;
};

describe('registration rewards', () => {
  it('a new user gets the welcome points and the first phone login reward, each once, as ledger rows', async () => {
    const phone = randomPhone();
    const first = await login(server.url, phone);
    expect(first.user.total_points).toBe(120);
    const again = await loginAgain(phone);
    expect(again.user.total_points).toBe(120);
    const history = await client(server.url).get('/user/points-history', first.accessToken);
    expect(history.status).toBe(200);
    expect(history.body.data.total).toBe(2);
    expect(history.body.data.items.map((i: any) => [i.type, i.source, i.points, i.status])).toEqual(
      expect.arrayContaining([
        ['reward', 'gift', 100, 'success'],
        ['reward', 'first_phone_login_reward', 20, 'success'],
      ]),
    );
  });

  it('an invite code rewards inviter and invitee once; an existing user and a bad code get nothing', async () => {
    const inviter = await login(server.url);
    const invitee = await login(server.url, randomPhone(), { inviteCode: inviter.user.invite_code.toLowerCase() });
    expect(invitee.user.total_points).toBe(140);
    // Logging in again with the code, or an existing user using it, changes nothing.
    await loginAgain(invitee.phone, { inviteCode: inviter.user.invite_code });
    await loginAgain(inviter.phone, { inviteCode: invitee.user.invite_code });
    const api = client(server.url);
    const mine = await api.get('/user/invitations', inviter.accessToken);
    expect(mine.body.data).toMatchObject({
      inviteCode: inviter.user.invite_code,
      totalRewardPoints: 50,
      inviterRewardPoints: 50,
      inviteeRewardPoints: 20,
    });
    expect(mine.body.data.invited).toEqual([
      { phone: `${invitee.phone.slice(0, 3)}****${invitee.phone.slice(-4)}`, createdAt: expect.any(String), rewardPoints: 50 },
    ]);
    expect((await api.get('/user/info', inviter.accessToken)).body.data.total_points).toBe(170);
    expect((await api.get('/user/info', invitee.accessToken)).body.data.total_points).toBe(140);
  });

  it('a channel invite code gives the channel reward and no inviter reward', async () => {
    const { channelInviteCodes } = await import('../../db/schema');
    const code = `CH${Date.now().toString(36).toUpperCase()}`;
    await server.database.db.insert(channelInviteCodes).values({ code, name: '校园大使', rewardCents: 3000 });
    const invitee = await login(server.url, randomPhone(), { inviteCode: code });
    expect(invitee.user.total_points).toBe(150);
    const history = await client(server.url).get('/user/points-history', invitee.accessToken);
    expect(history.body.data.items.find((i: any) => i.source === 'channel_invite_reward')).toMatchObject({
      points: 30,
      metadata: { description: '渠道邀请奖励（校园大使）' },
    });
  });
});

describe('spending', () => {
  it('50 concurrent reserves against a balance that covers 10 leave exactly 10 successes and no negative balance', async () => {
    const { user } = await login(server.url);
    await setBalance(user.id, 1000);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => reserve(server.database.db, { userId: user.id, source: 'ai_check', cents: 100, key: `c-${i}` })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused.every((r) => r.reason.code === 'INSUFFICIENT_POINTS')).toBe(true);
    expect(refused[0]!.reason.data.shortage).toEqual({ required: 1, available: 0 });
    expect(await balanceOf(user.id)).toBe(0);
    expect(await ledgerMismatches(server.database.db)).toEqual([]);
  });

  it('reserve, settle and refund are idempotent, and the history shows each state', async () => {
    const session = await login(server.url);
    const userId = session.user.id;
    const db = server.database.db;
    const start = await balanceOf(userId);
    const a = await reserve(db, { userId, source: 'ai_reduce', cents: 1000, key: 'op-a' });
    const aAgain = await reserve(db, { userId, source: 'ai_reduce', cents: 1000, key: 'op-a' });
    expect(aAgain.id).toBe(a.id);
    expect(await balanceOf(userId)).toBe(start - 1000);
    const pending = await client(server.url).get('/user/points-history', session.accessToken);
    expect(pending.body.data.items[0]).toMatchObject({ id: a.id, type: 'consumption', status: 'pending', points: -10 });

    // Settle for less than reserved: the difference comes back in its own row; twice is once.
    await Promise.all([
      settle(db, { userId, reservationId: a.id, actualCents: 750 }),
      settle(db, { userId, reservationId: a.id, actualCents: 750 }),
    ]);
    expect(await balanceOf(userId)).toBe(start - 750);
    await expect(refund(db, { userId, reservationId: a.id, reason: 'x' })).rejects.toMatchObject({ code: 'CONFLICT' });

    const b = await reserve(db, { userId, source: 'ps_generation', cents: 500, key: 'op-b' });
    await Promise.all([1, 2, 3].map(() => refund(db, { userId, reservationId: b.id, reason: 'AI 服务暂时不可用' })));
    expect(await balanceOf(userId)).toBe(start - 750);
    await expect(settle(db, { userId, reservationId: b.id })).rejects.toMatchObject({ code: 'CONFLICT' });

    const history = await client(server.url).get('/user/points-history?page=1&pageSize=10', session.accessToken);
    const byId = Object.fromEntries(history.body.data.items.map((i: any) => [i.id, i]));
    expect(byId[a.id]).toMatchObject({ status: 'success', points: -10 });
    expect(byId[b.id]).toMatchObject({ status: 'failed', points: -5, aiOperation: { error_message: 'AI 服务暂时不可用' } });
    expect(
      history.body.data.items
        .filter((i: any) => i.type === 'refund')
        .map((i: any) => i.points)
        .sort(),
    ).toEqual([2.5, 5]);
    // Another user cannot settle or refund this user's reservation.
    const other = await login(server.url);
    await expect(refund(db, { userId: other.user.id, reservationId: b.id, reason: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('the sweep refunds reservations a crash left pending, and only those', async () => {
    const { user } = await login(server.url);
    const db = server.database.db;
    const start = await balanceOf(user.id);
    const old = await reserve(db, { userId: user.id, source: 'ai_check', cents: 200, key: 'crashed' });
    const fresh = await reserve(db, { userId: user.id, source: 'ai_check', cents: 200, key: 'running' });
    await db
      .update(pointsLedger)
      .set({ createdAt: new Date(Date.now() - 3600_000) })
      .where(eq(pointsLedger.id, old.id));
    expect(await sweepStaleReservations(db)).toBeGreaterThanOrEqual(1);
    const [oldRow] = await db.select().from(pointsLedger).where(eq(pointsLedger.id, old.id));
    const [freshRow] = await db.select().from(pointsLedger).where(eq(pointsLedger.id, fresh.id));
    expect(oldRow!.status).toBe('failed');
    expect(oldRow!.errorMessage).toBe('处理中断，积分已自动退还');
    expect(freshRow!.status).toBe('pending');
    expect(await balanceOf(user.id)).toBe(start - 200);
  });

  it('402 carries the shortage in data and in the message', async () => {
    const { user } = await login(server.url);
    await setBalance(user.id, 123);
    const error = await reserve(server.database.db, { userId: user.id, source: 'ai_reduce', cents: 1050, key: 'x' }).catch((e) => e);
    expect(error).toMatchObject({ code: 'INSUFFICIENT_POINTS', data: { shortage: { required: 10.5, available: 1.23 } } });
    expect(error.message).toBe('积分不足，本次需要10.5积分，当前余额1.23积分');
  });
});

describe('points history', () => {
  it('pages newest first with the spec page shape; bad paging falls back to defaults', async () => {
    const session = await login(server.url);
    for (let i = 0; i < 12; i++)
      await reserve(server.database.db, { userId: session.user.id, source: 'ai_check', cents: 1, key: `p-${i}` });
    const api = client(server.url);
    const first = await api.get('/user/points-history', session.accessToken);
    expect(first.body.data).toMatchObject({ page: 1, pageSize: 10, total: 14 });
    expect(first.body.data.items).toHaveLength(10);
    const times = first.body.data.items.map((i: any) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await api.get('/user/points-history?page=2&pageSize=10', session.accessToken);
    expect(second.body.data.items).toHaveLength(4);
    const junk = await api.get('/user/points-history?page=abc&pageSize=-3', session.accessToken);
    expect(junk.body.data).toMatchObject({ page: 1, pageSize: 10 });
    expect((await api.get('/user/points-history')).status).toBe(401);
  });
});

describe('price table', () => {
  it('is public, and administrators change it without a deploy', async () => {
    const api = client(server.url);
    const table = await api.get('/points/price-table');
    expect(table.status).toBe(200);
    expect(table.body.data.items.find((i: any) => i.operation === 'ai_check')).toMatchObject({ label: '查AI率', points: 2 });
    const sum = table.body.data.items.reduce((s: number, i: any) => s + i.points + i.pointsPer1000Chars, 0);
    expect(sum).toBeLessThanOrEqual(120);
    const user = await login(server.url);
    expect((await api.put('/admin/points/price-table', { items: [{ operation: 'ai_check', points: 3 }] }, user.accessToken)).status).toBe(
      403,
    );
    const boss = await admin();
    const updated = await api.put(
      '/admin/points/price-table',
      { items: [{ operation: 'ai_check', points: 3.456, pointsPer1000Chars: 1 }] },
      boss.accessToken,
    );
    expect(updated.status).toBe(200);
    expect((await api.get('/points/price-table')).body.data.items.find((i: any) => i.operation === 'ai_check')).toMatchObject({
      points: 3.45,
      pointsPer1000Chars: 1,
    });
    await api.put('/admin/points/price-table', { items: [{ operation: 'ai_check', points: 2, pointsPer1000Chars: 0 }] }, boss.accessToken);
  });

  it('holds the custom recharge terms, which administrators edit within bounds (issue 28); 文书修改 is priced on its own row', async () => {
    const api = client(server.url);
    const table = (await api.get('/points/price-table')).body.data;
    expect(table.customRecharge).toEqual({
      pointsPerYuan: expect.any(Number),
      minAmount: expect.any(Number),
      maxAmount: expect.any(Number),
    });
    expect(table.items.find((i: any) => i.operation === 'essay_revision')).toMatchObject({ label: '文书修改' });
    expect(table.items.find((i: any) => i.operation === 'essay_polish')).toMatchObject({ label: '文书润色' });
    const boss = await admin();
    const put = (customRecharge: Record<string, unknown>, token = boss.accessToken) =>
      api.put('/admin/points/price-table', { customRecharge }, token);
    expect((await put({ pointsPerYuan: 12, minAmount: 1, maxAmount: 2 }, (await login(server.url)).accessToken)).status).toBe(403);
    const inverted = await put({ pointsPerYuan: 12, minAmount: 50, maxAmount: 20 });
    expect(inverted.status).toBe(400);
    expect(inverted.body.message).toBe('最高金额不能低于最低金额');
    expect((await put({ pointsPerYuan: 0, minAmount: 1, maxAmount: 2 })).body.message).toBe('每元兑换的积分至少为0.01');
    expect((await put({ pointsPerYuan: 12, minAmount: 1.005, maxAmount: 2 })).body.message).toBe('最低金额最多两位小数');
    const saved = await put({ pointsPerYuan: 12.345, minAmount: 6, maxAmount: 66.6 });
    expect(saved.status).toBe(200);
    expect(saved.body.data.customRecharge).toEqual({ pointsPerYuan: 12.34, minAmount: 6, maxAmount: 66.6 });
    const { adminAuditLog } = await import('../../db/schema');
    const [audited] = await server.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'prices.update'))
      .orderBy(desc(adminAuditLog.createdAt))
      .limit(1);
    expect(audited!.after).toMatchObject({ custom_recharge: { pointsPerYuan: 12.34, minAmount: 6, maxAmount: 66.6 } });
    // Put back (the table is shared by the files running on one PostgreSQL).
    expect((await put(table.customRecharge)).status).toBe(200);
  });
});

describe('redemption codes', () => {
  const createBatch = async (token: string, body: Record<string, unknown>) => {
    const res = await client(server.url).post('/admin/redemption-codes', body, token);
    expect(res.status).toBe(201);
    return res.body.data as { batchId: string; codes: string[] };
  };

  it('administrators create batches; users redeem once; every error has its message', async () => {
    const boss = await admin();
    const { codes, batchId } = await createBatch(boss.accessToken, { points: 8.888, count: 3, maxUses: 1 });
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    const user = await login(server.url);
    const api = client(server.url);
    const redeemed = await api.post(
      '/redemption-codes/redeem',
      { code: ` ${codes[0]!.slice(0, 4).toLowerCase()}-${codes[0]!.slice(4)} ` },
      user.accessToken,
    );
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.data).toEqual({ points: 8.88, balance: 128.88 });
    const errors = async (code: string, token = user.accessToken) => (await api.post('/redemption-codes/redeem', { code }, token)).body;
    expect(await errors(codes[0]!)).toMatchObject({ code: 'REDEMPTION_CODE_REDEEMED', message: '你已经使用过这个兑换码' });
    const other = await login(server.url);
    expect(await errors(codes[0]!, other.accessToken)).toMatchObject({ code: 'REDEMPTION_CODE_USED_UP', message: '兑换码已被领完' });
    expect(await errors('NOPE-NOPE-NOPE')).toMatchObject({ code: 'REDEMPTION_CODE_INVALID', message: '兑换码不存在，请检查后重试' });
    expect(await errors('')).toMatchObject({ code: 'VALIDATION_ERROR', message: '请输入兑换码' });
    const expiring = await createBatch(boss.accessToken, {
      points: 1,
      count: 1,
      maxUses: 5,
      expiresAt: new Date(Date.now() + 1000).toISOString(),
    });
    const { redemptionBatches } = await import('../../db/schema');
    await server.database.db
      .update(redemptionBatches)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(redemptionBatches.id, expiring.batchId));
    expect(await errors(expiring.codes[0]!)).toMatchObject({ code: 'REDEMPTION_CODE_EXPIRED', message: '兑换码已过期' });
    // Disabled batches read as unknown codes.
    expect((await api.post(`/admin/redemption-codes/${batchId}/disable`, {}, boss.accessToken)).status).toBe(200);
    expect(await errors(codes[1]!)).toMatchObject({ code: 'REDEMPTION_CODE_INVALID' });
    // The list shows use counts; the export is CSV.
    const list = await api.get('/admin/redemption-codes', boss.accessToken);
    expect(list.body.data.batches.find((b: any) => b.id === batchId)).toMatchObject({ uses: 1, count: 3, maxUses: 1, points: 8.88 });
    const csv = await fetch(`${server.url}/api/v1/admin/redemption-codes/${batchId}/export`, {
      headers: { authorization: `Bearer ${boss.accessToken}` },
    });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await csv.text();
    expect(text).toContain(`${codes[0]},8.88,1,1,`);
    expect(await ledgerMismatches(server.database.db)).toEqual([]);
  });

  it('20 users redeeming a code with 5 uses at once get exactly 5; one user 10 times at once gets 1', async () => {
    const boss = await admin();
    const { codes } = await createBatch(boss.accessToken, { points: 10, count: 2, maxUses: 5 });
    const people = await Promise.all(Array.from({ length: 20 }, () => login(server.url)));
    const api = client(server.url);
    const results = await Promise.all(people.map((p) => api.post('/redemption-codes/redeem', { code: codes[0] }, p.accessToken)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.body.code === 'REDEMPTION_CODE_USED_UP')).toHaveLength(15);
    // A code of another batch: people[0] may hold one of this batch already (one per user per batch).
    const { codes: single } = await createBatch(boss.accessToken, { points: 10, count: 1, maxUses: 5 });
    const one = people[0]!;
    const repeats = await Promise.all(
      Array.from({ length: 10 }, () => api.post('/redemption-codes/redeem', { code: single[0] }, one.accessToken)),
    );
    expect(repeats.filter((r) => r.status === 200)).toHaveLength(1);
    expect(repeats.filter((r) => r.body.code === 'REDEMPTION_CODE_REDEEMED')).toHaveLength(9);
    expect(await ledgerMismatches(server.database.db)).toEqual([]);
  });

  it('每个用户对同一批兑换码只能兑换一次: a second code of a batch is refused, and two redeemed at once by one user credit once', async () => {
    const boss = await admin();
    const api = client(server.url);
    const { codes, batchId } = await createBatch(boss.accessToken, { points: 7, count: 2, maxUses: 10 });
    const user = await login(server.url);
    expect((await api.post('/redemption-codes/redeem', { code: codes[0] }, user.accessToken)).status).toBe(200);
    const second = await api.post('/redemption-codes/redeem', { code: codes[1] }, user.accessToken);
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ code: 'REDEMPTION_CODE_REDEEMED', message: BATCH_ALREADY_REDEEMED });
    expect(BATCH_ALREADY_REDEEMED).toContain('每个用户对同一批兑换码只能兑换一次');
    // Another user may still redeem the second code: the rule is per user.
    expect((await api.post('/redemption-codes/redeem', { code: codes[1] }, (await login(server.url)).accessToken)).status).toBe(200);

    // At once: each of eight users redeems both codes of a fresh batch in parallel; exactly one each succeeds.
    const { codes: pair, batchId: pairBatch } = await createBatch(boss.accessToken, { points: 5.5, count: 2, maxUses: 100 });
    const people = await Promise.all(Array.from({ length: 8 }, () => login(server.url)));
    const before = await Promise.all(people.map((p) => balanceOf(p.user.id)));
    const results = await Promise.all(
      people.flatMap((p) => pair.map((code) => api.post('/redemption-codes/redeem', { code }, p.accessToken).then((r) => ({ p, r })))),
    );
    for (const [i, p] of people.entries()) {
      const own = results.filter((x) => x.p === p).map((x) => x.r);
      expect(own.filter((r) => r.status === 200)).toHaveLength(1);
      expect(own.filter((r) => r.status === 400).map((r) => r.body.code)).toEqual(['REDEMPTION_CODE_REDEEMED']);
      expect(await balanceOf(p.user.id)).toBe(before[i]! + 550);
    }
    const rows = await server.database.db.select().from(redemptions).where(eq(redemptions.batchId, pairBatch));
    expect(rows).toHaveLength(8);
    const list = (await api.get('/admin/redemption-codes', boss.accessToken)).body.data.batches;
    expect(list.find((b: any) => b.id === pairBatch)).toMatchObject({ uses: 8 });
    expect(list.find((b: any) => b.id === batchId)).toMatchObject({ uses: 2 });
    expect(await ledgerMismatches(server.database.db)).toEqual([]);
  });

  it('guessing is limited per user', async () => {
    const limited = await startTestServer({ REDEEM_ATTEMPTS_PER_USER_PER_HOUR: '3' });
    try {
      const user = await login(limited.url);
      const api = client(limited.url);
      const codes = [];
      for (let i = 0; i < 5; i++)
        codes.push((await api.post('/redemption-codes/redeem', { code: `GUESS${i}` }, user.accessToken)).body.code);
      expect(codes).toEqual([
        'REDEMPTION_CODE_INVALID',
        'REDEMPTION_CODE_INVALID',
        'REDEMPTION_CODE_INVALID',
        'RATE_LIMITED',
        'RATE_LIMITED',
      ]);
    } finally {
      await limited.close();
    }
  });
});

describe('administration', () => {
  it('adjusts a balance with a reason, shows the ledger, and refuses non-admins with 403', async () => {
    const boss = await admin();
    const user = await login(server.url);
    const api = client(server.url);
    const adjusted = await api.post('/admin/points/adjust', { phone: user.phone, points: -20.5, reason: '测试扣减' }, boss.accessToken);
    expect(adjusted.status).toBe(200);
    expect(adjusted.body.data.balance).toBe(99.5);
    const tooMuch = await api.post('/admin/points/adjust', { phone: user.phone, points: -1000, reason: '超额' }, boss.accessToken);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('扣减的积分超过了用户当前余额');
    const ledger = await api.get(`/admin/points/ledger?phone=${user.phone}`, boss.accessToken);
    expect(ledger.body.data.user.total_points).toBe(99.5);
    expect(ledger.body.data.history.items[0]).toMatchObject({
      type: 'system',
      source: 'admin_adjustment',
      points: -20.5,
      metadata: { description: '测试扣减' },
    });
    for (const [method, path] of [
      ['post', '/admin/points/adjust'],
      ['post', '/admin/redemption-codes'],
      ['get', '/admin/redemption-codes'],
      ['get', `/admin/points/ledger?phone=${user.phone}`],
    ] as const) {
      const res =
        method === 'get'
          ? await api.get(path, user.accessToken)
          : await api.post(path, { phone: user.phone, points: 1000, reason: '自己加' }, user.accessToken);
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe('没有权限访问');
    }
    expect((await api.get('/user/info', user.accessToken)).body.data.total_points).toBe(99.5);
  });
});
