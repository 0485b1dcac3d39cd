// Feature extraction. A text is processed one sentence at a time into a
// "bag" (hashed n-gram ids plus additive counters); any span (a sentence
// window, a paragraph, the whole document, a bootstrap resample) is scored
// by merging the bags of its sentences. Training uses exactly the same path,
// so a document's features never depend on how it is later sliced.
//
// Only what the shipped model uses lives here. Feature options tried in
// experiments and not shipped extend this in ml/detector/experimental-features.ts.

import { combine, fnv1a } from './hash';
import { type Lang, normalizeForFeatures } from './text';

export interface FeatureConfig {
  /** log2 of the hashed space of each n-gram namespace. */
  bits: number;
  /** Token n-gram orders per language (1 = unigrams...). For zh the tokens are characters. */
  tokenOrders: Record<Lang, number[]>;
  /** Whether the stylometric features are used. */
  dense: boolean;
}

/**
 * Refuses a model whose config turns on options this runtime does not
 * implement (feature sets tried only in training experiments); it would
 * otherwise be scored without them. Options left off ([] or false) are fine.
 */
export function assertRuntimeConfig(cfg: FeatureConfig): void {
  const unsupported = Object.entries(cfg)
    .filter(
      ([k, v]) => !['bits', 'tokenOrders', 'dense'].includes(k) && v !== false && v !== undefined && !(Array.isArray(v) && v.length === 0),
    )
    .map(([k]) => k);
  if (unsupported.length > 0) throw new Error(`detector: feature options not supported at run time: ${unsupported.join(', ')}`);
}

export interface Bag {
  grams: Int32Array; // hashed feature ids (namespace offset included), repeats allowed
  stats: Float64Array; // additive counters, see COUNTER
  units: number; // English words or Chinese characters
}

// ---------------------------------------------------------------------------
// Word lists. Connectives are the "glue" words that LLM prose over-uses.

export const EN_CONNECTIVES = new Set([
  'additionally',
  'furthermore',
  'moreover',
  'however',
  'therefore',
  'thus',
  'overall',
  'consequently',
  'nevertheless',
  'nonetheless',
  'hence',
  'ultimately',
  'firstly',
  'secondly',
  'thirdly',
  'finally',
  'lastly',
  'meanwhile',
  'similarly',
  'likewise',
  'conversely',
  'instead',
  'indeed',
  'accordingly',
  'subsequently',
  'notably',
  'importantly',
  'specifically',
  'alternatively',
  'although',
  'whereas',
  'while',
]);
const EN_CONNECTIVE_BIGRAMS = new Set([
  'in conclusion',
  'in addition',
  'as a',
  'for example',
  'for instance',
  'on the',
  'in summary',
  'to conclude',
  'in contrast',
  'as such',
  'in particular',
  'in fact',
  'as well',
  'due to',
  'to summarize',
]);
export const EN_FUNCTION = new Set([
  'the',
  'a',
  'an',
  'of',
  'to',
  'in',
  'on',
  'at',
  'for',
  'with',
  'by',
  'from',
  'and',
  'or',
  'but',
  'so',
  'as',
  'that',
  'this',
  'these',
  'those',
  'it',
  'its',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'have',
  'has',
  'had',
  'do',
  'does',
  'did',
  'not',
  'if',
  'than',
  'then',
  'which',
  'who',
  'what',
  'when',
  'where',
  'there',
  'their',
  'they',
  'them',
  'can',
  'could',
  'would',
  'should',
  'will',
  'may',
  'might',
  'must',
]);
export const EN_FIRST = new Set(['i', 'me', 'my', 'mine', 'myself', "i'm", "i've", "i'd", "i'll"]);
export const EN_SECOND = new Set(['you', 'your', 'yours', 'yourself', "you're", "you've", "you'll"]);

const ZH_CONNECTIVES = [
  '首先',
  '其次',
  '此外',
  '另外',
  '总之',
  '综上',
  '因此',
  '然而',
  '同时',
  '总的来说',
  '总而言之',
  '需要注意的是',
  '最后',
  '例如',
  '比如',
  '因而',
  '从而',
  '进而',
  '而且',
  '不仅',
  '并且',
  '以及',
  '另一方面',
  '值得注意的是',
  '总体而言',
  '通过',
];
const ZH_PARTICLES = /[吗呢吧啊呀哈嘛哦啦哎噢嗯呗咯]/g;

