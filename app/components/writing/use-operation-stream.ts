import { useRef, useState } from 'react';
import type { GenerateRequestBody } from '../../../contracts/ai-operations';
import { runOperation } from '~/services/browser/ai-stream.client';
import { atMostEvery, errorText, STREAM_SHOWN_EVERY_MS, type Run, type Streamed } from './studio-model';

/**
 * The page's own operation (生成, a review), one at a time: its status line (`run`) and 停止.
 * `stream` runs it, handing each streamed piece to `onDelta`, and answers what came of it: the
 * finished text, or what arrived before 停止 (`keep`: the page keeps it, so the status line says
 * so); null when it failed or came back empty (the status line then says which, with the refund).
 */
export function useOperationStream() {
  const [run, setRun] = useState<Run>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const generating = run.phase === 'starting' || run.phase === 'queued' || run.phase === 'running';

  const stream = async (body: GenerateRequestBody, onDelta: (piece: string, soFar: string) => void, keep = false): Promise<Streamed> => {
    const controller = new AbortController();
    abort.current = controller;
    setRun({ phase: 'starting' });
    let text = '';
    let reserved = 0;
    let operationId: string | null = null;
    // The editor takes each piece at once; the status line's count follows a few times a second.
    const showProgress = atMostEvery(STREAM_SHOWN_EVERY_MS);
    try {
      const outcome = await runOperation(body, {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.event === 'start') {
            reserved = event.data.pointsReserved;
            operationId = event.data.operationId;
            setRun(
              event.data.status === 'queued'
                ? { phase: 'queued', reserved, ahead: event.data.queuedAhead }
                : { phase: 'running', reserved, chars: text.length },
            );
          } else if (event.event === 'running') setRun({ phase: 'running', reserved, chars: text.length });
          else if (event.event === 'delta') {
            text += event.data.text;
            onDelta(event.data.text, text);
            if (showProgress()) setRun({ phase: 'running', reserved, chars: text.length });
          }
        },
      });
      if (outcome.status === 'done' && outcome.text.trim()) {
        setRun({ phase: 'done', charged: outcome.operation.points });
        return { status: 'done', text: outcome.text, operationId, savedToWork: outcome.savedToWork, checkNote: outcome.checkNote };
      }
      if (outcome.status === 'stopped') {
        const kept = keep && !!outcome.text.trim();
        setRun({ phase: 'stopped', kept, delivered: outcome.text.length > 0 });
        return kept ? { status: 'stopped', text: outcome.text, operationId, savedToWork: false } : null;
      }
      const refunded = outcome.status === 'error' && outcome.pointsRefunded > 0 ? `，已退还 ${outcome.pointsRefunded} 积分` : '';
      setRun({ phase: 'error', message: `${outcome.status === 'error' ? outcome.message : '生成结果为空'}${refunded}` });
    } catch (error) {
      setRun({ phase: 'error', message: errorText(error) });
    } finally {
      abort.current = null;
    }
    return null;
  };

  return { run, generating, stream, stop: () => abort.current?.abort() };
}
