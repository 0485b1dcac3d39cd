import { noText } from './errors';

export type CvFormat = 'pdf' | 'docx' | 'doc' | 'txt';
export type ExtractedText = {
  text: string;
  format: CvFormat;
  pages?: number;
  /** A PDF's title metadata (Info Title, else XMP dc:title): the reader's name when the text names none. */
  title?: string;
};

/**
 * Text as the parser and a reader want it: one line per line of the document, section headings on
 * lines of their own. Spaces inside a line collapse to one; a wider gap (a tab, two or more
 * spaces, a column gap in a PDF) becomes one tab, since it separates fields ("2021.09 - 2025.06\t浙江大学").
 */

/** A CV is a few pages; anything past this is not a CV and is cut at a line boundary. */
export const MAX_TEXT_CHARS = 100_000;

// Zero-width characters, soft hyphens, BOMs and C0/C1 controls other than tab and newline.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\u00ad\u200b-\u200d\u2060\ufeff]/g;
// Every horizontal space: NBSP, the ideographic space, en/em spaces…
const SPACE = /[ \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;

export function normaliseText(raw: string): string {
  const lines = raw
    .replace(/\r\n?|[\u2028\u2029\u0085\f\v]/g, '\n')
    .replace(INVISIBLE, '')
    .replace(SPACE, ' ')
    .split('\n')
    .map((line) =>
      line
        .replace(/ *\t[\t ]*| {2,}/g, '\t')
        .replace(/^\t+|\t+$/g, '')
        .trim(),
    );
  // Keep one blank line where the document had any: paragraphs stay apart, page gaps do not pile up.
  const kept: string[] = [];
  for (const line of lines) {
    if (line === '' && (kept.length === 0 || kept[kept.length - 1] === '')) continue;
    kept.push(line);
  }
  while (kept.length && kept[kept.length - 1] === '') kept.pop();
  let text = kept.join('\n');
  if (text.length > MAX_TEXT_CHARS) text = text.slice(0, text.lastIndexOf('\n', MAX_TEXT_CHARS) + 1 || MAX_TEXT_CHARS).trimEnd();
  return text;
}

/** Letters and digits: what is left of a scan or an empty page is a few stray marks. */
const MEANINGFUL = /[\p{L}\p{N}]/gu;
const PRIVATE_USE = /[\ue000-\uf8ff\ufffd]/g;
export const MIN_MEANINGFUL_CHARS = 20;

/** Whether extraction found real text: enough letters or digits, and not mostly unmapped glyphs. */
export function hasText(text: string): boolean {
  const meaningful = text.match(MEANINGFUL)?.length ?? 0;
  const unmapped = text.match(PRIVATE_USE)?.length ?? 0;
  return meaningful >= MIN_MEANINGFUL_CHARS && unmapped < meaningful;
}

/** Normalised text, or CV_NO_TEXT when there is none to speak of (a scan, an empty document). */
export function finish(raw: string, format: CvFormat, pages?: number): ExtractedText {
  const text = normaliseText(raw);
  if (!hasText(text)) throw noText();
  return pages === undefined ? { text, format } : { text, format, pages };
}