// ---------------------------------------------------------------------------
// Counters (additive over sentences) and dense features (derived).

const C = {
  sent: 0,
  len: 1,
  len2: 2,
  shortSent: 3,
  longSent: 4,
  letters: 5,
  longWord: 6,
  conn: 7,
  connStart: 8,
  func: 9,
  first: 10,
  second: 11,
  contr: 12,
  comma: 13,
  semi: 14,
  excl: 15,
  quote: 16,
  dash: 17,
  digit: 18,
  caps: 19,
  lowerStart: 20,
  de: 21,
  le: 22,
  particle: 23,
  dun: 24,
  latin: 25,
} as const;
export const N_COUNTERS = 26;
/** Counter indices, for feature sets that build on these counters (training experiments). */
export { C as COUNTER };

export interface DenseSpec {
  name: string;
  /** Chinese description when the feature is high / low relative to training texts. */
  high: string;
  low: string;
}

export const DENSE_SPECS: Record<Lang, DenseSpec[]> = {
  en: [
    { name: 'sentLenMean', high: '句子普遍偏长', low: '句子普遍偏短' },
    { name: 'sentLenCV', high: '句长变化大，节奏自然起伏', low: '句长变化小，节奏均匀' },
    { name: 'shortSentFrac', high: '短句较多', low: '很少使用短句' },
    { name: 'longSentFrac', high: '长句比例高', low: '长句较少' },
    { name: 'wordLen', high: '用词偏长、书面化', low: '用词简短、口语化' },
    { name: 'longWordRate', high: '长词、书面词比例高', low: '长词较少' },
    { name: 'herdan', high: '词汇丰富度高', low: '用词重复度高' },
    { name: 'connRate', high: '连接词密集（如 moreover、additionally）', low: '连接词较少' },
    { name: 'connStart', high: '句首频繁使用连接词', low: '句首很少使用连接词' },
    { name: 'funcRate', high: '虚词比例高', low: '虚词比例低' },
    { name: 'firstPerson', high: '第一人称表述多', low: '几乎没有第一人称表述' },
    { name: 'secondPerson', high: '频繁直接称呼读者（you）', low: '很少直接称呼读者' },
    { name: 'contractions', high: "常用缩写形式（如 don't），口语化", low: '几乎不用缩写形式' },
    { name: 'commaRate', high: '逗号使用密集', low: '逗号较少' },
    { name: 'semiRate', high: '冒号、分号使用多', low: '冒号、分号很少' },
    { name: 'exclRate', high: '感叹号、问号较多', low: '几乎没有感叹号、问号' },
    { name: 'quoteRate', high: '引号、括号使用多', low: '引号、括号很少' },
    { name: 'dashRate', high: '破折号、连字符使用多', low: '破折号很少' },
    { name: 'digitRate', high: '数字较多', low: '数字较少' },
    { name: 'capsRate', high: '全大写词较多', low: '全大写词较少' },
    { name: 'lowerStart', high: '句首小写等不规范书写', low: '书写格式规范统一' },
  ],
  zh: [
    { name: 'sentLenMean', high: '句子普遍偏长', low: '句子普遍偏短' },
    { name: 'sentLenCV', high: '句长变化大，节奏自然起伏', low: '句长变化小，节奏均匀' },
    { name: 'shortSentFrac', high: '短句较多', low: '很少使用短句' },
    { name: 'longSentFrac', high: '长句比例高', low: '长句较少' },
    { name: 'herdan', high: '用字丰富度高', low: '用字重复度高' },
    { name: 'connRate', high: '连接词密集（如“此外”“总之”）', low: '连接词较少' },
    { name: 'connStart', high: '句首频繁使用连接词', low: '句首很少使用连接词' },
    { name: 'deRate', high: '“的”字使用密集', low: '“的”字较少' },
    { name: 'leRate', high: '“了”字较多，叙述口语化', low: '“了”字较少' },
    { name: 'particleRate', high: '语气词较多，口语化', low: '几乎没有语气词' },
    { name: 'firstPerson', high: '第一人称表述多', low: '几乎没有第一人称表述' },
    { name: 'secondPerson', high: '频繁称呼读者（你/您）', low: '很少称呼读者' },
    { name: 'commaRate', high: '逗号使用密集', low: '逗号较少' },
    { name: 'dunRate', high: '顿号列举频繁', low: '顿号列举较少' },
    { name: 'semiRate', high: '冒号、分号使用多', low: '冒号、分号很少' },
    { name: 'exclRate', high: '感叹号、问号较多', low: '几乎没有感叹号、问号' },
    { name: 'quoteRate', high: '引号、括号使用多', low: '引号、括号很少' },
    { name: 'digitRate', high: '数字较多', low: '数字较少' },
    { name: 'latinRate', high: '夹杂英文较多', low: '几乎不夹杂英文' },
  ],
};

