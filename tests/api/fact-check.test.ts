import { fake, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai/server';
import { client, login, startTestServer, type TestServer } from './harness';

/** POST /api/v1/ai/fact-check (issue 13): a model's inventions found against the student's archive and the form. */

let provider: FakeOpenAI;
let server: TestServer;

beforeAll(async () => {
  provider = await startFakeOpenAI();
  server = await startTestServer({ AI_BASE_URL: provider.url, AI_MODELS: 'fake-model:测试模型', AI_API_KEY: 'sk-test' });
});
afterAll(async () => {
  await server.close();
  await provider.close();
});

const deltasOf = (stream: string) =>
  [...stream.matchAll(/^event: delta\ndata: (.+)$/gm)].map((m) => (JSON.parse(m[1]!) as { text: string }).text).join('');

describe('fact check', () => {
  it('lists the award, score and school the model invented, not the archive facts or the form', async () => {
    const me = await login(server.url);
    const api = client(server.url);
    const created = await api.post('/client-profiles', { name: '事实学生' }, me.accessToken);
    const studentId = created.body.data.id as string;
    const updated = await api.put(
      `/client-profiles/${studentId}`,
      {
        data: {
          education: [{ school: '浙江大学', major: '计算机科学', gpa: { value: 3.7, scale: 4 } }],
          tests: [{ type: 'IELTS', total: 7.5 }],
          research: [{ title: '城市交通流量预测', organization: '浙江大学交通实验室' }],
          awards: [{ title: '全国大学生数学建模竞赛二等奖' }],
        },
      },
      me.accessToken,
    );
    expect(updated.status).toBe(200);

    const invented =
      '# Personal Statement\nAt 浙江大学 I kept a GPA of 3.7/4 and an IELTS 7.5, worked on 城市交通流量预测 and won the 全国大学生数学建模竞赛二等奖. ' +
      'I also received the Gates Cambridge Scholarship, scored GRE 335, and spent a term at Stanford University. ' +
      'I now apply to the University of Edinburgh.';
    provider.script(fake.stream(invented));
    const res = await fetch(`${server.url}/api/v1/ai/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${me.accessToken}` },
      body: JSON.stringify({
        operation: 'ps',
        clientProfileId: studentId,
        input: { targetProgram: 'MSc Data Science', targetSchool: 'University of Edinburgh' },
      }),
    });
    const output = deltasOf(await res.text());
    expect(output).toBe(invented);

    const before = (await api.get('/user/info', me.accessToken)).body.data.total_points as number;
    const check = await api.post(
      '/ai/fact-check',
      { text: output, clientProfileId: studentId, context: ['University of Edinburgh', 'MSc Data Science'] },
      me.accessToken,
    );
    expect(check.status).toBe(200);
    expect(check.body.data.unsupported).toEqual([
      { text: 'Gates Cambridge Scholarship', kind: 'award' },
      { text: 'GRE 335', kind: 'score' },
      { text: 'Stanford University', kind: 'school' },
    ]);
    // Free: no model, no points.
    expect((await api.get('/user/info', me.accessToken)).body.data.total_points).toBe(before);

    // Without the form the target school is not known either.
    const bare = await api.post('/ai/fact-check', { text: output, clientProfileId: studentId }, me.accessToken);
    expect(bare.body.data.unsupported).toContainEqual({ text: 'University of Edinburgh', kind: 'school' });
  });

  it("refuses someone else's student and a body without text", async () => {
    const owner = await login(server.url);
    const other = await login(server.url);
    const api = client(server.url);
    const student = (await api.post('/client-profiles', { name: '别人的学生' }, owner.accessToken)).body.data.id as string;
    const foreign = await api.post('/ai/fact-check', { text: 'GPA 3.9', clientProfileId: student }, other.accessToken);
    expect(foreign.status).toBe(404);
    const empty = await api.post('/ai/fact-check', {}, owner.accessToken);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('请提供需要核查的文本');
    expect((await api.post('/ai/fact-check', { text: 'x' })).status).toBe(401);
  });
});
