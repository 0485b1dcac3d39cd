// Sentence and paragraph segmentation with offsets into the original input: shared by the detector,
// the reducer and the pages that compare sentences (essay polish). Browser-safe.

export type Lang = 'en' | 'zh';

export interface Span {
  start: number; // offset into the original text (inclusive)
  end: number; // exclusive
}

export interface Sentence extends Span {
  text: string;
  lang: Lang | null; // null: no letters or CJK at all (numbers, symbols)
  paragraph: number; // index of the paragraph it belongs to
  enWords: number;
  cjkChars: number;
}

const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
const CJK_G = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/g;
const EN_WORD_G = /[A-Za-z]+(?:['’][A-Za-z]+)*/g;

export function countCjk(s: string): number {
  return s.match(CJK_G)?.length ?? 0;
}

export function countEnWords(s: string): number {
  return s.match(EN_WORD_G)?.length ?? 0;
}

const ABBREV = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'u.s',
  'u.k',
  'no',
  'fig',
  'al',
  'inc',
  'ltd',
  'co',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

const CLOSERS = '"\'”’)）]】」』》';
/** No abbreviation above is longer than this: a longer word before a period is never one. */
const LONGEST_ABBREV = Math.max(...[...ABBREV].map((a) => a.length));

/** True when the '.' at position i ends a sentence rather than an abbreviation or number. */
function periodEndsSentence(text: string, i: number): boolean {
  const next = text[i + 1];
  if (next !== undefined && /\d/.test(next)) return false; // 3.5
  // The word before the period; the scan stops once it is longer than any abbreviation, so a
  // run like "a.a.a.a…" costs O(1) per period, not O(run).
  let j = i - 1;
  while (j >= 0 && /[A-Za-z.]/.test(text[j] ?? '')) {
    if (i - j > LONGEST_ABBREV) return true;
    j--;
  }
  const word = text.slice(j + 1, i).toLowerCase();
  if (ABBREV.has(word)) return false;
  if (/^[a-z]$/.test(word) && /[A-Z]/.test(text[i - 1] ?? '')) return false; // initials: J. K.
  return true;
}

/**
 * The one segmentation pass: calls `emit` with each sentence's trimmed span and whether a newline
 * came since the previous sentence; `emit` returns false to stop early. Linear in the text: every
 * character is looked at a bounded number of times (runs of terminators are absorbed once).
 */
function scanSentences(text: string, emit: (start: number, end: number, newlineBefore: boolean) => boolean): void {
  let sawNewlineSinceLast = false;
  let segStart = -1;
  let stopped = false;

  const push = (endExclusive: number) => {
    if (segStart < 0) return;
    let s = segStart;
    let e = endExclusive;
    while (s < e && /\s/.test(text[s] ?? '')) s++;
    while (e > s && /\s/.test(text[e - 1] ?? '')) e--;
    segStart = -1;
    if (e <= s) return;
    const newlineBefore = sawNewlineSinceLast;
    sawNewlineSinceLast = false;
    if (!emit(s, e, newlineBefore)) stopped = true;
  };

  // Where the run of terminators and closers after the last terminator ends: a run that did not
  // end a sentence is not scanned again from each of its characters.
  let absorbedTo = 0;
  for (let i = 0; i < text.length && !stopped; i++) {
    const ch = text[i] ?? '';
    if (ch === '\n' || ch === '\r') {
      push(i);
      sawNewlineSinceLast = true;
      continue;
    }
    if (segStart < 0) {
      if (/\s/.test(ch)) continue;
      segStart = i;
    }
    let isEnd = false;
    if (ch === '。' || ch === '！' || ch === '？' || ch === '!' || ch === '?' || ch === '…') isEnd = true;
    else if (ch === '.') isEnd = periodEndsSentence(text, i);
    if (!isEnd) continue;
    // Absorb repeated terminators and closing quotes/brackets: 'Really?!"'.
    let k = absorbedTo > i ? absorbedTo : i + 1;
    while (k < text.length && ('.!?。！？…'.includes(text[k] ?? '') || CLOSERS.includes(text[k] ?? ''))) k++;
    absorbedTo = k;
    const next = text[k];
    // Latin terminators need a following space (or end / CJK); CJK ones do not.
    const cjkTerminator = ch === '。' || ch === '！' || ch === '？' || ch === '…';
    if (next === undefined || cjkTerminator || /\s/.test(next) || CJK.test(next)) {
      push(k);
      i = k - 1;
    }
  }
  if (!stopped) push(text.length);
}

/**
 * Splits text into sentences. Every non-whitespace character of the input
 * belongs to exactly one sentence; sentences are in order and trimmed.
 * Newlines always end a sentence and separate paragraphs.
 */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let paragraph = 0;
  scanSentences(text, (s, e, newlineBefore) => {
    if (newlineBefore && out.length > 0) paragraph++;
    const t = text.slice(s, e);
    const enWords = countEnWords(t);
    const cjkChars = countCjk(t);
    const lang: Lang | null = cjkChars === 0 && enWords === 0 ? null : cjkChars >= enWords ? 'zh' : 'en';
    out.push({ start: s, end: e, text: t, lang, paragraph, enWords, cjkChars });
    return true;
  });
  return out;
}

/**
 * How many sentences `splitSentences` finds, counting no further than `stopAfter` (a cap's check
 * stops as soon as the text is over it). No allocation per sentence.
 */
export function countSentences(text: string, stopAfter = Infinity): number {
  let n = 0;
  scanSentences(text, () => ++n <= stopAfter);
  return n;
}
