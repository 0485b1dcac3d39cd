/**
 * Lines of CV text, dates and small text helpers for the rule-based reader (parse-cv.ts).
 *
 * Matching runs on `text`, the line with full-width ASCII folded to ASCII (ＧＰＡ：３.８ → GPA:3.8).
 * The fold maps one character to one, so a match's indices are valid in `raw` too, and values are
 * cut from `raw`: Chinese punctuation stays as the student wrote it.
 */
export type Line = { index: number; raw: string; text: string };

export const fold = (value: string) => value.replace(/[\uff01-\uff5e]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0));

/**
 * A CV's lines are short; a longer one is a pasted blob. Cut there, the reader's patterns stay
 * cheap and every one-line `source` fits the contract's 4,000 characters.
 */
export const MAX_LINE_CHARS = 4000;

export function toLines(cvText: string): Line[] {
  return cvText.split('\n').map((raw, index) => {
    const trimmed = safeSlice(raw.trim(), MAX_LINE_CHARS).trim();
    return { index, raw: trimmed, text: fold(trimmed) };
  });
}

/** The first `max` UTF-16 units, never half of a surrogate pair (PostgreSQL refuses a lone one). */
export function safeSlice(value: string, max: number) {
  if (value.length <= max) return value;
  const end = /[\ud800-\udbff]/.test(value[max - 1]) ? max - 1 : max;
  return value.slice(0, end);
}

/** The raw text of a span of the line. */
export const cut = (line: Line, start: number, end: number) => line.raw.slice(start, end).trim();

export const sourceOf = (lines: Line[]) => lines.map((line) => line.raw).join('\n');

/** Trims to a schema bound. */
export const bounded = (value: string, max: number) => (value.length > max ? safeSlice(value, max - 1).trimEnd() + '…' : value);

/**
 * `value` without the characters of `set` at either end. A loop, not /[…]+$/: that pattern retries
 * from every character of a long run that does not reach the end (quadratic).
 */
export function trimSet(value: string, set: string) {
  let start = 0;
  let end = value.length;
  while (start < end && set.includes(value[start])) start++;
  while (end > start && set.includes(value[end - 1])) end--;
  return value.slice(start, end);
}
const WHITESPACE =
  ' \t\n\r\f\v\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
/** Ends trimmed of whitespace and these separators. */
export const trimWith = (value: string, separators: string) => trimSet(value, WHITESPACE + separators);

// ── Dates ──────────────────────────────────────────────────────────────────────────────────────

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAME =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const YEAR = '(?:19|20)\\d{2}';
/** 2021.09, 2021-9, 2021/09, 2021年9月, Sep 2021, September 2021, 09/2021, 2021. */
const DATE = `(?:${YEAR}\\s*(?:[./-]|年)\\s*(?:1[0-2]|0?[1-9])(?!\\d)\\s*月?|(?:${MONTH_NAME})\\.?,?\\s+${YEAR}|(?:1[0-2]|0?[1-9])\\s*[/.]\\s*${YEAR}|${YEAR}(?:\\s*年)?)`;
const PRESENT = '至今|现在|目前|今|present|current|now|ongoing|today';
const RANGE_SEPARATOR = '\\s*(?:-|–|—|―|~|～|至|到|to|until)\\s*';

export const DATE_RE = new RegExp(`(?<![\\d.])${DATE}(?![\\d])`, 'i');
export const RANGE_RE = new RegExp(`(?<![\\d.])(${DATE})${RANGE_SEPARATOR}(${DATE}|${PRESENT})(?![\\d])`, 'i');
export const LEADING_DATE_RE = new RegExp(`^[(\\[]?(?:(${DATE})${RANGE_SEPARATOR}(?:${DATE}|${PRESENT})|${DATE})(?![\\d])`, 'i');
export const TRAILING_DATE_RE = new RegExp(`(?<![\\d.])(?:${DATE}${RANGE_SEPARATOR})?(?:${DATE}|${PRESENT})[)\\]]?\\.?$`, 'i');

