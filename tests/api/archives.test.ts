import { clientProfiles } from '../../db/schema';
import { searchTextOf } from '../../server/domain/archives/profiles';
import { profileDataSchema } from '../../contracts/archives';
import { client, login, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('client profiles', () => {
  it('create by name, read, update sections, list, delete; validation in Chinese', async () => {
    const me = await login(server.url);
    const api = client(server.url);
    expect((await api.post('/client-profiles', {}, me.accessToken)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: '请输入学生昵称',
    });
    expect((await api.post('/client-profiles', { name: '   ' }, me.accessToken)).body.message).toBe('请输入学生昵称');
    const created = await api.post('/client-profiles', { name: '  王小明 ' }, me.accessToken);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: '王小明', cvText: null, data: { tests: [], education: [], skills: [] } });
    const id = created.body.data.id;

    const updated = await api.put(
      `/client-profiles/${id}`,
      {
        data: {
          currentSchool: '华东师范大学',
          major: '金融学',
          degree: '本科',
          gpa: { value: 3.7, scale: 4, rank: '前10%' },
          tests: [{ type: 'TOEFL', total: 105, sub: { R: 28, L: 27, S: 24, W: 26 } }],
          targets: { countries: ['美国', '英国'], majors: ['Financial Engineering'], intake: '2027 Fall' },
        },
      },
      me.accessToken,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data.data).toMatchObject({
      currentSchool: '华东师范大学',
      gpa: { value: 3.7, scale: 4 },
      tests: [{ type: 'TOEFL', total: 105, sub: { R: 28 } }],
    });
    // A partial update keeps the other sections.
    const renamed = await api.put(`/client-profiles/${id}`, { name: '王小明（2027）', data: { notes: '偏好东海岸' } }, me.accessToken);
    expect(renamed.body.data).toMatchObject({ name: '王小明（2027）', data: { currentSchool: '华东师范大学', notes: '偏好东海岸' } });
    // Lists and objects left out are kept too, not reset to their defaults.
    expect(renamed.body.data.data).toMatchObject({
      gpa: { value: 3.7, scale: 4, rank: '前10%' },
      tests: [{ type: 'TOEFL', total: 105 }],
      targets: { countries: ['美国', '英国'], intake: '2027 Fall' },
    });
    const bad = await api.put(`/client-profiles/${id}`, { data: { tests: [{ type: 'HSK', total: 5 }] } }, me.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('请选择考试类型');

    const list = await api.get('/client-profiles?page=1&pageSize=10', me.accessToken);
    expect(list.body.data).toMatchObject({ page: 1, pageSize: 10, total: 1 });
    expect(list.body.data.items[0]).toMatchObject({ id, name: '王小明（2027）', currentSchool: '华东师范大学', major: '金融学' });
    expect((await api.get('/client-profiles?query=华东', me.accessToken)).body.data.total).toBe(1);
    expect((await api.get('/client-profiles?query=复旦', me.accessToken)).body.data.total).toBe(0);

    expect((await api.delete(`/client-profiles/${id}`, me.accessToken)).status).toBe(200);
    expect((await api.get(`/client-profiles/${id}`, me.accessToken)).status).toBe(404);
  });

  it('belong to their owner: nobody else can read, change, list, search or delete them', async () => {
    const owner = await login(server.url);
    const other = await login(server.url);
    const api = client(server.url);
    const { id } = (await api.post('/client-profiles', { name: '李同学', data: { currentSchool: '复旦大学' } }, owner.accessToken)).body
      .data;
    const refusals = [
      await api.get(`/client-profiles/${id}`, other.accessToken),
      await api.put(`/client-profiles/${id}`, { name: '改名' }, other.accessToken),
      await api.delete(`/client-profiles/${id}`, other.accessToken),
    ];
    for (const r of refusals) expect(r.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: '学生档案不存在' });
    expect((await api.get('/client-profiles', other.accessToken)).body.data.total).toBe(0);
    expect((await api.get('/ai/global-search?query=李同学', other.accessToken)).body.data.list).toEqual([]);
    for (const [method, path] of [
      ['get', '/client-profiles'],
      ['get', `/client-profiles/${id}`],
      ['get', '/ai/global-search?query=李'],
    ] as const)
      expect((await api[method](path)).status).toBe(401);
    // Still intact for the owner.
    expect((await api.get(`/client-profiles/${id}`, owner.accessToken)).body.data.name).toBe('李同学');
    expect((await api.get('/client-profiles/not-a-uuid', owner.accessToken)).status).toBe(400);
  });
});