export function denseSpecs(cfg: FeatureConfig, lang: Lang): DenseSpec[] {
  return cfg.dense ? DENSE_SPECS[lang] : [];
}

// ---------------------------------------------------------------------------
// Tokenisation.

const EN_TOKEN = /[a-z]+(?:'[a-z]+)*|\d+(?:[.,]\d+)*|[^\s\w]/g;
const ZH_TOKEN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[a-z]+|\d+(?:[.,]\d+)*|[^\s\w]/g;
const NUM = '<num>';
/** Hash of the sentence-start marker. */
export const BOS = fnv1a('<s>');

export function tokenize(normalizedLower: string, lang: Lang): string[] {
  const toks = normalizedLower.match(lang === 'en' ? EN_TOKEN : ZH_TOKEN) ?? [];
  return toks.map((t) => (/^\d/.test(t) ? NUM : t));
}

function countMatches(s: string, re: RegExp): number {
  return s.match(re)?.length ?? 0;
}

/**
 * Token n-grams: one namespace per order; the sentence-start marker lets
 * bigrams capture sentence-initial words ("<s> moreover"). `from` is the
 * index of the first token in `toks` (-1 for the marker).
 */
function forEachTokenGram(toks: string[], lang: Lang, cfg: FeatureConfig, emit: (id: number, from: number, order: number) => void): void {
  const nsSize = 1 << cfg.bits;
  const mask = nsSize - 1;
  const hashes = toks.map((t) => fnv1a(t));
  cfg.tokenOrders[lang].forEach((order, nsIndex) => {
    const offset = nsIndex * nsSize;
    const shift = order > 1 ? 1 : 0;
    const seq = shift ? [BOS, ...hashes] : hashes;
    for (let i = 0; i + order <= seq.length; i++) {
      let h = (seq[i] as number) ^ order;
      for (let k = 1; k < order; k++) h = combine(h, seq[i + k] as number);
      emit(offset + (h & mask), i - shift, order);
    }
  });
}

/** Token n-grams of a sentence with their surface text (for explanations). */
export function tokenGramsWithText(raw: string, lang: Lang, cfg: FeatureConfig): { id: number; text: string }[] {
  const toks = tokenize(normalizeForFeatures(raw).toLowerCase(), lang);
  const out: { id: number; text: string }[] = [];
  forEachTokenGram(toks, lang, cfg, (id, from, order) => {
    if (from < 0) return; // grams with the sentence-start marker have no surface form
    const parts = toks.slice(from, from + order);
    out.push({ id, text: parts.join(lang === 'en' ? ' ' : '') });
  });
  return out;
}

/** Builds the bag of one sentence (raw text; normalised here). */
export function sentenceBag(raw: string, lang: Lang, cfg: FeatureConfig): Bag {
  const norm = normalizeForFeatures(raw);
  const lower = norm.toLowerCase();
  const toks = tokenize(lower, lang);
  const grams: number[] = [];
  forEachTokenGram(toks, lang, cfg, (id) => grams.push(id));

  const st = new Float64Array(N_COUNTERS);
  let units: number;
  if (lang === 'en') {
    const words = toks.filter((t) => /^[a-z]/.test(t));
    units = words.length;
    st[C.letters] = words.reduce((a, w) => a + w.replace(/'/g, '').length, 0);
    for (let i = 0; i < words.length; i++) {
      const w = words[i] as string;
      if (w.length >= 8) st[C.longWord]++;
      if (EN_CONNECTIVES.has(w)) st[C.conn]++;
      if (i + 1 < words.length && EN_CONNECTIVE_BIGRAMS.has(`${w} ${words[i + 1]}`)) st[C.conn]++;
      if (EN_FUNCTION.has(w)) st[C.func]++;
      if (EN_FIRST.has(w)) st[C.first]++;
      if (EN_SECOND.has(w)) st[C.second]++;
      if (/'(t|s|re|m|ll|ve|d)$/.test(w)) st[C.contr]++;
    }
    const first = words[0];
    if (first !== undefined && (EN_CONNECTIVES.has(first) || EN_CONNECTIVE_BIGRAMS.has(`${first} ${words[1] ?? ''}`))) st[C.connStart] = 1;
    st[C.comma] = countMatches(norm, /,/g);
    st[C.semi] = countMatches(norm, /[;:]/g);
    st[C.excl] = countMatches(norm, /[!?]/g);
    st[C.quote] = countMatches(norm, /["()[\]]/g);
    st[C.dash] = countMatches(norm, /-/g);
    st[C.digit] = countMatches(norm, /\d+/g);
    st[C.caps] = countMatches(norm, /\b[A-Z]{2,}\b/g);
    st[C.lowerStart] = /^[("']*[a-z]/.test(norm) ? 1 : 0;
  } else {
    units = countMatches(norm, /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/g);
    for (const c of ZH_CONNECTIVES) {
      let idx = norm.indexOf(c);
      while (idx >= 0) {
        st[C.conn]++;
        if (idx <= 1) st[C.connStart] = 1;
        idx = norm.indexOf(c, idx + c.length);
      }
    }
    st[C.de] = countMatches(norm, /的/g);
    st[C.le] = countMatches(norm, /了/g);
    st[C.particle] = countMatches(norm, ZH_PARTICLES);
    st[C.first] = countMatches(norm, /我/g);
    st[C.second] = countMatches(norm, /[你您]/g);
    st[C.comma] = countMatches(norm, /[,，]/g);
    st[C.dun] = countMatches(norm, /、/g);
    st[C.semi] = countMatches(norm, /[;:；：]/g);
    st[C.excl] = countMatches(norm, /[!?！？]/g);
    st[C.quote] = countMatches(norm, /["'“”‘’「」《》()（）]/g);
    st[C.digit] = countMatches(norm, /\d+/g);
    st[C.latin] = countMatches(lower, /[a-z]+/g);
  }
  st[C.sent] = 1;
  st[C.len] = units;
  st[C.len2] = units * units;
  const [shortLen, longLen] = lang === 'en' ? [8, 30] : [12, 60];
  if (units > 0 && units <= shortLen) st[C.shortSent] = 1;
  if (units >= longLen) st[C.longSent] = 1;
  return { grams: Int32Array.from(grams), stats: st, units };
}

/**
 * The connectives of one sentence as `sentenceBag` counts them, with their surface form: all of them, and the
 * one it starts with (null if none). For reasons that must be true of the sentence they are given on (issue 24).
 */
export function connectivesOf(raw: string, lang: Lang): { all: string[]; start: string | null } {
  const norm = normalizeForFeatures(raw);
  const all: string[] = [];
  let start: string | null = null;
  if (lang === 'en') {
    const words = tokenize(norm.toLowerCase(), lang).filter((t) => /^[a-z]/.test(t));
    for (let i = 0; i < words.length; i++) {
      const w = words[i] as string;
      const bigram = `${w} ${words[i + 1] ?? ''}`;
      if (EN_CONNECTIVES.has(w)) all.push(w);
      if (EN_CONNECTIVE_BIGRAMS.has(bigram)) all.push(bigram);
      if (i === 0) start = EN_CONNECTIVE_BIGRAMS.has(bigram) ? bigram : EN_CONNECTIVES.has(w) ? w : null;
    }
  } else {
    for (const c of ZH_CONNECTIVES) {
      let idx = norm.indexOf(c);
      while (idx >= 0) {
        all.push(c);
        if (idx <= 1 && start === null) start = c;
        idx = norm.indexOf(c, idx + c.length);
      }
    }
  }
  return { all, start };
}

/** Stylometric features of a merged span (NaN = undefined for this span). */
export function denseFeatures(st: Float64Array, types: number, tokens: number, lang: Lang): Float64Array {
  const n = st[C.sent] as number;
  const units = Math.max(1, st[C.len] as number);
  const mean = (st[C.len] as number) / Math.max(1, n);
  // Burstiness is only meaningful with a few sentences.
  const variance = n >= 3 ? Math.max(0, ((st[C.len2] as number) - n * mean * mean) / (n - 1)) : NaN;
  const cv = n >= 3 && mean > 0 ? Math.sqrt(variance) / mean : NaN;
  const per = (k: number) => (st[k] as number) / units;
  const frac = (k: number) => (n >= 2 ? (st[k] as number) / n : NaN);
  const herdan = tokens >= 10 ? Math.log(types) / Math.log(tokens) : NaN;
  if (lang === 'en') {
    return Float64Array.from([
      Math.log1p(mean),
      cv,
      frac(C.shortSent),
      frac(C.longSent),
      (st[C.letters] as number) / units,
      per(C.longWord),
      herdan,
      per(C.conn),
      frac(C.connStart),
      per(C.func),
      per(C.first),
      per(C.second),
      per(C.contr),
      per(C.comma),
      per(C.semi),
      per(C.excl),
      per(C.quote),
      per(C.dash),
      per(C.digit),
      per(C.caps),
      frac(C.lowerStart),
    ]);
  }
  return Float64Array.from([
    Math.log1p(mean),
    cv,
    frac(C.shortSent),
    frac(C.longSent),
    herdan,
    per(C.conn),
    frac(C.connStart),
    per(C.de),
    per(C.le),
    per(C.particle),
    per(C.first),
    per(C.second),
    per(C.comma),
    per(C.dun),
    per(C.semi),
    per(C.excl),
    per(C.quote),
    per(C.digit),
    per(C.latin),
  ]);
}

export function namespaceCount(cfg: FeatureConfig, lang: Lang): number {
  return cfg.tokenOrders[lang].length;
}

export interface SpanVector {
  idx: Int32Array; // sparse feature ids
  val: Float32Array; // values (log tf, L2-normalised per namespace)
  dense: Float64Array; // raw stylometric features (may contain NaN)
  units: number;
}

/**
 * Merges sentence bags into one feature vector. Holds a scratch buffer the
 * size of the hashed space, so merging costs O(grams in the span).
 */
export class Merger {
  private readonly counts: Float32Array;
  private readonly stats = new Float64Array(N_COUNTERS);
  private readonly nsSize: number;

  /** `namespaces`: n-gram namespaces in the bags; training experiments that add namespaces pass more. */
  constructor(
    private readonly cfg: FeatureConfig,
    private readonly lang: Lang,
    private readonly namespaces = namespaceCount(cfg, lang),
  ) {
    this.nsSize = 1 << cfg.bits;
    this.counts = new Float32Array(this.nsSize * namespaces);
  }

  merge(bags: readonly Bag[]): SpanVector {
    const counts = this.counts;
    const touched: number[] = [];
    this.stats.fill(0);
    let units = 0;
    for (const b of bags) {
      for (let i = 0; i < b.grams.length; i++) {
        const g = b.grams[i] as number;
        if (counts[g] === 0) touched.push(g);
        counts[g] = (counts[g] as number) + 1;
      }
      for (let k = 0; k < N_COUNTERS; k++) this.stats[k] = (this.stats[k] as number) + (b.stats[k] as number);
      units += b.units;
    }
    // First-occurrence order: a pure function of the bags and their order.
    const norms = new Float64Array(this.namespaces);
    let types = 0;
    let tokens = 0;
    for (const g of touched) {
      const c = counts[g] as number;
      const ns = Math.floor(g / this.nsSize);
      const v = Math.log1p(c);
      norms[ns] = (norms[ns] as number) + v * v;
      if (ns === 0) {
        types++;
        tokens += c;
      }
    }
    const idx = Int32Array.from(touched);
    const val = new Float32Array(touched.length);
    for (let i = 0; i < touched.length; i++) {
      const g = touched[i] as number;
      const ns = Math.floor(g / this.nsSize);
      val[i] = Math.log1p(counts[g] as number) / Math.sqrt(norms[ns] as number);
      counts[g] = 0;
    }
    const dense = this.cfg.dense ? denseFeatures(this.stats, types, tokens, this.lang) : new Float64Array(0);
    return { idx, val, dense, units };
  }
}