export const PRESENT_RE = new RegExp(`^(?:${PRESENT})$`, 'i');

export type DateSpan = { start?: string; end?: string; from: number; to: number };

/** A date as the reader writes it: "2023-09", "2023" or 至今. */
export function normaliseDate(value: string): string | undefined {
  const text = value.trim().toLowerCase();
  if (PRESENT_RE.test(text)) return '至今';
  const numeric = text.match(/^((?:19|20)\d{2})\s*(?:[./-]|年)\s*(\d{1,2})/);
  if (numeric) return `${numeric[1]}-${numeric[2].padStart(2, '0')}`;
  const named = text.match(/^([a-z]{3})[a-z]*\.?,?\s+((?:19|20)\d{2})/);
  if (named && MONTHS.includes(named[1])) return `${named[2]}-${String(MONTHS.indexOf(named[1]) + 1).padStart(2, '0')}`;
  const monthFirst = text.match(/^(\d{1,2})\s*[/.]\s*((?:19|20)\d{2})/);
  if (monthFirst) return `${monthFirst[2]}-${monthFirst[1].padStart(2, '0')}`;
  const year = text.match(/^((?:19|20)\d{2})/);
  return year ? year[1] : undefined;
}

/** The first date range (or single date) in a text, with its position. */
export function findDates(text: string): DateSpan | null {
  const range = RANGE_RE.exec(text);
  if (range) return { start: normaliseDate(range[1]), end: normaliseDate(range[2]), from: range.index, to: range.index + range[0].length };
  const single = DATE_RE.exec(text);
  if (single) return { start: normaliseDate(single[0]), from: single.index, to: single.index + single[0].length };
  return null;
}

/** A date at the start or the end of a line: how CVs lay out the entries of a section. */
export const hasEdgeDate = (text: string) => LEADING_DATE_RE.test(text) || TRAILING_DATE_RE.test(text);

/** Nothing but a date or a range (the line of a two-line heading). */
export function isDateOnly(text: string) {
  const dates = findDates(text);
  return !!dates && text.slice(0, dates.from).trim() === '' && /^[\s)\]]*$/.test(text.slice(dates.to));
}

/** The text without its first date range, and separators left dangling at either end. */
export function withoutDates(text: string, dates: DateSpan | null): string {
  const rest = dates ? text.slice(0, dates.from) + '\t' + text.slice(dates.to) : text;
  return trimWith(rest.replace(/[([]\s*[)\]]/g, ''), '|,;:·•-–—');
}

// ── Layout ─────────────────────────────────────────────────────────────────────────────────────

const BULLET_RE = /^(?:[•·●○◦▪▫■□◆◇▶►➢✓✔★☆※・*\-–—]|\d{1,2}[.)、](?!\d))\s*/;
export const isBullet = (text: string) => BULLET_RE.test(text);
export const stripBullet = (text: string) => text.replace(BULLET_RE, '');

const HAN = /[\u3400-\u9fff]/g;
/** Mostly Chinese: fields are then separated by single spaces too. */
export const isMostlyChinese = (text: string) => (text.match(HAN)?.length ?? 0) * 2 >= text.replace(/\s/g, '').length;

/**
 * A heading line's fields. Tabs (column gaps), " | ", " · ", ";" and, in English, ", " separate
 * fields; a Chinese line without those is split on spaces ("中信证券 金融工程部 量化研究实习生").
 */
export function cells(text: string): string[] {
  // Each run of whitespace as one character first: `\s*` before a separator would retry from every
  // character of a long run of spaces.
  const spaced = text.replace(/\s+/g, (run) => (run.includes('\t') ? '\t' : ' '));
  let parts = spaced.split(/\t|\s[|｜·•—–]\s|\s?[|｜;；]\s?/);
  if (parts.length === 1) parts = isMostlyChinese(spaced) ? spaced.split(/\s+/) : spaced.split(/,\s+|，/);
  return parts.map((part) => part.trim()).filter(Boolean);
}
