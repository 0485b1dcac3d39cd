// Feature options tried in the experiments (ADR 0007) and not shipped:
// English character n-grams, "distorted" function-word n-grams, extra
// stylometric features (`enStyle2`) and class-conditional LM features
// (`enLm`, lm.ts). They extend the runtime features (../features.ts): the
// runtime's bag and vector come first, unchanged, and the extras are appended
// after them, so with every option off this is exactly the runtime path.
// The runtime refuses models that turn any of them on.

import type { Bag, DenseSpec, FeatureConfig, SpanVector } from '../../server/ai/detector/features';
import {
  BOS,
  COUNTER as C,
  denseSpecs,
  EN_CONNECTIVES,
  EN_FIRST,
  EN_FUNCTION,
  EN_SECOND,
  Merger,
  N_COUNTERS,
  sentenceBag,
  tokenize,
} from '../../server/ai/detector/features';
import { combine, fnv1a } from '../../server/ai/detector/hash';
import type { DetectorModel, LangModel } from '../../server/ai/detector/model';
import { rawScore } from '../../server/ai/detector/model';
import { type Lang, normalizeForFeatures } from '../../server/ai/detector/text';
import type { LmSeq, LmTables } from './lm';
import type { Mlp } from './mlp';
import { blendedScore } from './mlp';
import { concatSeqs, LM_FEATURE_SPECS, lmFeatures, lmSentence } from './lm';

/** The runtime options plus the experimental ones; what training and the stored config carry. */
export interface TrainingFeatureConfig extends FeatureConfig {
  /** Character n-gram orders over the English sentence string ([] = none). */
  charOrders: number[];
  /**
   * English n-gram orders over "distorted" tokens: function words kept,
   * other words reduced to a suffix shape. Topic-free, so they transfer
   * across domains better than word n-grams.
   */
  abstractOrders: number[];
  /**
   * Extra English stylometric features (AI-favoured / casual lexicons,
   * word-length shape, sentence openers, across-sentence uniformity).
   * Optional so that older configs stay valid.
   */
  enStyle2?: boolean;
  /** English class-conditional word uni/bigram LM features (lm.ts), learnt with the model. */
  enLm?: boolean;
}

export interface TrainingBag extends Bag {
  style2?: Float64Array; // additive counters of `enStyle2`, see S
  lm?: { uni: Int32Array; bi: Int32Array }; // LM token ids (cfg.enLm, English)
}

export interface TrainingVector extends SpanVector {
  lm?: LmSeq; // token ids for the LM features (cfg.enLm, English)
}

/** A trained language model; `lm` only with cfg.enLm (its features follow the stylometric ones in `dense`). */
export interface TrainingLangModel extends LangModel {
  lm?: LmTables;
  /** Experiment only (mlp.ts): a small network blended into the raw score. */
  mlp?: Mlp;
}

/** A model as training produces it. */
export interface TrainedModel extends DetectorModel {
  langs: Record<Lang, TrainingLangModel>;
  /**
   * Not stored: the shared out-of-source temperature that would still apply to
   * this model's calibrated logits (1 when it was already folded in, absent
   * without out-of-source scores). Evaluation uses it to measure the
   * temperature nested in LOSO without a second run.
   */
  residualTemperature?: number;
}

// ---------------------------------------------------------------------------
// Word lists.

