import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fake, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai/server';
import { login, startTestServer, type Envelope, type TestServer } from './harness';

/**
 * 新建学生 with a language model configured (issue 10): the model reads the CV, every value it
 * gives must quote the CV, and when it fails the rule-based reader answers instead.
 */
let provider: FakeOpenAI;
let server: TestServer;
beforeAll(async () => {
  provider = await startFakeOpenAI();
  server = await startTestServer({ AI_BASE_URL: provider.url, AI_API_KEY: 'sk-test', AI_MODELS: 'fake-model:测试模型' });
});
afterAll(async () => {
  await server.close();
  await provider.close();
});

const CV = readFileSync(path.resolve('tests/fixtures/cv/src/en-stats.txt'));

async function upload(token: string, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(CV)]), 'en-stats.txt');
  const res = await fetch(`${server.url}/api/v1/ai/auto-cv-detection`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
    signal,
  });
  return { status: res.status, body: (await res.json()) as Envelope<Record<string, any>> };
}

describe('CV reading by the configured model', () => {
  it('uses the model’s fields, and drops every value whose source is not in the CV', async () => {
    const answer = {
      name: { value: 'Michael Zhang', source: 'Michael Zhang' },
      currentSchool: { value: 'University of California, Berkeley', source: 'University of California, Berkeley' },
      // Invented: no such line in the CV.
      gpa: { value: 4.0, scale: 4, source: 'GPA: 4.00/4.00 (rank 1/300)' },
      awards: [{ title: 'Nobel Prize in Economics', source: 'Nobel Prize in Economics, 2024' }],
      tests: [{ type: 'TOEIC', total: 990, sub: {}, source: 'Michael Zhang' }],
    };
    provider.script(fake.stream('```json\n', JSON.stringify(answer).slice(0, 40), JSON.stringify(answer).slice(40), '\n```'));
    const me = await login(server.url);
    const res = await upload(me.accessToken);
    expect(res.status).toBe(200);
    const detected = res.body.data.detected;
    expect(detected.name).toEqual({ value: 'Michael Zhang', source: 'Michael Zhang' });
    expect(detected.currentSchool.value).toBe('University of California, Berkeley');
    expect(detected.gpa).toBeUndefined();
    expect(detected.awards).toEqual([]);
    // A test type the profile does not know costs that item only.
    expect(detected.tests).toEqual([]);
    const request = provider.requests.at(-1)!;
    expect(request.body).toMatchObject({ model: 'fake-model', stream: true });
    expect(JSON.stringify(request.body)).toContain('不得推测或编造');
  });

  it('falls back to the rule-based reader when the model fails or answers no JSON', async () => {
    const me = await login(server.url);
    for (const failure of [fake.status(500, 'boom'), fake.stream('抱歉，我无法处理。')]) {
      provider.script(failure);
      const res = await upload(me.accessToken);
      expect(res.status).toBe(200);
      expect(res.body.data.detected.name.value).toBe('Michael Zhang');
      expect(res.body.data.detected.education.length).toBeGreaterThan(0);
    }
  });

  it('an upload abandoned before the answer stops the model and refunds: nothing is created, nothing is charged (ADR 0035)', async () => {
    const { and, eq } = await import('drizzle-orm');
    const { aiOperations, cvDetections } = await import('../../db/schema');
    const me = await login(server.url);
    const balance = async () =>
      (await fetch(`${server.url}/api/v1/user/info`, { headers: { authorization: `Bearer ${me.accessToken}` } }).then((r) => r.json())).data
        .total_points as number;
    const before = await balance();
    provider.script(fake.steps({ hang: true }));
    const requests = provider.requests.length;
    const controller = new AbortController();
    const pending = upload(me.accessToken, controller.signal);
    // Read, reserved, and the model is reading it: the answer has not been given yet.
    await vi.waitFor(() => expect(provider.requests.length).toBe(requests + 1), { timeout: 15_000, interval: 20 });
    expect(await balance()).toBe(before - 5);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await provider.requests[requests]!.closed;
    const readingOf = () =>
      server.database.db
        .select()
        .from(aiOperations)
        .where(and(eq(aiOperations.userId, me.user.id), eq(aiOperations.operation, 'cv_read')));
    await vi.waitFor(async () => expect((await readingOf())[0]?.status).toBe('cancelled'), { timeout: 15_000, interval: 50 });
    await vi.waitFor(async () => expect(await balance()).toBe(before), { timeout: 5000, interval: 50 });
    expect(await server.database.db.select().from(cvDetections).where(eq(cvDetections.userId, me.user.id))).toEqual([]);
  });
});
