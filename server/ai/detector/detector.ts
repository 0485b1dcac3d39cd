// Document-level inference: language, refusal of short texts, the
// calibrated AI rate with an uncertainty band, per-sentence and
// per-paragraph scores, and plain-Chinese reasons.

import type { Bag, SpanVector } from './features';
import { assertRuntimeConfig, Merger, sentenceBag } from './features';
import { fnv1a, mulberry32 } from './hash';
import type { DetectorModel, LangModel, Thresholds } from './model';
import { calibratedLogit, rawScore, sigmoid, verdictOf } from './model';
import { explainSentenceSteps, explainSteps } from './reasons';
import type { Reliability } from './reliability';
import { assessReliability, atypicalityOf, BAND_WIDEN, CAPPED_CAVEAT, cappedVerdict } from './reliability';
import type { Lang, Sentence } from './text';
import { detectLanguage, splitSentences, ZH_CHARS_PER_EN_WORD } from './text';
import { runSliced, runToEnd, type SliceOptions, type Steps } from '../time-slice';

export type DetectionLabel = 'human' | 'mixed' | 'ai';
export type DetectedLanguage = 'en' | 'zh' | 'mixed';

export interface ScoredSentence {
  start: number;
  end: number;
  text: string;
  aiRate: number;
  /** The sentence's own verdict, by the document's thresholds (capped like the document's): what its colour shows. */
  label: DetectionLabel;
  /** For sentences labelled mixed or ai: why, in plain Chinese (see reasons.ts). */
  reasons?: string[];
}

export interface ScoredParagraph {
  start: number;
  end: number;
  aiRate: number;
  label: DetectionLabel;
}

export type DetectionResult =
  | {
      ok: true;
      language: DetectedLanguage;
      aiRate: number;
      label: DetectionLabel;
      band: { low: number; high: number };
      sentences: ScoredSentence[];
      paragraphs: ScoredParagraph[];
      reasons: string[];
      /** The AI rates (0–100) at or above which this text's label would be 'mixed' and 'ai': the model's thresholds. */
      thresholds: { mixed: number; ai: number };
      /** How far the verdict can be trusted ('low' is never labelled 'ai'), and why, in plain Chinese. */
      reliability: Reliability;
      caveats: string[];
      wordCount: number;
      modelVersion: string;
    }
  | {
      ok: false;
      language: DetectedLanguage | 'unknown';
      code: 'TEXT_TOO_SHORT';
      message: '文本过短，无法可靠判断';
      minLength: number;
      wordCount: number;
    };

/** Bootstrap resamples of sentences behind the uncertainty band. */
const BOOTSTRAP = 30;
/** The band spans these quantiles of the resampled AI rates. */
const BAND_QUANTILES = [0.1, 0.9] as const;

const toRate = (p: number) => Math.round(p * 1000) / 10;

/**
 * Shown rates stay within 0.1–99.9 (issue 24): with a few thousand calibration texts per language
 * the model cannot tell 99.95% from 99.999%, so "100.0%" would claim a certainty it does not have.
 * The cap is applied to the log-odds, so labels (read from the uncapped score) are unchanged.
 */
const RATE_CAP = 0.999;
const Z_CAP = Math.log(RATE_CAP / (1 - RATE_CAP));
const capZ = (z: number) => Math.max(-Z_CAP, Math.min(Z_CAP, z));
const shownRate = (z: number) => toRate(sigmoid(capZ(z)));
/**
 * Each side of the band spans at least this much log-odds (times the reliability's widening): the
 * calibration's own error, which resampling the text's sentences does not see. A band is never a point.
 */
export const MIN_BAND_LOGIT = 0.5;

interface Unit {
  sentence: Sentence;
  lang: Lang;
  bag: Bag;
}

export class Detector {
  private readonly mergers: Record<Lang, Merger>;

  constructor(readonly model: DetectorModel) {
    const cfg = model.meta.config;
    assertRuntimeConfig(cfg);
    this.mergers = { en: new Merger(cfg, 'en'), zh: new Merger(cfg, 'zh') };
  }

  get modelVersion(): string {
    return this.model.meta.modelVersion;
  }

  /** The whole detection at once (scripts, training, tests). The server uses `detectAsync`. */
  detect(text: string): DetectionResult {
    return runToEnd(this.detectSteps(text));
  }

  /**
   * The same detection in slices: the event loop gets a turn every few milliseconds (issue 22),
   * so a long text never holds other requests. The result is the same as `detect`'s.
   */
  detectAsync(text: string, options: SliceOptions = {}): Promise<DetectionResult> {
    return runSliced(this.detectSteps(text), options);
  }