// More closed-class and very common words for the distorted-token view.
const EN_EXTRA_CLOSED = new Set([
  'he',
  'she',
  'him',
  'her',
  'his',
  'hers',
  'we',
  'us',
  'our',
  'ours',
  'also',
  'only',
  'just',
  'very',
  'more',
  'most',
  'much',
  'many',
  'some',
  'any',
  'all',
  'each',
  'every',
  'both',
  'few',
  'other',
  'such',
  'no',
  'nor',
  'yet',
  'because',
  'since',
  'until',
  'unless',
  'into',
  'onto',
  'about',
  'over',
  'under',
  'between',
  'through',
  'during',
  'before',
  'after',
  'above',
  'below',
  'up',
  'down',
  'out',
  'off',
  'again',
  'here',
  'how',
  'why',
  'whom',
  'whose',
  'one',
  'own',
  'same',
  'too',
  'shall',
  'get',
  'got',
  'like',
  'really',
  'well',
  'even',
  'still',
  'often',
  'never',
  'always',
  'there',
  'however',
  'etc',
  'way',
  'thing',
  'things',
  'lot',
  'people',
  'important',
  'significant',
  'various',
  'potential',
  'crucial',
  'essential',
  'overall',
]);
// Words and phrases that instruction-tuned LLMs favour far beyond human writers.
const EN_AI_WORDS = new Set([
  'delve',
  'delves',
  'delving',
  'furthermore',
  'moreover',
  'additionally',
  'crucial',
  'crucially',
  'foster',
  'fosters',
  'fostering',
  'tapestry',
  'multifaceted',
  'pivotal',
  'paramount',
  'enhance',
  'enhances',
  'enhancing',
  'enhanced',
  'leverage',
  'leveraging',
  'utilize',
  'utilizing',
  'utilization',
  'facilitate',
  'facilitates',
  'facilitating',
  'comprehensive',
  'intricate',
  'intricacies',
  'nuanced',
  'nuances',
  'realm',
  'landscape',
  'vibrant',
  'showcase',
  'showcases',
  'showcasing',
  'underscore',
  'underscores',
  'underscoring',
  'highlight',
  'highlights',
  'highlighting',
  'navigate',
  'navigating',
  'embark',
  'embracing',
  'embrace',
  'seamless',
  'seamlessly',
  'robust',
  'holistic',
  'invaluable',
  'ultimately',
  'overall',
  'notably',
  'significantly',
  'essential',
  'vital',
  'various',
  'diverse',
  'ensure',
  'ensuring',
  'potential',
  'valuable',
  'insights',
  'resonate',
  'resonates',
  'testament',
  'meticulous',
  'meticulously',
  'profound',
  'transformative',
  'dynamic',
  'innovative',
  'integral',
  'cultivate',
  'cultivating',
  'commendable',
  'endeavor',
  'endeavors',
  'strive',
  'striving',
  'aligns',
  'align',
  'bolster',
  'elevate',
  'empower',
  'empowering',
  'encompasses',
  'encompassing',
  'harness',
  'harnessing',
  'interplay',
  'myriad',
  'plethora',
  'paving',
  'poised',
  'unwavering',
  'firstly',
  'lastly',
  'conclusion',
  'summary',
  'consequently',
  'nevertheless',
  'individuals',
  'additionally',
  'benefits',
  'challenges',
  'impact',
  'impacts',
  'approach',
  'aspects',
  'aspect',
  'contribute',
  'contributes',
  'contributing',
]);
const EN_AI_PHRASES = [
  'it is important to',
  'it is essential to',
  'it is crucial to',
  'it is worth noting',
  'in conclusion',
  'in summary',
  'overall ,',
  'plays a crucial role',
  'plays a vital role',
  'plays a significant role',
  'a wide range of',
  'a variety of',
  "in today's",
  'on the other hand',
  'not only',
  'as well as',
  'in addition',
  'by doing so',
  'can help',
  'can lead to',
  'it is also',
  'there are several',
  'this can',
  'this is because',
  'due to',
  'such as',
  'in order to',
  'ability to',
  'sense of',
].map((p) => p.split(' '));
// Informal, hedging or conversational markers that humans use and LLMs avoid.
const EN_CASUAL = new Set([
  'lol',
  'ok',
  'okay',
  'yeah',
  'yes',
  'nope',
  'gonna',
  'wanna',
  'kinda',
  'sorta',
  'pretty',
  'stuff',
  'guess',
  'maybe',
  'probably',
  'actually',
  'basically',
  'literally',
  'honestly',
  'anyway',
  'anyways',
  'really',
  'just',
  'thing',
  'things',
  'lot',
  'lots',
  'got',
  'get',
  'gets',
  'getting',
  'bad',
  'good',
  'big',
  'cool',
  'awesome',
  'guy',
  'guys',
  'kid',
  'kids',
  'mom',
  'dad',
  'totally',
  'super',
  'though',
  'anyhow',
  'etc',
  'like',
  'oh',
  'well',
  'yet',
  'even',
  'still',
  'already',
  'sure',
  'whatever',
  'hey',
  'wow',
]);
const EN_PRON_START = new Set(['i', 'we', 'you', 'he', 'she', 'they', 'it', 'my', 'our', 'his', 'her', 'their']);
const EN_DET_START = new Set(['the', 'a', 'an', 'this', 'these', 'that', 'those', 'there', 'each', 'every', 'some', 'many', 'most']);
const EN_CONJ_START = new Set(['and', 'but', 'so', 'or', 'because', 'if', 'when', 'then', 'now', 'well', 'yes', 'no', 'oh']);

// ---------------------------------------------------------------------------
// Extra dense features.

/** Counters of `enStyle2` (additive over sentences), kept beside the runtime's. */
const S = {
  aiLex: 0,
  casual: 1,
  shortWord: 2,
  letters2: 3,
  startPron: 4,
  startDet: 5,
  startConj: 6,
  sWl: 7,
  sWl2: 8,
  sFunc: 9,
  sFunc2: 10,
  judged: 11,
} as const;
const N_STYLE2 = 12;

