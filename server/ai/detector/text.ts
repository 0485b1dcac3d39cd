// Text handling: normalisation, sentence/paragraph segmentation with offsets
// into the original input, and language identification (en / zh / mixed).

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

/**
 * Canonical form used before feature extraction. It removes typography that
 * depends on the editor rather than the writer (curly vs straight quotes,
 * dash styles, full-width ASCII, space before punctuation), so the model
 * cannot learn formatting artefacts of the corpus sources.
 */
export function normalizeForFeatures(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:!?%)\]，。；：！？、）])/g, '$1')
    .trim();
}

const ABBREV = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'vs', 'etc', 'e.g', 'i.e', 'u.s', 'u.k', 'no', 'fig', 'al', 'inc', 'ltd', 'co', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
]);

const CLOSERS = '"\'”’)）]】」』》';

/** True when the '.' at position i ends a sentence rather than an abbreviation or number. */
function periodEndsSentence(text: string, i: number): boolean {
  const next = text[i + 1];
  if (next !== undefined && /\d/.test(next)) return false; // 3.5
  // The word before the period.
  let j = i - 1;
  while (j >= 0 && /[A-Za-z.]/.test(text[j] ?? '')) j--;
  const word = text.slice(j + 1, i).toLowerCase();
  if (ABBREV.has(word)) return false;
  if (/^[a-z]$/.test(word) && /[A-Z]/.test(text[i - 1] ?? '')) return false; // initials: J. K.
  return true;
}

/**
 * Splits text into sentences. Every non-whitespace character of the input
 * belongs to exactly one sentence; sentences are in order and trimmed.
 * Newlines always end a sentence and separate paragraphs.
 */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let paragraph = 0;
  let sawNewlineSinceLast = false;
  let segStart = -1;

  const push = (endExclusive: number) => {
    if (segStart < 0) return;
    let s = segStart;
    let e = endExclusive;
    while (s < e && /\s/.test(text[s] ?? '')) s++;
    while (e > s && /\s/.test(text[e - 1] ?? '')) e--;
    segStart = -1;
    if (e <= s) return;
    if (sawNewlineSinceLast && out.length > 0) paragraph++;
    sawNewlineSinceLast = false;
    const t = text.slice(s, e);
    const enWords = countEnWords(t);
    const cjkChars = countCjk(t);
    const lang: Lang | null = cjkChars === 0 && enWords === 0 ? null : cjkChars >= enWords ? 'zh' : 'en';
    out.push({ start: s, end: e, text: t, lang, paragraph, enWords, cjkChars });
  };

  for (let i = 0; i < text.length; i++) {
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
    let k = i + 1;
    while (k < text.length && ('.!?。！？…'.includes(text[k] ?? '') || CLOSERS.includes(text[k] ?? ''))) k++;
    const next = text[k];
    // Latin terminators need a following space (or end / CJK); CJK ones do not.
    const cjkTerminator = ch === '。' || ch === '！' || ch === '？' || ch === '…';
    if (next === undefined || cjkTerminator || /\s/.test(next) || CJK.test(next)) {
      push(k);
      i = k - 1;
    }
  }
  push(text.length);
  return out;
}

export interface LanguageInfo {
  language: Lang | 'mixed' | 'unknown';
  enWords: number; // English words in sentences classified English
  cjkChars: number; // Chinese characters in sentences classified Chinese
}

/** One English word carries roughly as much content as this many Chinese characters. */
export const ZH_CHARS_PER_EN_WORD = 1.6;
/** A document is 'mixed' when the minority language holds at least this share. */
export const MIXED_SHARE = 0.2;

/** Document language from its sentences (Chinese sentences may quote English words and vice versa). */
export function detectLanguage(sentences: Sentence[]): LanguageInfo {
  let enWords = 0;
  let cjkChars = 0;
  for (const s of sentences) {
    if (s.lang === 'en') enWords += s.enWords;
    else if (s.lang === 'zh') cjkChars += s.cjkChars;
  }
  const en = enWords;
  const zh = cjkChars / ZH_CHARS_PER_EN_WORD;
  if (en + zh === 0) return { language: 'unknown', enWords, cjkChars };
  const zhShare = zh / (en + zh);
  const language = zhShare >= 1 - MIXED_SHARE ? 'zh' : zhShare <= MIXED_SHARE ? 'en' : 'mixed';
  return { language, enWords, cjkChars };
}