  /**
   * The detection as steps (time-slice.ts): it pauses between sentences, bootstrap samples and
   * paragraphs, so no step grows with the text (a single very long sentence pauses inside its
   * reasons too).
   */
  *detectSteps(text: string): Steps<DetectionResult> {
    const { minLength, config } = this.model.meta;
    const sentences = splitSentences(text);
    // Each whole-text pass is its own step: on the largest text each takes milliseconds.
    yield;
    const info = detectLanguage(sentences);
    const wordCount = sentences.reduce((a, s) => a + s.enWords + s.cjkChars, 0);
    if (info.language === 'unknown') {
      return tooShort('unknown', minLength.en, wordCount);
    }
    const docLang = info.language;
    const major: Lang = docLang === 'mixed' ? (info.enWords >= info.cjkChars / ZH_CHARS_PER_EN_WORD ? 'en' : 'zh') : docLang;

    // Single-language texts are featurised exactly as in training; in mixed
    // texts every sentence goes to the model of its own language.
    yield;
    const units: Unit[] = [];
    let prev: Lang = major;
    for (const s of sentences) {
      yield;
      const lang: Lang = docLang === 'mixed' ? (s.lang ?? prev) : docLang;
      prev = lang;
      units.push({ sentence: s, lang, bag: sentenceBag(s.text, lang, config) });
    }
    const amount: Record<Lang, number> = { en: 0, zh: 0 };
    for (const u of units) amount[u.lang] += u.bag.units;
    // Length relative to each language's minimum; mixed texts add up both parts.
    const relLength = amount.en / minLength.en + amount.zh / minLength.zh;
    if (relLength < 1) return tooShort(docLang, minLength[major], wordCount);

    const thresholds = this.thresholdsFor(amount);
    yield;
    const docZ = this.spanLogit(units);
    yield;
    const majorUnits = units.filter((u) => u.lang === major);
    const majorVec = this.mergers[major].merge(majorUnits.map((u) => u.bag));
    yield;
    const majorModel = this.model.langs[major];
    const lengthText = [amount.en > 0 ? `${amount.en} 个英文词` : '', amount.zh > 0 ? `${amount.zh} 个汉字` : '']
      .filter((t) => t)
      .join('、');
    const { reliability, caveats } = assessReliability({
      relLength,
      mixedLanguage: docLang === 'mixed',
      atypicality: atypicalityOf(majorModel, majorVec.dense),
      atypicalLimit: majorModel.atypical,
      lengthText,
    });
    const aiRate = shownRate(docZ);
    const rawLabel = verdictOf(sigmoid(docZ), thresholds);
    const label = cappedVerdict(rawLabel, reliability);
    if (label !== rawLabel) caveats.push(CAPPED_CAVEAT);
    const band = yield* this.band(units, text, docZ, BAND_WIDEN[reliability]);

    const sentencesOut: ScoredSentence[] = [];
    for (let i = 0; i < units.length; i++) {
      yield;
      const u = units[i] as Unit;
      // A window of neighbours in the same language gives the sentence context;
      // short windows are shrunk towards the document score.
      const win = units.slice(Math.max(0, i - 1), i + 2).filter((w) => w.lang === u.lang);
      const z = this.shrunkLogit(win, u.lang, docZ);
      const p = sigmoid(z);
      const sentenceLabel = cappedVerdict(verdictOf(p, thresholds), reliability);
      const scored: ScoredSentence = {
        start: u.sentence.start,
        end: u.sentence.end,
        text: u.sentence.text,
        aiRate: shownRate(z),
        label: sentenceLabel,
      };
      if (sentenceLabel !== 'human') {
        const model = this.model.langs[u.lang];
        const neighbours = win.filter((w) => w !== u).map((w) => w.bag);
        scored.reasons = yield* explainSentenceSteps({
          lang: u.lang,
          model,
          vec: this.vector(win, u.lang),
          sentence: u.sentence.text,
          config,
          own: u.bag,
          neighbours,
        });
      }
      sentencesOut.push(scored);
    }

    const paragraphs: ScoredParagraph[] = [];
    for (const group of groupBy(units, (u) => u.sentence.paragraph)) {
      yield;
      const first = group[0] as Unit;
      const last = group[group.length - 1] as Unit;
      const plang = dominantLang(group);
      const z = this.shrunkLogit(
        group.filter((u) => u.lang === plang),
        plang,
        docZ,
      );
      paragraphs.push({
        start: first.sentence.start,
        end: last.sentence.end,
        aiRate: shownRate(z),
        label: cappedVerdict(verdictOf(sigmoid(z), thresholds), reliability),
      });
    }

    const reasons = yield* explainSteps({
      lang: major,
      model: majorModel,
      vec: majorVec,
      sentences: majorUnits.map((u) => u.sentence.text),
      config,
      label,
      paragraphLabels: paragraphs.map((p) => p.label),
    });

    return {
      ok: true,
      language: docLang,
      aiRate,
      label,
      band,
      sentences: sentencesOut,
      paragraphs,
      reasons,
      thresholds: { mixed: toRate(thresholds.mixed), ai: toRate(thresholds.ai) },
      reliability,
      caveats,
      wordCount,
      modelVersion: this.modelVersion,
    };
  }

