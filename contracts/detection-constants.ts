/** 查AI率 / 降AI率 enumerations without zod, for pages (issue 14); contracts/detection.ts re-exports them. */
import { AI_INPUT_LIMITS } from './ai-operation-constants';
import { countSentences } from './sentences';

export const DETECTION_LABELS = ['human', 'mixed', 'ai'] as const;
export type DetectionLabel = (typeof DETECTION_LABELS)[number];
export const DETECTION_LANGUAGES = ['en', 'zh', 'mixed'] as const;

/** The reduce-AI model code (spec §1: defaults to balanced). */
export const REDUCE_MODES = ['light', 'balanced', 'strong'] as const;
export type ReduceMode = (typeof REDUCE_MODES)[number];
export const DEFAULT_REDUCE_MODE: ReduceMode = 'balanced';
export const REDUCE_MODE_LABELS: Record<ReduceMode, { title: string; hint: string }> = {
  light: { title: '轻度', hint: '只改最典型的套话和连接词，改动最少' },
  balanced: { title: '均衡', hint: '改写 AI 特征明显的句子，兼顾原意与自然度' },
  strong: { title: '强力', hint: '改写更多句子并调整句式，改动最大' },
};
/** Stop once the text's AI rate is at or under this (the user may choose another). */
export const DEFAULT_REDUCE_TARGET = 40;
/** A 降AI率 that lowers the rate by less than this many points and misses its target keeps no points (ADR 0040). */
export const REDUCE_MIN_DROP = 10;

/** 降AI率's result (POST /api/v1/ai/reduce, event `done`), as the page reads it. */
export type ReduceScore = { aiRate: number; label: DetectionLabel; band: { low: number; high: number } };
export type ReduceSegment = { kind: 'text'; text: string } | { kind: 'sentence'; index: number; original: string; rewritten: string };
export type ReduceResultData = {
  mode: ReduceMode;
  target: number;
  engine: 'local' | 'model';
  rounds: number;
  before: ReduceScore;
  after: ReduceScore;
  /** The whole text in order: unchanged stretches, and each sentence with its rewrite (equal when unchanged). */
  segments: ReduceSegment[];
  text: string;
  changedSentences: number;
  /** Facts of the original missing from the result (kept empty by the lock; listed if ever not). */
  factsChanged: string[];
  /** Sentences whose rewrite was refused because it lost these facts. */
  locked: Array<{ index: number; facts: string[] }>;
  /**
   * Rewrites dropped (the sentence kept as it was) because the grammar engine found an error in
   * them their original did not have (ADR 0041); absent in results saved before it.
   */
  grammarDropped?: number;
  /** False when the grammar engine did not answer and English rewrites went unchecked. */
  grammarChecked?: boolean;
};

export type ReduceEvent =
  | { event: 'start'; data: { reductionId: string; pointsReserved: number; mode: ReduceMode } }
  | { event: 'round'; data: { round: number; rounds: number; sentences: number } }
  | { event: 'sentence'; data: { round: number; index: number; original: string; rewritten: string } }
  | { event: 'score'; data: { round: number } & ReduceScore }
  /** `uncharged`: the run lowered the rate by < 10 points and missed its target, so it kept no points (ADR 0040). */
  | { event: 'done'; data: { reductionId: string; points: number; result: ReduceResultData; uncharged?: string } }
  | { event: 'error'; data: { code: string; message: string; pointsRefunded: number } };

/**
 * The most sentences one check or reduction takes (issue 22, ADR 0034). Work grows with the
 * sentences as well as the characters (each is scored, explained and, in 降AI率, rewritten), and a
 * 20,000-character text of tiny sentences ("a. a. a.") has 10,000 of them; a real essay of that
 * length has a few hundred.
 */
export const MAX_DETECT_SENTENCES = 2000;
export const TOO_MANY_SENTENCES = 'TOO_MANY_SENTENCES';
export const TOO_MANY_SENTENCES_MESSAGE = `句子数量过多，请分段检测（最多${MAX_DETECT_SENTENCES}句）`;
export const TEXT_TOO_LONG = 'TEXT_TOO_LONG';
export const TEXT_TOO_LONG_MESSAGE = `检测文本不能超过${AI_INPUT_LIMITS.essay}个字符`;

export type DetectInputRefusal = {
  code: typeof TEXT_TOO_LONG | typeof TOO_MANY_SENTENCES;
  message: string;
  field: 'text';
  /** The limit passed: characters or sentences. */
  limit: number;
};

/**
 * Whether a text is too large to check or reduce, before any work or charge: over
 * AI_INPUT_LIMITS.essay characters, or over MAX_DETECT_SENTENCES sentences as the detector splits
 * them. One linear pass without regular-expression backtracking, stopping at the cap (a few ms
 * on the largest text). null: the text may be checked.
 */
export function checkDetectInput(text: string): DetectInputRefusal | null {
  if (text.length > AI_INPUT_LIMITS.essay)
    return { code: TEXT_TOO_LONG, message: TEXT_TOO_LONG_MESSAGE, field: 'text', limit: AI_INPUT_LIMITS.essay };
  if (countSentences(text, MAX_DETECT_SENTENCES) > MAX_DETECT_SENTENCES) {
    return { code: TOO_MANY_SENTENCES, message: TOO_MANY_SENTENCES_MESSAGE, field: 'text', limit: MAX_DETECT_SENTENCES };
  }
  return null;
}
