/**
 * The AI engine's event stream (POST /api/v1/ai/generate, ADR 0026) as the browser reads it:
 * `start` {operationId, pointsReserved, status, queuedAhead}, `running`, `delta` {text}, then
 * `done` {operation, savedToWork} or `error` {code, message, pointsRefunded}. Comments (`: heartbeat`) keep
 * the connection alive and are skipped. Pure: the parser is fed text as it arrives.
 */
export type OperationSummary = { id: string; status: string; points: number; outputChars: number; workId: string | null };

export type OperationEvent =
  | { event: 'start'; data: { operationId: string; pointsReserved: number; status: string; queuedAhead: number } }
  | { event: 'running'; data: { operationId: string } }
  | { event: 'delta'; data: { text: string } }
  /** `savedToWork`: the answer is the named work's newest version (a writing operation of its type). */
  | {
      event: 'done';
      /** reviewText, droppedEdits, checkNote: a model's revision or polish after the grammar and fact checks (ADR 0041). */
      data: { operation: OperationSummary; savedToWork?: boolean; reviewText?: string; droppedEdits?: number; checkNote?: string };
    }
  | { event: 'error'; data: { code: string; message: string; pointsRefunded: number; operation?: OperationSummary } };

export const OPERATION_EVENTS: ReadonlySet<string> = new Set(['start', 'running', 'delta', 'done', 'error']);

/**
 * Splits the stream into events; `push` takes any slice of the text, frames may span slices. Only
 * the named events are handed over (the operation's, unless told).
 */
export function createEventStreamParser<E extends { event: string; data: unknown } = OperationEvent>(
  onEvent: (event: E) => void,
  names: ReadonlySet<string> = OPERATION_EVENTS,
) {
  let buffer = '';
  const frame = (text: string) => {
    let name = '';
    const data: string[] = [];
    for (const line of text.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') name = value;
      else if (field === 'data') data.push(value);
    }
    if (!names.has(name) || data.length === 0) return;
    try {
      onEvent({ event: name, data: JSON.parse(data.join('\n')) } as E);
    } catch {
      // A frame that is not JSON is not ours to act on.
    }
  };
  return {
    push(text: string) {
      buffer += text.replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        frame(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    },
  };
}
