import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { type ChatProvider, type ChatRequest, DEFAULT_TIMEOUT_MS, type ModelInfo, ProviderError, type ProviderErrorCode } from './provider';

/** A provider silent this long between two chunks (or before the first) is treated as hung. */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

export type OpenAICompatibleOptions = {
  /** `{baseURL}/chat/completions` is what gets called. */
  baseURL: string;
  /** Absent for a local Ollama or vLLM: no Authorization header is sent at all. */
  apiKey?: string;
  models: ModelInfo[];
  idleTimeoutMs?: number;
  /** The overall limit when a request names none. */
  timeoutMs?: number;
};

/** Why we aborted the HTTP request ourselves; the SDK hides our own aborts as a quiet end of stream. */
type StopReason = Extract<ProviderErrorCode, 'CANCELLED' | 'TIMEOUT'>;

export function createOpenAICompatibleProvider(options: OpenAICompatibleOptions): ChatProvider {
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const models = options.models.map((m) => ({ ...m }));
  const client = new OpenAI({
    baseURL: options.baseURL,
    // The SDK refuses to start without a key; the placeholder is never sent (the header is removed below).
    apiKey: options.apiKey ?? 'no-key',
    defaultHeaders: options.apiKey ? undefined : { Authorization: null },
    // Explicit nulls, or the SDK would pick up OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment.
    organization: null,
    project: null,
    // No retries: a retry costs the user time and the caller owns charging and the queue slot.
    maxRetries: 0,
    timeout: defaultTimeoutMs,
    // Errors reach the caller as ProviderError with a cause; the SDK's console output would be noise.
    logLevel: 'off',
  });

  return {
    kind: 'openai-compatible',
    models: () => models.map((m) => ({ ...m })),
    stream: (request) => streamChat(client, request, { idleTimeoutMs, timeoutMs: request.timeoutMs ?? defaultTimeoutMs }),
  };
}

async function* streamChat(
  client: OpenAI,
  request: ChatRequest,
  limits: { idleTimeoutMs: number; timeoutMs: number },
): AsyncGenerator<string, void, undefined> {
  if (request.signal.aborted) throw new ProviderError('CANCELLED');

  const controller = new AbortController();
  // An object, not a `let`: TypeScript would narrow a local to `null` and miss the timers' writes.
  const state: { stopped: StopReason | null } = { stopped: null };
  const stop = (reason: StopReason) => {
    if (state.stopped) return;
    state.stopped = reason;
    controller.abort();
  };
  const onCallerAbort = () => stop('CANCELLED');
  request.signal.addEventListener('abort', onCallerAbort, { once: true });

  const overall = setTimeout(() => stop('TIMEOUT'), limits.timeoutMs);
  let idle: NodeJS.Timeout | undefined;
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => stop('TIMEOUT'), limits.idleTimeoutMs);
  };
  armIdle();

  let receivedHeaders = false;
  let finished = false;
  try {
    let stream: AsyncIterable<unknown>;
    try {
      stream = await client.chat.completions.create(
        { model: request.model, messages: request.messages, stream: true },
        { signal: controller.signal, timeout: limits.timeoutMs, maxRetries: 0 },
      );
    } catch (err) {
      throw toProviderError(err, state.stopped, receivedHeaders);
    }
    receivedHeaders = true;
    armIdle();

    try {
      for await (const chunk of stream) {
        const choice = readChunk(chunk);
        if (choice.finished) finished = true;
        if (choice.content) {
          // The idle clock measures the provider, not a slow reader: pause it while the caller holds the delta.
          clearTimeout(idle);
          yield choice.content;
          if (state.stopped) break;
        }
        armIdle();
      }
    } catch (err) {
      throw toProviderError(err, state.stopped, receivedHeaders);
    }
    // The SDK ends the iteration quietly when we abort, so the reason must be checked here.
    if (state.stopped) throw new ProviderError(state.stopped);
    if (!finished) throw new ProviderError('BAD_STREAM', { cause: new Error('stream ended without a finish_reason') });
  } finally {
    clearTimeout(overall);
    clearTimeout(idle);
    request.signal.removeEventListener('abort', onCallerAbort);
    // Also covers a caller that stops iterating early: the HTTP request to the provider is closed.
    controller.abort();
  }
}

type ChunkReading = { content: string; finished: boolean };

/**
 * Only the first choice matters (we never ask for n > 1). A chunk that is JSON but not a
 * chat-completion chunk is as unusable as one that is not JSON.
 */
function readChunk(chunk: unknown): ChunkReading {
  if (typeof chunk !== 'object' || chunk === null || !Array.isArray((chunk as { choices?: unknown }).choices)) {
    throw new ProviderError('BAD_STREAM', { cause: new Error(`malformed chunk: ${JSON.stringify(chunk)?.slice(0, 200)}`) });
  }
  const choices = (chunk as { choices: unknown[] }).choices;
  // Usage-only chunks (stream_options.include_usage) come with no choices.
  if (choices.length === 0) return { content: '', finished: false };
  const first = choices[0];
  if (typeof first !== 'object' || first === null) {
    throw new ProviderError('BAD_STREAM', { cause: new Error('malformed choice') });
  }
  const { delta, finish_reason: finishReason } = first as { delta?: unknown; finish_reason?: unknown };
  const content = typeof delta === 'object' && delta !== null ? (delta as { content?: unknown }).content : undefined;
  if (content !== undefined && content !== null && typeof content !== 'string') {
    throw new ProviderError('BAD_STREAM', { cause: new Error('delta.content is not text') });
  }
  return { content: content ?? '', finished: typeof finishReason === 'string' && finishReason.length > 0 };
}

/** `receivedHeaders`: a connection failure before the answer began is the provider being down; after, the answer is cut. */
function toProviderError(err: unknown, stopped: StopReason | null, receivedHeaders: boolean): ProviderError {
  if (stopped) return new ProviderError(stopped, { cause: err });
  if (err instanceof ProviderError) return err;
  if (err instanceof APIUserAbortError) return new ProviderError('CANCELLED', { cause: err });
  if (err instanceof APIConnectionTimeoutError) return new ProviderError('TIMEOUT', { cause: err });
  if (err instanceof APIConnectionError) return new ProviderError('UPSTREAM', { cause: err });
  if (err instanceof APIError) {
    const status = err.status;
    if (status === 401 || status === 403) return new ProviderError('UNAUTHORIZED', { status, cause: err });
    if (status === 429) return new ProviderError('RATE_LIMITED', { status, cause: err });
    // 5xx, and 4xx such as 400/404 (a wrong model id or base URL) or an error event inside the stream.
    return new ProviderError('UPSTREAM', { status, cause: err });
  }
  // A JSON chunk that does not parse, or the connection dropping mid-answer ("terminated").
  if (err instanceof SyntaxError || receivedHeaders) return new ProviderError('BAD_STREAM', { cause: err });
  return new ProviderError('UPSTREAM', { cause: err });
}