/** Extra English features of `enStyle2`, appended after the base ones. */
export const EN_STYLE2_SPECS: DenseSpec[] = [
  { name: 'aiLexRate', high: '常见AI高频词、套话较多（如 crucial、foster、it is important to）', low: '很少使用AI常见套话' },
  { name: 'casualRate', high: '口语化、随意的表达较多', low: '几乎没有口语化表达' },
  { name: 'shortWordFrac', high: '短词（≤3个字母）比例高', low: '短词比例低' },
  { name: 'wordLenStd', high: '词长变化大', low: '词长分布均匀' },
  { name: 'startPron', high: '句子常以人称代词开头', low: '句子很少以人称代词开头' },
  { name: 'startDet', high: '句子常以冠词、指示词开头', low: '句子很少以冠词、指示词开头' },
  { name: 'startConj', high: '句子常以 and/but/so 等开头，口语化', low: '句子很少以 and/but/so 等开头' },
  { name: 'sentWordLenStd', high: '各句用词长短差异大', low: '各句用词长短高度一致' },
  { name: 'sentFuncStd', high: '各句虚词比例差异大', low: '各句虚词比例高度一致' },
];

/** All dense features of a config, in the order of `LangModel.dense`. */
export function trainingDenseSpecs(cfg: TrainingFeatureConfig, lang: Lang): DenseSpec[] {
  if (!cfg.dense || lang === 'zh') return denseSpecs(cfg, lang);
  return [...denseSpecs(cfg, lang), ...(cfg.enStyle2 ? EN_STYLE2_SPECS : []), ...(cfg.enLm ? LM_FEATURE_SPECS : [])];
}

export function trainingNamespaceCount(cfg: TrainingFeatureConfig, lang: Lang): number {
  return cfg.tokenOrders[lang].length + (lang === 'en' ? cfg.charOrders.length + cfg.abstractOrders.length : 0);
}

/** Topic-free stand-in for a token: closed-class words stay, the rest keep only a suffix. */
export function abstractToken(t: string): string {
  if (!/^[a-z]/.test(t)) return t; // punctuation, <num>
  if (EN_FUNCTION.has(t) || EN_CONNECTIVES.has(t) || EN_FIRST.has(t) || EN_SECOND.has(t) || EN_EXTRA_CLOSED.has(t)) return t;
  return t.length <= 3 ? '*' : `*${t.slice(-2)}`;
}

// ---------------------------------------------------------------------------
// Sentence bags and merging.

/** The runtime bag of one sentence, plus the extras the config turns on. */
export function trainingSentenceBag(raw: string, lang: Lang, cfg: TrainingFeatureConfig): TrainingBag {
  const bag: TrainingBag = sentenceBag(raw, lang, cfg);
  if (lang !== 'en' || !(cfg.abstractOrders.length > 0 || cfg.charOrders.length > 0 || cfg.enStyle2 || cfg.enLm)) return bag;
  const lower = normalizeForFeatures(raw).toLowerCase();
  const toks = tokenize(lower, lang);
  const nsSize = 1 << cfg.bits;
  const mask = nsSize - 1;
  const grams: number[] = [];
  if (cfg.abstractOrders.length > 0) {
    const abs = [BOS, ...toks.map((t) => fnv1a(abstractToken(t)))];
    cfg.abstractOrders.forEach((order, j) => {
      const offset = (cfg.tokenOrders.en.length + cfg.charOrders.length + j) * nsSize;
      for (let i = 0; i + order <= abs.length; i++) {
        let h = ((abs[i] as number) ^ (order * 7919)) >>> 0;
        for (let k = 1; k < order; k++) h = combine(h, abs[i + k] as number);
        grams.push(offset + (h & mask));
      }
    });
  }
  // Character n-grams (English): catch morphology and spelling without a vocabulary.
  cfg.charOrders.forEach((order, j) => {
    const offset = (cfg.tokenOrders.en.length + j) * nsSize;
    const s = ` ${lower} `;
    for (let i = 0; i + order <= s.length; i++) {
      let h = 0x811c9dc5 ^ order;
      for (let k = 0; k < order; k++) {
        h ^= s.charCodeAt(i + k);
        h = Math.imul(h, 0x01000193);
      }
      grams.push(offset + ((h >>> 0) & mask));
    }
  });
  if (grams.length > 0) {
    const all = new Int32Array(bag.grams.length + grams.length);
    all.set(bag.grams, 0);
    all.set(grams, bag.grams.length);
    bag.grams = all;
  }
  if (cfg.enStyle2) bag.style2 = style2Counters(toks, bag);
  if (cfg.enLm) bag.lm = lmSentence(toks);
  return bag;
}

