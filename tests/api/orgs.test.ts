import { setRole } from '../../server/domain/users';
import { client, login, plainDoc, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof login>>;

/** An owner with an organisation, and members who accepted their invitations with these roles. */
async function orgWith(...roles: Array<'owner' | 'consultant' | 'reviewer' | 'student'>) {
  const api = client(server.url);
  const owner = await login(server.url);
  const created = await api.post('/orgs', { name: '  留学工作室  ' }, owner.accessToken);
  expect(created.status).toBe(201);
  expect(created.body.data).toMatchObject({ name: '留学工作室', role: 'owner', memberCount: 1 });
  const orgId: string = created.body.data.id;
  const members: Member[] = [];
  for (const role of roles) {
    const member = await login(server.url);
    const invited = await api.post(`/orgs/${orgId}/invitations`, { phone: member.phone, role }, owner.accessToken);
    expect(invited.status).toBe(201);
    const mine = await api.get('/orgs/invitations', member.accessToken);
    const invitation = mine.body.data.items.find((i: { orgId: string }) => i.orgId === orgId);
    expect(invitation).toMatchObject({ orgName: '留学工作室', role });
    expect((await api.post(`/orgs/invitations/${invitation.id}/accept`, {}, member.accessToken)).status).toBe(200);
    members.push(member);
  }
  return { api, owner, orgId, members };
}

const enter = async (api: ReturnType<typeof client>, who: Member, orgId: string | null) => {
  const res = await api.put('/user/active-org', { orgId }, who.accessToken);
  expect(res.status).toBe(200);
  return res;
};

describe('organisations and members', () => {
  it('an owner invites by phone; the invitee sees it, accepts once, and members see masked numbers', async () => {
    const { api, owner, orgId, members } = await orgWith('consultant');
    const [consultant] = members;
    const list = await api.get(`/orgs/${orgId}/members`, consultant!.accessToken);
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((m: { role: string }) => m.role)).toEqual(['owner', 'consultant']);
    expect(list.body.data.items[0].phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect((await api.get('/orgs', consultant!.accessToken)).body.data.items).toEqual([
      expect.objectContaining({ id: orgId, role: 'consultant', memberCount: 2 }),
    ]);

    // Nothing left to accept, and another number's invitation is nobody else's.
    const stranger = await login(server.url);
    const invited = await api.post(`/orgs/${orgId}/invitations`, { phone: stranger.phone, role: 'reviewer' }, owner.accessToken);
    expect(invited.body.data.phone).toMatch(/\*{4}/);
    const other = await login(server.url);
    const refused = await api.post(`/orgs/invitations/${invited.body.data.id}/accept`, {}, other.accessToken);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('邀请不存在或已失效');
    expect((await api.get('/orgs/invitations', other.accessToken)).body.data.items).toEqual([]);
    expect((await api.get(`/orgs/${orgId}/invitations`, owner.accessToken)).body.data.items).toHaveLength(1);

    // Inviting a member again is refused in Chinese; bad input too.
    const again = await api.post(`/orgs/${orgId}/invitations`, { phone: consultant!.phone, role: 'reviewer' }, owner.accessToken);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('该手机号已是机构成员');
    const badRole = await api.post(`/orgs/${orgId}/invitations`, { phone: stranger.phone, role: 'boss' }, owner.accessToken);
    expect(badRole.body.message).toBe('角色只能是所有者、顾问、审阅或学生');
    expect((await api.post('/orgs', { name: '' }, owner.accessToken)).body.message).toBe('请输入机构名称');
  });

  it('only owners manage members; a non-member is told the organisation does not exist', async () => {
    const { api, owner, orgId, members } = await orgWith('consultant');
    const [consultant] = members;
    const outsider = await login(server.url);
    const asConsultant = await api.post(`/orgs/${orgId}/invitations`, { phone: outsider.phone, role: 'owner' }, consultant!.accessToken);
    expect(asConsultant.status).toBe(403);
    expect(asConsultant.body.message).toBe('只有机构所有者可以管理成员');
    expect((await api.patch(`/orgs/${orgId}/members/${owner.user.id}`, { role: 'student' }, consultant!.accessToken)).status).toBe(403);
    for (const call of [
      api.get(`/orgs/${orgId}/members`, outsider.accessToken),
      api.post(`/orgs/${orgId}/invitations`, { phone: outsider.phone, role: 'owner' }, outsider.accessToken),
      api.patch(`/orgs/${orgId}/members/${consultant!.user.id}`, { role: 'owner' }, outsider.accessToken),
      api.delete(`/orgs/${orgId}/members/${consultant!.user.id}`, outsider.accessToken),
      api.put('/user/active-org', { orgId }, outsider.accessToken),
    ]) {
      const res = await call;
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('机构不存在');
    }
    // The last owner can neither leave nor stop being one; with a second owner, they can.
    expect((await api.delete(`/orgs/${orgId}/members/${owner.user.id}`, owner.accessToken)).body.message).toBe('机构至少需要一位所有者');
    expect((await api.patch(`/orgs/${orgId}/members/${owner.user.id}`, { role: 'consultant' }, owner.accessToken)).status).toBe(409);
    const promoted = await api.patch(`/orgs/${orgId}/members/${consultant!.user.id}`, { role: 'owner' }, owner.accessToken);
    expect(promoted.body.data).toMatchObject({ userId: consultant!.user.id, role: 'owner' });
    expect((await api.delete(`/orgs/${orgId}/members/${owner.user.id}`, owner.accessToken)).body.message).toBe('已退出机构');
    expect((await api.get('/orgs', owner.accessToken)).body.data.items).toEqual([]);
  });

  it('two owners demoting each other at once leave one owner: the second is no longer an owner', async () => {
    const { api, owner, orgId, members } = await orgWith('owner');
    const [second] = members;
    const results = await Promise.all([
      api.patch(`/orgs/${orgId}/members/${second!.user.id}`, { role: 'consultant' }, owner.accessToken),
      api.patch(`/orgs/${orgId}/members/${owner.user.id}`, { role: 'consultant' }, second!.accessToken),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    const roles = (await api.get(`/orgs/${orgId}/members`, owner.accessToken)).body.data.items.map((m: { role: string }) => m.role);
    expect(roles.filter((r: string) => r === 'owner')).toHaveLength(1);
  });
});

describe('the active organisation scopes students, works and records', () => {
  it("members share the organisation's students and works; the personal space and other organisations see none of them", async () => {
    const { api, owner, orgId, members } = await orgWith('consultant');
    const [consultant] = members;
    const info = (await enter(api, consultant!, orgId)).body.data;
    expect(info.activeOrg).toMatchObject({ id: orgId, name: '留学工作室', role: 'consultant' });
    expect((await api.get('/user/info', consultant!.accessToken)).body.data.activeOrg).toMatchObject({ id: orgId, role: 'consultant' });

    const student = await api.post('/client-profiles', { name: '机构学生甲' }, consultant!.accessToken);
    expect(student.status).toBe(201);
    const work = await api.post(
      '/works',
      { title: '机构文书', type: 'ps', content: plainDoc('第一段'), clientProfileId: student.body.data.id },
      consultant!.accessToken,
    );
    expect(work.status).toBe(201);

    // The owner, in the organisation, sees them; in the personal space, not.
    await enter(api, owner, orgId);
    expect((await api.get(`/client-profiles/${student.body.data.id}`, owner.accessToken)).status).toBe(200);
    expect((await api.get('/works', owner.accessToken)).body.data.items.map((w: { id: string }) => w.id)).toEqual([work.body.data.id]);
    expect((await api.get(`/ai/global-search?query=${encodeURIComponent('机构学生')}`, owner.accessToken)).body.data.list).toHaveLength(1);
    await enter(api, owner, null);
    expect((await api.get(`/client-profiles/${student.body.data.id}`, owner.accessToken)).status).toBe(404);
    expect((await api.get('/works', owner.accessToken)).body.data.items).toEqual([]);

    // A member of another organisation is refused every route by id, reading and writing.
    const other = await orgWith();
    await enter(other.api, other.owner, other.orgId);
    const token = other.owner.accessToken;
    const w = work.body.data.id;
    const versions = await api.get(`/works/${w}/versions`, consultant!.accessToken);
    const v = versions.body.data.items[0].id;
    for (const [method, path, body] of [
      ['GET', `/client-profiles/${student.body.data.id}`],
      ['PUT', `/client-profiles/${student.body.data.id}`, { name: 'x' }],
      ['DELETE', `/client-profiles/${student.body.data.id}`],
      ['GET', `/works/${w}`],
      ['PUT', `/works/${w}`, { title: 'x' }],
      ['DELETE', `/works/${w}`],
      ['GET', `/works/${w}/versions`],
      ['GET', `/works/${w}/versions/${v}`],
      ['GET', `/works/${w}/versions/compare?from=${v}&to=${v}`],
      ['POST', `/works/${w}/versions/${v}/restore`, {}],
      ['GET', `/works/${w}/export?format=docx`],
      ['POST', '/works', { title: 'x', type: 'ps', content: plainDoc('x'), clientProfileId: student.body.data.id }],
    ] as const) {
      const res = await fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await api.get('/client-profiles', token)).body.data.items).toEqual([]);
    expect((await api.get(`/ai/global-search?query=${encodeURIComponent('机构')}`, token)).body.data.list).toEqual([]);
    // Still there, unchanged.
    expect((await api.get(`/works/${w}`, consultant!.accessToken)).body.data.title).toBe('机构文书');
  });

  it('a reviewer reads but cannot change; a student member sees none of the archive', async () => {
    const { api, orgId, members } = await orgWith('consultant', 'reviewer', 'student');
    const [consultant, reviewer, student] = members;
    await enter(api, consultant!, orgId);
    const profile = await api.post('/client-profiles', { name: '审阅学生' }, consultant!.accessToken);
    const work = await api.post('/works', { title: '待审文书', type: 'ps', content: plainDoc('原文') }, consultant!.accessToken);

    await enter(api, reviewer!, orgId);
    expect((await api.get(`/works/${work.body.data.id}`, reviewer!.accessToken)).status).toBe(200);
    for (const res of [
      await api.put(`/works/${work.body.data.id}`, { content: plainDoc('审阅改的') }, reviewer!.accessToken),
      await api.post('/client-profiles', { name: '新学生' }, reviewer!.accessToken),
      await api.put(`/client-profiles/${profile.body.data.id}`, { name: '改名' }, reviewer!.accessToken),
      await api.delete(`/works/${work.body.data.id}`, reviewer!.accessToken),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('审阅只能查看和批注，不能修改');
    }
    expect((await api.get(`/works/${work.body.data.id}`, reviewer!.accessToken)).body.data.title).toBe('待审文书');

    await enter(api, student!, orgId);
    const list = await api.get('/client-profiles', student!.accessToken);
    expect(list.status).toBe(403);
    expect(list.body.message).toBe('学生成员只能查看交付给自己的文书');
    expect((await api.get(`/works/${work.body.data.id}`, student!.accessToken)).status).toBe(403);
  });

  it('a removed member is refused at once: their next request is in their personal space', async () => {
    const { api, owner, orgId, members } = await orgWith('consultant');
    const [consultant] = members;
    await enter(api, consultant!, orgId);
    const profile = await api.post('/client-profiles', { name: '留下的学生' }, consultant!.accessToken);
    expect((await api.get(`/client-profiles/${profile.body.data.id}`, consultant!.accessToken)).status).toBe(200);

    expect((await api.delete(`/orgs/${orgId}/members/${consultant!.user.id}`, owner.accessToken)).body.message).toBe('成员已移除');
    expect((await api.get(`/client-profiles/${profile.body.data.id}`, consultant!.accessToken)).status).toBe(404);
    expect((await api.get('/user/info', consultant!.accessToken)).body.data.activeOrg).toBeNull();
    expect((await api.put('/user/active-org', { orgId }, consultant!.accessToken)).status).toBe(404);
    // What they made stays the organisation's.
    await enter(api, owner, orgId);
    expect((await api.get(`/client-profiles/${profile.body.data.id}`, owner.accessToken)).body.data.name).toBe('留下的学生');
  });
});

describe("the operator's organisations page", () => {
  it('lists every organisation with its owners masked and what it holds; only administrators may read it', async () => {
    const { api, orgId, members } = await orgWith('consultant');
    const [consultant] = members;
    await enter(api, consultant!, orgId);
    await api.post('/client-profiles', { name: '统计学生' }, consultant!.accessToken);
    await api.post('/works', { title: '统计作品', type: 'ps', content: plainDoc('x') }, consultant!.accessToken);

    expect((await api.get('/admin/orgs', consultant!.accessToken)).status).toBe(403);
    const admin = await login(server.url);
    await setRole(server.database.db, admin.phone, 'admin');
    const found = await api.get(`/admin/orgs?query=${encodeURIComponent('工作室')}&pageSize=100`, admin.accessToken);
    expect(found.status).toBe(200);
    const row = found.body.data.items.find((o: { id: string }) => o.id === orgId);
    expect(row).toMatchObject({ name: '留学工作室', memberCount: 2, studentCount: 1, workCount: 1 });
    expect(row.owners).toEqual([expect.stringMatching(/^1\d{2}\*{4}\d{4}$/)]);
    // A wildcard in the filter is a character, not a pattern.
    expect((await api.get(`/admin/orgs?query=${encodeURIComponent('%')}`, admin.accessToken)).body.data.items).toEqual([]);
  });
});
