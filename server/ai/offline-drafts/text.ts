import type { OutputLanguage } from '../../../contracts/ai-operations';

/**
 * The placeholder for a fact the archive and the form do not give. Chinese in both languages: the
 * consultant reads it, and one marker is easy to search for before sending.
 */
export const placeholder = (what: string) => `【请补充：${what}】`;

/** Blank-line or line-break separated paragraphs, trimmed, empty ones dropped. */
export const paragraphsOf = (text: string) =>
  text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * Sentences with their closing punctuation. A full stop ends an English sentence only before a
 * space or the end, so "GPA 3.72" and "e.g." inside a word run stay whole.
 */
export function sentencesOf(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[。！？!?；;])|(?<=\.)(?=\s)/)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

const segmenters = new Map<OutputLanguage, Intl.Segmenter>();
/** Words through ICU's segmenter: Chinese has no spaces, and Node ships the dictionary. */
export function wordsOf(text: string, lang: OutputLanguage): string[] {
  let segmenter = segmenters.get(lang);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(lang, { granularity: 'word' });
    segmenters.set(lang, segmenter);
  }
  return Array.from(segmenter.segment(text))
    .filter((s) => s.isWordLike)
    .map((s) => s.segment);
}

/** English counts words, Chinese counts characters (CJK characters plus Latin words). */
export function lengthOf(text: string, lang: OutputLanguage): number {
  if (lang === 'en') return wordsOf(text, 'en').length;
  return (text.match(/[\u3400-\u9fff]/g) ?? []).length + (text.match(/[A-Za-z]+|\d+(?:\.\d+)?/g) ?? []).length;
}

/** Joins a list the way each language does: 甲、乙和丙 / A, B and C. */
export function listJoin(items: string[], lang: OutputLanguage): string {
  if (items.length <= 1) return items.join('');
  const last = items[items.length - 1];
  const head = items.slice(0, -1).join(lang === 'zh' ? '、' : ', ');
  return lang === 'zh' ? `${head}和${last}` : `${head} and ${last}`;
}

/** A quoted excerpt, shortened so a list of findings stays readable. */
export function excerpt(text: string, max = 40): string {
  const chars = Array.from(text);
  return `「${chars.length > max ? `${chars.slice(0, max).join('')}…` : text}」`;
}
