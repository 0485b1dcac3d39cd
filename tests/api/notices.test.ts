import { dismissalsSchema } from '../../contracts/notifications';
import { eq } from 'drizzle-orm';
import { systemNotifications } from '../../db/schema';
import { setRole } from '../../server/domain/users';
import { client, login, startIsolatedServer, startTestServer, type TestServer } from './harness';
import { authenticateSocket, openSocket } from './socket';

let server: TestServer;
let boss: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  server = await startTestServer();
  boss = await login(server.url);
  await setRole(server.database.db, boss.phone, 'admin');
});
afterAll(() => server.close());

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('system notifications', () => {
  it('a published announcement reaches signed-out sockets at once and the active list; an edit is pushed again', async () => {
    const api = client(server.url);
    const ws = await openSocket(server.url);
    const created = await api.post(
      '/admin/notifications',
      { title: '寒假服务安排', content: '春节期间客服响应时间调整。', type: 'ANNOUNCEMENT', status: 'PUBLISHED', importance: 3 },
      boss.accessToken,
    );
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const pushed = await ws.next((m) => m.type === 'SYSTEM_NOTIFICATION' && m.data.id === id);
    expect(pushed.data).toMatchObject({ title: '寒假服务安排', type: 'ANNOUNCEMENT', importance: 3, need_confirmation: false });
    expect(pushed.meta.timestamp).toEqual(expect.any(Number));

    const active = await api.get<any[]>('/system/notifications/active/list?type=ANNOUNCEMENT');
    expect(active.body.data.find((n) => n.id === id)).toMatchObject({
      title: '寒假服务安排',
      content: '春节期间客服响应时间调整。',
      status: 'PUBLISHED',
      need_confirmation: false,
      start_time: null,
      end_time: null,
      redirect_url: null,
      updateLog: null,
      updated_at: expect.any(String),
    });

    const edited = await api.put(
      `/admin/notifications/${id}`,
      { title: '寒假服务安排（更新）', content: '改为2月1日起。', type: 'ANNOUNCEMENT', status: 'PUBLISHED', importance: 3 },
      boss.accessToken,
    );
    expect(edited.status).toBe(200);
    const again = await ws.next((m) => m.type === 'SYSTEM_NOTIFICATION' && m.data.title === '寒假服务安排（更新）');
    expect(Date.parse(again.data.updated_at)).toBeGreaterThan(Date.parse(pushed.data.updated_at));

    // Ended or deleted, it is announced again, so open pages and the web's cache drop it at once.
    const afterEdit = ws.messages.length;
    const ended = await api.post(`/admin/notifications/${id}/expire`, {}, boss.accessToken);
    expect(ended.status).toBe(200);
    await ws.next((m) => m.type === 'SYSTEM_NOTIFICATION' && m.data.id === id && ws.messages.indexOf(m) >= afterEdit);
    const other = await api.post(
      '/admin/notifications',
      { title: '临时通知', content: '稍后删除。', type: 'INFO', status: 'PUBLISHED' },
      boss.accessToken,
    );
    await ws.next((m) => m.type === 'SYSTEM_NOTIFICATION' && m.data.id === other.body.data.id);
    const afterPublish = ws.messages.length;
    expect((await api.delete(`/admin/notifications/${other.body.data.id}`, boss.accessToken)).status).toBe(200);
    await ws.next((m) => m.type === 'SYSTEM_NOTIFICATION' && m.data.id === other.body.data.id && ws.messages.indexOf(m) >= afterPublish);
    ws.close();
  });

  it('drafts, ended and deleted notices are not active; notices before their start are not shown', async () => {
    const api = client(server.url);
    const make = async (body: Record<string, unknown>) =>
      (await api.post('/admin/notifications', { title: '测试', type: 'INFO', ...body }, boss.accessToken)).body.data.id as string;
    const draft = await make({ status: 'DRAFT' });
    const ended = await make({ status: 'PUBLISHED', start_time: inSeconds(-7200), end_time: inSeconds(-60) });
    const later = await make({ status: 'PUBLISHED', start_time: inSeconds(3600) });
    const deleted = await make({ status: 'PUBLISHED' });
    expect((await api.delete(`/admin/notifications/${deleted}`, boss.accessToken)).status).toBe(200);
    const live = await make({ status: 'PUBLISHED' });
    const ids = (await api.get<any[]>('/system/notifications/active/list')).body.data.map((n) => n.id);
    expect(ids).toContain(live);
    for (const id of [draft, ended, later, deleted]) expect(ids).not.toContain(id);
    // Publishing the draft makes it active.
    await api.post(`/admin/notifications/${draft}/publish`, {}, boss.accessToken);
    expect((await api.get<any[]>('/system/notifications/active/list')).body.data.map((n) => n.id)).toContain(draft);
  });

  it('spec §3 shapes: both spellings of the time fields (out and in), a maintenance countdown, DELETED on delete', async () => {
    const api = client(server.url);
    // Drafts: a published maintenance notice would reach the other files sharing a PostgreSQL database.
    const upcoming = await api.post(
      '/admin/notifications',
      { title: '计划维护', type: 'MAINTENANCE', status: 'DRAFT', startTime: inSeconds(600), endTime: inSeconds(2400) },
      boss.accessToken,
    );
    expect(upcoming.status, JSON.stringify(upcoming.body)).toBe(201);
    const n = upcoming.body.data;
    expect(n.start_time).toEqual(expect.any(String));
    expect(n).toMatchObject({ startTime: n.start_time, endTime: n.end_time, countdown: { totalSeconds: 1800, remainingSeconds: 1800 } });
    expect(Date.parse(n.end_time) - Date.parse(n.start_time)).toBe(1_800_000);
    // Snake case wins where both are sent; the estimate stands in for a missing end.
    const running = await api.post(
      '/admin/notifications',
      {
        title: '维护中',
        type: 'MAINTENANCE',
        status: 'DRAFT',
        start_time: inSeconds(-600),
        startTime: inSeconds(-6000),
        estimatedCompletionTime: inSeconds(1200),
      },
      boss.accessToken,
    );
    const r = running.body.data;
    expect(r.end_time).toBeNull();
    expect(r.countdown.totalSeconds).toBe(1800);
    expect(r.countdown.remainingSeconds).toBeGreaterThan(1190);
    expect(r.countdown.remainingSeconds).toBeLessThanOrEqual(1200);
    expect(Math.abs(Date.parse(r.startTime) - (Date.now() - 600_000))).toBeLessThan(60_000);
    // No window, or not maintenance: no countdown.
    const open = await api.post(
      '/admin/notifications',
      { title: '无结束', type: 'MAINTENANCE', start_time: inSeconds(60) },
      boss.accessToken,
    );
    expect(open.body.data.countdown).toBeNull();
    const info = await api.post(
      '/admin/notifications',
      { title: '普通通知', type: 'INFO', status: 'PUBLISHED', endTime: inSeconds(3600) },
      boss.accessToken,
    );
    expect(info.body.data).toMatchObject({ countdown: null, endTime: info.body.data.end_time });
    expect(info.body.data.end_time).toEqual(expect.any(String));
    const active = await api.get<any[]>('/system/notifications/active/list');
    expect(active.body.data.find((x) => x.id === info.body.data.id)).toMatchObject({ startTime: null, endTime: info.body.data.end_time });

    // Deleting marks the notice DELETED (it leaves every list).
    for (const id of [upcoming.body.data.id, running.body.data.id, open.body.data.id, info.body.data.id]) {
      expect((await api.delete(`/admin/notifications/${id}`, boss.accessToken)).status).toBe(200);
      const [row] = await server.database.db.select().from(systemNotifications).where(eq(systemNotifications.id, id));
      expect(row).toMatchObject({ status: 'DELETED', deletedAt: expect.any(Date) });
    }
    expect((await api.get<any[]>('/system/notifications/active/list')).body.data.map((x) => x.id)).not.toContain(info.body.data.id);
  });

  it('validates input with Chinese messages and refuses non-admins', async () => {
    const api = client(server.url);
    const bad = async (body: Record<string, unknown>) => (await api.post('/admin/notifications', body, boss.accessToken)).body;
    expect(await bad({ type: 'INFO' })).toMatchObject({ code: 'VALIDATION_ERROR', message: '请填写标题' });
    expect(await bad({ title: 'x', type: 'NOPE' })).toMatchObject({ message: '请选择通知类型' });
    expect(await bad({ title: 'x', type: 'MAINTENANCE' })).toMatchObject({ message: '维护通知需要填写开始时间' });
    expect(await bad({ title: 'x', type: 'INFO', start_time: inSeconds(60), end_time: inSeconds(30) })).toMatchObject({
      message: '结束时间必须晚于开始时间',
    });
    expect(await bad({ title: 'x', type: 'INFO', redirect_url: 'javascript:alert(1)' })).toMatchObject({ data: { field: 'redirect_url' } });
    expect(await bad({ title: 'x', type: 'INFO', redirect_url: '//evil.example' })).toMatchObject({ data: { field: 'redirect_url' } });
    const user = await login(server.url);
    const refused = await api.post('/admin/notifications', { title: 'x', type: 'INFO' }, user.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('没有权限访问');
  });
});

describe("a notice's redirect_url (issue 22)", () => {
  /** Links that would leave the site, run script, or hide a second slash behind a control character. */
  const BAD = [
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    // (NUL never gets this far: the JSON body check refuses it, 请求内容包含无效字符.)
    '/\u007f/evil.example',
    '/\u0085/evil.example',
    '/dash/\u2028x',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2F/evil.example',
    '/%5Cevil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    'https:evil.example',
    'https:/evil.example',
    'https://',
    'https://\\evil.example',
    'https://evil.example\t/x',
    'https://site.example@evil.example/',
    'evil.example',
    'dash/faq',
  ];
  const GOOD = ['/dash/faq', '/dash/faq?x=1#top', '/dash/works/%E4%B8%AD', 'https://example.com/a?b=c', 'HTTP://example.com'];

  it.each(BAD)('create and update refuse %j with 400 on redirect_url', async (url) => {
    const api = client(server.url);
    const created = await api.post('/admin/notifications', { title: 'x', type: 'INFO', redirect_url: url }, boss.accessToken);
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { field: 'redirect_url' } });
    const draft = await api.post('/admin/notifications', { title: 'x', type: 'INFO' }, boss.accessToken);
    const updated = await api.put(
      `/admin/notifications/${draft.body.data.id}`,
      { title: 'x', type: 'INFO', redirect_url: url },
      boss.accessToken,
    );
    expect(updated.status).toBe(400);
    expect(updated.body).toMatchObject({ data: { field: 'redirect_url' } });
    expect((await api.get(`/admin/notifications/${draft.body.data.id}`, boss.accessToken)).body.data.redirect_url).toBeNull();
  });

  it('same-site paths and http(s) links are kept as written', async () => {
    const api = client(server.url);
    for (const url of GOOD) {
      const created = await api.post('/admin/notifications', { title: 'x', type: 'INFO', redirect_url: url }, boss.accessToken);
      expect(created.status, url).toBe(201);
      expect(created.body.data.redirect_url).toBe(url);
    }
  });
});

