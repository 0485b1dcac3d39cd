/**
 * The detector as a guide for the local rewriter (issue 14): the weight the detector gives a word or
 * a phrase (its hashed n-grams), and a fast scorer of the whole document with one sentence replaced.
 * Both read the committed detector's weights through its exports (features.ts, model.ts); nothing
 * here changes how the detector scores a text. The scorer mirrors `Detector.detect`'s document
 * logit (per-language merged n-grams and stylometric features, calibrated, averaged by content) so a
 * candidate rewrite can be judged in microseconds instead of a full detection with its bootstrap:
 * it keeps the document's sums and changes only the replaced sentence's part of them.
 */

import { loadDetector } from '../detector';
import {
  type Bag,
  denseFeatures,
  type FeatureConfig,
  Merger,
  N_COUNTERS,
  namespaceCount,
  sentenceBag,
  tokenGramsWithText,
} from '../detector/features';
import { calibratedLogit, type LangModel, rawScore, standardize } from '../detector/model';
import { detectLanguage, splitSentences, ZH_CHARS_PER_EN_WORD, type Lang } from '../detector/text';
import type { Slicer } from '../time-slice';

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
 * One language's part of the document as running sums, so that replacing a sentence costs the
 * sentence's n-grams rather than the whole document's (issue 22: a candidate was a full merge, so a
 * reduction grew with the square of the sentences). The sums are exactly what Merger.merge
 * computes from the same bags: per n-gram counts, per namespace the sum of weight × log(1 + count)
 * and of log(1 + count)², the counters, and the unigram types and tokens.
 */
class LangSums {
  private readonly counts: Int32Array;
  private readonly dot: Float64Array;
  private readonly sq: Float64Array;
  private readonly stats = new Float64Array(N_COUNTERS);
  private types = 0;
  private tokens = 0;
  private units = 0;
  private bags = 0;
  private readonly nsSize: number;

  constructor(
    private readonly model: LangModel,
    private readonly cfg: FeatureConfig,
    private readonly lang: Lang,
  ) {
    this.nsSize = 1 << cfg.bits;
    const namespaces = namespaceCount(cfg, lang);
    this.counts = new Int32Array(this.nsSize * namespaces);
    this.dot = new Float64Array(namespaces);
    this.sq = new Float64Array(namespaces);
  }

  /** Adds (sign 1) or removes (sign -1) a sentence's bag. */
  add(bag: Bag, sign: 1 | -1): void {
    const sparse = this.model.sparse;
    for (let i = 0; i < bag.grams.length; i++) {
      const g = bag.grams[i] as number;
      const c = this.counts[g] as number;
      const next = c + sign;
      const ns = Math.floor(g / this.nsSize);
      const before = Math.log1p(c);
      const after = Math.log1p(next);
      this.dot[ns] = (this.dot[ns] as number) + (sparse[g] as number) * (after - before);
      this.sq[ns] = (this.sq[ns] as number) + after * after - before * before;
      if (ns === 0) {
        this.tokens += sign;
        if (c === 0) this.types++;
        else if (next === 0) this.types--;
      }
      this.counts[g] = next;
    }
    for (let k = 0; k < N_COUNTERS; k++) this.stats[k] = (this.stats[k] as number) + sign * (bag.stats[k] as number);
    this.units += sign * bag.units;
    this.bags += sign;
  }

  /** The calibrated logit of this part and its weight by content, as Detector.spanLogit weighs it; null when empty. */
  logit(): { z: number; w: number } | null {
    if (this.bags === 0 || this.units === 0) return null;
    const m = this.model;
    let raw = m.bias;
    for (let ns = 0; ns < this.dot.length; ns++)
      if ((this.sq[ns] as number) > 0) raw += (this.dot[ns] as number) / Math.sqrt(this.sq[ns] as number);
    const dense = this.cfg.dense ? denseFeatures(this.stats, this.types, this.tokens, this.lang) : new Float64Array(0);
    for (let j = 0; j < m.dense.length; j++) raw += (m.dense[j] as number) * standardize(m, dense, j);
    return { z: calibratedLogit(m, raw, this.units), w: this.units / (this.lang === 'zh' ? ZH_CHARS_PER_EN_WORD : 1) };
  }
}

/**
 * The document's calibrated logit, with the sentences (the reducer's spans) replaceable one at a time.
 * A replacement may be several sentences (a split); each is featurised as the detector would.
 * Scoring a replacement costs that sentence's length, not the document's.
 */
export class DocScorer {
  private readonly slots: Slot[];
  private readonly docLang: Lang | 'mixed';
  private readonly cfg = loadDetector().model.meta.config;
  private readonly sums: Partial<Record<Lang, LangSums>> = {};

  constructor(sentences: string[], fullText: string) {
    const info = detectLanguage(splitSentences(fullText));
    this.docLang = info.language === 'en' || info.language === 'zh' ? info.language : info.language === 'mixed' ? 'mixed' : 'en';
    this.slots = [];
    for (const s of sentences) this.push(s);
  }

  /** The same scorer, built with pauses between sentences (time-slice.ts). */
  static async create(sentences: string[], fullText: string, slicer: Slicer): Promise<DocScorer> {
    const scorer = new DocScorer([], fullText);
    for (const s of sentences) {
      if (slicer.due()) await slicer.pause();
      scorer.push(s);
    }
    return scorer;
  }

  private push(sentence: string): void {
    const slot = this.slotOf(sentence);
    this.slots.push(slot);
    this.apply(slot, 1);
  }

  private slotOf(text: string): Slot {
    const parts = splitSentences(text);
    const langs: Lang[] = parts.map((p) => (this.docLang === 'mixed' ? (p.lang ?? 'en') : this.docLang));
    return { bags: parts.map((p, i) => sentenceBag(p.text, langs[i]!, this.cfg)), langs };
  }

  private apply(slot: Slot, sign: 1 | -1): void {
    slot.bags.forEach((bag, k) => {
      const lang = slot.langs[k]!;
      const sums = (this.sums[lang] ??= new LangSums(loadDetector().model.langs[lang], this.cfg, lang));
      sums.add(bag, sign);
    });
  }

  private current(): number {
    let z = 0;
    let weight = 0;
    for (const lang of ['en', 'zh'] as const) {
      const part = this.sums[lang]?.logit();
      if (!part) continue;
      z += part.w * part.z;
      weight += part.w;
    }
    return weight > 0 ? z / weight : 0;
  }

  /** The logit with sentence `index` replaced by `text` (not kept), or as it stands. */
  logit(index?: number, text?: string): number {
    if (index === undefined || text === undefined) return this.current();
    const old = this.slots[index]!;
    const replaced = this.slotOf(text);
    this.apply(old, -1);
    this.apply(replaced, 1);
    const z = this.current();
    this.apply(replaced, -1);
    this.apply(old, 1);
    return z;
  }

  /** Keeps `text` as sentence `index`. */
  set(index: number, text: string): void {
    const replaced = this.slotOf(text);
    this.apply(this.slots[index]!, -1);
    this.apply(replaced, 1);
    this.slots[index] = replaced;
  }
}