function style2Counters(toks: string[], bag: Bag): Float64Array {
  const st = new Float64Array(N_STYLE2);
  const words = toks.filter((t) => /^[a-z]/.test(t));
  const units = bag.units;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i] as string;
    if (EN_AI_WORDS.has(t)) st[S.aiLex]++;
    if (EN_CASUAL.has(t)) st[S.casual]++;
    for (const p of EN_AI_PHRASES) {
      if (p[0] !== t || i + p.length > toks.length) continue;
      let k = 1;
      while (k < p.length && toks[i + k] === p[k]) k++;
      if (k === p.length) st[S.aiLex]++;
    }
  }
  for (const w of words) {
    const l = w.replace(/'/g, '').length;
    if (l <= 3) st[S.shortWord]++;
    st[S.letters2] += l * l;
  }
  const first = words[0];
  if (first !== undefined) {
    if (EN_PRON_START.has(first)) st[S.startPron] = 1;
    else if (EN_DET_START.has(first)) st[S.startDet] = 1;
    else if (EN_CONJ_START.has(first)) st[S.startConj] = 1;
  }
  // Per-sentence rates, for how uniform the sentences are.
  if (units >= 5) {
    const wl = (bag.stats[C.letters] as number) / units;
    const fr = (bag.stats[C.func] as number) / units;
    st[S.judged] = 1;
    st[S.sWl] = wl;
    st[S.sWl2] = wl * wl;
    st[S.sFunc] = fr;
    st[S.sFunc2] = fr * fr;
  }
  return st;
}

/** `enStyle2` features of a merged span, from the runtime counters `st` and the extra counters `x`. */
function style2Features(st: Float64Array, x: Float64Array): number[] {
  const n = st[C.sent] as number;
  const units = Math.max(1, st[C.len] as number);
  const per = (k: number) => (x[k] as number) / units;
  const frac = (k: number) => (n >= 2 ? (x[k] as number) / n : NaN);
  const wl = (st[C.letters] as number) / units;
  const wlVar = Math.max(0, (x[S.letters2] as number) / units - wl * wl);
  const nj = x[S.judged] as number;
  const sd = (s1: number, s2: number) => (nj >= 3 ? Math.sqrt(Math.max(0, (s2 - (s1 * s1) / nj) / (nj - 1))) : NaN);
  return [
    per(S.aiLex),
    per(S.casual),
    per(S.shortWord),
    Math.sqrt(wlVar),
    frac(S.startPron),
    frac(S.startDet),
    frac(S.startConj),
    sd(x[S.sWl] as number, x[S.sWl2] as number),
    sd(x[S.sFunc] as number, x[S.sFunc2] as number),
  ];
}

/** The runtime Merger over all namespaces of the config, plus the extra features. */
export class TrainingMerger {
  private readonly merger: Merger;

  constructor(
    private readonly cfg: TrainingFeatureConfig,
    private readonly lang: Lang,
  ) {
    this.merger = new Merger(cfg, lang, trainingNamespaceCount(cfg, lang));
  }

  merge(bags: readonly TrainingBag[]): TrainingVector {
    const out: TrainingVector = this.merger.merge(bags);
    if (this.lang !== 'en') return out;
    if (this.cfg.dense && this.cfg.enStyle2) {
      const st = new Float64Array(N_COUNTERS);
      const x = new Float64Array(N_STYLE2);
      for (const b of bags) {
        for (let k = 0; k < N_COUNTERS; k++) st[k] = (st[k] as number) + (b.stats[k] as number);
        for (let k = 0; k < N_STYLE2; k++) x[k] = (x[k] as number) + ((b.style2?.[k] ?? 0) as number);
      }
      out.dense = Float64Array.from([...out.dense, ...style2Features(st, x)]);
    }
    if (this.cfg.enLm) out.lm = concatSeqs(bags.map((b) => b.lm ?? { uni: new Int32Array(0), bi: new Int32Array(0) }));
    return out;
  }
}

// ---------------------------------------------------------------------------
// Scoring with LM features.

/** The span's dense features as the model sees them: stylometric, then LM features if the model has an LM. */
export function denseOf(m: TrainingLangModel, v: TrainingVector): Float64Array {
  if (!m.lm || !v.lm) return v.dense;
  const lm = lmFeatures(m.lm, v.lm);
  const out = new Float64Array(v.dense.length + lm.length);
  out.set(v.dense, 0);
  out.set(lm, v.dense.length);
  return out;
}

/** Raw (uncalibrated) logit of a span vector: the runtime's rawScore, with the LM features when the model has an LM. */
export function trainingRawScore(m: TrainingLangModel, v: TrainingVector): number {
  if (m.mlp) return blendedScore(m.mlp, m, v);
  return rawScore(m, m.lm && v.lm ? { ...v, dense: denseOf(m, v) } : v);
}
