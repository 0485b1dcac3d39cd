// Plain-Chinese reasons: the signals that pushed this document's score
// the most in the direction of its verdict. The model is linear, so each
// stylometric feature's contribution is its weight times its z-score and the
// word-level contribution is the sum over the document's n-grams.

import type { Bag, FeatureConfig, SpanVector } from './features';
import {
  COUNTER,
  connectivesOf,
  denseFeatures,
  denseSpecs,
  EN_FIRST,
  EN_FUNCTION,
  EN_SECOND,
  sentenceBag,
  tokenGramsWithText,
} from './features';
import type { LangModel } from './model';
import { standardize } from './model';
import type { Lang } from './text';
import { normalizeForFeatures } from './text';
import { runToEnd, type Steps } from '../time-slice';

type Label = 'human' | 'mixed' | 'ai';

export interface ExplainInput {
  lang: Lang;
  model: LangModel;
  vec: SpanVector;
  sentences: string[];
  config: FeatureConfig;
  label: Label;
  paragraphLabels: Label[];
}

/** Contributions (in log-odds) below this are not worth telling the user. */
const MIN_STYLE = 0.1;
const MAX_REASONS = 4;

/** Stylometric signals pushing the score in direction `dir` (1: towards AI, -1: towards human). */
function styleCandidates(
  m: LangModel,
  vec: SpanVector,
  config: FeatureConfig,
  lang: Lang,
  dir: 1 | -1,
  keep: (name: string, high: boolean) => boolean = () => true,
): { weight: number; text: string; name: string }[] {
  const out: { weight: number; text: string; name: string }[] = [];
  const specs = denseSpecs(config, lang);
  for (let j = 0; j < m.dense.length; j++) {
    const z = standardize(m, vec.dense, j);
    const c = (m.dense[j] as number) * z;
    const spec = specs[j];
    if (spec && dir * c > MIN_STYLE && keep(spec.name, z > 0))
      out.push({ weight: dir * c, text: z > 0 ? spec.high : spec.low, name: spec.name });
  }
  return out;
}

/**
 * Never quoted as evidence (issue 24): English function words, pronouns, auxiliaries and light verbs,
 * and Chinese particles, pronouns and function words. They carry weight in the model, but quoting
 * “was” or “我们” tells a writer nothing about their wording.
 */
export const EVIDENCE_STOP_EN: ReadonlySet<string> = new Set([
  ...EN_FUNCTION,
  ...EN_FIRST,
  ...EN_SECOND,
  'he',
  'him',
  'his',
  'she',
  'her',
  'hers',
  'we',
  'us',
  'our',
  'ours',
  "we're",
  "we've",
  'one',
  'ones',
  "it's",
  "that's",
  "there's",
  'am',
  "isn't",
  "wasn't",
  "don't",
  "didn't",
  "doesn't",
  "can't",
  "won't",
  'shall',
  'make',
  'makes',
  'making',
  'made',
  'get',
  'gets',
  'getting',
  'got',
  'go',
  'goes',
  'going',
  'went',
  'gone',
  'take',
  'takes',
  'taking',
  'took',
  'give',
  'gives',
  'giving',
  'gave',
  'doing',
  'done',
  'having',
  'say',
  'said',
  'put',
  'let',
  'come',
  'came',
  'know',
  'knew',
  'see',
  'saw',
  'very',
  'also',
  'just',
  'more',
  'most',
  'much',
  'many',
  'some',
  'any',
  'all',
  'each',
  'every',
  'other',
  'such',
  'only',
  'own',
  'same',
  'into',
  'about',
  'over',
  'after',
  'before',
  'through',
  'during',
  'up',
  'out',
  'off',
  'down',
  'how',
  'why',
  'because',
  'even',
  'still',
  'too',
  'here',
  'now',
  'again',
  'ever',
  'never',
  'no',
  'nor',
  'yes',
  'whom',
  'whose',
  'both',
  'few',
  'until',
  'upon',
  'within',
  'without',
  'among',
  'between',
  'against',
  'under',
  'above',
  'like',
  'well',
  'way',
  'ways',
  'thing',
  'things',
  'lot',
  'something',
  'anything',
]);
export const EVIDENCE_STOP_ZH: ReadonlySet<string> = new Set([
  '我们',
  '你们',
  '他们',
  '她们',
  '它们',
  '咱们',
  '自己',
  '大家',
  '人家',
  '别人',
  '这个',
  '那个',
  '这些',
  '那些',
  '这样',
  '那样',
  '这种',
  '那种',
  '这里',
  '那里',
  '哪里',
  '什么',
  '怎么',
  '怎样',
  '如何',
  '为什么',
  '就是',
  '也是',
  '还是',
  '不是',
  '只是',
  '可以',
  '一个',
  '一些',
  '没有',
  '已经',
  '因为',
  '所以',
  '但是',
  '如果',
  '虽然',
  '而是',
  '或者',
  '还有',
  '以及',
  '并且',
  '而且',
  '的话',
  '一样',
  '一下',
  '之后',
  '之前',
  '时候',
  '其中',
  '其他',
  '每个',
  '有些',
  '所有',
  '非常',
  '比较',
  '然后',
  '于是',
  '只有',
  '不会',
  '不能',
  '能够',
  '应该',
  '需要',
  '进行',
]);

