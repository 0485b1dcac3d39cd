/**
 * The detector as a guide for the local rewriter (issue 14): the weight the detector gives a word or
 * a phrase (its hashed n-grams), and a fast scorer of the whole document with one sentence replaced.
 * Both read the committed detector's weights through its exports (features.ts, model.ts); nothing
 * here changes how the detector scores a text. The scorer mirrors `Detector.detect`'s document
 * logit (per-language merged n-grams and stylometric features, calibrated, averaged by content) so a
 * candidate rewrite can be judged in microseconds instead of a full detection with its bootstrap.
 */

import { loadDetector } from '../detector';
import { type Bag, Merger, sentenceBag, tokenGramsWithText } from '../detector/features';
import { calibratedLogit, rawScore } from '../detector/model';
import { detectLanguage, splitSentences, ZH_CHARS_PER_EN_WORD, type Lang } from '../detector/text';

const weightCache: Record<Lang, Map<string, number>> = { en: new Map(), zh: new Map() };

/** The sum of the detector's n-gram weights inside `phrase` (AI-like > 0 > human-like). */
export function phraseWeight(phrase: string, lang: Lang): number {
  const cache = weightCache[lang];
  const hit = cache.get(phrase);
  if (hit !== undefined) return hit;
  const detector = loadDetector();
  const sparse = detector.model.langs[lang].sparse;
  let w = 0;
  for (const g of tokenGramsWithText(phrase, lang, detector.model.meta.config)) w += sparse[g.id] ?? 0;
  if (cache.size > 20000) cache.clear();
  cache.set(phrase, w);
  return w;
}

/** A sentence's own AI-likeness (its n-grams and stylometry as if it stood alone): for ranking rewrites of one sentence. */
export function sentenceLogit(sentence: string, lang: Lang): number {
  const detector = loadDetector();
  const m = detector.model.langs[lang];
  const merger = mergers()[lang];
  const v = merger.merge([sentenceBag(sentence, lang, detector.model.meta.config)]);
  return rawScore(m, v);
}

let mergerCache: Record<Lang, Merger> | null = null;
function mergers(): Record<Lang, Merger> {
  if (!mergerCache) {
    const cfg = loadDetector().model.meta.config;
    mergerCache = { en: new Merger(cfg, 'en'), zh: new Merger(cfg, 'zh') };
  }
  return mergerCache;
}

interface Slot {
  bags: Bag[];
  langs: Lang[];
}

/**
 * The document's calibrated logit, with the sentences (the reducer's spans) replaceable one at a time.
 * A replacement may be several sentences (a split); each is featurised as the detector would.
 */
export class DocScorer {
  private readonly slots: Slot[];
  private readonly docLang: Lang | 'mixed';
  private readonly cfg = loadDetector().model.meta.config;

  constructor(sentences: string[], fullText: string) {
    const info = detectLanguage(splitSentences(fullText));
    this.docLang = info.language === 'en' || info.language === 'zh' ? info.language : info.language === 'mixed' ? 'mixed' : 'en';
    this.slots = sentences.map((s) => this.slotOf(s));
  }

  private slotOf(text: string): Slot {
    const parts = splitSentences(text);
    const langs: Lang[] = parts.map((p) => (this.docLang === 'mixed' ? (p.lang ?? 'en') : this.docLang));
    return { bags: parts.map((p, i) => sentenceBag(p.text, langs[i]!, this.cfg)), langs };
  }

  /** The logit with sentence `index` replaced by `text` (not kept), or as it stands. */
  logit(index?: number, text?: string): number {
    const replaced = index !== undefined && text !== undefined ? this.slotOf(text) : null;
    const byLang: Record<Lang, Bag[]> = { en: [], zh: [] };
    this.slots.forEach((slot, i) => {
      const s = i === index && replaced ? replaced : slot;
      s.bags.forEach((b, k) => byLang[s.langs[k]!].push(b));
    });
    const detector = loadDetector();
    let z = 0;
    let weight = 0;
    for (const lang of ['en', 'zh'] as const) {
      const bags = byLang[lang];
      const units = bags.reduce((a, b) => a + b.units, 0);
      if (bags.length === 0 || units === 0) continue;
      const m = detector.model.langs[lang];
      const v = mergers()[lang].merge(bags);
      const w = units / (lang === 'zh' ? ZH_CHARS_PER_EN_WORD : 1);
      z += w * calibratedLogit(m, rawScore(m, v), v.units);
      weight += w;
    }
    return weight > 0 ? z / weight : 0;
  }

  /** Keeps `text` as sentence `index`. */
  set(index: number, text: string): void {
    this.slots[index] = this.slotOf(text);
  }
}
