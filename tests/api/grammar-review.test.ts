import { comparePolish, parseRevision } from '../../contracts/essay-review';
import { grammarOf } from '../../server/ai/grammar/check';
import { fake, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai/server';
import { login, startTestServer, type TestServer } from './harness';

/** ADR 0041 (issue 24): 文书修改 and 文书润色 checked by the grammar engine, with and without a model. */

let offline: TestServer;
let model: TestServer;
let provider: FakeOpenAI;

beforeAll(async () => {
  provider = await startFakeOpenAI();
  [offline, model] = await Promise.all([
    startTestServer(),
    startTestServer({ AI_BASE_URL: provider.url, AI_MODELS: 'fake-model:测试模型', AI_API_KEY: 'sk-test' }),
  ]);
});
afterAll(async () => {
  await Promise.all([offline.close(), model.close()]);
  await provider.close();
});

type Event = { event: string; data: Record<string, any> };
async function generate(server: TestServer, token: string, body: unknown): Promise<{ events: Event[]; text: string; done: Event }> {
  const res = await fetch(`${server.url}/api/v1/ai/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events = (await res.text())
    .split('\n\n')
    .map((frame) => ({ event: /^event: (.+)$/m.exec(frame)?.[1], data: /^data: (.+)$/m.exec(frame)?.[1] }))
    .filter((f) => f.event && f.data)
    .map((f) => ({ event: f.event!, data: JSON.parse(f.data!) }));
  const text = events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');
  return { events, text, done: events.at(-1)! };
}

const errorsIn = async (text: string) => (await grammarOf([text]))![0]!.filter((l) => l.kind !== 'Readability').length;

describe('offline 文书修改 and 文书润色 with the grammar engine', () => {
  it('revision reports "She go to school" with its words, the fix and a true Chinese reason; "a person who" and "often" are left alone', async () => {
    const me = await login(offline.url);
    const essay = 'She go to school every day. I am a person who often reads books about history.';
    const { text, done } = await generate(offline, me.accessToken, { operation: 'revision', input: { essay } });
    expect(done).toMatchObject({ event: 'done', data: { operation: { status: 'succeeded', points: 0 } } });
    const review = parseRevision(text);
    expect(review.suggestions).toContainEqual(
      expect.objectContaining({
        kind: 'edit',
        original: 'She go to',
        replacement: 'She goes to',
        reason: expect.stringMatching(/^第1段第1句：主谓不一致.*「go」建议改为「goes」/),
      }),
    );
    for (const s of review.suggestions) {
      expect(s.original).not.toContain('person who');
      expect(s.replacement).not.toMatch(/person that|frequently/);
      expect(s.reason).not.toContain('模板化');
    }
    expect(review.assessment.find((a) => a.aspect === '语言与语法')!.text).toContain('语法检查引擎发现 1 处语法或拼写问题');
  });

  it('revision reports the tense error "It was there I realise" from issue 24 with the fix and a true Chinese reason', async () => {
    const me = await login(offline.url);
    const essay = 'It was there I realise the value of teamwork. It was there that I realised it again.';
    const { text } = await generate(offline, me.accessToken, { operation: 'revision', input: { essay } });
    const review = parseRevision(text);
    const tense = review.suggestions.filter((s) => s.reason.includes('时态'));
    expect(tense).toEqual([
      expect.objectContaining({
        kind: 'edit',
        original: 'I realise the',
        replacement: 'I realised the',
        reason: expect.stringMatching(/^第1段第1句：时态不一致：「It was there」是过去时的强调句.*「realise」建议改为「realised」/),
      }),
    ]);
    expect(review.assessment.find((a) => a.aspect === '语言与语法')!.text).toContain('语法检查引擎发现 1 处语法或拼写问题');
  });

  it('polish of the Chinese sentence from issue 24 leaves it as it was, says there was nothing safe to do, and charges nothing', async () => {
    const me = await login(offline.url);
    const essay = '作为一名计算机科学的学生，我始终致力于探索这一领域的无限可能，并且希望在研究生阶段继续深造。';
    const { text, done } = await generate(offline, me.accessToken, { operation: 'polish', input: { essay, level: 'medium' } });
    expect(done).toMatchObject({ event: 'done', data: { operation: { status: 'succeeded', points: 0, pointsReserved: 0 } } });
    const comparison = comparePolish(essay, text);
    expect(comparison.changes).toEqual([]);
    expect(comparison.note).toContain('没有找到可以安全改动的地方');
    expect(comparison.note).toContain('本次不扣积分');
  });

  it('polish of Chinese makes only the safe edits: full-width punctuation and a doubled word, every comma kept, no word added', async () => {
    const me = await login(offline.url);
    const essay = '我始终始终致力于探索这一领域,并且希望继续深造。';
    const { text } = await generate(offline, me.accessToken, { operation: 'polish', input: { essay, level: 'deep' } });
    expect(comparePolish(essay, text).changes.map((c) => c.after)).toEqual(['我始终致力于探索这一领域，并且希望继续深造。']);
  });

  it('English polish applies the engine’s fixes, and its output has fewer grammar findings than the input, never more', async () => {
    const me = await login(offline.url);
    const essays = [
      'She go to school every day. Their was a problem with the the data. I recieve the letter.',
      'It was there I realise how policy actually use more money. I am a person who often reads.',
      'In order to learn, I has read a book about an history of Hangzhou.',
    ];
    for (const essay of essays) {
      const { text } = await generate(offline, me.accessToken, { operation: 'polish', input: { essay, level: 'medium' } });
      const polished = comparePolish(essay, text);
      const out = polished.paragraphs.map((p) => p.map((x) => (x.kind === 'same' ? x.text : x.change.after)).join(' ')).join('\n');
      expect(await errorsIn(out)).toBeLessThanOrEqual(await errorsIn(essay));
      if (essay.includes('person who often')) expect(out).toContain('a person who often reads');
      if (essay.includes('It was there')) expect(out).toContain('It was there I realised how');
    }
    const { text } = await generate(offline, me.accessToken, { operation: 'polish', input: { essay: essays[0], level: 'light' } });
    expect(comparePolish(essays[0]!, text).changes.map((c) => c.after)).toEqual([
      'She goes to school every day.',
      'There was a problem with the data.',
      'I receive the letter.',
    ]);
  });
});

describe('a model’s 文书修改 and 文书润色 go through the same checks', () => {
  it('polish: a sentence the model broke or whose number it changed is taken back, counted and said', async () => {
    const me = await login(model.url);
    const essay = 'She goes to school every day. I led a team of 4 students in 2023. I read books.';
    provider.script(fake.stream('She go to school every day. I led a team of five students in 2023. I read many books.'));
    const { done } = await generate(model, me.accessToken, { operation: 'polish', input: { essay, level: 'medium' } });
    expect(done.event).toBe('done');
    expect(done.data.droppedEdits).toBe(2);
    expect(done.data.checkNote).toContain('1 处改动经语法检查发现了原文没有的语法错误');
    expect(done.data.checkNote).toContain('1 处改动会改变原文中的数字、名称或日期');
    const changes = comparePolish(essay, done.data.reviewText).changes;
    expect(changes.map((c) => [c.before, c.after])).toEqual([['I read books.', 'I read many books.']]);
  });

  it('revision: a suggestion that brings in a grammar error is withdrawn as a comment saying why', async () => {
    const me = await login(model.url);
    const essay = 'She goes to school every day. My research was on graph models.';
    provider.script(
      fake.stream(
        [
          '## 总体评价',
          '- 结构：清楚。',
          '## 修改建议',
          '### 建议 1',
          '类型：修改',
          '原文：「She goes to school every day.」',
          '建议：「She go to school every day.」',
          '理由：更简洁。',
          '### 建议 2',
          '类型：修改',
          '原文：「My research was on graph models.」',
          '建议：「My research focused on graph models.」',
          '理由：动词更具体。',
          '## 需要补充的事实',
          '- 无',
        ].join('\n'),
      ),
    );
    const { done } = await generate(model, me.accessToken, { operation: 'revision', input: { essay } });
    expect(done.data.droppedEdits).toBe(1);
    const review = parseRevision(done.data.reviewText);
    expect(review.suggestions.map((s) => [s.kind, s.replacement, s.reason])).toEqual([
      ['comment', '', '此条改法已撤回：改后语法检查发现了原文没有的语法错误。'],
      ['edit', 'My research focused on graph models.', '动词更具体。'],
    ]);
  });
});