describe('maintenance', () => {
  it('announced, then in force (user writes refused with 503, the admin and sign-in still work), then ended for everyone', async () => {
    // Maintenance is global to a database: its own, so other test files sharing PostgreSQL go on.
    const server = await startIsolatedServer();
    onTestFinished(() => server.close());
    const boss = await login(server.url);
    await setRole(server.database.db, boss.phone, 'admin');
    const api = client(server.url);
    const user = await login(server.url);
    const ws = await openSocket(server.url);
    const upcoming = await api.post(
      '/admin/notifications',
      { title: '系统升级', type: 'MAINTENANCE', status: 'PUBLISHED', start_time: inSeconds(600), estimatedCompletionTime: inSeconds(1800) },
      boss.accessToken,
    );
    const upcomingId = upcoming.body.data.id;
    const announced = await ws.next((m) => m.type === 'MAINTENANCE_NOTIFICATION' && m.data.id === upcomingId);
    // Both spellings of the times on the socket too (spec §3), as over REST.
    expect(announced.data).toMatchObject({
      start_time: upcoming.body.data.start_time,
      startTime: upcoming.body.data.start_time,
      end_time: null,
      endTime: null,
      estimatedCompletionTime: upcoming.body.data.estimatedCompletionTime,
    });
    const listed = await api.get<any[]>('/system/notifications/active/list?type=MAINTENANCE');
    expect(listed.body.data.find((n) => n.id === upcomingId)).toMatchObject({ estimatedCompletionTime: expect.any(String) });
    // Not started: writes go through.
    expect((await api.put('/user/profile', { username: '维护前' }, user.accessToken)).status).toBe(200);

    const now = await api.post(
      '/admin/notifications',
      { title: '紧急维护', type: 'MAINTENANCE', status: 'PUBLISHED', start_time: inSeconds(-1) },
      boss.accessToken,
    );
    const nowId = now.body.data.id;
    await ws.next((m) => m.type === 'SYSTEM_MAINTENANCE' && m.data.id === nowId);
    const refused = await api.put('/user/profile', { username: '维护中' }, user.accessToken);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'MAINTENANCE', message: '系统维护中，暂时无法提交，请稍后再试' });
    expect((await api.get('/user/info', user.accessToken)).status).toBe(200);
    expect((await api.put('/user/profile', { username: '管理员' }, boss.accessToken)).status).toBe(200);
    // Signing in stays open, so the operator can always get in to end it.
    expect((await login(server.url)).accessToken).toEqual(expect.any(String));

    expect((await api.post(`/admin/notifications/${nowId}/expire`, {}, boss.accessToken)).status).toBe(200);
    await ws.next((m) => m.type === 'MAINTENANCE_END_NOTIFICATION' && m.data.id === nowId);
    expect((await api.put('/user/profile', { username: '维护后' }, user.accessToken)).status).toBe(200);
    await api.delete(`/admin/notifications/${upcomingId}`, boss.accessToken);
    await ws.next((m) => m.type === 'MAINTENANCE_END_NOTIFICATION' && m.data.id === upcomingId);

    // Deleting maintenance in force marks it DELETED and ends it like EXPIRED (spec §3, §4).
    const again = await api.post(
      '/admin/notifications',
      { title: '再次维护', type: 'MAINTENANCE', status: 'PUBLISHED', startTime: inSeconds(-1), endTime: inSeconds(600) },
      boss.accessToken,
    );
    const againId = again.body.data.id;
    expect(again.body.data.countdown.totalSeconds).toBe(601);
    await ws.next((m) => m.type === 'SYSTEM_MAINTENANCE' && m.data.id === againId);
    expect((await api.put('/user/profile', { username: '再次维护中' }, user.accessToken)).status).toBe(503);
    expect((await api.delete(`/admin/notifications/${againId}`, boss.accessToken)).status).toBe(200);
    await ws.next((m) => m.type === 'MAINTENANCE_END_NOTIFICATION' && m.data.id === againId);
    const [deleted] = await server.database.db.select().from(systemNotifications).where(eq(systemNotifications.id, againId));
    expect(deleted!.status).toBe('DELETED');
    expect((await api.put('/user/profile', { username: '删除后' }, user.accessToken)).status).toBe(200);
    expect((await api.get<any[]>('/system/notifications/active/list?type=MAINTENANCE')).body.data).toEqual([]);
    ws.close();
  });
});