  private vector(units: readonly Unit[], lang: Lang): SpanVector {
    return this.mergers[lang].merge(units.map((u) => u.bag));
  }

  private langLogit(units: readonly Unit[], lang: Lang): number {
    const m: LangModel = this.model.langs[lang];
    const v = this.vector(units, lang);
    return calibratedLogit(m, rawScore(m, v), v.units);
  }

  /** Calibrated log-odds of a span; mixed spans average each language's verdict by its share of content. */
  private spanLogit(units: readonly Unit[]): number {
    let z = 0;
    let weight = 0;
    for (const lang of ['en', 'zh'] as const) {
      const part = units.filter((u) => u.lang === lang);
      const w = part.reduce((a, u) => a + u.bag.units, 0) / (lang === 'zh' ? ZH_CHARS_PER_EN_WORD : 1);
      if (part.length === 0 || w === 0) continue;
      z += w * this.langLogit(part, lang);
      weight += w;
    }
    return weight > 0 ? z / weight : 0;
  }

  /** Span score pulled towards the document: a span of `minLength` units gets half weight. */
  private shrunkLogit(span: readonly Unit[], lang: Lang, docZ: number): number {
    const n = span.reduce((a, u) => a + u.bag.units, 0);
    if (n === 0) return docZ;
    const lambda = n / (n + this.model.meta.minLength[lang]);
    return lambda * this.langLogit(span, lang) + (1 - lambda) * docZ;
  }

  /** Mixed texts take, per band, the stricter threshold of the languages present. */
  private thresholdsFor(amount: Record<Lang, number>): Thresholds {
    const present = (['en', 'zh'] as const).filter((l) => amount[l] > 0);
    return {
      mixed: Math.max(...present.map((l) => this.model.langs[l].thresholds.mixed)),
      ai: Math.max(...present.map((l) => this.model.langs[l].thresholds.ai)),
    };
  }

  /**
   * Uncertainty band: AI rate of sentence-bootstrap resamples (seeded by the
   * text, so deterministic). Few or disagreeing sentences give a wide band.
   * Less reliable verdicts widen it by `widen` (in log-odds around the score). Each side is at
   * least MIN_BAND_LOGIT, and the band is computed on log-odds before the rate is capped and rounded.
   */
  private *band(units: Unit[], text: string, docZ: number, widen: number): Steps<{ low: number; high: number }> {
    const rand = mulberry32(fnv1a(text));
    const zs: number[] = [];
    for (let b = 0; b < BOOTSTRAP; b++) {
      yield;
      const sample = units.map(() => units[Math.floor(rand() * units.length)] as Unit);
      zs.push(this.spanLogit(sample));
    }
    zs.sort((a, b) => a - b);
    const q = (p: number) => zs[Math.min(zs.length - 1, Math.floor(p * zs.length))] as number;
    // The spread is measured on the raw log-odds and laid around the capped score, so a score far
    // past the cap keeps its resampling spread instead of collapsing to 99.9–99.9 (issue 24).
    const centre = capZ(docZ);
    const low = centre - widen * Math.max(MIN_BAND_LOGIT, docZ - q(BAND_QUANTILES[0]));
    const high = centre + widen * Math.max(MIN_BAND_LOGIT, q(BAND_QUANTILES[1]) - docZ);
    return { low: shownRate(low), high: shownRate(high) };
  }
}

function tooShort(language: DetectedLanguage | 'unknown', minLength: number, wordCount: number): DetectionResult {
  return { ok: false, language, code: 'TEXT_TOO_SHORT', message: '文本过短，无法可靠判断', minLength, wordCount };
}

function groupBy<T>(xs: T[], key: (x: T) => number): T[][] {
  const out: T[][] = [];
  let cur: T[] = [];
  let k: number | null = null;
  for (const x of xs) {
    const kx = key(x);
    if (k !== null && kx !== k) {
      out.push(cur);
      cur = [];
    }
    k = kx;
    cur.push(x);
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

function dominantLang(units: Unit[]): Lang {
  let en = 0;
  let zh = 0;
  for (const u of units) {
    if (u.lang === 'en') en += u.bag.units;
    else zh += u.bag.units / ZH_CHARS_PER_EN_WORD;
  }
  return zh > en ? 'zh' : 'en';
}
