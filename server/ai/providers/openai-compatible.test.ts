import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fake, type FakeOpenAI, startFakeOpenAI } from '../../../tests/fixtures/fake-openai/server';
import { createOpenAICompatibleProvider, type OpenAICompatibleOptions } from './openai-compatible';
import { type ChatProvider, PROVIDER_ERROR_MESSAGES, ProviderError, type ProviderErrorCode } from './provider';

const MODELS = [
  { id: 'deepseek-chat', name: 'DeepSeek V3' },
  { id: 'qwen-plus', name: '通义千问 Plus' },
];
const MESSAGES = [
  { role: 'system' as const, content: '你是留学文书顾问。' },
  { role: 'user' as const, content: '写一段个人陈述的开头。' },
];

let server: FakeOpenAI;
beforeEach(async () => {
  server = await startFakeOpenAI();
});
afterEach(async () => {
  await server.close();
});

const provider = (options: Partial<OpenAICompatibleOptions> = {}): ChatProvider =>
  createOpenAICompatibleProvider({ baseURL: server.url, apiKey: 'sk-test', models: MODELS, ...options });

type Outcome = { deltas: string[]; error: ProviderError | null; times: number[]; endedAt: number };

/** Reads a whole stream, remembering when each delta arrived and how it ended. */
async function consume(
  p: ChatProvider,
  opts: { signal?: AbortSignal; timeoutMs?: number; onDelta?: (delta: string, index: number) => void | Promise<void> } = {},
): Promise<Outcome> {
  const started = Date.now();
  const deltas: string[] = [];
  const times: number[] = [];
  let error: ProviderError | null = null;
  try {
    for await (const delta of p.stream({
      model: 'deepseek-chat',
      messages: MESSAGES,
      signal: opts.signal ?? new AbortController().signal,
      timeoutMs: opts.timeoutMs,
    })) {
      deltas.push(delta);
      times.push(Date.now() - started);
      await opts.onDelta?.(delta, deltas.length - 1);
    }
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    error = err;
  }
  return { deltas, error, times, endedAt: Date.now() - started };
}

function expectError(outcome: Outcome, code: ProviderErrorCode) {
  expect(outcome.error, `expected ${code}`).toBeInstanceOf(ProviderError);
  expect(outcome.error!.code).toBe(code);
  expect(outcome.error!.message).toBe(PROVIDER_ERROR_MESSAGES[code]);
}