describe('update logs', () => {
  it('publish, list by type with the spec page shape, detail; drafts stay hidden; markdown is stored as written', async () => {
    const api = client(server.url);
    const content = '## 新功能\n\n- 选校报告导出\n\n<script>alert(1)</script>';
    const created = await api.post(
      '/admin/update-logs',
      {
        version: 'v2.3.0',
        title: '二月更新',
        content,
        update_type: 'FEATURE',
        importance: 2,
        affected_modules: '选校, 作品',
        status: 'PUBLISHED',
      },
      boss.accessToken,
    );
    expect(created.status).toBe(201);
    const log = created.body.data.updateLog;
    expect(log).toMatchObject({
      version: 'v2.3.0',
      update_type: 'FEATURE',
      importance: 2,
      affected_modules: ['选校', '作品'],
      additional_info: { notes: null, affected_modules: ['选校', '作品'] },
      content,
      publish_time: expect.any(String),
    });
    // The spec's additional_info is taken as input too, and every answer carries it (issue 28).
    const nested = await api.post(
      '/admin/update-logs',
      {
        version: 'v2.3.1',
        title: '小更新',
        content: '修复若干问题',
        update_type: 'BUGFIX',
        status: 'PUBLISHED',
        additional_info: { notes: '请刷新页面', affected_modules: ['查AI率'] },
      },
      boss.accessToken,
    );
    expect(nested.status).toBe(201);
    expect(nested.body.data.updateLog).toMatchObject({
      notes: '请刷新页面',
      affected_modules: ['查AI率'],
      additional_info: { notes: '请刷新页面', affected_modules: ['查AI率'] },
    });
    const nestedId = nested.body.data.updateLog.id;
    expect((await api.get(`/system/update-logs/detail/${nestedId}`)).body.data.updateLog.additional_info).toEqual({
      notes: '请刷新页面',
      affected_modules: ['查AI率'],
    });
    const latestNested = (await api.get('/system/update-logs/latest?limit=50')).body.data.updateLogs.find((l: any) => l.id === nestedId);
    expect(latestNested.additional_info).toEqual({ notes: '请刷新页面', affected_modules: ['查AI率'] });
    const draft = await api.post(
      '/admin/update-logs',
      { version: 'v9', title: '草稿', content: 'x', update_type: 'BUGFIX' },
      boss.accessToken,
    );

    const page = await api.get('/system/update-logs/public?page=1&limit=5&update_type=FEATURE');
    expect(page.body.data).toMatchObject({ page: 1, pageSize: 5, total: expect.any(Number), totalPages: expect.any(Number) });
    expect(page.body.data.updateLogs.map((l: any) => l.id)).toContain(log.id);
    expect(page.body.data.updateLogs.every((l: any) => l.update_type === 'FEATURE')).toBe(true);
    const latest = await api.get('/system/update-logs/latest?limit=3');
    expect(latest.body.data.updateLogs.map((l: any) => l.id)).toContain(log.id);
    expect(latest.body.data.updateLogs.map((l: any) => l.id)).not.toContain(draft.body.data.updateLog.id);
    expect((await api.get(`/system/update-logs/detail/${log.id}`)).body.data.updateLog.title).toBe('二月更新');
    expect((await api.get(`/system/update-logs/detail/${draft.body.data.updateLog.id}`)).status).toBe(404);
    expect((await api.get('/system/update-logs/detail/not-a-uuid')).status).toBe(400);

    // An UPDATE notice carries its published log.
    const notice = await api.post(
      '/admin/notifications',
      { title: 'v2.3.0 已上线', type: 'UPDATE', status: 'PUBLISHED', update_log_id: log.id },
      boss.accessToken,
    );
    expect(notice.body.data.updateLog).toMatchObject({ id: log.id, version: 'v2.3.0' });
  });
});

