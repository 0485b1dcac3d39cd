import type { GenerateRequestBody } from '../../../contracts/ai-operations';
import { createEventStreamParser, type OperationEvent, type OperationSummary } from '~/services/ai-stream';
import { ApiRequestError } from '~/services/errors';
import { AI_OPERATION_LABELS, isWritingOperation } from '../../../contracts/ai-operation-constants';
import { trackEvent } from './analytics.client';
import { resourceFailure, type ResourceEnvelope } from './resource-fetch.client';

export type OperationOutcome =
  /** checkNote: what the grammar and fact checks took back from a model's review (ADR 0041). */
  | { status: 'done'; text: string; operation: OperationSummary; savedToWork: boolean; checkNote?: string }
  | { status: 'error'; text: string; code: string; message: string; pointsRefunded: number }
  /** 停止 (the signal): the API refunds when the stream closes. */
  | { status: 'stopped'; text: string };

export const STREAM_BROKEN_MESSAGE = '连接中断，生成未完成，积分将自动退还';

/**
 * Runs one AI operation from the browser through /resources/api (the token is added on the server,
 * ADR 0009), handing each event to `onEvent` as it arrives. A refusal before the stream (400, 402
 * 积分不足, 429 服务器繁忙 with the queue message) throws after opening its modal, as every other
 * call does (spec §8). Aborting `signal` is 停止: the closed stream aborts the model and refunds.
 */
export async function runOperation(
  body: GenerateRequestBody,
  options: { onEvent?: (event: OperationEvent) => void; signal?: AbortSignal } = {},
  fetchImpl: typeof fetch = fetch,
): Promise<OperationOutcome> {
  const response = await openEventStream('ai/generate', body, options.signal, fetchImpl);
  if (!response) return { status: 'stopped', text: '' };
  trackEvent('tool_used', { tool: AI_OPERATION_LABELS[body.operation] });
  let text = '';
  let outcome: OperationOutcome | null = null;
  const parser = createEventStreamParser((event) => {
    if (event.event === 'delta') text += event.data.text;
    else if (event.event === 'done')
      outcome = {
        status: 'done',
        text: event.data.reviewText ?? text,
        operation: event.data.operation,
        savedToWork: !!event.data.savedToWork,
        ...(event.data.checkNote ? { checkNote: event.data.checkNote } : {}),
      };
    else if (event.event === 'error')
      outcome = { status: 'error', text, code: event.data.code, message: event.data.message, pointsRefunded: event.data.pointsRefunded };
    options.onEvent?.(event);
  });
  const ended = await readEventStream(response, parser, options.signal);
  if (ended === 'broken') return { status: 'error', text, code: 'STREAM_BROKEN', message: STREAM_BROKEN_MESSAGE, pointsRefunded: 0 };
  const finished = outcome as OperationOutcome | null;
  if (finished?.status === 'done' && isWritingOperation(body.operation)) {
    trackEvent('document_generated', { operation: AI_OPERATION_LABELS[body.operation] });
  }
  if (ended === 'stopped' && !outcome) return { status: 'stopped', text };
  return outcome ?? { status: 'error', text, code: 'STREAM_BROKEN', message: STREAM_BROKEN_MESSAGE, pointsRefunded: 0 };
}

/**
 * POSTs to an event-stream endpoint through /resources/api. A refusal before the stream (400, 402,
 * 429) throws after opening its modal; null when `signal` stopped it before an answer.
 */
export async function openEventStream(
  path: string,
  body: unknown,
  signal: AbortSignal | undefined,
  fetchImpl: typeof fetch = fetch,
): Promise<Response | null> {
  let response: Response;
  try {
    response = await fetchImpl(`/resources/api/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) return null;
    throw error instanceof ApiRequestError ? error : new ApiRequestError(0, 'NETWORK_ERROR', '网络连接失败，请检查网络设置');
  }
  if (!response.ok || !response.body || !response.headers.get('content-type')?.includes('text/event-stream')) {
    const envelope = (await response.json().catch(() => null)) as ResourceEnvelope | null;
    throw resourceFailure(response.status, envelope);
  }
  return response;
}

/** Feeds the body to the parser as it arrives: 'ended' at its end, 'stopped' by the signal, 'broken' if the connection failed. */
export async function readEventStream(
  response: Response,
  parser: { push(text: string): void },
  signal: AbortSignal | undefined,
): Promise<'ended' | 'stopped' | 'broken'> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  // Ends a pending read at once, whatever the fetch implementation does with the signal.
  const stop = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
  } catch {
    if (!signal?.aborted) return 'broken';
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  return signal?.aborted ? 'stopped' : 'ended';
}
