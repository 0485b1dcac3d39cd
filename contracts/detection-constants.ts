/** 查AI率 / 降AI率 enumerations without zod, for pages (issue 14); contracts/detection.ts re-exports them. */
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
};

export type ReduceEvent =
  | { event: 'start'; data: { reductionId: string; pointsReserved: number; mode: ReduceMode } }
  | { event: 'round'; data: { round: number; rounds: number; sentences: number } }
  | { event: 'sentence'; data: { round: number; index: number; original: string; rewritten: string } }
  | { event: 'score'; data: { round: number } & ReduceScore }
  | { event: 'done'; data: { reductionId: string; points: number; result: ReduceResultData } }
  | { event: 'error'; data: { code: string; message: string; pointsRefunded: number } };