describe('latest update logs and their read state (issue 28)', () => {
  const publish = async (title: string) =>
    (
      await client(server.url).post(
        '/admin/update-logs',
        { version: 'v3.0', title, content: '- 改进', update_type: 'IMPROVEMENT', status: 'PUBLISHED' },
        boss.accessToken,
      )
    ).body.data.updateLog.id as string;

  it('newest first, limit (default 10), cached 5 minutes by its Cache-Control', async () => {
    const api = client(server.url);
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push(await publish(`最近更新 ${i}`));
    const byDefault = await api.get('/system/update-logs/latest');
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.data.updateLogs).toHaveLength(10);
    expect(byDefault.headers.get('cache-control')).toBe('public, max-age=300');
    // Newest first: the last published leads, the first of the eleven is past the tenth place.
    expect(byDefault.body.data.updateLogs[0].id).toBe(ids[10]);
    expect(byDefault.body.data.updateLogs.map((l: any) => l.id)).not.toContain(ids[0]);
    const three = await api.get('/system/update-logs/latest?limit=3');
    expect(three.body.data.updateLogs.map((l: any) => l.id)).toEqual([ids[10], ids[9], ids[8]]);
    // A limit out of range falls back to the default.
    expect((await api.get('/system/update-logs/latest?limit=0')).body.data.updateLogs).toHaveLength(10);
  });

  it('unread until opened, per user; logs published before the account existed count as read', async () => {
    const api = client(server.url);
    const old = await publish('注册前的更新');
    const reader = await login(server.url);
    const other = await login(server.url);
    const fresh = await publish('注册后的更新');
    const draft = (
      await api.post('/admin/update-logs', { version: 'v0', title: '草稿', content: 'x', update_type: 'OTHER' }, boss.accessToken)
    ).body.data.updateLog.id as string;

    const reads = (token: string) => api.get(`/system/update-logs/reads?ids=${old},${fresh}`, token);
    expect((await reads(reader.accessToken)).body.data.readIds).toEqual([old]);
    const marked = await api.post('/system/update-logs/reads', { ids: [fresh] }, reader.accessToken);
    expect(marked.status).toBe(200);
    expect(marked.body.data.readIds).toEqual([fresh]);
    expect([...(await reads(reader.accessToken)).body.data.readIds].sort()).toEqual([old, fresh].sort());
    // Again is harmless; another user's state is their own.
    expect((await api.post('/system/update-logs/reads', { ids: [fresh] }, reader.accessToken)).status).toBe(200);
    expect((await reads(other.accessToken)).body.data.readIds).toEqual([old]);

    expect((await api.post('/system/update-logs/reads', { ids: [draft] }, reader.accessToken)).status).toBe(404);
    const bad = await api.post('/system/update-logs/reads', { ids: ['x'] }, reader.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('更新日志不存在');
    expect((await api.get(`/system/update-logs/reads?ids=${old}`)).status).toBe(401);
  });
});

