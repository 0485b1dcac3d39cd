import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientProfiles, pointsLedger, smsCodes, users } from '../../db/schema';
import { issueMergeTicket, readMergeTicket } from '../../server/domain/auth/account-merge';
import { ledgerMismatches } from '../../server/domain/points/ledger';
import { client, login, randomPhone, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A signed-in account that came from a WeChat login: no phone, an openid and a nickname. */
async function wechatOnlyUser(nickname = '小明的微信') {
  const me = await login(server.url);
  await server.database.db
    .update(users)
    .set({ phone: null, wechatOpenid: `o-test-${randomBytes(6).toString('hex')}`, wechatNickname: nickname })
    .where(eq(users.id, me.user.id));
  return me;
}

/** A fresh code for a phone; an earlier send (its login) is moved past the 60 s wait. */
async function smsCode(phone: string) {
  await server.database.db
    .update(smsCodes)
    .set({ createdAt: new Date(Date.now() - 120_000) })
    .where(eq(smsCodes.phone, phone));
  const sent = await client(server.url).post('/auth/sms/send', { phone });
  expect(sent.status).toBe(200);
  return sent.body.data.devCode as string;
}

const userRow = async (id: string) => (await server.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('a WeChat-only user binds a phone', () => {
  it('a phone nobody uses is bound, and then logs into the same account', async () => {
    const me = await wechatOnlyUser();
    const phone = randomPhone();
    const api = client(server.url);
    const bound = await api.post('/user/phone/bind', { phone, code: await smsCode(phone) }, me.accessToken);
    expect(bound.status).toBe(200);
    expect(bound.body.data).toMatchObject({ id: me.user.id, phone, wechat_nickname: '小明的微信' });
    const code = await smsCode(phone);
    const again = (await api.post('/auth/login/phone', { phone, code })).body.data;
    expect(again.user.id).toBe(me.user.id);
    expect(again.isNewUser).toBe(false);
  });

  it('a wrong code binds nothing', async () => {
    const me = await wechatOnlyUser();
    const phone = randomPhone();
    const code = await smsCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await client(server.url).post('/user/phone/bind', { phone, code: wrong }, me.accessToken);
    expect(res.body).toMatchObject({ success: false, code: 'CODE_INVALID' });
    expect((await userRow(me.user.id)).phone).toBeNull();
  });

  it('a phone account binding a phone again is refused', async () => {
    const me = await login(server.url);
    const phone = randomPhone();
    const res = await client(server.url).post('/user/phone/bind', { phone, code: await smsCode(phone) }, me.accessToken);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('已绑定手机号');
  });
});

describe('binding a phone that has an account of its own merges the two (ADR 0039)', () => {
  it('shows the rule and what moves, changes nothing until confirmed, then loses nothing', async () => {
    const api = client(server.url);
    const phoneAccount = await login(server.url);
    await api.post('/client-profiles', { name: '手机号账号的学生' }, phoneAccount.accessToken);
    const wechat = await wechatOnlyUser('合并用微信');
    await api.post('/client-profiles', { name: '微信账号的学生' }, wechat.accessToken);
    const work = await api.post('/works', { title: '微信账号的作品', type: 'free', content: { blocks: [] } }, wechat.accessToken);
    expect(work.status).toBe(201);
    const before = { phone: await userRow(phoneAccount.user.id), wechat: await userRow(wechat.user.id) };
    expect(before.wechat.pointsCents).toBeGreaterThan(0);

    const asked = await api.post(
      '/user/phone/bind',
      { phone: phoneAccount.phone, code: await smsCode(phoneAccount.phone) },
      wechat.accessToken,
    );
    expect(asked.status).toBe(409);
    expect(asked.body.code).toBe('ACCOUNT_MERGE_REQUIRED');
    const preview = asked.body.data;
    expect(preview.rule).toContain('保留手机号账号');
    expect(preview.wechatAccount).toMatchObject({
      wechatNickname: '合并用微信',
      students: 1,
      works: 1,
      orders: 0,
      points: before.wechat.pointsCents / 100,
    });
    expect(preview.phoneAccount.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    // Nothing moved yet.
    const studentsOf = async (userId: string) =>
      (await server.database.db.select().from(clientProfiles).where(eq(clientProfiles.userId, userId))).length;
    expect(await studentsOf(phoneAccount.user.id)).toBe(1);
    expect((await userRow(phoneAccount.user.id)).pointsCents).toBe(before.phone.pointsCents);

    // Only the user it was given to may confirm it.
    const stolen = await api.post('/user/account-merge', { mergeTicket: preview.mergeTicket }, phoneAccount.accessToken);
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('合并确认已失效，请重新绑定');

    const merged = await api.post('/user/account-merge', { mergeTicket: preview.mergeTicket }, wechat.accessToken);
    expect(merged.status).toBe(200);
    expect(merged.body.data.user).toMatchObject({ id: phoneAccount.user.id, phone: phoneAccount.phone, wechat_nickname: '合并用微信' });
    expect(merged.body.data.user.total_points).toBe((before.phone.pointsCents + before.wechat.pointsCents) / 100);
    const token = merged.body.data.accessToken as string;
    expect(token).toBeTruthy();

    // The closed account's session is gone; the new one is the phone account, with everything.
    expect((await api.get('/user/info', wechat.accessToken)).status).toBe(401);
    expect((await api.get('/user/info', token)).body.data.id).toBe(phoneAccount.user.id);
    const students = await api.get('/client-profiles?page=1&pageSize=50', token);
    expect(JSON.stringify(students.body.data)).toContain('微信账号的学生');
    expect(JSON.stringify(students.body.data)).toContain('手机号账号的学生');
    expect((await api.get(`/works/${work.body.data.id}`, token)).status).toBe(200);
    const closed = await userRow(wechat.user.id);
    expect(closed).toMatchObject({ pointsCents: 0, wechatOpenid: null, mergedIntoUserId: phoneAccount.user.id });
    expect((await userRow(phoneAccount.user.id)).wechatOpenid).toBe(before.wechat.wechatOpenid);
    // The closed account's ledger history is kept, closed by a transfer row; every balance adds up.
    const closedRows = await server.database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, wechat.user.id));
    expect(closedRows.map((r) => r.type)).toContain('transfer');
    expect(closedRows.length).toBeGreaterThan(1);
    expect(await ledgerMismatches(server.database.db)).toEqual([]);

    // The ticket is spent with the merge.
    const replay = await api.post('/user/account-merge', { mergeTicket: preview.mergeTicket }, token);
    expect(replay.status).toBe(400);
  });

  it("moves the WeChat account's organisations: the stronger role stays where both belong, so an organisation keeps its owner", async () => {
    const api = client(server.url);
    const phoneAccount = await login(server.url);
    const wechat = await wechatOnlyUser('机构微信');
    const shared = (await api.post('/orgs', { name: '共同的机构' }, wechat.accessToken)).body.data.id as string;
    const own = (await api.post('/orgs', { name: '微信自己的机构' }, wechat.accessToken)).body.data.id as string;
    await api.post(`/orgs/${shared}/invitations`, { phone: phoneAccount.phone, role: 'consultant' }, wechat.accessToken);
    const invitation = (await api.get('/orgs/invitations', phoneAccount.accessToken)).body.data.items[0];
    expect((await api.post(`/orgs/invitations/${invitation.id}/accept`, {}, phoneAccount.accessToken)).status).toBe(200);

    const asked = await api.post(
      '/user/phone/bind',
      { phone: phoneAccount.phone, code: await smsCode(phoneAccount.phone) },
      wechat.accessToken,
    );
    const merged = await api.post('/user/account-merge', { mergeTicket: asked.body.data.mergeTicket }, wechat.accessToken);
    expect(merged.status).toBe(200);
    const token = merged.body.data.accessToken as string;
    const orgs = (await api.get('/orgs', token)).body.data.items as Array<{ id: string; role: string }>;
    expect(orgs.map((o) => [o.id, o.role]).sort()).toEqual(
      [
        [shared, 'owner'],
        [own, 'owner'],
      ].sort(),
    );
    expect((await api.get(`/orgs/${shared}/members`, token)).body.data.items).toEqual([
      expect.objectContaining({ userId: phoneAccount.user.id, role: 'owner' }),
    ]);
  });

  it('a phone account that already has another WeChat is refused, nothing changes', async () => {
    const api = client(server.url);
    const phoneAccount = await login(server.url);
    await server.database.db
      .update(users)
      .set({ wechatOpenid: `o-other-${randomBytes(6).toString('hex')}` })
      .where(eq(users.id, phoneAccount.user.id));
    const wechat = await wechatOnlyUser();
    const res = await api.post(
      '/user/phone/bind',
      { phone: phoneAccount.phone, code: await smsCode(phoneAccount.phone) },
      wechat.accessToken,
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', message: '该手机号已绑定其他微信，请先在该账号解绑微信后再试' });
    expect((await userRow(wechat.user.id)).mergedIntoUserId).toBeNull();
  });

  it('tickets are signed, for one user, and expire after 10 minutes', () => {
    const secret = 'x'.repeat(32);
    const parties = { phoneAccountId: 'p', wechatAccountId: 'w' };
    const ticket = issueMergeTicket(secret, 'w', parties, 1_000);
    expect(readMergeTicket(secret, 'w', ticket, 2_000)).toEqual(parties);
    expect(() => readMergeTicket(secret, 'p', ticket, 2_000)).toThrow('合并确认已失效');
    expect(() => readMergeTicket(secret, 'w', ticket, 1_000 + 10 * 60_000)).toThrow('合并确认已失效');
    expect(() => readMergeTicket('y'.repeat(32), 'w', ticket, 2_000)).toThrow('合并确认已失效');
    const [payload] = ticket.split('.');
    const forged = `${Buffer.from(Buffer.from(payload!, 'base64url').toString().replace(/^w\.p/, 'w.q')).toString('base64url')}.${ticket.split('.')[1]}`;
    expect(() => readMergeTicket(secret, 'w', forged, 2_000)).toThrow('合并确认已失效');
  });
});
