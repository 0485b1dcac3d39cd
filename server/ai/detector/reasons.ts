// Plain-Chinese reasons: the signals that pushed this document's score
// the most in the direction of its verdict. The model is linear, so each
// stylometric feature's contribution is its weight times its z-score and the
// word-level contribution is the sum over the document's n-grams.

import type { FeatureConfig, SpanVector } from './features';
import { denseSpecs, EN_FIRST, EN_FUNCTION, tokenGramsWithText } from './features';
import type { LangModel } from './model';
import { standardize } from './model';
import type { Lang } from './text';
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
): { weight: number; text: string }[] {
  const out: { weight: number; text: string }[] = [];
  const specs = denseSpecs(config, lang);
  for (let j = 0; j < m.dense.length; j++) {
    const z = standardize(m, vec.dense, j);
    const c = (m.dense[j] as number) * z;
    const spec = specs[j];
    if (spec && dir * c > MIN_STYLE && keep(spec.name, z > 0)) out.push({ weight: dir * c, text: z > 0 ? spec.high : spec.low });
  }
  return out;
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
    for (const g of tokenGramsWithText(s, lang, config)) {
      if (++grams % GRAMS_PER_STEP === 0) yield;
      const c = (m.sparse[g.id] as number) * (valueOf.get(g.id) ?? 0) * dir;
      if (!seen.has(g.id)) {
        seen.add(g.id);
        lexical += c;
      }
      // Only whole words or runs of Chinese characters make readable examples.
      if (c > 0 && /^(?:[a-z']{2,}(?: [a-z']+)*|[\u4e00-\u9fff]{2,})$/.test(g.text) && readable(g.text)) phrases.set(g.text, Math.max(phrases.get(g.text) ?? 0, c));
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
  const candidates = styleCandidates(m, x.vec, x.config, x.lang, dir);
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
/** A quoted example must be a content word or phrase, not “the” or “my”. */
const contentPhrase = (phrase: string) => !phrase.split(' ').every((w) => EN_FUNCTION.has(w) || EN_FIRST.has(w) || w.length < 3);
/** The sentence's own phrases must add at least this (log-odds) to be quoted as a reason. */
const MIN_SENTENCE_LEXICAL = 0.05;

/**
 * Why one suspicious sentence scored high, in plain Chinese: the stylometric signals of the
 * sentence with its neighbours that push towards AI (connectives, uniform length…), and the
 * sentence's own phrases that weigh towards AI, quoted.
 */
export function explainSentence(x: SentenceExplainInput): string[] {
  return runToEnd(explainSentenceSteps(x));
}

/** `explainSentence`, pausing in a long sentence (time-slice.ts). */
export function* explainSentenceSteps(x: SentenceExplainInput): Steps<string[]> {
  const candidates = styleCandidates(x.model, x.vec, x.config, x.lang, 1, (name, high) => SENTENCE_SIGNALS.get(name) === high);
  const words = yield* phraseEvidence(x.model, x.vec, [x.sentence], x.config, x.lang, 1, contentPhrase);
  if (words.lexical > MIN_SENTENCE_LEXICAL && words.examples.length > 0) {
    candidates.push({ weight: words.lexical, text: `使用了AI生成文本的典型措辞：${words.examples.join('、')}` });
  }
  candidates.sort(byWeight);
  const reasons = candidates.slice(0, MAX_SENTENCE_REASONS).map((c) => c.text);
  if (reasons.length === 0) reasons.push('本句自身没有突出的AI特征，评分主要受前后句和全文整体特征的影响');
  return reasons;
}