describe('dismissals kept on the server (issue 28)', () => {
  it('a dismissal holds for the user in every tab until the notice is edited; never for another user', async () => {
    const api = client(server.url);
    const user = await login(server.url);
    const other = await login(server.url);
    const created = await api.post(
      '/admin/notifications',
      { title: '紧急公告', content: '今晚系统升级。', type: 'ANNOUNCEMENT', status: 'PUBLISHED', importance: 3 },
      boss.accessToken,
    );
    const notice = created.body.data;
    // Read through the contract: the answer's shape is checked too.
    const list = async (token: string) =>
      dismissalsSchema.parse((await api.get<{ data: unknown }>('/system/notifications/dismissals', token)).body.data).dismissals;
    expect(await list(user.accessToken)).toEqual([]);

    const dismiss = (body: Record<string, unknown>) => api.post(`/system/notifications/${notice.id}/dismiss`, body, user.accessToken);
    const dismissed = await dismiss({ surface: 'modal', announcementUpdatedAt: notice.updated_at });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.data).toEqual({
      id: notice.id,
      surface: 'modal',
      dismissedAt: expect.any(String),
      announcementUpdatedAt: notice.updated_at,
    });
    // What a new tab (a new page load) reads back; another user has dismissed nothing.
    expect(await list(user.accessToken)).toEqual([dismissed.body.data]);
    expect(await list(other.accessToken)).toEqual([]);
    // The banner is closed on its own.
    expect((await dismiss({ surface: 'banner' })).body.data).toMatchObject({ surface: 'banner', announcementUpdatedAt: notice.updated_at });
    expect((await list(user.accessToken)).map((r) => r.surface).sort()).toEqual(['banner', 'modal']);
    const where = await dismiss({ surface: 'toast' });
    expect(where.status).toBe(400);
    expect(where.body.message).toBe('关闭位置只能是弹窗或横幅');

    // Edited, it is a newer version than the one dismissed (the page shows it again).
    const edited = await api.put(
      `/admin/notifications/${notice.id}`,
      { title: '紧急公告（更新）', type: 'ANNOUNCEMENT', status: 'PUBLISHED', importance: 3 },
      boss.accessToken,
    );
    expect(Date.parse(edited.body.data.updated_at)).toBeGreaterThan(Date.parse((await list(user.accessToken))[0].announcementUpdatedAt));
    // A version from the future is taken as the current one; a stale tab's older version changes nothing.
    const future = await dismiss({ surface: 'modal', announcementUpdatedAt: '2999-01-01T00:00:00Z' });
    expect(future.body.data.announcementUpdatedAt).toBe(edited.body.data.updated_at);
    const stale = await dismiss({ surface: 'modal', announcementUpdatedAt: notice.updated_at });
    expect(stale.body.data.announcementUpdatedAt).toBe(edited.body.data.updated_at);

    // Deleted, its record is no longer listed.
    expect((await api.delete(`/admin/notifications/${notice.id}`, boss.accessToken)).status).toBe(200);
    expect(await list(user.accessToken)).toEqual([]);
  });

  it('refuses maintenance notices, unknown ones and anonymous callers', async () => {
    const api = client(server.url);
    const user = await login(server.url);
    const maintenance = await api.post(
      '/admin/notifications',
      { title: '维护', type: 'MAINTENANCE', status: 'DRAFT', start_time: inSeconds(7200) },
      boss.accessToken,
    );
    const refused = await api.post(`/system/notifications/${maintenance.body.data.id}/dismiss`, { surface: 'modal' }, user.accessToken);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('维护通知不能关闭');
    const unknown = '/system/notifications/00000000-0000-4000-8000-000000000000/dismiss';
    expect((await api.post(unknown, { surface: 'banner' }, user.accessToken)).status).toBe(404);
    expect((await api.post(`/system/notifications/${maintenance.body.data.id}/dismiss`, { surface: 'banner' })).status).toBe(401);
    expect((await api.get('/system/notifications/dismissals')).status).toBe(401);
  });
});

