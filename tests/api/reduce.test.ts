import { readFileSync } from 'node:fs';
import { factsOf } from '../../server/ai/reducer/facts';
import { ledgerMismatches } from '../../server/domain/points/ledger';
import { client, login, startTestServer, type TestServer } from './harness';

const AI_ESSAY = readFileSync(new URL('../fixtures/detection/ai-essay-en.txt', import.meta.url), 'utf8');
/** An AI draft whose opening paragraph a student rewrote: labelled AI, not saturated, so a reduction shows. */
const AI_DRAFT = readFileSync(new URL('../fixtures/detection/ai-draft-edited-en.txt', import.meta.url), 'utf8');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Event = { event: string; data: any };

async function reduce(token: string, body: unknown, abortAfter?: string) {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/v1/ai/reduce`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  if (!res.headers.get('content-type')?.includes('text/event-stream'))
    return { status: res.status, json: await res.json(), events: [] as Event[] };
  const events: Event[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(frame)?.[1];
        const data = /^data: (.+)$/m.exec(frame)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
        if (event === abortAfter) controller.abort();
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { status: res.status, json: null, events };
}

const balanceOf = async (token: string) => (await client(server.url).get('/user/info', token)).body.data.total_points as number;

describe('POST /api/v1/ai/reduce (降AI率)', () => {
  it('streams rounds, rewrites and new scores; lowers the rate; keeps every fact; charges once; saves into a work with its new rate', async () => {
    const me = await login(server.url);
    const before = await balanceOf(me.accessToken);
    const text = AI_DRAFT.replace('research projects', 'research projects at Zhejiang University in 2021');
    const { status, events } = await reduce(me.accessToken, { text, protectedTerms: ['Zhejiang University'] });
    expect(status).toBe(200);
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('start');
    expect(events[0]!.data).toMatchObject({ mode: 'balanced' });
    expect(names).toContain('round');
    expect(names).toContain('sentence');
    expect(names).toContain('score');
    expect(names.at(-1)).toBe('done');
    const done = events.at(-1)!.data;
    const result = done.result;
    expect(result.mode).toBe('balanced');
    expect(result.engine).toBe('local');
    expect(result.after.aiRate).toBeLessThan(result.before.aiRate);
    expect(result.changedSentences).toBeGreaterThan(3);
    expect(result.factsChanged).toEqual([]);
    for (const fact of factsOf(text, ['Zhejiang University'])) expect(result.text).toContain(fact);
    // The segments rebuild the original (each sentence's original) and the result (each rewrite).
    const rebuild = (pick: 'original' | 'rewritten') =>
      result.segments
        .map((s: { kind: string; text?: string; original?: string; rewritten?: string }) => (s.kind === 'text' ? s.text : s[pick]))
        .join('');
    expect(rebuild('original')).toBe(text.trim());
    expect(rebuild('rewritten')).toBe(result.text);
    const charged = done.points;
    expect(charged).toBeGreaterThan(0);
    expect(await balanceOf(me.accessToken)).toBeCloseTo(before - charged, 2);

    // Keep the result, rejecting the first rewrite: saved as a new work with its own (free) check.
    const kept = result.segments
      .map((s: any, i: number) =>
        s.kind === 'text'
          ? s.text
          : i === result.segments.findIndex((x: any) => x.kind === 'sentence' && x.original !== x.rewritten)
            ? s.original
            : s.rewritten,
      )
      .join('');
    const api = client(server.url);
    const saved = await api.post(
      `/ai/reduce/${done.reductionId}/save`,
      { text: kept, title: '降AI率后的文书', type: 'ps' },
      me.accessToken,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.aiRate).toBeLessThan(result.before.aiRate);
    const work = (await api.get(`/works/${saved.body.data.workId}`, me.accessToken)).body.data;
    expect(work.plainText).toBe(kept.replace(/\n\s*\n/g, '\n'));
    // The work shows the rate reported at save, as it was (one decimal), with that check's label.
    expect(work.aiRate).toBe(saved.body.data.aiRate);
    expect(work.aiLabel).toBe(saved.body.data.aiLabel);
    expect(['human', 'mixed', 'ai']).toContain(work.aiLabel);
    // The saved text's free check is the work's latest check: the page reading it back agrees.
    const latest = (await api.get(`/ai-rate/${work.id}`, me.accessToken)).body.data;
    expect(latest).toMatchObject({ aiRate: saved.body.data.aiRate, label: saved.body.data.aiLabel, writingId: work.id });
    expect(await balanceOf(me.accessToken)).toBeCloseTo(before - charged, 2);
    // Into an existing work: a new version.
    const again = await api.post(`/ai/reduce/${done.reductionId}/save`, { text: result.text, workId: work.id }, me.accessToken);
    expect(again.status).toBe(200);
    expect((await api.get(`/works/${work.id}/versions`, me.accessToken)).body.data.items).toHaveLength(2);
    // Nobody else can save it.
    const other = await login(server.url);
    expect((await api.post(`/ai/reduce/${done.reductionId}/save`, { text: kept, title: 'x' }, other.accessToken)).status).toBe(404);
    // As a new work without a type (what 降AI率 saves): typed 降AI率, not 自由写作 (issue 28), and listed under it.
    const plain = await api.post(`/ai/reduce/${done.reductionId}/save`, { text: kept, title: '降AI率结果' }, me.accessToken);
    expect(plain.status).toBe(200);
    expect((await api.get(`/works/${plain.body.data.workId}`, me.accessToken)).body.data.type).toBe('reduce');
    const listed = (await api.get('/works?type=reduce', me.accessToken)).body.data;
    expect(listed.items.map((w: any) => w.id)).toEqual([plain.body.data.workId]);
  });

  it('balanced and strong bring the draft under the AI label, light changes least; stronger modes never do worse', async () => {
    const me = await login(server.url);
    const after: Record<string, number> = {};
    for (const mode of ['light', 'balanced', 'strong']) {
      const { events } = await reduce(me.accessToken, { text: AI_DRAFT, mode });
      const result = events.at(-1)!.data.result;
      expect(result.before.label).toBe('ai');
      expect(result.after.aiRate, mode).toBeLessThanOrEqual(result.before.aiRate);
      if (mode !== 'light') expect(result.after.label, mode).not.toBe('ai');
      after[mode] = result.after.aiRate;
    }
    expect(after.strong!).toBeLessThanOrEqual(after.balanced!);
    expect(after.balanced!).toBeLessThanOrEqual(after.light!);
  });

  it('refuses before streaming and charges nothing: too short, bad mode or target, a stranger’s work, too few points', async () => {
    const me = await login(server.url);
    const before = await balanceOf(me.accessToken);
    const short = await reduce(me.accessToken, { text: 'Too short to judge.' });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({ message: '文本过短，无法可靠判断' });
    expect((await reduce(me.accessToken, { text: AI_ESSAY, mode: 'extreme' })).json.message).toBe('请选择降AI率模式');
    expect((await reduce(me.accessToken, { text: AI_ESSAY, target: 0 })).json.message).toBe('目标 AI 率不能低于5');
    const other = await login(server.url);
    const theirs = (await client(server.url).post('/works', { title: 'x', type: 'ps', content: { blocks: [] } }, other.accessToken)).body
      .data;
    expect((await reduce(me.accessToken, { text: AI_ESSAY, workId: theirs.id })).status).toBe(404);
    expect(await balanceOf(me.accessToken)).toBe(before);
    const { reserve } = await import('../../server/domain/points/spending');
    await reserve(server.database.db, {
      userId: me.user.id,
      source: 'ai_check',
      cents: Math.round(before * 100) - 100,
      key: `drain:${me.user.id}`,
    });
    const poor = await reduce(me.accessToken, { text: AI_ESSAY });
    expect(poor.status).toBe(402);
    expect(poor.json.data.shortage.available).toBe(1);
  });

  it('a client that goes away mid-run is refunded', async () => {
    const me = await login(server.url);
    const before = await balanceOf(me.accessToken);
    // A long text, so the run is still going when the client leaves after 'start'.
    const long = [1, 2, 3, 4, 5, 6].map((n) => AI_ESSAY.replace('computer science', `computer science (part ${n})`)).join('\n\n');
    const { events } = await reduce(me.accessToken, { text: long.slice(0, 20_000), mode: 'strong' }, 'start');
    expect(events[0]!.event).toBe('start');
    expect(events.map((e) => e.event)).not.toContain('done');
    const deadline = Date.now() + 5000;
    while ((await balanceOf(me.accessToken)) !== before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await balanceOf(me.accessToken)).toBe(before);
  });

  it('the ledger matches every balance afterwards', async () => {
    expect(await ledgerMismatches(server.database.db)).toEqual([]);
  });
});

describe('降AI率 with a language model', () => {
  it('the model rewrites the chosen sentences (numbered lines back), facts it drops are refused; a provider failure is refunded', async () => {
    const { fake, startFakeOpenAI } = await import('../fixtures/fake-openai/server');
    const provider = await startFakeOpenAI();
    const withModel = await startTestServer({ AI_BASE_URL: provider.url, AI_MODELS: 'fake-model:测试模型' });
    try {
      const me = await login(withModel.url);
      const text = AI_ESSAY.replace('computer science', 'computer science since 2019');
      // Answers whatever it is asked: each numbered sentence back, plainer, with 2019 dropped where it was.
      provider.script(
        fake.stream('1. I care about learning.\n2. Since years ago computer science has shaped my goals.\n3. This is my plan.\n'),
      );
      const balance = async () => (await client(withModel.url).get('/user/info', me.accessToken)).body.data.total_points as number;
      const before = await balance();
      const res = await fetch(`${withModel.url}/api/v1/ai/reduce`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${me.accessToken}` },
        body: JSON.stringify({ text, mode: 'light' }),
      });
      const body = await res.text();
      const done = JSON.parse(/event: done\ndata: (.+)/.exec(body)![1]!);
      expect(done.result.engine).toBe('model');
      expect(done.result.text).toContain('2019');
      expect(done.result.text).toContain('I care about learning.');
      const request = provider.requests.at(-1)!.body as { messages: Array<{ role: string; content: string }> };
      expect(request.messages[0]!.content).toContain('Keep every number, date, score, name');
      expect(request.messages[1]!.content).toMatch(/^Change as little as possible/);
      expect(await balance()).toBeCloseTo(before - done.points, 2);

      provider.script(fake.status(500));
      const failed = await (
        await fetch(`${withModel.url}/api/v1/ai/reduce`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${me.accessToken}` },
          body: JSON.stringify({ text }),
        })
      ).text();
      const error = JSON.parse(/event: error\ndata: (.+)/.exec(failed)![1]!);
      expect(error.message).toBe('AI 服务暂时不可用，请稍后重试，积分已退还');
      expect(await balance()).toBeCloseTo(before - done.points, 2);
    } finally {
      await withModel.close();
      await provider.close();
    }
  });
});
