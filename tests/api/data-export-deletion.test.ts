import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import {
  accountDeletions,
  announcementDismissals,
  clientProfiles,
  paymentOrders,
  pointsLedger,
  systemNotifications,
  updateLogReads,
  updateLogs,
  users,
  works,
} from '../../db/schema';
import { purgeDueAccountDeletions } from '../../server/domain/account/deletion';
import { ledgerMismatches } from '../../server/domain/points/ledger';
import { docxText } from '../fixtures/docx';
import { client, login, startTestServer, type TestServer } from './harness';

/**
 * Personal information rights (issue 27, ADR 0055) over HTTP: 下载我的数据 as a zip holding only
 * the caller's data, and account deletion: confirmation, grace period, cancel, purge (called
 * directly with a `now`, as the job runner will), what is kept and that the ledger still balances.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ACCOUNT_DELETION_GRACE_DAYS: '15' });
});
afterAll(() => server.close());

const para = (text: string) => ({
  id: `b${Math.random().toString(36).slice(2)}`,
  type: 'paragraph',
  props: { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' },
  content: [{ type: 'text', text, styles: {} }],
  children: [],
});
const doc = (...texts: string[]) => ({ blocks: texts.map(para) });

/** A user with a student, a work in two versions and a paid order. */
async function populated(tag: string) {
  const me = await login(server.url);
  const api = client(server.url, { token: me.accessToken });
  const student = (await api.post('/client-profiles', { name: `学生${tag}` })).body.data;
  const created = await api.post('/works', {
    title: `文书${tag}`,
    type: 'ps',
    content: doc(`初稿正文${tag}`),
    clientProfileId: student.id,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const work = created.body.data;
  expect((await api.put(`/works/${work.id}`, { content: doc(`终稿正文${tag}`, '第二段') })).body.data.latestVersion).toBe(2);
  // A page view and an identify heartbeat the browser's tracker reported for this account.
  const viewed = await fetch(`${server.url}/api/v1/analytics/events`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${me.accessToken}`,
      'content-type': 'application/json',
      'x-batch-id': `batch-${randomUUID()}`,
      'x-batch-size': '2',
    },
    body: JSON.stringify({
      sessionId: `session-${randomUUID()}`,
      events: [
        {
          type: 'page_view',
          page: '/dash/works',
          pageName: '我的作品',
          role: 'user',
          at: new Date().toISOString(),
          data: { mark: `访问${tag}` },
        },
        { type: 'identify', page: '/dash/works', pageName: '我的作品', role: 'user', at: new Date().toISOString() },
      ],
    }),
  });
  expect(viewed.status, await viewed.clone().text()).toBeLessThan(300);
  return { me, api, student, work };
}

async function download(token: string) {
  const res = await fetch(`${server.url}/api/v1/user/data-export`, { headers: { authorization: `Bearer ${token}` } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('GET /api/v1/user/data-export', () => {
  it('a zip of the caller’s own data: profile, the student, the work with every version as JSON and DOCX; nobody else’s; 3 per hour', async () => {
    const mine = await populated('甲');
    const theirs = await populated('乙');

    const { res, bytes } = await download(mine.me.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('我的数据'));
    const files = unzipSync(bytes);
    const names = Object.keys(files);
    const text = (name: string) => strFromU8(files[name]!);
    const all = names
      .filter((n) => !n.endsWith('.docx'))
      .map(text)
      .join('\n');

    expect(text('README.txt')).toContain('文件说明');
    expect(JSON.parse(text('profile.json'))).toMatchObject({ id: mine.me.user.id, phone: mine.me.phone });
    const studentFile = names.find((n) => n.startsWith('students/'))!;
    expect(JSON.parse(text(studentFile))).toMatchObject({ id: mine.student.id, name: '学生甲' });
    const workJson = JSON.parse(text(names.find((n) => n.startsWith('works/') && n.endsWith('/work.json'))!));
    expect(workJson).toMatchObject({ title: '文书甲', plainText: '终稿正文甲\n第二段' });
    // The documents themselves, as the editor's JSON.
    expect(JSON.stringify(workJson.content)).toContain('终稿正文甲');
    expect(JSON.stringify(workJson.versions[1].content)).toContain('初稿正文甲');
    expect(workJson.versions.map((v: { number: number; plainText: string }) => [v.number, v.plainText])).toEqual([
      [2, '终稿正文甲\n第二段'],
      [1, '初稿正文甲'],
    ]);
    const docx = names.filter((n) => n.endsWith('.docx')).sort();
    expect(docx.map((n) => n.split('/').slice(2).join('/'))).toEqual(['versions/v1.docx', 'versions/v2.docx', '当前版本.docx']);
    expect((await docxText(Buffer.from(files[docx[0]!]!))).join('\n')).toContain('初稿正文甲');
    expect((await docxText(Buffer.from(files[docx[2]!]!))).join('\n')).toContain('终稿正文甲');
    const ledger = JSON.parse(text('points-ledger.json'));
    expect(ledger.length).toBeGreaterThan(0);
    // What the analytics and the notices kept about the account (issue 28) is the account's too.
    expect(JSON.parse(text('analytics-events.json'))).toEqual([
      expect.objectContaining({ type: 'page_view', page: '/dash/works', pageName: '我的作品', data: { mark: '访问甲' } }),
    ]);
    // Heartbeats as one line a day, not one row each.
    const heartbeats = JSON.parse(text('analytics-identify-by-day.json'));
    expect(heartbeats).toEqual([{ day: expect.any(String), count: 1, first: expect.any(String), last: expect.any(String) }]);
    expect(heartbeats[0].day).toBe(new Date(heartbeats[0].first).toISOString().slice(0, 10));
    expect(JSON.parse(text('notice-dismissals.json'))).toEqual([]);
    expect(JSON.parse(text('update-log-reads.json'))).toEqual([]);

    // Nothing of the other account: not its student, work, phone or id.
    for (const foreign of ['学生乙', '文书乙', '正文乙', '访问乙', theirs.me.phone, theirs.me.user.id]) expect(all).not.toContain(foreign);

    // Two more this hour, then 429 in Chinese.
    expect((await download(mine.me.accessToken)).res.status).toBe(200);
    expect((await download(mine.me.accessToken)).res.status).toBe(200);
    const limited = await fetch(`${server.url}/api/v1/user/data-export`, { headers: { authorization: `Bearer ${mine.me.accessToken}` } });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toBe('数据导出每小时最多3次，请稍后再试');
    expect((await fetch(`${server.url}/api/v1/user/data-export`)).status).toBe(401);
  });
});

describe('account deletion', () => {
  it('needs confirm: true; schedules after the grace period; cancel; schedule again; purge only once due', async () => {
    const { me, api, student, work } = await populated('丙');
    const other = await populated('丁');
    const db = server.database.db;

    for (const body of [{}, { confirm: false }, { confirm: 'yes' }]) {
      const refused = await api.post('/user/deletion', body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('请确认注销账户：勾选确认后再提交');
    }
    expect((await api.get('/user/deletion')).body.data).toEqual({ pending: false, requestedAt: null, scheduledFor: null, graceDays: 15 });

    // A recharge waiting for its payment blocks the request (its money would land on an emptied account).
    const [pkg] = (await api.get('/packages')).body.data as { id: string; name: string; price: number }[];
    const order = await api.post('/payment/create-order', { amount: pkg!.price, packageId: pkg!.id, title: pkg!.name, type: 'WECHAT' });
    expect(order.status).toBe(201);
    const blocked = await api.post('/user/deletion', { confirm: true });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe('您有尚未完成的充值订单，请完成支付或取消订单后再申请注销');
    await db.update(paymentOrders).set({ status: 'expired' }).where(eq(paymentOrders.orderNo, order.body.data.orderNo));

    const before = Date.now();
    const scheduled = await api.post('/user/deletion', { confirm: true });
    expect(scheduled.status).toBe(202);
    expect(scheduled.body.message).toMatch(/^已申请注销账户，将于.+执行；在此之前可随时撤销$/);
    const due = new Date(scheduled.body.data.scheduledFor).getTime();
    expect(due - before).toBeGreaterThanOrEqual(15 * 86_400_000 - 1000);
    expect(due - before).toBeLessThan(15 * 86_400_000 + 60_000);
    // Asking twice keeps the first date; the user still signs in and works meanwhile.
    expect((await api.post('/user/deletion', { confirm: true })).body.data.scheduledFor).toBe(scheduled.body.data.scheduledFor);
    expect((await api.get('/user/deletion')).body.data).toMatchObject({ pending: true, scheduledFor: scheduled.body.data.scheduledFor });
    expect((await api.get('/user/info')).status).toBe(200);

    const cancelled = await api.delete('/user/deletion');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('已撤销注销申请');
    expect((await api.get('/user/deletion')).body.data.pending).toBe(false);
    // A cancelled request is never carried out, even long after its date.
    await purgeDueAccountDeletions(db, new Date(due + 86_400_000));
    expect((await api.get(`/client-profiles/${student.id}`)).status).toBe(200);

    const again = await api.post('/user/deletion', { confirm: true });
    expect(again.status).toBe(202);
    const dueAgain = new Date(again.body.data.scheduledFor);

    // A notice they closed and an update log they opened (issue 28).
    const [notice] = await db.insert(systemNotifications).values({ title: '公告', type: 'ANNOUNCEMENT' }).returning();
    const [log] = await db.insert(updateLogs).values({ version: '1', title: '更新', content: 'x', updateType: 'OTHER' }).returning();
    await db
      .insert(announcementDismissals)
      .values({ userId: me.user.id, notificationId: notice!.id, surface: 'modal', announcementUpdatedAt: notice!.updatedAt });
    await db.insert(updateLogReads).values({ userId: me.user.id, updateLogId: log!.id });

    // Before the date: nothing happens.
    expect((await purgeDueAccountDeletions(db, new Date(dueAgain.getTime() - 60_000))).purged).not.toContain(me.user.id);
    expect((await api.get(`/works/${work.id}`)).status).toBe(200);

    const [{ cents: balance }] = await db.select({ cents: users.pointsCents }).from(users).where(eq(users.id, me.user.id));
    expect(balance).toBeGreaterThan(0);
    // Two instances at once: the account is purged exactly once (SKIP LOCKED, re-checked under the lock).
    const runs = await Promise.all([purgeDueAccountDeletions(db, dueAgain), purgeDueAccountDeletions(db, dueAgain)]);
    expect(runs.flatMap((r) => r.purged).filter((id) => id === me.user.id)).toHaveLength(1);
    // Idempotent: a later run (a retry) finds nothing to do for this account.
    expect((await purgeDueAccountDeletions(db, dueAgain)).purged).not.toContain(me.user.id);

    // Signed out everywhere: the old token is refused; the phone signs up afresh as a new account.
    expect((await api.get('/user/info')).status).toBe(401);
    expect((await client(server.url).post('/user/refresh-token', { refreshToken: me.refreshToken })).status).toBe(401);
    const fresh = await login(server.url, me.phone);
    expect(fresh.user.id).not.toBe(me.user.id);
    const freshApi = client(server.url, { token: fresh.accessToken });
    expect((await freshApi.get(`/client-profiles/${student.id}`)).status).toBe(404);
    expect((await freshApi.get(`/works/${work.id}`)).status).toBe(404);

    expect(await db.select().from(clientProfiles).where(eq(clientProfiles.userId, me.user.id))).toEqual([]);
    expect(await db.select().from(works).where(eq(works.userId, me.user.id))).toEqual([]);
    expect(await db.select().from(announcementDismissals).where(eq(announcementDismissals.userId, me.user.id))).toEqual([]);
    expect(await db.select().from(updateLogReads).where(eq(updateLogReads.userId, me.user.id))).toEqual([]);
    const [tomb] = await db.select().from(users).where(eq(users.id, me.user.id));
    expect(tomb).toMatchObject({ phone: null, name: '已注销用户', username: '已注销用户', wechatOpenid: null, pointsCents: 0 });
    expect(tomb!.deletedAt).not.toBeNull();
    // Kept for accounting: the order and every ledger row, the last one forfeiting the balance.
    expect(await db.select().from(paymentOrders).where(eq(paymentOrders.userId, me.user.id))).toHaveLength(1);
    const rows = await db.select().from(pointsLedger).where(eq(pointsLedger.userId, me.user.id));
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.find((r) => r.source === 'account_deletion')).toMatchObject({
      pointsCents: -balance,
      balanceAfterCents: 0,
      description: '账户注销：剩余积分作废',
    });
    const requests = await db.select().from(accountDeletions).where(eq(accountDeletions.userId, me.user.id));
    expect(requests.map((r) => [r.cancelledAt !== null, r.purgedAt !== null]).sort()).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(await ledgerMismatches(db)).toEqual([]);

    // The other account is untouched.
    const otherApi = client(server.url, { token: other.me.accessToken });
    expect((await otherApi.get(`/works/${other.work.id}`)).status).toBe(200);
    expect((await otherApi.get(`/client-profiles/${other.student.id}`)).status).toBe(200);
  });
});