/** Chinese words, for evidence that is a whole word, never a run across words (现自己 in 发现自己). */
const ZH_SEGMENTER = new Intl.Segmenter('zh', { granularity: 'word' });
// ICU loads its Chinese dictionary on first use (tens of ms): at start-up, not inside a detection's step.
void [...ZH_SEGMENTER.segment('中文分词')];

/**
 * ICU's word segmentation slows down more than linearly on a long run of Chinese (20,000 characters:
 * about 2 s), so a sentence is segmented in overlapping pieces, with a pause between them (ADR 0034).
 */
const SEGMENT_CHUNK = 400;
/** Words at a piece's edges may be cut: each piece overlaps the next by this much, and edge words are left to the neighbour piece. */
const SEGMENT_OVERLAP = 16;

/** The whole words of a sentence (as tokenised for features: normalised, lower case). */
function* wordsOf(sentence: string, lang: Lang): Steps<Set<string>> {
  const norm = normalizeForFeatures(sentence).toLowerCase();
  if (lang === 'en') return new Set(norm.match(/[a-z]+(?:'[a-z]+)*/g) ?? []);
  const words = new Set<string>();
  for (let from = 0; from < norm.length; from += SEGMENT_CHUNK - SEGMENT_OVERLAP) {
    if (from > 0) yield;
    const to = Math.min(norm.length, from + SEGMENT_CHUNK);
    const segs = [...ZH_SEGMENTER.segment(norm.slice(from, to))];
    segs.forEach((x, i) => {
      const cutAtStart = i === 0 && from > 0;
      const cutAtEnd = i === segs.length - 1 && to < norm.length;
      if (x.isWordLike && !cutAtStart && !cutAtEnd) words.add(x.segment);
    });
    if (to === norm.length) break;
  }
  return words;
}

/** A quotable example: one whole word (or a run of whole English words), at least a content word. */
function quotable(text: string, lang: Lang, words: ReadonlySet<string>): boolean {
  if (lang === 'en') {
    const parts = text.split(' ');
    return parts.every((w) => words.has(w)) && parts.some((w) => w.length >= 3 && !EVIDENCE_STOP_EN.has(w)) && !EVIDENCE_STOP_EN.has(text);
  }
  return /^[\u4e00-\u9fff]{2,}$/.test(text) && words.has(text) && !EVIDENCE_STOP_ZH.has(text);
}

/** Grams looked at between pauses (a long sentence has tens of thousands). */
const GRAMS_PER_STEP = 2000;

/**
 * Word level: the n-grams of `sentences` weighed by `vec`, in direction `dir`: their summed
 * contribution (each n-gram once) and the three strongest readable phrases, quoted. Pauses
 * (time-slice.ts) between sentences and every GRAMS_PER_STEP grams.
 */
function* phraseEvidence(
  m: LangModel,
  vec: SpanVector,
  sentences: readonly string[],
  config: FeatureConfig,
  lang: Lang,
  dir: 1 | -1,
  readable: (phrase: string) => boolean = () => true,
): Steps<{ lexical: number; examples: string[] }> {
  const valueOf = new Map<number, number>();
  for (let i = 0; i < vec.idx.length; i++) valueOf.set(vec.idx[i] as number, vec.val[i] as number);
  const phrases = new Map<string, number>();
  let lexical = 0;
  const seen = new Set<number>();
  let grams = 0;
  for (const s of sentences) {
    yield;
    const words = yield* wordsOf(s, lang);
    for (const g of tokenGramsWithText(s, lang, config)) {
      if (++grams % GRAMS_PER_STEP === 0) yield;
      const c = (m.sparse[g.id] as number) * (valueOf.get(g.id) ?? 0) * dir;
      if (!seen.has(g.id)) {
        seen.add(g.id);
        lexical += c;
      }
      // Only whole content words make readable examples (issue 24).
      if (c > 0 && quotable(g.text, lang, words) && readable(g.text)) phrases.set(g.text, Math.max(phrases.get(g.text) ?? 0, c));
    }
  }
  // Strongest first, skipping fragments of an example already chosen (活方 inside 活方式).
  const top: string[] = [];
  for (const [t] of [...phrases.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    if (top.length === 3) break;
    if (!top.some((u) => u.includes(t) || t.includes(u))) top.push(t);
  }
  return { lexical, examples: top.map((t) => `“${t}”`) };
}

const byWeight = (a: { weight: number; text: string }, b: { weight: number; text: string }) =>
  b.weight - a.weight || (a.text < b.text ? -1 : 1);

export function explain(x: ExplainInput): string[] {
  return runToEnd(explainSteps(x));
}

/** `explain`, pausing between sentences (time-slice.ts). */
export function* explainSteps(x: ExplainInput): Steps<string[]> {
  const dir = x.label === 'human' ? -1 : 1;
  const m = x.model;
  const candidates: { weight: number; text: string }[] = styleCandidates(m, x.vec, x.config, x.lang, dir);
  const words = yield* phraseEvidence(m, x.vec, x.sentences, x.config, x.lang, dir);
  // Relative to the average training text, like the z-scored features.
  const lexical = words.lexical - dir * m.sparseMean;
  if (lexical > 0.2 && words.examples.length > 0) {
    candidates.push({
      weight: lexical,
      text:
        dir > 0
          ? `措辞接近AI生成文本的常见表达（如${words.examples.join('、')}）`
          : `措辞带有个人化、非模板化特征（如${words.examples.join('、')}）`,
    });
  }

  candidates.sort(byWeight);
  const reasons = candidates.slice(0, MAX_REASONS).map((c) => c.text);

  const hasAiPara = x.paragraphLabels.includes('ai');
  const hasHumanPara = x.paragraphLabels.includes('human');
  if (hasAiPara && hasHumanPara) reasons.unshift('各段落差异明显：部分段落AI特征突出，其余段落更接近人工写作');
  if (reasons.length === 0) reasons.push(dir > 0 ? '整体用词与句式模式接近AI生成文本' : '未发现明显的AI写作特征');
  return reasons.slice(0, MAX_REASONS);
}

export interface SentenceExplainInput {
  lang: Lang;
  model: LangModel;
  /** The sentence with its neighbours in the same language: the span its own score is read from. */
  vec: SpanVector;
  sentence: string;
  config: FeatureConfig;
  /** The sentence's bag and its neighbours' (same language) if already built; built here otherwise. */
  own?: Bag;
  neighbours?: readonly Bag[];
}

const MAX_SENTENCE_REASONS = 3;
/**
 * The stylometric signals that read as a reason on one sentence and its neighbours, in the
 * direction named (true: high). Others (punctuation counts, contractions…) are real contributions
 * but on three sentences tell a student nothing they can act on.
 */
const SENTENCE_SIGNALS: ReadonlyMap<string, boolean> = new Map([
  ['connRate', true],
  ['connStart', true],
  ['sentLenCV', false],
  ['sentLenMean', true],
  ['longSentFrac', true],
  ['wordLen', true],
  ['longWordRate', true],
  ['herdan', false],
  ['firstPerson', false],
]);
/** Neighbours within this share of the longer one's length count as "the same length". */
const SAME_LENGTH = 0.2;

/**
 * A window's stylometric signal, said of the sentence only when it is true of the sentence itself
 * (issue 24): the sentence's own counters and features, in the direction the window's signal points.
 * Returns the reason in words about this sentence, or null when the sentence does not show it.
 */
function ownSignal(name: string, x: SentenceExplainInput, own: Bag, neighbours: readonly Bag[]): string | null {
  const types = new Set<number>();
  let tokens = 0;
  const nsSize = 1 << x.config.bits;
  for (const g of own.grams) {
    if (g >= nsSize) continue;
    types.add(g);
    tokens++;
  }
  const dense = denseFeatures(own.stats, types.size, tokens, x.lang);
  const specs = denseSpecs(x.config, x.lang);
  const z = (feature: string) => {
    const j = specs.findIndex((sp) => sp.name === feature);
    return j < 0 ? 0 : standardize(x.model, dense, j);
  };
  const unit = x.lang === 'en' ? '个词' : '个字';
  switch (name) {
    case 'connStart': {
      const start = connectivesOf(x.sentence, x.lang).start;
      return start !== null ? `句首使用连接词“${start}”` : null;
    }
    case 'connRate': {
      // Beyond the one it starts with (that one has its own reason).
      const con = connectivesOf(x.sentence, x.lang);
      const rest = con.start === null ? con.all : con.all.filter((c, i) => i !== con.all.indexOf(con.start as string));
      const all = [...new Set(rest)];
      return all.length > 0 && z('connRate') > 0
        ? `使用连接词${all
            .slice(0, 3)
            .map((c) => `“${c}”`)
            .join('、')}`
        : null;
    }
    case 'sentLenMean':
    case 'longSentFrac':
      return z('sentLenMean') > 0 || (own.stats[COUNTER.longSent] as number) > 0 ? `句子偏长（${own.units} ${unit}）` : null;
    case 'wordLen':
    case 'longWordRate':
      return x.lang === 'en' && z('wordLen') > 0 && z('longWordRate') > 0 ? '用词偏长、书面化' : null;
    case 'herdan':
      return z('herdan') < 0 ? (x.lang === 'en' ? '本句用词重复较多' : '本句用字重复较多') : null;
    case 'firstPerson':
      return (own.stats[COUNTER.first] as number) === 0 ? '本句没有第一人称表述' : null;
    case 'sentLenCV': {
      const same = (b: Bag) => Math.abs(b.units - own.units) <= SAME_LENGTH * Math.max(b.units, own.units);
      return neighbours.length >= 2 && neighbours.every(same) ? '与前后句长度接近，节奏均匀' : null;
    }
    default:
      return null;
  }
}

/** A quoted example must be a content word or phrase, not “the” or “my”. */
const contentPhrase = (phrase: string) => !phrase.split(' ').every((w) => EN_FUNCTION.has(w) || EN_FIRST.has(w) || w.length < 3);
/** The sentence's own phrases must add at least this (log-odds) to be quoted as a reason. */
const MIN_SENTENCE_LEXICAL = 0.05;

/**
 * Why one suspicious sentence scored high, in plain Chinese: the stylometric signals of the
 * sentence with its neighbours that push towards AI (connectives, uniform length…), each only when
 * the sentence itself shows it (issue 24: no "connective at the start" on a sentence without one),
 * and the sentence's own phrases that weigh towards AI, quoted.
 */
export function explainSentence(x: SentenceExplainInput): string[] {
  return runToEnd(explainSentenceSteps(x));
}

/** `explainSentence`, pausing in a long sentence (time-slice.ts). */
export function* explainSentenceSteps(x: SentenceExplainInput): Steps<string[]> {
  const own = x.own ?? sentenceBag(x.sentence, x.lang, x.config);
  const neighbours = x.neighbours ?? [];
  const candidates: { weight: number; text: string }[] = [];
  for (const c of styleCandidates(x.model, x.vec, x.config, x.lang, 1, (name, high) => SENTENCE_SIGNALS.get(name) === high)) {
    const text = ownSignal(c.name, x, own, neighbours);
    const same = candidates.find((d) => d.text === text);
    if (text === null) continue;
    if (same) same.weight += c.weight;
    else candidates.push({ weight: c.weight, text });
  }
  const words = yield* phraseEvidence(x.model, x.vec, [x.sentence], x.config, x.lang, 1, contentPhrase);
  if (words.lexical > MIN_SENTENCE_LEXICAL && words.examples.length > 0) {
    candidates.push({ weight: words.lexical, text: `使用了AI生成文本的典型措辞：${words.examples.join('、')}` });
  }
  candidates.sort(byWeight);
  const reasons = candidates.slice(0, MAX_SENTENCE_REASONS).map((c) => c.text);
  if (reasons.length === 0) reasons.push('本句自身没有突出的AI特征，评分主要受前后句和全文整体特征的影响');
  return reasons;
}
