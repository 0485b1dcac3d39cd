import type { DetectionLabel, ReduceEvent, ReduceMode, ReduceResultData } from '../../../contracts/detection-constants';
import { createEventStreamParser } from '~/services/ai-stream';
import { openEventStream, readEventStream, STREAM_BROKEN_MESSAGE } from './ai-stream.client';
import { trackEvent } from './analytics.client';
import { resourceFetch } from './resource-fetch.client';

const REDUCE_EVENTS: ReadonlySet<string> = new Set(['start', 'round', 'sentence', 'score', 'done', 'error']);

export type ReduceOutcome =
  /** `uncharged`: the run missed (< 10 points lower, above its target) and kept no points (ADR 0040). */
  | { status: 'done'; reductionId: string; points: number; result: ReduceResultData; uncharged?: string }
  | { status: 'error'; message: string; pointsRefunded: number }
  | { status: 'stopped' };

/**
 * 降AI率 from the page (issue 14): POST /resources/api/ai/reduce, progress handed to `onEvent` as it
 * arrives; 停止 (the signal) closes the stream and the API refunds. Refusals before the stream
 * (too short, 402, 429) throw with their modals, as every call does.
 */
export async function runReduction(
  body: { text: string; mode: ReduceMode; target?: number; protectedTerms?: string[]; workId?: string },
  options: { onEvent?: (event: ReduceEvent) => void; signal?: AbortSignal } = {},
): Promise<ReduceOutcome> {
  const response = await openEventStream('ai/reduce', body, options.signal);
  if (!response) return { status: 'stopped' };
  trackEvent('tool_used', { tool: '降AI率' });
  let outcome: ReduceOutcome | null = null;
  const parser = createEventStreamParser<ReduceEvent>((event) => {
    if (event.event === 'done') outcome = { status: 'done', ...event.data };
    else if (event.event === 'error') outcome = { status: 'error', message: event.data.message, pointsRefunded: event.data.pointsRefunded };
    options.onEvent?.(event);
  }, REDUCE_EVENTS);
  const ended = await readEventStream(response, parser, options.signal);
  if (ended === 'stopped' && !outcome) return { status: 'stopped' };
  return outcome ?? { status: 'error', message: STREAM_BROKEN_MESSAGE, pointsRefunded: 0 };
}

export type ReduceSaved = { workId: string; title: string; aiRate: number | null; aiLabel?: DetectionLabel | null };

/** The kept text into the opened work (a new version) or a new work; its rate is checked again, free. */
export const saveReduction = (reductionId: string, body: { text: string; workId?: string; title?: string; type?: string }) =>
  resourceFetch<ReduceSaved>(`ai/reduce/${encodeURIComponent(reductionId)}/save`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The text with each rewrite taken or left, per the user's choices (index → accepted). */
export function keptText(result: ReduceResultData, rejected: ReadonlySet<number>): string {
  return result.segments.map((s) => (s.kind === 'text' ? s.text : rejected.has(s.index) ? s.original : s.rewritten)).join('');
}
