import { and, eq } from 'drizzle-orm';
import { aiOperations } from '../../db/schema';
import { setRole } from '../../server/domain/users';
import { fake, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai/server';
import { client, login, randomIp, startTestServer, type TestServer } from './harness';

// 选校 with a language model configured (ADR 0052): the narrative goes through the AI queue, is
// written from the computed list only and fact-checked; a model failure leaves the list standing.

let provider: FakeOpenAI;
let server: TestServer;
const SCHOOL = `Fictional Narrative Univ ${Math.random().toString(36).slice(2, 8)}`;
let programId = '';

beforeAll(async () => {
  provider = await startFakeOpenAI();
  server = await startTestServer({ AI_BASE_URL: provider.url, AI_API_KEY: 'sk-test', AI_MODELS: 'fake-model:测试模型' });
  const boss = await login(server.url);
  await setRole(server.database.db, boss.phone, 'admin');
  const csv = [
    'school,program,degree,country,tuition,tuition_currency,ielts_overall,verified_at,source',
    `${SCHOOL},MSc Told,master,United Kingdom,30000,USD,7.5,2026-09-01,fixture`,
  ].join('\n');
  const form = new FormData();
  form.set('file', new Blob([new TextEncoder().encode(csv)], { type: 'text/csv' }), 'programs.csv');
  const res = await fetch(`${server.url}/api/v1/admin/school-match/programs/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${boss.accessToken}`, 'x-forwarded-for': randomIp() },
    body: form,
  });
  expect(res.status).toBe(200);
  const listed = await client(server.url, { token: boss.accessToken }).get(`/school-match/programs?query=${encodeURIComponent(SCHOOL)}`);
  programId = listed.body.data.items[0].id;
});
afterAll(async () => {
  await server.close();
  await provider.close();
});

const run = (token: string) =>
  client(server.url, { token }).post('/school-match/run', { applicant: { gpa: 85, gpaScale: 100, ielts: 6.5 }, programIds: [programId] });

describe('the 选校 narrative', () => {
  it('is asked of the model through the queue with the list only, and fact-checked against it', async () => {
    provider.script(fake.stream(`${SCHOOL} MSc Told 列为冲刺：雅思 6.5 低于要求 7.5。`, '另可考虑 Stanford University，录取率 95%。'));
    const me = await login(server.url);
    const res = await run(me.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { narrative, summary } = res.body.data;
    expect(narrative.model).toBe('fake-model');
    expect(narrative.text).toContain('Stanford University');
    const flagged = narrative.unsupported.map((u: { text: string }) => u.text);
    expect(flagged.join(' ')).toContain('Stanford');
    expect(flagged.join(' ')).not.toContain(SCHOOL);
    expect(flagged).not.toContain('7.5');
    const prompt = JSON.stringify(provider.requests.at(-1)!.body);
    expect(prompt).toContain(summary[0].lines[0].slice(0, 30));
    expect(prompt).toContain('不得出现其中没有的学校');
    const [op] = await server.database.db
      .select()
      .from(aiOperations)
      .where(and(eq(aiOperations.userId, me.user.id), eq(aiOperations.operation, 'school_match')));
    expect(op).toMatchObject({ usesModel: true, model: 'fake-model', status: 'succeeded', pointsChargedCents: 500 });
    expect(
      (await client(server.url, { token: me.accessToken }).get(`/school-match/results/${res.body.data.id}`)).body.data.narrative,
    ).toEqual(narrative);
  });

  it('a model failure leaves the computed list without a narrative', async () => {
    provider.script({ kind: 'status', status: 500, message: 'boom' });
    const me = await login(server.url);
    const res = await run(me.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.narrative).toBeNull();
    expect(res.body.data.items).toHaveLength(1);
    expect(res.body.data.summary.flatMap((b: { lines: string[] }) => b.lines)).toHaveLength(1);
  });
});
