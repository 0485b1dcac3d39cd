import { client, login, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /user/info', () => {
  it('returns the caller’s own user object with two-decimal points', async () => {
    const a = await login(server.url);
    const b = await login(server.url);
    const api = client(server.url);
    const infoA = await api.get('/user/info', a.accessToken);
    expect(infoA.status).toBe(200);
    expect(infoA.body.success).toBe(true);
    expect(infoA.body.data).toMatchObject({ id: a.user.id, phone: a.phone, total_points: 120, role: 'user' });
    expect((await api.get('/user/info', b.accessToken)).body.data.id).toBe(b.user.id);
  });
});

describe('PUT /user/profile', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['username missing', { email: 'a@b.cn' }, '请输入用户名'],
    ['username blank', { username: '   ' }, '请输入用户名'],
    ['email invalid', { username: '张老师', email: 'not-an-email' }, '请输入有效的邮箱地址'],
    ['gender invalid', { username: '张老师', gender: 'unknown' }, '性别只能是男、女或其他'],
    ['username too long', { username: 'x'.repeat(33) }, '用户名不能超过32个字符'],
  ];
  it.each(cases)('rejects %s with the spec message and changes nothing', async (_name, body, message) => {
    const { accessToken } = await login(server.url);
    const api = client(server.url);
    const before = (await api.get('/user/info', accessToken)).body.data;
    const res = await api.put('/user/profile', body, accessToken);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
    expect((await api.get('/user/info', accessToken)).body.data).toEqual(before);
  });

  it('updates username, email, gender and position', async () => {
    const { accessToken, phone } = await login(server.url);
    const api = client(server.url);
    const res = await api.put(
      '/user/profile',
      { username: '王顾问', email: 'wang@example.cn', phone, gender: 'female', position: '资深顾问' },
      accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: '更新成功' });
    expect((await api.get('/user/info', accessToken)).body.data).toMatchObject({
      username: '王顾问',
      email: 'wang@example.cn',
      gender: 'female',
      position: '资深顾问',
    });
    // An empty email clears it.
    await api.put('/user/profile', { username: '王顾问', email: '' }, accessToken);
    expect((await api.get('/user/info', accessToken)).body.data.email).toBeNull();
  });

  it('keeps fields a client leaves out', async () => {
    const { accessToken } = await login(server.url);
    const api = client(server.url);
    await api.put('/user/profile', { username: '赵', email: 'zhao@example.cn', gender: 'male', position: '学生' }, accessToken);
    await api.put('/user/profile', { username: '赵同学' }, accessToken);
    expect((await api.get('/user/info', accessToken)).body.data).toMatchObject({
      username: '赵同学',
      email: 'zhao@example.cn',
      gender: 'male',
      position: '学生',
    });
  });

  it('does not let the profile form change the login phone', async () => {
    const { accessToken } = await login(server.url);
    const res = await client(server.url).put('/user/profile', { username: '李', phone: '13900000000' }, accessToken);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PHONE_IMMUTABLE');
  });

  it('requires a session', async () => {
    const res = await client(server.url).put('/user/profile', { username: '匿名' });
    expect(res.status).toBe(401);
  });
});