describe('OpenAI-compatible provider over real HTTP', () => {
  it('streams the deltas in order from POST {AI_BASE_URL}/chat/completions with the model, messages, stream and key', async () => {
    server.script(fake.stream('亲爱的', '招生委员会：', '我叫李明。'));
    const outcome = await consume(provider());
    expect(outcome.error).toBeNull();
    expect(outcome.deltas).toEqual(['亲爱的', '招生委员会：', '我叫李明。']);
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.body).toMatchObject({ model: 'deepseek-chat', messages: MESSAGES, stream: true });
    expect(req.aborted).toBe(false);
  });

  it('sends no Authorization header when no key is configured (a local Ollama or vLLM)', async () => {
    server.script(fake.stream('ok'));
    const outcome = await consume(provider({ apiKey: undefined }));
    expect(outcome.error).toBeNull();
    expect(server.requests[0].headers.authorization).toBeUndefined();
  });

  it('lists the configured models', () => {
    expect(provider().models()).toEqual(MODELS);
    expect(provider().kind).toBe('openai-compatible');
  });

  it('hands the first delta to the consumer before the provider has finished', async () => {
    server.script(
      fake.steps({ delta: '第一段' }, { wait: 500 }, { delta: '第二段' }, { delta: '第三段' }, { finish: 'stop' }, { done: true }),
    );
    const outcome = await consume(provider());
    expect(outcome.error).toBeNull();
    expect(outcome.deltas).toEqual(['第一段', '第二段', '第三段']);
    // The provider holds back the rest for 500 ms: the first delta must not wait for it.
    expect(outcome.endedAt - outcome.times[0]).toBeGreaterThanOrEqual(400);
    expect(outcome.times[1] - outcome.times[0]).toBeGreaterThanOrEqual(400);
  });

  describe('maps failures to codes and Chinese messages, without retrying', () => {
    it.each([
      [401, 'UNAUTHORIZED'],
      [403, 'UNAUTHORIZED'],
      [429, 'RATE_LIMITED'],
      [500, 'UPSTREAM'],
      [502, 'UPSTREAM'],
      [503, 'UPSTREAM'],
      [404, 'UPSTREAM'],
    ] as const)('HTTP %i → %s', async (status, code) => {
      server.script(fake.status(status));
      const outcome = await consume(provider());
      expectError(outcome, code);
      expect(outcome.error!.status).toBe(status);
      expect(server.requests).toHaveLength(1);
    });

    it('a provider that refuses connections → UPSTREAM', async () => {
      // A port that was just free: nothing listens there.
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const { port } = probe.address() as AddressInfo;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      const outcome = await consume(provider({ baseURL: `http://127.0.0.1:${port}/v1` }));
      expectError(outcome, 'UPSTREAM');
    });

    it('a malformed JSON chunk → BAD_STREAM, after the deltas before it', async () => {
      server.script(fake.steps({ delta: '开头' }, { raw: '{"choices":[{"delta":{"content":"半' }, { finish: 'stop' }, { done: true }));
      const outcome = await consume(provider());
      expectError(outcome, 'BAD_STREAM');
      expect(outcome.deltas).toEqual(['开头']);
    });

    it('JSON that is not a chat-completion chunk → BAD_STREAM', async () => {
      server.script(fake.steps({ delta: '开头' }, { raw: '{"text":"不是 choices"}' }, { done: true }));
      expectError(await consume(provider()), 'BAD_STREAM');
    });

    it('a stream that ends without a finish_reason → BAD_STREAM', async () => {
      server.script(fake.steps({ delta: '开头' }, { delta: '中间' }, { done: true }));
      const outcome = await consume(provider());
      expectError(outcome, 'BAD_STREAM');
      expect(outcome.deltas).toEqual(['开头', '中间']);
    });

    it('a stream cut midway (socket destroyed) → BAD_STREAM', async () => {
      server.script(fake.steps({ delta: '开头' }, { wait: 50 }, { cut: true }));
      const outcome = await consume(provider());
      expectError(outcome, 'BAD_STREAM');
      expect(outcome.deltas).toEqual(['开头']);
    });

    it('an error object inside the stream → UPSTREAM', async () => {
      server.script(fake.steps({ delta: '开头' }, { raw: '{"error":{"message":"overloaded","type":"server_error"}}' }));
      expectError(await consume(provider()), 'UPSTREAM');
    });
  });

  describe('cancellation', () => {
    it("the caller's signal aborts mid-stream → CANCELLED, and the provider sees the client disconnect", async () => {
      server.script(fake.steps({ delta: '开头' }, { hang: true }));
      const controller = new AbortController();
      const outcome = await consume(provider(), { signal: controller.signal, onDelta: () => controller.abort() });
      expectError(outcome, 'CANCELLED');
      expect(outcome.deltas).toEqual(['开头']);
      await server.requests[0].closed;
      expect(server.requests[0].aborted).toBe(true);
    });

    it('an abort while waiting for the response headers closes the request too', async () => {
      server.script(fake.hangBeforeHeaders());
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const outcome = await consume(provider(), { signal: controller.signal });
      expectError(outcome, 'CANCELLED');
      expect(outcome.endedAt).toBeLessThan(2_000);
      await server.requests[0].closed;
      expect(server.requests[0].aborted).toBe(true);
    });

    it('an already aborted signal → CANCELLED without calling the provider', async () => {
      const controller = new AbortController();
      controller.abort();
      expectError(await consume(provider(), { signal: controller.signal }), 'CANCELLED');
      expect(server.requests).toHaveLength(0);
    });

    it('a consumer that stops reading early closes the provider request', async () => {
      server.script(fake.steps({ delta: '一' }, { delta: '二' }, { hang: true }));
      const stream = provider().stream({ model: 'deepseek-chat', messages: MESSAGES, signal: new AbortController().signal });
      for await (const delta of stream) {
        expect(delta).toBe('一');
        break;
      }
      await server.requests[0].closed;
      expect(server.requests[0].aborted).toBe(true);
    });
  });

  describe('timeouts', () => {
    it('a provider that goes silent after the headers hits the idle timeout → TIMEOUT, and the request is closed', async () => {
      server.script(fake.steps({ delta: '开头' }, { hang: true }));
      const outcome = await consume(provider({ idleTimeoutMs: 300 }));
      expectError(outcome, 'TIMEOUT');
      expect(outcome.deltas).toEqual(['开头']);
      expect(outcome.endedAt).toBeLessThan(3_000);
      await server.requests[0].closed;
      expect(server.requests[0].aborted).toBe(true);
    });

    it('a provider that never sends headers hits the idle timeout → TIMEOUT', async () => {
      server.script(fake.hangBeforeHeaders());
      const outcome = await consume(provider({ idleTimeoutMs: 300 }));
      expectError(outcome, 'TIMEOUT');
      expect(outcome.endedAt).toBeLessThan(3_000);
    });

    it('a provider that never sends headers within the overall limit → TIMEOUT', async () => {
      server.script(fake.hangBeforeHeaders());
      const outcome = await consume(provider({ idleTimeoutMs: 10_000 }), { timeoutMs: 300 });
      expectError(outcome, 'TIMEOUT');
      expect(outcome.endedAt).toBeLessThan(3_000);
      await server.requests[0].closed;
      expect(server.requests[0].aborted).toBe(true);
    });

    it('a provider that keeps trickling past the overall limit → TIMEOUT', async () => {
      const steps = Array.from({ length: 30 }, (_, i) => [{ delta: `${i}` }, { wait: 100 }]).flat();
      server.script(fake.steps(...steps, { finish: 'stop' }, { done: true }));
      const outcome = await consume(provider({ idleTimeoutMs: 1_000 }), { timeoutMs: 600 });
      expectError(outcome, 'TIMEOUT');
      expect(outcome.deltas.length).toBeGreaterThan(0);
      expect(outcome.deltas.length).toBeLessThan(30);
      expect(outcome.endedAt).toBeLessThan(2_000);
    });

    it('a slow consumer does not count against the idle timeout', async () => {
      server.script(fake.stream('一', '二', '三'));
      const outcome = await consume(provider({ idleTimeoutMs: 200 }), { onDelta: () => new Promise((r) => setTimeout(r, 350)) });
      expect(outcome.error).toBeNull();
      expect(outcome.deltas).toEqual(['一', '二', '三']);
    });
  });
});