describe('socket protocol', () => {
  it('malformed and unknown messages get ERROR and the socket stays open; order listens need the owner', async () => {
    const ws = await openSocket(server.url);
    ws.socket.send('{not json');
    await ws.next((m) => m.type === 'ERROR' && m.data.code === 'BAD_MESSAGE');
    ws.send('DANCE', {});
    expect((await ws.next((m) => m.type === 'ERROR' && ws.messages.indexOf(m) > 1)).data.code).toBe('BAD_MESSAGE');
    ws.send('PAYMENT_STATUS_LISTEN', { orderNo: 'LX202611230001' });
    await ws.next((m) => m.type === 'ERROR' && m.data.code === 'AUTH_REQUIRED');
    const user = await login(server.url);
    expect((await authenticateSocket(ws, user.accessToken)).data.success).toBe(true);
    ws.send('PAYMENT_STATUS_LISTEN', { orderNo: 'LX202611230001' });
    await ws.next((m) => m.type === 'ERROR' && m.data.code === 'ORDER_NOT_FOUND');
    // An unknown QR code reads as expired (tests/api/wechat-login.test.ts covers live ones).
    ws.send('SCAN_LOGIN_LISTEN', { sceneStr: 'abc' });
    await ws.next((m) => m.type === 'SCAN_LOGIN_STATUS' && m.data.sceneStr === 'abc' && m.data.status === 'expired');
    ws.send('PING');
    await ws.next((m) => m.type === 'PONG');
    expect(ws.socket.readyState).toBe(ws.socket.OPEN);
    ws.close();
  });

  it('a message over 16 KiB closes the socket with 1009 (message too big)', async () => {
    const ws = await openSocket(server.url);
    ws.send('AUTH', { token: 'x'.repeat(17 * 1024) });
    expect((await ws.closed).code).toBe(1009);
  });
});
