import { OFFLINE_LABEL, OFFLINE_NOTE_HEADING } from './ai-operation-constants';
import { plainInline } from './markdown-document';

export type AiAnswer = {
  /** Written by the offline engine (its 【离线模式】 label line). */
  offline: boolean;
  /** The answer without the label line and the offline note: what goes into the text. */
  body: string;
  /** The offline engine's note on what it could not do, shown beside the answer, never inserted. */
  note: string | null;
};

const NOTE = new RegExp(`^#{1,3}\\s*${OFFLINE_NOTE_HEADING}\\s*$`);

/**
 * A short answer (a selection tool's proposal, a polished essay) read into what it says and what
 * only labels it: accepting a proposal puts the body into the document, not the label or the note.
 */
export function readAnswer(text: string): AiAnswer {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const offline = lines[0]?.trim() === OFFLINE_LABEL;
  if (offline) lines.shift();
  const at = lines.findIndex((line) => NOTE.test(line.trim()));
  let note: string | null = null;
  if (at >= 0) {
    // The note runs to the next heading of its level or above, or to the end.
    const end = lines.findIndex((line, i) => i > at && /^#{1,3}\s/.test(line.trim()));
    const stop = end < 0 ? lines.length : end;
    note =
      lines
        .slice(at + 1, stop)
        .join('\n')
        .trim() || null;
    lines.splice(at, stop - at);
  }
  return { offline, body: lines.join('\n').trim(), note };
}

/** The body as plain lines for the document: markdown markers dropped, blank lines closed up. */
export function insertableText(body: string): string {
  return body
    .split('\n')
    .map((line) => plainInline(line.trim().replace(/^#{1,6}\s+/, '')))
    .filter(Boolean)
    .join('\n');
}
