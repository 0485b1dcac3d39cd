import { ledgerMismatches } from '../../server/domain/points/ledger';
import { fake, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai/server';
import { adjustPoints } from '../../server/domain/points/adjustments';
import { updatePrices } from '../../server/domain/points/prices';
import { CONTINUE_INSTRUCTION } from '../../server/ai/prompts/shared';
import { client, login, startIsolatedServer, startTestServer, type TestServer, startSecondApiProcess } from './harness';

type SseEvent = { event: string; data: Record<string, unknown>; at: number };
type OperationView = { id: string; status: string; points: number; outputChars: number; workId: string | null };

let provider: FakeOpenAI;
let server: TestServer;
const aiEnv = (url: string): Record<string, string> => ({ AI_BASE_URL: url, AI_MODELS: 'fake-model:测试模型', AI_API_KEY: 'sk-test' });

beforeAll(async () => {
  provider = await startFakeOpenAI();
  server = await startTestServer(aiEnv(provider.url));
});
afterAll(async () => {
  await server.close();
  await provider.close();
});

const FREE = { operation: 'free', input: { topic: '我的一次志愿者经历', wordLimit: 300 } };
const balance = async (s: TestServer, token: string) => (await client(s.url).get('/user/info', token)).body.data.total_points as number;

/**
 * POSTs /ai/generate and reads the event stream as it arrives, stamping each event with the time
 * it reached the client. `onEvent` may act mid-stream (cancel, abort).
 */
async function generate(
  s: TestServer,
  token: string,
  body: unknown,
  options: { signal?: AbortSignal; onEvent?: (e: SseEvent) => void } = {},
): Promise<{ status: number; events: SseEvent[]; json?: Record<string, unknown>; startedAt: number }> {
  const startedAt = performance.now();
  const res = await fetch(`${s.url}/api/v1/ai/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { status: res.status, events: [], json: (await res.json()) as Record<string, unknown>, startedAt };
  }
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (!event || !data) continue;
        const parsed: SseEvent = { event, data: JSON.parse(data) as Record<string, unknown>, at: performance.now() };
        events.push(parsed);
        options.onEvent?.(parsed);
      }
    }
  } catch (error) {
    if (!options.signal?.aborted) throw error;
  }
  return { status: res.status, events, startedAt };
}

const last = (events: SseEvent[]) => events[events.length - 1]!;
const waitFor = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
};
const deltaText = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');
type HistoryItem = { type: string; source: string; status: string; points: number; metadata: Record<string, unknown> };
const historyOf = async (s: TestServer, token: string) =>
  (await client(s.url).get('/user/points-history?pageSize=50', token)).body.data.items as HistoryItem[];
const operationsOf = async (s: TestServer, token: string, query = '') =>
  (await client(s.url).get(`/ai/operations${query}`, token)).body.data as { items: OperationView[]; total: number };

describe('POST /api/v1/ai/generate', () => {
  it('streams the first delta before the provider finishes, settles the price and saves into the work', async () => {
    const me = await login(server.url);
    const before = await balance(server, me.accessToken);
    const work = await client(server.url).post('/works', { title: '志愿者', type: 'free', content: { blocks: [] } }, me.accessToken);
    expect(work.status, JSON.stringify(work.body)).toBe(201);
    provider.script(
      fake.steps({ delta: '# 标题\n第一段。' }, { wait: 800 }, { delta: '\n- 第二段。' }, { finish: 'stop' }, { done: true }),
    );
    const result = await generate(server, me.accessToken, { ...FREE, workId: work.body.data.id });
    expect(result.status).toBe(200);
    const names = result.events.map((e) => e.event);
    expect(names[0]).toBe('start');
    expect(result.events[0]!.data).toMatchObject({ pointsReserved: 5 });
    const deltas = result.events.filter((e) => e.event === 'delta');
    expect(deltas.map((d) => d.data.text).join('')).toBe('# 标题\n第一段。\n- 第二段。');
    // The fake holds chunk 2 for 800 ms: chunk 1 must have arrived well before it.
    const gap = deltas[1]!.at - deltas[0]!.at;
    expect(gap).toBeGreaterThan(600);
    const done = last(result.events);
    expect(done.event).toBe('done');
    expect(done.data.operation).toMatchObject({ status: 'succeeded', points: 5, outputChars: '# 标题\n第一段。\n- 第二段。'.length });
    expect(await balance(server, me.accessToken)).toBe(before - 5);
    const versions = await client(server.url).get(`/works/${work.body.data.id}/versions`, me.accessToken);
    expect(versions.body.data.items[0]).toMatchObject({ source: 'generation' });
    const saved = await client(server.url).get(`/works/${work.body.data.id}`, me.accessToken);
    // The answer's light markdown becomes the editor's blocks.
    expect(saved.body.data.content.blocks.map((b: { type: string }) => b.type)).toEqual(['heading', 'paragraph', 'bulletListItem']);
    expect(saved.body.data.plainText).not.toContain('#');
    const list = await operationsOf(server, me.accessToken);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ status: 'succeeded', points: 5, workId: work.body.data.id });
  });

  it.each([
    ['provider 500', fake.status(500), 'UPSTREAM', 'AI 服务暂时不可用，请稍后重试'],
    ['provider 401', fake.status(401), 'UNAUTHORIZED', 'AI 服务认证失败，请联系管理员'],
    ['a stream cut midway', fake.steps({ delta: '开头' }, { cut: true }), 'BAD_STREAM', 'AI 返回的内容不完整，请重试'],
  ])('%s: an error event in Chinese, the points refunded', async (_name, response, code, message) => {
    const me = await login(server.url);
    const before = await balance(server, me.accessToken);
    provider.script(response);
    const result = await generate(server, me.accessToken, FREE);
    expect(last(result.events)).toMatchObject({ event: 'error', data: { code, message, pointsRefunded: 5 } });
    expect(await balance(server, me.accessToken)).toBe(before);
    expect((await operationsOf(server, me.accessToken)).items[0]).toMatchObject({ status: 'failed', points: 0 });
  });

  it('a hung provider times out with a refund', async () => {
    const short = await startIsolatedServer({ ...aiEnv(provider.url), AI_TIMEOUT_MS: '1500' });
    try {
      const me = await login(short.url);
      const before = await balance(short, me.accessToken);
      provider.script(fake.steps({ delta: '开头' }, { hang: true }));
      const result = await generate(short, me.accessToken, FREE);
      expect(last(result.events)).toMatchObject({ event: 'error', data: { code: 'TIMEOUT', message: 'AI 服务响应超时，请稍后重试' } });
      expect(await balance(short, me.accessToken)).toBe(before);
      expect(provider.requests[provider.requests.length - 1]!.aborted).toBe(true);
    } finally {
      await short.close();
    }
  }, 60_000);

  it('the cancel endpoint aborts the provider request and charges what was delivered (ADR 0035); nobody else can cancel or list it', async () => {
    const me = await login(server.url);
    const other = await login(server.url);
    const before = await balance(server, me.accessToken);
    provider.script(fake.steps({ delta: '开头' }, { hang: true }));
    const requestsBefore = provider.requests.length;
    let operationId = '';
    const statuses: number[] = [];
    const result = await generate(server, me.accessToken, FREE, {
      onEvent: (e) => {
        if (e.event === 'start') operationId = e.data.operationId as string;
        if (e.event === 'delta') {
          void (async () => {
            const theirs = await client(server.url).post(`/ai/operations/${operationId}/cancel`, {}, other.accessToken);
            statuses.push(theirs.status);
            const mine = await client(server.url).post(`/ai/operations/${operationId}/cancel`, {}, me.accessToken);
            statuses.push(mine.status);
          })();
        }
      },
    });
    expect(statuses).toEqual([404, 200]);
    // Output had started: the flat price is owed, nothing comes back.
    expect(last(result.events)).toMatchObject({ event: 'error', data: { code: 'CANCELLED', pointsRefunded: 0 } });
    const upstream = provider.requests[requestsBefore]!;
    await upstream.closed;
    expect(upstream.aborted).toBe(true);
    expect(await balance(server, me.accessToken)).toBe(before - 5);
    expect((await operationsOf(server, me.accessToken)).items[0]).toMatchObject({ id: operationId, status: 'cancelled' });
    expect((await operationsOf(server, other.accessToken)).total).toBe(0);
  });

  it('the client closing the stream aborts the provider request and pays for what it received', async () => {
    const me = await login(server.url);
    const before = await balance(server, me.accessToken);
    provider.script(fake.steps({ delta: '开头' }, { hang: true }));
    const requestsBefore = provider.requests.length;
    const abort = new AbortController();
    await generate(server, me.accessToken, FREE, { signal: abort.signal, onEvent: (e) => e.event === 'delta' && abort.abort() });
    const upstream = provider.requests[requestsBefore]!;
    await upstream.closed;
    expect(upstream.aborted).toBe(true);
    await waitFor(async () => (await operationsOf(server, me.accessToken)).items[0]?.points === 5);
    expect((await operationsOf(server, me.accessToken)).items[0]).toMatchObject({ status: 'cancelled', outputChars: 2 });
    await waitFor(async () => (await balance(server, me.accessToken)) === before - 5);
  });

  it('a request past the queue is refused with 429 and the real number waiting; queued operations start in order', async () => {
    // One user fills the queue here; the per-user cap has its own test.
    const small = await startIsolatedServer({
      ...aiEnv(provider.url),
      AI_MAX_CONCURRENT: '1',
      AI_MAX_QUEUE: '2',
      AI_MAX_QUEUED_PER_USER: '10',
    });
    try {
      const me = await login(small.url);
      provider.script(fake.steps({ delta: '开头' }, { hang: true }));
      const first: { id?: string } = {};
      const firstDone = generate(small, me.accessToken, FREE, {
        onEvent: (e) => e.event === 'start' && (first.id = e.data.operationId as string),
      });
      await waitFor(() => Boolean(first.id));
      await waitFor(async () => (await operationsOf(small, me.accessToken, '?status=running')).total === 1);
      /** An operation started in the background, with its id once started and whether it runs. */
      const run = () => {
        const op: { id?: string; running?: boolean; done?: Promise<unknown> } = {};
        op.done = generate(small, me.accessToken, FREE, {
          onEvent: (e) => {
            if (e.event === 'start') op.id = e.data.operationId as string;
            if (e.event === 'running') op.running = true;
          },
        });
        return op;
      };
      const second = run();
      await waitFor(async () => (await operationsOf(small, me.accessToken, '?status=queued')).total === 1);
      const later = run();
      await waitFor(async () => (await operationsOf(small, me.accessToken, '?status=queued')).total === 2);
      const refused = await generate(small, me.accessToken, FREE);
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({ code: 'SERVER_BUSY', message: '你前面还有2人在排队，请稍后再试' });
      expect(second.running).toBeUndefined();
      // The first finishing frees the slot for the second, then the second's for the later one.
      await client(small.url).post(`/ai/operations/${first.id}/cancel`, {}, me.accessToken);
      await firstDone;
      await waitFor(() => second.running === true);
      expect(later.running).toBeUndefined();
      await client(small.url).post(`/ai/operations/${second.id}/cancel`, {}, me.accessToken);
      await second.done;
      await waitFor(() => later.running === true);
      await client(small.url).post(`/ai/operations/${later.id}/cancel`, {}, me.accessToken);
      await later.done;
      expect(await ledgerMismatches(small.database.db)).toEqual([]);
    } finally {
      await small.close();
    }
  }, 60_000);

  it('models: the configured list and a persisted selection', async () => {
    const me = await login(server.url);
    const api = client(server.url);
    expect((await api.get('/ai/models', me.accessToken)).body.data).toEqual({
      models: [{ id: 'fake-model', name: '测试模型' }],
      selectedModelId: 'fake-model',
    });
    expect((await api.put('/ai/models/selected', { modelId: 'nope' }, me.accessToken)).status).toBe(400);
    expect((await api.put('/ai/models/selected', { modelId: 'fake-model' }, me.accessToken)).status).toBe(200);
  });

  it('a per-character price settles only what was delivered', async () => {
    const me = await login(server.url);
    const before = await balance(server, me.accessToken);
    provider.script(fake.stream('润色后的', '文书内容。'));
    const result = await generate(server, me.accessToken, {
      operation: 'polish',
      input: { essay: '这是一篇需要润色的文书，内容关于我的科研经历和未来规划。', level: 'light' },
    });
    // Reserved: 5 + 3 per 1,000 characters of the 1,000-character estimate; charged: 5 + 3 × 9/1000 (truncated to 0.02).
    expect(result.events[0]!.data).toMatchObject({ pointsReserved: 8 });
    expect(last(result.events).data.operation).toMatchObject({ status: 'succeeded', points: 5.02, outputChars: 9 });
    expect(await balance(server, me.accessToken)).toBeCloseTo(before - 5.02, 2);
  });

  it('refuses before streaming: invalid input (400), a stranger’s student (404), too few points (402)', async () => {
    const me = await login(server.url);
    const other = await login(server.url);
    const profile = await client(server.url).post('/client-profiles', { name: '张三' }, other.accessToken);
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const invalid = await generate(server, me.accessToken, { operation: 'free', input: {} });
    expect(invalid).toMatchObject({ status: 400, json: { code: 'VALIDATION_ERROR', message: '请填写题目' } });
    const unknown = await generate(server, me.accessToken, { operation: 'magic', input: {} });
    expect(unknown.status).toBe(400);
    const stranger = await generate(server, me.accessToken, { ...FREE, clientProfileId: profile.body.data.id });
    expect(stranger.status).toBe(404);
    // A PS or a CV is written from a student's archive: without one (nor a work bound to one), refused free (issue 28).
    const unbound = (await client(server.url).post('/works', { title: 'PS', type: 'ps', content: { blocks: [] } }, me.accessToken)).body
      .data;
    const owed = await balance(server, me.accessToken);
    for (const body of [
      { operation: 'ps', input: { targetProgram: 'MSc CS' } },
      { operation: 'ps', workId: unbound.id, input: { targetProgram: 'MSc CS' } },
      { operation: 'cv', input: {} },
    ]) {
      const refused = await generate(server, me.accessToken, body);
      expect(refused).toMatchObject({ status: 400, json: { code: 'VALIDATION_ERROR', data: { field: 'clientProfileId' } } });
      expect(refused.json?.message).toMatch(/^请先选择学生档案/);
    }
    expect(await balance(server, me.accessToken)).toBe(owed);
    const before = await balance(server, me.accessToken);
    await adjustPoints(
      server.database.db,
      { adminId: other.user.id, ip: 'test' },
      { phone: me.phone, points: -(before - 1), reason: '测试' },
    );
    const poor = await generate(server, me.accessToken, FREE);
    expect(poor).toMatchObject({ status: 402, json: { code: 'INSUFFICIENT_POINTS' } });
    expect(await balance(server, me.accessToken)).toBe(1);
    // The balance is read before anything is admitted: no operation, no ledger row.
    expect((await operationsOf(server, me.accessToken)).total).toBe(0);
  });

  it('the offline engine writes a labelled draft from the student’s archive, free (ADR 0040)', async () => {
    const offline = await startTestServer();
    try {
      const me = await login(offline.url);
      const models = await client(offline.url).get('/ai/models', me.accessToken);
      expect(models.body.data).toEqual({ models: [{ id: 'offline', name: '离线模式' }], selectedModelId: 'offline' });
      const profile = await client(offline.url).post(
        '/client-profiles',
        { name: '李明', data: { currentSchool: '浙江大学', major: '计算机科学' } },
        me.accessToken,
      );
      const before = await balance(offline, me.accessToken);
      const result = await generate(offline, me.accessToken, {
        operation: 'ps',
        clientProfileId: profile.body.data.id,
        input: { targetProgram: 'MSc Computer Science', language: 'zh' },
      });
      const text = result.events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join('');
      expect(text).toContain('离线模式');
      expect(text).toContain('浙江大学');
      expect(last(result.events).data.operation).toMatchObject({ status: 'succeeded', offline: true, points: 0, pointsReserved: 0 });
      expect(await balance(offline, me.accessToken)).toBe(before);

      // 继续生成: the engine continues its own draft from where a stop left it, never repeating it.
      const ps = {
        operation: 'ps',
        clientProfileId: profile.body.data.id,
        input: { targetProgram: 'MSc Computer Science', language: 'zh' },
      };
      for (const cut of [7, 60, 151]) {
        const rest = await generate(offline, me.accessToken, { ...ps, input: { ...ps.input, continueFrom: text.slice(0, cut) } });
        expect(deltaText(rest.events)).toBe(text.slice(cut));
      }
      // Rewritten by the consultant: the draft's sections not yet there, labelled as offline.
      const mine = await generate(offline, me.accessToken, {
        ...ps,
        input: { ...ps.input, continueFrom: '我自己写的开头。\n\n## 学术背景\n\n我在浙江大学学习计算机科学。' },
      });
      const added = deltaText(mine.events);
      expect(added.startsWith('\n\n【离线模式】\n## 开篇与动机')).toBe(true);
      expect(added).not.toContain('## 学术背景');
      expect(added).toContain('## 未来目标');
    } finally {
      await offline.close();
    }
  }, 60_000);

  it('cancelling a queued operation refunds it without calling the provider', async () => {
    const small = await startIsolatedServer({ ...aiEnv(provider.url), AI_MAX_CONCURRENT: '1', AI_MAX_QUEUE: '5' });
    try {
      const me = await login(small.url);
      const before = await balance(small, me.accessToken);
      provider.script(fake.steps({ delta: '开头' }, { hang: true }));
      const first: { id?: string } = {};
      const requestsBefore = provider.requests.length + 1;
      const firstDone = generate(small, me.accessToken, FREE, {
        onEvent: (e) => e.event === 'start' && (first.id = e.data.operationId as string),
      });
      // Running, and its request has reached the provider.
      await waitFor(() => provider.requests.length === requestsBefore);
      const second = await generate(small, me.accessToken, FREE, {
        onEvent: (e) => {
          if (e.event === 'start') void client(small.url).post(`/ai/operations/${e.data.operationId as string}/cancel`, {}, me.accessToken);
        },
      });
      expect(second.events[0]!.data).toMatchObject({ status: 'queued', queuedAhead: 0 });
      expect(last(second.events)).toMatchObject({ event: 'error', data: { code: 'CANCELLED', pointsRefunded: 5 } });
      expect(provider.requests.length).toBe(requestsBefore);
      await client(small.url).post(`/ai/operations/${first.id}/cancel`, {}, me.accessToken);
      await firstDone;
      // The first had delivered 开头 when it was stopped: its flat price is owed.
      expect(await balance(small, me.accessToken)).toBe(before - 5);
      expect(await ledgerMismatches(small.database.db)).toEqual([]);
    } finally {
      await small.close();
    }
  }, 60_000);

  // Two processes need a shared database: PostgreSQL (CI sets TEST_DATABASE_URL and runs this suite on it).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'the limit and the queue hold across two server processes on one PostgreSQL database',
    async () => {
      const env = { ...aiEnv(provider.url), AI_MAX_CONCURRENT: '1', AI_MAX_QUEUE: '1' };
      const a = await startIsolatedServer(env);
      const other = await startSecondApiProcess({ ...env, DATABASE_URL: a.config.DATABASE_URL, JWT_SECRET: a.config.jwtSecret });
      try {
        const bUrl = other.url;
        const b = { url: bUrl } as TestServer;
        const me = await login(a.url);
        const before = await balance(a, me.accessToken);
        provider.script(fake.steps({ delta: '开头' }, { hang: true }));
        const first: { id?: string } = {};
        const firstDone = generate(a, me.accessToken, FREE, {
          onEvent: (e) => e.event === 'start' && (first.id = e.data.operationId as string),
        });
        await waitFor(async () => (await operationsOf(a, me.accessToken, '?status=running')).total === 1);
        const second: { id?: string; running?: boolean } = {};
        const secondDone = generate(b, me.accessToken, FREE, {
          onEvent: (e) => {
            if (e.event === 'start') second.id = e.data.operationId as string;
            if (e.event === 'running') second.running = true;
          },
        });
        await waitFor(async () => (await operationsOf(a, me.accessToken, '?status=queued')).total === 1);
        for (const s of [a, b]) {
          const refused = await generate(s, me.accessToken, FREE);
          expect(refused).toMatchObject({ status: 429, json: { code: 'SERVER_BUSY', message: '你前面还有1人在排队，请稍后再试' } });
        }
        expect(second.running).toBeUndefined();
        // Cancelled through the other process: the owner notices at its heartbeat and aborts the provider.
        const upstream = provider.requests[provider.requests.length - 1]!;
        expect((await client(b.url).post(`/ai/operations/${first.id}/cancel`, {}, me.accessToken)).status).toBe(200);
        await firstDone;
        await upstream.closed;
        expect(upstream.aborted).toBe(true);
        await waitFor(() => second.running === true);
        await client(a.url).post(`/ai/operations/${second.id}/cancel`, {}, me.accessToken);
        await secondDone;
        // Both had delivered 开头 when they were stopped: each pays its flat price (ADR 0035).
        expect(await balance(a, me.accessToken)).toBe(before - 10);
        expect(await ledgerMismatches(a.database.db)).toEqual([]);
      } finally {
        await other.stop();
        await a.close();
      }
    },
    60_000,
  );

  it('a finished operation tells the user’s sockets, so the header balance refetches', async () => {
    const me = await login(server.url);
    const seen: Array<{ type: string; audience: unknown; data: unknown }> = [];
    const stop = server.events.subscribe((e) => seen.push(e));
    try {
      provider.script(fake.stream('好'));
      const result = await generate(server, me.accessToken, FREE);
      const operationId = result.events[0]!.data.operationId;
      // This operation's event: on PostgreSQL the bus (LISTEN/NOTIFY) can still deliver an earlier test's.
      const finished = () =>
        seen.find((e) => e.type === 'AI_OPERATION_FINISHED' && (e.data as { operationId?: string }).operationId === operationId);
      await waitFor(() => finished() !== undefined);
      expect(finished()).toMatchObject({
        audience: { kind: 'user', userId: me.user.id },
        data: { operationId, status: 'succeeded', pointsChanged: true },
      });
    } finally {
      stop();
    }
  });

  it('with a workId, only a document written for the work’s type replaces its text; tools, reviews and other types are only linked', async () => {
    const me = await login(server.url);
    const api = client(server.url);
    const original = { blocks: [{ id: 'p1', type: 'paragraph', content: [{ type: 'text', text: '我的原文，一个字都不能丢。' }] }] };
    const student = (await api.post('/client-profiles', { name: '李明' }, me.accessToken)).body.data;
    // Bound to a student: a PS for it needs no other (its student is the work's).
    const work = (await api.post('/works', { title: 'PS', type: 'ps', clientProfileId: student.id, content: original }, me.accessToken))
      .body.data;
    provider.script(
      fake.stream('换一种说法。'),
      fake.stream('## 总体评价\n- 很好。'),
      fake.stream('一篇自由写作。'),
      fake.stream('# 个人陈述\n正文第一段。'),
    );
    const runs = [
      { operation: 'rephrase', workId: work.id, input: { selectedText: '我的原文' } },
      { operation: 'revision', workId: work.id, input: { essay: '我的原文，一个字都不能丢。这是一篇需要修改的文书。' } },
      { ...FREE, workId: work.id },
    ];
    for (const body of runs) {
      const result = await generate(server, me.accessToken, body);
      expect(last(result.events)).toMatchObject({ event: 'done', data: { savedToWork: false } });
    }
    const untouched = await api.get(`/works/${work.id}`, me.accessToken);
    expect(untouched.body.data).toMatchObject({ plainText: '我的原文，一个字都不能丢。', latestVersion: 1 });
    expect((await api.get(`/works/${work.id}/versions`, me.accessToken)).body.data.items.map((v: { source: string }) => v.source)).toEqual([
      'create',
    ]);
    // Linked all the same: the records show where each went.
    expect((await operationsOf(server, me.accessToken)).items.map((o) => o.workId)).toEqual([work.id, work.id, work.id]);

    const ps = await generate(server, me.accessToken, {
      operation: 'ps',
      workId: work.id,
      input: { targetProgram: 'MSc CS', language: 'zh' },
    });
    expect(last(ps.events)).toMatchObject({ event: 'done', data: { savedToWork: true } });
    const saved = await api.get(`/works/${work.id}`, me.accessToken);
    expect(saved.body.data).toMatchObject({ plainText: '个人陈述\n正文第一段。', latestVersion: 2 });
    const versions = (await api.get(`/works/${work.id}/versions`, me.accessToken)).body.data.items;
    expect(versions.map((v: { source: string }) => v.source)).toEqual(['generation', 'create']);
  });

  it('a success settles with the delivered characters in the ledger row’s metadata (spec §3 text_stats)', async () => {
    const me = await login(server.url);
    provider.script(fake.stream('十个字的一段文字。'));
    const result = await generate(server, me.accessToken, FREE);
    const operationId = result.events[0]!.data.operationId;
    const settled = (await historyOf(server, me.accessToken)).find((i) => i.source === 'free_generation' && i.type === 'consumption')!;
    expect(settled).toMatchObject({ status: 'success', points: -5, metadata: { operationId, text_stats: { output: { chars: 9 } } } });
  });

  it('文书修改 is charged and listed under its own name, not as 文书润色 (issue 28)', async () => {
    const me = await login(server.url);
    provider.script(fake.stream('## 总体评价\n- 结构清晰，论证完整。'));
    const essay = 'I have always loved physics. My project on solar cells taught me patience and care.';
    const result = await generate(server, me.accessToken, { operation: 'revision', input: { essay } });
    const operationId = result.events[0]!.data.operationId;
    const rows = (await historyOf(server, me.accessToken)).filter((i) => i.metadata.operationId === operationId);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.source).toBe('essay_revision');
      expect(row.metadata.description).toMatch(/^文书修改/);
    }
    expect((await operationsOf(server, me.accessToken)).items[0]).toMatchObject({ id: operationId });
  });

  describe('a stop with a per-character price', () => {
    // 8 points plus 50 per 1,000 characters: reserved 8 + 50 (the 1,000-character estimate).
    beforeAll(async () => {
      const admin = await login(server.url);
      await updatePrices(server.database.db, { adminId: admin.user.id, ip: 'test' }, [
        { operation: 'write_by_requirement', points: 8, pointsPer1000Chars: 50 },
      ]);
    });
    afterAll(async () => {
      const admin = await login(server.url);
      await updatePrices(server.database.db, { adminId: admin.user.id, ip: 'test' }, [
        { operation: 'write_by_requirement', points: 8, pointsPer1000Chars: 0 },
      ]);
    });
    const BY_REQUIREMENT = { operation: 'write_by_requirement', input: { requirement: '请写一篇关于团队合作的短文，包含一个具体事例。' } };
    const DELIVERED = '第一段已经写好了。';

    it('the cancel endpoint: the flat part and exactly the delivered characters’ part are settled, the rest refunded', async () => {
      const me = await login(server.url);
      const before = await balance(server, me.accessToken);
      provider.script(fake.steps({ delta: DELIVERED }, { hang: true }));
      let operationId = '';
      let cancelled: Promise<{ status: number; body: { message?: string } }> | undefined;
      const result = await generate(server, me.accessToken, BY_REQUIREMENT, {
        onEvent: (e) => {
          if (e.event === 'start') operationId = e.data.operationId as string;
          if (e.event === 'delta') cancelled = client(server.url).post(`/ai/operations/${operationId}/cancel`, {}, me.accessToken);
        },
      });
      expect((await cancelled!).body.message).toBe('已停止生成，按已生成的字数结算，其余积分退还');
      // 8 points flat + 9 characters × 50 points / 1,000 = 8.45 points.
      expect(result.events[0]!.data).toMatchObject({ pointsReserved: 58 });
      expect(last(result.events)).toMatchObject({ event: 'error', data: { code: 'CANCELLED', pointsRefunded: 49.55 } });
      expect((await operationsOf(server, me.accessToken)).items[0]).toMatchObject({ status: 'cancelled', points: 8.45, outputChars: 9 });
      expect(await balance(server, me.accessToken)).toBeCloseTo(before - 8.45, 2);
      const rows = (await historyOf(server, me.accessToken)).filter((i) => i.source === 'write_by_requirement');
      expect(rows.find((i) => i.type === 'consumption')).toMatchObject({
        status: 'success',
        metadata: { text_stats: { output: { chars: 9 } } },
      });
      expect(rows.find((i) => i.type === 'refund')).toMatchObject({ points: 49.55 });
    });

    it('the page closing the stream (停止): the same settlement', async () => {
      const me = await login(server.url);
      const before = await balance(server, me.accessToken);
      provider.script(fake.steps({ delta: DELIVERED }, { hang: true }));
      const abort = new AbortController();
      await generate(server, me.accessToken, BY_REQUIREMENT, {
        signal: abort.signal,
        onEvent: (e) => e.event === 'delta' && abort.abort(),
      });
      await waitFor(async () => (await operationsOf(server, me.accessToken)).items[0]?.points === 8.45);
      expect((await operationsOf(server, me.accessToken)).items[0]).toMatchObject({ status: 'cancelled', outputChars: 9 });
      await waitFor(async () => Math.abs((await balance(server, me.accessToken)) - (before - 8.45)) < 0.001);
    });

    it('stopped before any text arrived: a full refund', async () => {
      const me = await login(server.url);
      const before = await balance(server, me.accessToken);
      provider.script(fake.steps({ hang: true }));
      let operationId = '';
      const result = await generate(server, me.accessToken, BY_REQUIREMENT, {
        onEvent: (e) => {
          if (e.event === 'start') operationId = e.data.operationId as string;
          // Running: the endpoint leaves the settling to the owner, who delivered nothing.
          if (e.event === 'running') void client(server.url).post(`/ai/operations/${operationId}/cancel`, {}, me.accessToken);
        },
      });
      expect(last(result.events)).toMatchObject({ event: 'error', data: { code: 'CANCELLED', pointsRefunded: 58 } });
      expect(await balance(server, me.accessToken)).toBe(before);
    });
  });

  it('继续生成 with a model: the prompt carries the stopped text and asks for the rest; the work saves both', async () => {
    const me = await login(server.url);
    const api = client(server.url);
    const work = (await api.post('/works', { title: '志愿者', type: 'free', content: { blocks: [] } }, me.accessToken)).body.data;
    const stopped = '# 我的志愿者经历\n\n那年夏天，我第一次走进社区';
    provider.script(fake.stream('图书馆，', '开始了两个月的志愿服务。'));
    const requestsBefore = provider.requests.length;
    const result = await generate(server, me.accessToken, { ...FREE, workId: work.id, input: { ...FREE.input, continueFrom: stopped } });
    expect(deltaText(result.events)).toBe('图书馆，开始了两个月的志愿服务。');
    expect(last(result.events).data.operation).toMatchObject({ status: 'succeeded', promptVersion: 'free/2' });
    const sent = provider.requests[requestsBefore]!.body as { messages: Array<{ role: string; content: string }> };
    const userMessage = sent.messages.find((m) => m.role === 'user')!.content;
    expect(userMessage).toContain(`<<<已写部分\n${stopped}\n>>>`);
    expect(userMessage).toContain(CONTINUE_INSTRUCTION);
    const saved = (await api.get(`/works/${work.id}`, me.accessToken)).body.data;
    expect(saved.plainText).toBe('我的志愿者经历\n那年夏天，我第一次走进社区图书馆，开始了两个月的志愿服务。');
    expect(saved.content.blocks.map((b: { type: string }) => b.type)).toEqual(['heading', 'paragraph']);

    const tooLong = await generate(server, me.accessToken, { ...FREE, input: { ...FREE.input, continueFrom: '长'.repeat(20_001) } });
    expect(tooLong).toMatchObject({ status: 400, json: { message: '续写的正文不能超过20000个字符' } });
  });

  it('the ledger matches every balance afterwards', async () => {
    expect(await ledgerMismatches(server.database.db)).toEqual([]);
  });
});
