import { beforeEach, describe, expect, it, vi } from 'vitest';
import { presentBlockingFailuresWith } from '~/services/failure-modals';
import { createEventStreamParser, type OperationEvent } from '~/services/ai-stream';
import { runOperation } from './ai-stream.client';

const shown: unknown[] = [];
presentBlockingFailuresWith((failure) => void shown.push(failure));

const BODY = { operation: 'free', input: { topic: '家乡' } } as const;

/** A Response whose body arrives in the given slices, one per read. */
function streamed(slices: string[], init: { hang?: boolean } = {}) {
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < slices.length) controller.enqueue(encoder.encode(slices[i++]!));
      else if (!init.hang) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const op = { id: 'op1', status: 'succeeded', points: 5, outputChars: 4, workId: null };

beforeEach(() => void shown.splice(0));

describe('createEventStreamParser', () => {
  it('reads events split anywhere across slices, skips comments and frames that are not ours', () => {
    const events: OperationEvent[] = [];
    const parser = createEventStreamParser((e) => events.push(e));
    const text = `: heartbeat\n\n${frame('start', { operationId: 'op1', pointsReserved: 5 })}event: other\ndata: {}\n\n${frame('delta', { text: '你好' })}event: delta\r\ndata: not json\r\n\r\n${frame('done', { operation: op })}`;
    for (const ch of text) parser.push(ch);
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'done']);
    expect(events[1]).toEqual({ event: 'delta', data: { text: '你好' } });
  });
});

describe('runOperation', () => {
  it('hands every event over as it arrives and ends with the operation', async () => {
    const seen: string[] = [];
    const fetchImpl = vi.fn(async () =>
      streamed([
        frame('start', { operationId: 'op1', pointsReserved: 5 }),
        frame('running', {}) + frame('delta', { text: '第一' }),
        frame('delta', { text: '段。' }),
        frame('done', { operation: op }),
      ]),
    );
    const outcome = await runOperation(BODY, { onEvent: (e) => seen.push(e.event) }, fetchImpl as typeof fetch);
    expect(outcome).toEqual({ status: 'done', text: '第一段。', operation: op, savedToWork: false });
    expect(seen).toEqual(['start', 'running', 'delta', 'delta', 'done']);
    expect(fetchImpl).toHaveBeenCalledWith(
      '/resources/api/ai/generate',
      expect.objectContaining({ method: 'POST', body: JSON.stringify(BODY) }),
    );
  });

  it('a done saved into the named work says so', async () => {
    const fetchImpl = async () =>
      streamed([
        frame('start', { operationId: 'op1' }),
        frame('delta', { text: '正文' }),
        frame('done', { operation: op, savedToWork: true }),
      ]);
    expect(await runOperation(BODY, {}, fetchImpl as typeof fetch)).toMatchObject({ status: 'done', text: '正文', savedToWork: true });
  });

  it('a review the grammar and fact checks changed is read as checked, with what they took back (ADR 0041)', async () => {
    const fetchImpl = async () =>
      streamed([
        frame('start', { operationId: 'op1' }),
        frame('delta', { text: 'She go to school.' }),
        frame('done', { operation: op, reviewText: 'She goes to school.', droppedEdits: 1, checkNote: '已撤回' }),
      ]);
    expect(await runOperation(BODY, {}, fetchImpl as typeof fetch)).toMatchObject({
      status: 'done',
      text: 'She goes to school.',
      checkNote: '已撤回',
    });
  });

  it('an error event is the outcome, with what was written and the refund', async () => {
    const fetchImpl = async () =>
      streamed([
        frame('delta', { text: '半' }),
        frame('error', { code: 'UPSTREAM', message: 'AI 服务暂时不可用，请稍后重试', pointsRefunded: 5 }),
      ]);
    expect(await runOperation(BODY, {}, fetchImpl as typeof fetch)).toEqual({
      status: 'error',
      text: '半',
      code: 'UPSTREAM',
      message: 'AI 服务暂时不可用，请稍后重试',
      pointsRefunded: 5,
    });
  });

  it('a 429 before the stream opens 服务器繁忙 with the queue message and throws', async () => {
    const fetchImpl = async () =>
      new Response(JSON.stringify({ success: false, code: 'SERVER_BUSY', message: '你前面还有3人在排队，请稍后再试' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json' },
      });
    await expect(runOperation(BODY, {}, fetchImpl as typeof fetch)).rejects.toMatchObject({
      status: 429,
      message: '你前面还有3人在排队，请稍后再试',
    });
    expect(shown).toEqual([{ kind: 'busy', message: '你前面还有3人在排队，请稍后再试' }]);
  });

  it('a 402 opens the shortage modal with the amounts', async () => {
    const fetchImpl = async () =>
      new Response(
        JSON.stringify({
          success: false,
          code: 'INSUFFICIENT_POINTS',
          message: '积分不足',
          data: { shortage: { required: 20, available: 3 } },
        }),
        {
          status: 402,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    await expect(runOperation(BODY, {}, fetchImpl as typeof fetch)).rejects.toMatchObject({ status: 402 });
    expect(shown).toEqual([{ kind: 'shortage', required: 20, available: 3 }]);
  });

  it('停止 ends the read at once and reports what had arrived', async () => {
    const controller = new AbortController();
    const fetchImpl = async () => streamed([frame('delta', { text: '一半' })], { hang: true });
    const outcome = runOperation(
      BODY,
      { signal: controller.signal, onEvent: (e) => e.event === 'delta' && controller.abort() },
      fetchImpl as typeof fetch,
    );
    expect(await outcome).toEqual({ status: 'stopped', text: '一半' });
  });

  it('a stream that ends without done or error is a failure in Chinese, not a success', async () => {
    const fetchImpl = async () => streamed([frame('delta', { text: '半截' })]);
    expect(await runOperation(BODY, {}, fetchImpl as typeof fetch)).toMatchObject({ status: 'error', code: 'STREAM_BROKEN', text: '半截' });
  });
});