describe('global search', () => {
  it('matches Chinese and English substrings, name matches first, pages with hasMore; a blank query returns nothing', async () => {
    const me = await login(server.url);
    const api = client(server.url);
    const make = (name: string, data: Record<string, unknown> = {}) => api.post('/client-profiles', { name, data }, me.accessToken);
    await make('Alice Zhang', { currentSchool: 'University of Toronto', major: 'Computer Science' });
    await make('张伟', { currentSchool: '浙江大学', major: '计算机科学' });
    await make('Bob', { notes: 'Alice 的同学', targets: { countries: ['加拿大'], majors: [] } });
    const search = async (query: string, page = 1) =>
      (await api.get(`/ai/global-search?query=${encodeURIComponent(query)}&page=${page}&pageSize=10`, me.accessToken)).body.data;
    expect(await search('')).toEqual({ list: [], hasMore: false });
    expect(await search('   ')).toEqual({ list: [], hasMore: false });
    const alice = await search('alice');
    expect(alice.list.map((r: any) => r.title)).toEqual(['Alice Zhang', 'Bob']);
    expect(alice.list[0]).toEqual({
      id: expect.any(String),
      type: 'client',
      title: 'Alice Zhang',
      content: 'University of Toronto · Computer Science',
    });
    expect((await search('浙江')).list.map((r: any) => r.title)).toEqual(['张伟']);
    expect((await search('计算机')).list.map((r: any) => r.title)).toEqual(['张伟']);
    expect((await search('TORONTO')).list.map((r: any) => r.title)).toEqual(['Alice Zhang']);
    expect((await search('100%')).list).toEqual([]);
    for (let i = 0; i < 12; i++) await make(`批量学生${i}`);
    const first = await search('批量');
    expect(first.list).toHaveLength(10);
    expect(first.hasMore).toBe(true);
    const second = await search('批量', 2);
    expect(second.list).toHaveLength(2);
    expect(second.hasMore).toBe(false);
  });

  it('stays fast with 10,000 profiles for one user (trigram index)', async () => {
    const me = await login(server.url);
    const schools = ['清华大学', '北京大学', 'University of Michigan', '复旦大学', 'National University of Singapore', '浙江大学'];
    const majors = ['金融学', 'Computer Science', '电子工程', 'Economics', '法学', 'Mechanical Engineering'];
    const rows = Array.from({ length: 10_000 }, (_, i) => {
      const data = profileDataSchema.parse({ currentSchool: schools[i % 6], major: majors[(i * 7) % 6], notes: `第${i}号学生` });
      const name = i === 7777 ? '欧阳娜娜' : `学生${i}`;
      return { userId: me.user.id, name, data, searchText: searchTextOf(name, data) };
    });
    for (let i = 0; i < rows.length; i += 1000) await server.database.db.insert(clientProfiles).values(rows.slice(i, i + 1000));
    const api = client(server.url);
    const timed = async (query: string) => {
      const started = performance.now();
      const res = await api.get(`/ai/global-search?query=${encodeURIComponent(query)}`, me.accessToken);
      return { ms: performance.now() - started, body: res.body.data };
    };
    await timed('warm');
    const exact = await timed('欧阳娜娜');
    expect(exact.body.list.map((r: any) => r.title)).toEqual(['欧阳娜娜']);
    const broad = await timed('university of');
    expect(broad.body.list).toHaveLength(10);
    expect(broad.body.hasMore).toBe(true);
    const short = await timed('清华');
    expect(short.body.list).toHaveLength(10);
    // Generous for a loaded 2-core machine; typical figures are in `npm run bench`.
    for (const t of [exact, broad, short]) expect(t.ms).toBeLessThan(1500);
  }, 120_000);
});
