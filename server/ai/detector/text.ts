// Text handling: normalisation, sentence/paragraph segmentation with offsets
// into the original input, and language identification (en / zh / mixed).

import type { Lang, Sentence } from '../../../contracts/sentences';

export { type Lang, type Span, type Sentence, countCjk, countEnWords, splitSentences } from '../../../contracts/sentences';

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
