import { desc, eq } from 'drizzle-orm';
import { aiOperations, clientProfiles, works, workVersions } from '../../db/schema';
import { MAX_VERSIONS_PER_WORK, editorDocumentSchema } from '../../contracts/works';
import { recordAiRate, saveGeneratedContent } from '../../server/domain/works/works';
import { client, login, startTestServer, type TestServer } from './harness';
import { personalSpace } from '../../server/domain/orgs/workspace';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let blockSeq = 0;
/** A paragraph block as the editor sends it: props, content items and children. */
const para = (text: string, children: unknown[] = []) => ({
  id: `b${++blockSeq}`,
  type: 'paragraph',
  props: { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' },
  content: [{ type: 'text', text, styles: {} }],
  children,
});
const doc = (...texts: string[]) => ({ blocks: texts.map((t) => para(t)) });

/** Runs an operation with the offline engine (the test server has no model) to its end; its id. */
async function operate(token: string, body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/ai/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(text).toContain('event: done');
  return /"operationId":"([0-9a-f-]{36})"/.exec(text)![1]!;
}
const PS_OPERATION = { operation: 'ps', input: { targetProgram: 'MSc Computer Science', language: 'zh' } };
const TOOL_OPERATION = { operation: 'shorten', input: { selectedText: 'I learnt that careful data work matters.' } };

async function setup() {
  const me = await login(server.url);
  const api = client(server.url);
  const create = (body: Record<string, unknown>) => api.post('/works', body, me.accessToken);
  return { me, api, create };
}

describe('works', () => {
  it('create, read, list with filters, update, delete; counts computed on the server; validation in Chinese', async () => {
    const { me, api, create } = await setup();
    const student = (await api.post('/client-profiles', { name: '王小明' }, me.accessToken)).body.data;

    const list = async (query = '') => (await api.get(`/works${query}`, me.accessToken)).body.data;
    expect((await create({})).body).toMatchObject({ code: 'VALIDATION_ERROR', message: '请输入标题' });
    expect((await create({ title: '  ', type: 'ps', content: doc('x') })).body.message).toBe('请输入标题');
    expect((await create({ title: 'a'.repeat(201), type: 'ps', content: doc('x') })).body.message).toBe('标题不能超过200个字符');
    expect((await create({ title: 'PS', type: 'essay', content: doc('x') })).body.message).toBe('请选择作品类型');
    expect((await create({ title: 'PS', type: 'ps' })).body.message).toBe('请提供作品内容');
    expect(
      (
        await create({
          title: 'PS',
          type: 'ps',
          content: { blocks: [{ id: 'x', type: 'paragraph', props: { textAlignment: 'diagonal' } }] },
        })
      ).body.message,
    ).toBe('文档格式无效');
    expect(
      (await create({ title: 'PS', type: 'ps', content: { blocks: Array.from({ length: 2001 }, () => para('')) } })).body.message,
    ).toBe('段落不能超过2000个');
    expect((await create({ title: 'PS', type: 'ps', content: doc('长'.repeat(100_001), '文'.repeat(100_000)) })).body.message).toBe(
      '正文不能超过200000个字符',
    );
    const nested = (depth: number): ReturnType<typeof para> => (depth === 1 ? para('深') : para('深', [nested(depth - 1)]));
    expect((await create({ title: 'PS', type: 'ps', content: { blocks: [nested(9)] } })).body.message).toBe('嵌套不能超过8层');
    expect((await create({ title: 'PS', type: 'ps', content: { blocks: [nested(8)] } })).body).toMatchObject({ success: true });
    await api.delete(`/works/${(await list('')).items[0].id}`, me.accessToken);
    expect((await create({ title: 'PS', type: 'ps', clientProfileId: 'nope', content: doc('x') })).body.message).toBe('学生档案不存在');

    const created = await create({
      title: ' 王小明的个人陈述 ',
      type: 'ps',
      clientProfileId: student.id,
      content: {
        blocks: [
          para('我热爱金融。', [para('I love finance, truly.')]),
          { id: 'h', type: 'heading', props: { level: 2 }, content: [{ type: 'text', text: '结尾', styles: { bold: true } }] },
        ],
      },
    });
    expect(created.status).toBe(201);
    const work = created.body.data;
    expect(work).toMatchObject({
      title: '王小明的个人陈述',
      type: 'ps',
      clientProfileId: student.id,
      clientName: '王小明',
      plainText: '我热爱金融。\nI love finance, truly.\n结尾',
      // 5 CJK words + 4 latin + 2 CJK; characters without whitespace.
      wordCount: 11,
      charCount: 6 + 19 + 2,
      aiRate: null,
      latestVersion: 1,
    });
    // The stored document is the spec's block format, defaults filled in.
    expect(work.content.blocks[1]).toEqual({
      id: 'h',
      type: 'heading',
      props: { textColor: 'default', backgroundColor: 'default', textAlignment: 'left', level: 2 },
      content: [{ type: 'text', text: '结尾', styles: { bold: true } }],
      children: [],
    });
    expect((await api.get(`/works/${work.id}`, me.accessToken)).body.data).toEqual(work);

    await create({ title: 'Michael CV', type: 'cv', content: doc('Experience at Goldman Sachs') });
    await create({ title: '推荐信', type: 'rl', clientProfileId: student.id, content: doc('李教授推荐') });
    const all = await list('?page=1&pageSize=10');
    expect(all).toMatchObject({ page: 1, pageSize: 10, total: 3 });
    expect(all.items.map((w: { title: string }) => w.title)).toEqual(['推荐信', 'Michael CV', '王小明的个人陈述']);
    expect(all.items[2]).toMatchObject({ excerpt: '我热爱金融。\nI love finance, truly.\n结尾', wordCount: 11, clientName: '王小明' });
    expect(all.items[2].content).toBeUndefined();
    expect((await list('?type=cv')).items.map((w: { title: string }) => w.title)).toEqual(['Michael CV']);
    expect((await list(`?clientProfileId=${student.id}`)).total).toBe(2);
    expect((await list('?query=GOLDMAN')).items.map((w: { title: string }) => w.title)).toEqual(['Michael CV']);
    expect((await list('?query=金融')).total).toBe(1);
    expect((await list('?query=100%25')).total).toBe(0);
    expect((await list('?pageSize=2&page=2')).items).toHaveLength(1);

    // A partial update keeps the rest; unlinking the student is null.
    const renamed = await api.put(`/works/${work.id}`, { title: '新标题', clientProfileId: null }, me.accessToken);
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      title: '新标题',
      type: 'ps',
      clientProfileId: null,
      clientName: null,
      wordCount: 11,
      latestVersion: 1,
    });
    expect((await api.put(`/works/${work.id}`, { type: 'x' }, me.accessToken)).body.message).toBe('请选择作品类型');
    expect((await api.put(`/works/${work.id}`, { title: '' }, me.accessToken)).body.message).toBe('请输入标题');

    expect((await api.delete(`/works/${work.id}`, me.accessToken)).status).toBe(200);
    const gone = await api.get(`/works/${work.id}`, me.accessToken);
    expect(gone.body).toMatchObject({ code: 'NOT_FOUND', message: '作品不存在' });
    expect((await api.delete(`/works/${work.id}`, me.accessToken)).status).toBe(404);
    expect((await api.get('/works/not-a-uuid', me.accessToken)).body).toMatchObject({ code: 'VALIDATION_ERROR', message: '作品不存在' });
  });

  it("a student must be the caller's own; deleting the student keeps the work", async () => {
    const { me, api, create } = await setup();
    const other = await login(server.url);
    const theirs = (await api.post('/client-profiles', { name: '别人的学生' }, other.accessToken)).body.data;
    const refused = await create({ title: 'PS', type: 'ps', clientProfileId: theirs.id, content: doc('x') });
    expect(refused.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: '学生档案不存在' });
    expect((await api.get('/works', me.accessToken)).body.data.total).toBe(0);

    const mine = (await api.post('/client-profiles', { name: '我的学生' }, me.accessToken)).body.data;
    const work = (await create({ title: 'PS', type: 'ps', clientProfileId: mine.id, content: doc('x') })).body.data;
    expect((await api.put(`/works/${work.id}`, { clientProfileId: theirs.id }, me.accessToken)).body.message).toBe('学生档案不存在');
    expect((await api.get(`/works/${work.id}`, me.accessToken)).body.data.clientProfileId).toBe(mine.id);

    expect((await api.delete(`/client-profiles/${mine.id}`, me.accessToken)).status).toBe(200);
    expect((await api.get(`/works/${work.id}`, me.accessToken)).body.data).toMatchObject({
      title: 'PS',
      clientProfileId: null,
      clientName: null,
    });
  });

  it('belong to their owner: another user gets 404 on every route and changes nothing', async () => {
    const { me, api, create } = await setup();
    const other = await login(server.url);
    const work = (await create({ title: '私密作品', type: 'free', content: doc('原文') })).body.data;
    const [v1] = (await api.get(`/works/${work.id}/versions`, me.accessToken)).body.data.items;
    const base = `/works/${work.id}`;
    const refusals = [
      await api.get(base, other.accessToken),
      await api.put(base, { title: '改', content: doc('改') }, other.accessToken),
      await api.delete(base, other.accessToken),
      await api.get(`${base}/versions`, other.accessToken),
      await api.get(`${base}/versions/${v1.id}`, other.accessToken),
      await api.get(`${base}/versions/compare?from=${v1.id}&to=${v1.id}`, other.accessToken),
      await api.post(`${base}/versions/${v1.id}/restore`, {}, other.accessToken),
    ];
    for (const r of refusals) expect(r.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: '作品不存在' });
    expect((await api.get('/works', other.accessToken)).body.data.total).toBe(0);
    expect((await api.get('/ai/global-search?query=私密', other.accessToken)).body.data.list).toEqual([]);
    // Unauthenticated: 401 everywhere.
    for (const r of [
      await api.get('/works'),
      await api.post('/works', { title: 'x' }),
      await api.get(base),
      await api.get(`${base}/versions`),
    ])
      expect(r.status).toBe(401);

    const after = (await api.get(base, me.accessToken)).body.data;
    expect(after).toMatchObject({ title: '私密作品', plainText: '原文', latestVersion: 1 });
    expect((await api.get(`${base}/versions`, me.accessToken)).body.data.items).toHaveLength(1);
  });

  it('versions: create and each content save make one, newest first; view; compare word by word (CJK and English); restore adds a version and keeps all', async () => {
    const { me, api, create } = await setup();
    const work = (await create({ title: '文书', type: 'ps', content: doc('我喜欢数学 and physics.') })).body.data;
    const other = (await create({ title: '另一篇', type: 'free', content: doc('x') })).body.data;
    const base = `/works/${work.id}`;
    const save = (body: Record<string, unknown>) => api.put(base, body, me.accessToken);
    const second = doc('我热爱数学 and chemistry.');
    expect((await save({ content: second })).body.data.latestVersion).toBe(2);
    // The same content again (styles in another key order), or a title alone, is not a new version.
    expect((await save({ content: second })).body.data.latestVersion).toBe(2);
    // Nor is it when only the block ids differ (the page numbers a generation's blocks its own way).
    expect((await save({ content: doc('我热爱数学 and chemistry.') })).body.data.latestVersion).toBe(2);
    const styled = { blocks: [{ ...para('粗斜体'), content: [{ type: 'text', text: '粗斜体', styles: { italic: true, bold: true } }] }] };
    expect((await api.put(`/works/${other.id}`, { content: styled }, me.accessToken)).body.data.latestVersion).toBe(2);
    expect((await api.put(`/works/${other.id}`, { content: styled }, me.accessToken)).body.data.latestVersion).toBe(2);
    expect((await save({ title: '文书（终稿）' })).body.data.latestVersion).toBe(2);
    const third = await save({ content: doc('我热爱数学 and chemistry.', '第二段') });
    expect(third.body.data).toMatchObject({ latestVersion: 3, plainText: '我热爱数学 and chemistry.\n第二段' });

    const versions = (await api.get(`${base}/versions`, me.accessToken)).body.data.items;
    expect(versions.map((v: { number: number; source: string }) => [v.number, v.source])).toEqual([
      [3, 'save'],
      [2, 'save'],
      [1, 'create'],
    ]);
    expect(versions[0]).toMatchObject({ title: '文书（终稿）', wordCount: 10, restoredFrom: null });
    expect(versions[0].content).toBeUndefined();
    const [v3, v2, v1] = versions;

    const one = (await api.get(`${base}/versions/${v1.id}`, me.accessToken)).body.data;
    expect(one).toMatchObject({ id: v1.id, number: 1, source: 'create', plainText: '我喜欢数学 and physics.' });
    expect(one.content.blocks[0].content[0].text).toBe('我喜欢数学 and physics.');

    const compared = (await api.get(`${base}/versions/compare?from=${v1.id}&to=${v3.id}`, me.accessToken)).body.data;
    expect(compared).toMatchObject({ from: { id: v1.id }, to: { id: v3.id }, coarse: false });
    expect(compared.parts).toEqual([
      { type: 'equal', text: '我' },
      { type: 'delete', text: '喜欢' },
      { type: 'insert', text: '热爱' },
      { type: 'equal', text: '数学 and ' },
      { type: 'delete', text: 'physics' },
      { type: 'insert', text: 'chemistry' },
      { type: 'equal', text: '.' },
      { type: 'insert', text: '\n第二段' },
    ]);
    expect((await api.get(`${base}/versions/compare?from=${v2.id}`, me.accessToken)).body.message).toBe('请选择要比较的版本');
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await api.get(`${base}/versions/compare?from=${v2.id}&to=${missing}`, me.accessToken)).body).toMatchObject({
      code: 'NOT_FOUND',
      message: '版本不存在',
    });
    expect((await api.get(`${base}/versions/${missing}`, me.accessToken)).body.message).toBe('版本不存在');

    const restored = await api.post(`${base}/versions/${v1.id}/restore`, {}, me.accessToken);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ title: '文书（终稿）', plainText: '我喜欢数学 and physics.', latestVersion: 4 });
    expect((await api.get(base, me.accessToken)).body.data.plainText).toBe('我喜欢数学 and physics.');
    const after = (await api.get(`${base}/versions`, me.accessToken)).body.data.items;
    expect(after.map((v: { number: number; source: string }) => [v.number, v.source])).toEqual([
      [4, 'restore'],
      [3, 'save'],
      [2, 'save'],
      [1, 'create'],
    ]);
    expect(after[0].restoredFrom).toBe(v1.id);
    // Nothing lost: the version restored away from still reads as it was.
    expect((await api.get(`${base}/versions/${v3.id}`, me.accessToken)).body.data.plainText).toBe('我热爱数学 and chemistry.\n第二段');
    // A version of another work of the same user is not this work's.
    expect((await api.post(`/works/${other.id}/versions/${v1.id}/restore`, {}, me.accessToken)).body.message).toBe('版本不存在');

    // Deleting the work deletes its versions.
    await api.delete(base, me.accessToken);
    expect(await server.database.db.select().from(workVersions).where(eq(workVersions.workId, work.id))).toEqual([]);
  });

  it('join the global search with students, ranked by where they matched then recency', async () => {
    const { me, api, create } = await setup();
    await api.post('/client-profiles', { name: '留学申请学生', data: { currentSchool: '复旦大学' } }, me.accessToken);
    const older = (
      await create({ title: '斯坦福 PS 初稿', type: 'ps', content: doc('开头。我对人工智能的兴趣始于高中的一次机器人比赛。') })
    ).body.data;
    const exact = (await create({ title: '人工智能', type: 'free', content: doc('短文') })).body.data;
    const search = async (query: string) =>
      (await api.get(`/ai/global-search?query=${encodeURIComponent(query)}`, me.accessToken)).body.data;

    const ai = await search('人工智能');
    expect(ai.list.map((r: { id: string }) => r.id)).toEqual([exact.id, older.id]);
    expect(ai.list[0]).toEqual({ id: exact.id, type: 'work', title: '人工智能', content: '短文' });
    expect(ai.list[1].content).toContain('我对人工智能的兴趣');
    // Students and works in one list: a title match before a text match.
    const both = await search('留学');
    expect(both.list).toEqual([{ id: expect.any(String), type: 'client', title: '留学申请学生', content: '复旦大学' }]);
    await create({ title: '留学计划', type: 'free', content: doc('x') });
    expect((await search('留学')).list.map((r: { type: string; title: string }) => [r.type, r.title])).toEqual([
      ['work', '留学计划'],
      ['client', '留学申请学生'],
    ]);
    expect((await search('ROBOT')).list).toEqual([]);
    // Saved text is searchable at once.
    await api.put(`/works/${exact.id}`, { content: doc('A study of Robotics') }, me.accessToken);
    expect((await search('ROBOT')).list.map((r: { id: string }) => r.id)).toEqual([exact.id]);
  });

  it('global search finds documents by a phrase inside any version, as the owner only, titles first (issue 28)', async () => {
    const { me, api, create } = await setup();
    const stranger = await setup();
    const search = async (query: string, token = me.accessToken) =>
      (await api.get(`/ai/global-search?query=${encodeURIComponent(query)}`, token)).body.data;
    const work = (
      await create({ title: '哈佛 PS', type: 'ps', content: doc('第一段。', '那年夏天我在青海支教，也加入了 Robotics Club。') })
    ).body.data;
    // The phrase is saved away: only an earlier version holds it now.
    await api.put(`/works/${work.id}`, { content: doc('第一段。', '全新的第二段。') }, me.accessToken);
    await api.put(`/works/${work.id}`, { content: doc('第一段，改过。', '全新的第二段。') }, me.accessToken);
    // Another user's work with the same phrase, in its current text and in an earlier version.
    const theirs = (await stranger.create({ title: '别人的文书', type: 'ps', content: doc('我在青海支教。') })).body.data;
    await stranger.api.put(`/works/${theirs.id}`, { content: doc('后来也去了 Robotics Club。') }, stranger.me.accessToken);

    const found = await search('青海支教');
    expect(found).toEqual({
      list: [{ id: work.id, type: 'document', title: '哈佛 PS', content: expect.stringContaining('青海支教') }],
      hasMore: false,
    });
    expect((await search('robotics CLUB')).list.map((r: { id: string; type: string }) => [r.type, r.id])).toEqual([['document', work.id]]);
    expect((await search('青海支教', stranger.me.accessToken)).list.map((r: { id: string }) => r.id)).toEqual([theirs.id]);
    // A title match is a work and ranks first; the current text matches as a document too.
    const titled = (await create({ title: '青海支教记', type: 'free', content: doc('x') })).body.data;
    expect((await search('青海支教')).list.map((r: { id: string; type: string }) => [r.type, r.id])).toEqual([
      ['work', titled.id],
      ['document', work.id],
    ]);
    expect((await search('全新的第二段')).list).toEqual([
      { id: work.id, type: 'document', title: '哈佛 PS', content: expect.stringContaining('全新的第二段') },
    ]);
    // Restoring the first version brings the phrase back into the current text: still one result.
    const versions = (await api.get(`/works/${work.id}/versions`, me.accessToken)).body.data.items as { id: string; number: number }[];
    await api.post(`/works/${work.id}/versions/${versions.find((v) => v.number === 1)!.id}/restore`, {}, me.accessToken);
    expect((await search('青海支教')).list).toHaveLength(2);
    expect((await search('全新的第二段')).list.map((r: { id: string }) => r.id)).toEqual([work.id]);
  });

  it('global search pages across name and title matches and the rest: a boundary inside a page or at its edge, ties on updated_at (issue 29)', async () => {
    const { me, api, create } = await setup();
    const stranger = await setup();
    const db = server.database.db;
    // Three instants for fifteen rows: most rows share theirs with others, across both tables and every rank.
    const at = [new Date('2026-03-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z')];
    const rows: { type: string; id: string; rank: number; at: Date }[] = [];
    const student = async (name: string, currentSchool: string, rank: number) => {
      const { id } = (await api.post('/client-profiles', { name, data: { currentSchool } }, me.accessToken)).body.data;
      const row = { type: 'client', id, rank, at: at[rows.length % 3]! };
      await db.update(clientProfiles).set({ updatedAt: row.at }).where(eq(clientProfiles.id, id));
      rows.push(row);
    };
    const work = async (title: string, text: string, type: string, rank: number) => {
      const { id } = (await create({ title, type: 'free', content: doc(text) })).body.data;
      const row = { type, id, rank, at: at[rows.length % 3]! };
      await db.update(works).set({ updatedAt: row.at }).where(eq(works.id, id));
      rows.push(row);
    };
    await student('Orbit', '复旦大学', 0);
    await student('orbit lab', '复旦大学', 1);
    await student('Deep Orbit', '复旦大学', 2);
    await student('Orbital', '复旦大学', 1);
    for (let i = 0; i < 6; i++) await student(`学生${i}`, 'Orbit Academy', 3);
    await work('ORBIT', '正文', 'work', 0);
    await work('Orbit notes', '正文', 'work', 1);
    for (let i = 0; i < 3; i++) await work(`文书${i}`, `about the orbit ${i}`, 'document', 3);
    await work('无关', '正文', 'none', 9);
    // Another user's matches are never on any page.
    await stranger.api.post('/client-profiles', { name: 'Orbit' }, stranger.me.accessToken);
    await stranger.create({ title: 'Orbit', type: 'free', content: doc('orbit') });

    const expected = rows
      .filter((r) => r.type !== 'none')
      .sort((a, b) => a.rank - b.rank || b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => [r.type, r.id]);
    expect(expected).toHaveLength(15);
    // Six name and title matches: with 4 a page the boundary falls inside page 2, with 3 at its edge.
    for (const pageSize of [1, 2, 3, 4, 5, 7, 15, 50]) {
      const seen: string[][] = [];
      for (let page = 1; ; page++) {
        const res = (await api.get(`/ai/global-search?query=ORBIT&page=${page}&pageSize=${pageSize}`, me.accessToken)).body.data;
        seen.push(...res.list.map((r: { type: string; id: string }) => [r.type, r.id]));
        expect(res.hasMore).toBe(seen.length < expected.length);
        if (!res.hasMore) {
          expect((await api.get(`/ai/global-search?query=ORBIT&page=${page + 1}&pageSize=${pageSize}`, me.accessToken)).body.data).toEqual({
            list: [],
            hasMore: false,
          });
          break;
        }
        expect(res.list).toHaveLength(pageSize);
      }
      expect(seen).toEqual(expected);
    }
  });

  it(`keep the newest ${MAX_VERSIONS_PER_WORK} versions of a work`, async () => {
    const { me, api, create } = await setup();
    const work = (await create({ title: '长期修改', type: 'free', content: doc('v1') })).body.data;
    for (let n = 2; n <= MAX_VERSIONS_PER_WORK + 2; n++) await api.put(`/works/${work.id}`, { content: doc(`v${n}`) }, me.accessToken);
    const items = (await api.get(`/works/${work.id}/versions`, me.accessToken)).body.data.items;
    expect(items).toHaveLength(MAX_VERSIONS_PER_WORK);
    expect(items[0]).toMatchObject({ number: MAX_VERSIONS_PER_WORK + 2, source: 'save' });
    expect(items.at(-1)).toMatchObject({ number: 3 });
    expect((await api.get(`/works/${work.id}`, me.accessToken)).body.data).toMatchObject({
      plainText: `v${MAX_VERSIONS_PER_WORK + 2}`,
      latestVersion: MAX_VERSIONS_PER_WORK + 2,
    });
  }, 120_000);

  it("a generation (the engine's call) makes a 'generation' version; the AI rate is recorded; both only for the owner", async () => {
    const { me, api, create } = await setup();
    const other = await login(server.url);
    const work = (await create({ title: '生成稿', type: 'ps', content: doc('') })).body.data;
    const { db } = server.database;
    const operationId = '11111111-1111-4111-8111-111111111111';
    await expect(
      saveGeneratedContent(db, personalSpace(other.user.id), work.id, { content: editorDocumentSchema.parse(doc('偷')) }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(recordAiRate(db, personalSpace(other.user.id), work.id, 50, 'mixed')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const generated = await saveGeneratedContent(db, personalSpace(me.user.id), work.id, {
      content: editorDocumentSchema.parse(doc('生成的第一段 draft')),
      operationId,
    });
    expect(generated).toMatchObject({ plainText: '生成的第一段 draft', wordCount: 7, latestVersion: 2 });
    // Kept as the check showed it (one decimal), with the detector's label.
    await recordAiRate(db, personalSpace(me.user.id), work.id, 37.64, 'human');
    expect((await api.get(`/works/${work.id}`, me.accessToken)).body.data).toMatchObject({
      aiRate: 37.6,
      aiLabel: 'human',
      plainText: '生成的第一段 draft',
    });
    const items = (await api.get(`/works/${work.id}/versions`, me.accessToken)).body.data.items;
    expect(items.map((v: { source: string }) => v.source)).toEqual(['generation', 'create']);
    const [row] = await db.select().from(workVersions).where(eq(workVersions.id, items[0].id));
    expect(row?.operationId).toBe(operationId);
  });

  it("operationIds: a save links the caller's operations to the work, a document generation makes the version a 'generation'; a stranger's, unknown or empty one saves nothing", async () => {
    const { me, api, create } = await setup();
    const other = await login(server.url);
    const { db } = server.database;
    const student = (await api.post('/client-profiles', { name: '王小明' }, me.accessToken)).body.data;
    const generation = await operate(me.accessToken, { ...PS_OPERATION, clientProfileId: student.id });
    const tool = await operate(me.accessToken, TOOL_OPERATION);
    const theirs = await operate(other.accessToken, TOOL_OPERATION);
    const [failed] = await db
      .insert(aiOperations)
      .values({ userId: me.user.id, operation: 'expand', model: 'offline', providerKind: 'offline', status: 'failed' })
      .returning();
    const workOf = async (id: string) =>
      (await api.get(`/ai/operations`, me.accessToken)).body.data.items.find((o: { id: string }) => o.id === id)?.workId;
    const count = async () => (await api.get('/works', me.accessToken)).body.data.total;

    // Refused whole: nothing is created, nothing linked.
    for (const [ids, status, message] of [
      [['9d3c1a43-2a55-4d8e-9a57-0d6a2b0f6a11'], 404, '生成记录不存在'],
      [[tool, theirs], 404, '生成记录不存在'],
      [[failed!.id], 400, '生成记录未产生内容，无法关联到作品'],
      [['nope'], 400, '生成记录不存在'],
    ] as const) {
      const refused = await create({ title: 'PS', type: 'ps', content: doc('正文'), operationIds: ids });
      expect(refused.status, JSON.stringify(refused.body)).toBe(status);
      expect(refused.body.message).toBe(message);
    }
    expect(await count()).toBe(0);
    expect(await workOf(tool)).toBeNull();
    expect(
      (await create({ title: 'PS', type: 'ps', content: doc('x'), operationIds: Array.from({ length: 51 }, () => tool) })).body.message,
    ).toBe('一次最多关联50条生成记录');

    // A selection tool's proposal: linked, the version is an ordinary one.
    const work = (await create({ title: 'PS', type: 'ps', content: doc('正文'), operationIds: [tool, tool] })).body.data;
    expect(await workOf(tool)).toBe(work.id);
    const sources = async () =>
      (await api.get(`/works/${work.id}/versions`, me.accessToken)).body.data.items.map((v: { source: string }) => v.source);
    expect(await sources()).toEqual(['create']);

    // A save holding a stranger's operation changes nothing.
    const stolen = await api.put(`/works/${work.id}`, { content: doc('新正文'), operationIds: [generation, theirs] }, me.accessToken);
    expect(stolen.status).toBe(404);
    expect((await api.get(`/works/${work.id}`, me.accessToken)).body.data).toMatchObject({ plainText: '正文', latestVersion: 1 });
    expect(await workOf(generation)).toBeNull();

    // The document generation: the saved version is a 'generation' carrying its id.
    const saved = await api.put(`/works/${work.id}`, { content: doc('生成的正文'), operationIds: [generation] }, me.accessToken);
    expect(saved.status).toBe(200);
    expect(await sources()).toEqual(['generation', 'create']);
    const [version] = await db
      .select()
      .from(workVersions)
      .where(eq(workVersions.workId, work.id))
      .orderBy(desc(workVersions.number))
      .limit(1);
    expect(version?.operationId).toBe(generation);
    expect(await workOf(generation)).toBe(work.id);

    // Already linked: another work's save keeps the first link (and a PS is no CV's generation).
    const cv = (await create({ title: 'CV', type: 'cv', content: doc('简历'), operationIds: [generation] })).body.data;
    expect(await workOf(generation)).toBe(work.id);
    expect((await api.get(`/works/${cv.id}/versions`, me.accessToken)).body.data.items.map((v: { source: string }) => v.source)).toEqual([
      'create',
    ]);
  }, 60_000);
});
