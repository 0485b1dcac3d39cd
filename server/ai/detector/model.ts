// The linear model, its calibration and the reader of the on-disk format.
//
// Format: `detector.json` holds everything small (config, calibration,
// thresholds, dense-feature statistics, split rule, training summary);
// `weights.bin.gz` holds the hashed n-gram weights of each language as int16
// with one scale per language. Both are written deterministically by
// ml/detector/serialize.ts.

import { gunzipSync } from 'node:zlib';
import type { FeatureConfig, SpanVector } from './features';
import { assertRuntimeConfig } from './features';
import type { Lang } from './text';

/**
 * Calibration: log-odds = a·raw + b, plus (length-aware models) c·raw·ℓ,
 * where ℓ = ln(units / ref) clipped to [LEN_MIN, LEN_MAX]: the longer the
 * span, the more its raw score is trusted.
 */
export interface Platt {
  a: number;
  b: number;
  c?: number;
  /** Reference length (units) of the length term. */
  ref?: number;
}

const LEN_MIN = Math.log(0.25);
const LEN_MAX = Math.log(8);

/** The length term ℓ of a span of `units` English words / Chinese characters. */
export function lengthTerm(units: number, ref: number): number {
  return Math.max(LEN_MIN, Math.min(LEN_MAX, Math.log(Math.max(1, units) / ref)));
}

export interface Thresholds {
  /** Calibrated probability at or above which the label is 'mixed'. */
  mixed: number;
  /** Calibrated probability at or above which the label is 'ai'. */
  ai: number;
}

export interface LangModel {
  bias: number;
  /** Mean n-gram part of the score on training texts: the baseline for explanations. */
  sparseMean: number;
  sparse: Float32Array;
  dense: Float64Array;
  denseMean: Float64Array;
  denseStd: Float64Array;
  platt: Platt;
  thresholds: Thresholds;
  /** Atypicality (reliability.ts) above which a text counts as unlike the training texts. */
  atypical?: number;
}

export interface SplitRule {
  /** bucket = fnv1a(salt + text) % 100; see corpus.ts. */
  salt: string;
  trainBelow: number; // bucket < trainBelow: training
  calibBelow: number; // trainBelow <= bucket < calibBelow: calibration; rest: held-out test
}

export interface ModelMeta {
  modelVersion: string;
  seed: number;
  config: FeatureConfig;
  split: SplitRule;
  minLength: Record<Lang, number>;
  targets: { aiMaxHumanFpr: number; mixedMaxHumanFpr: number; shiftAiMaxHumanFpr: number; shiftMixedMaxHumanFpr: number };
  shiftGuard: boolean;
  calibration?: { lengthAware: boolean; shared: boolean; fitOn?: 'oos' | 'calib'; oosRescale?: boolean };
  training: Record<string, unknown>;
}

export interface DetectorModel {
  meta: ModelMeta;
  langs: Record<Lang, LangModel>;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** z-scored, clipped stylometric value; undefined (NaN) features contribute 0. */
export function standardize(m: LangModel, dense: Float64Array, j: number): number {
  const x = dense[j];
  if (x === undefined || Number.isNaN(x)) return 0;
  const z = (x - (m.denseMean[j] as number)) / (m.denseStd[j] as number);
  return Math.max(-5, Math.min(5, z));
}

/** The n-gram part of the score. */
export function sparseScore(m: LangModel, v: SpanVector): number {
  let s = 0;
  for (let i = 0; i < v.idx.length; i++) s += (m.sparse[v.idx[i] as number] as number) * (v.val[i] as number);
  return s;
}

/** Raw (uncalibrated) logit of a span vector. */
export function rawScore(m: LangModel, v: SpanVector): number {
  let s = m.bias + sparseScore(m, v);
  for (let j = 0; j < m.dense.length; j++) s += (m.dense[j] as number) * standardize(m, v.dense, j);
  return s;
}

/** Calibrated logit (log-odds of AI under a balanced prior) of a span of `units` units. */
export function calibratedLogit(m: LangModel, raw: number, units: number): number {
  const { a, b, c, ref } = m.platt;
  const len = c !== undefined && ref !== undefined ? c * raw * lengthTerm(units, ref) : 0;
  return a * raw + b + len;
}

export type Verdict = 'human' | 'mixed' | 'ai';

export function verdictOf(p: number, thr: Thresholds): Verdict {
  return p >= thr.ai ? 'ai' : p >= thr.mixed ? 'mixed' : 'human';
}

// ---------------------------------------------------------------------------
// Reading the weight files.

export interface LangJson {
  sparseLength: number;
  sparseMean: number;
  sparseScale: number;
  bias: number;
  dense: number[];
  denseMean: number[];
  denseStd: number[];
  platt: Platt;
  thresholds: Thresholds;
  atypical?: number;
}

/** Reads one language's model from `raw` (the unzipped weights) at `offset`; returns it and the offset after it. */
export function readLang(lj: LangJson, raw: Buffer, offset: number): { model: LangModel; next: number } {
  const bytes = lj.sparseLength * 2;
  // Copy into an aligned buffer before viewing as int16.
  const q = new Int16Array(new Uint8Array(raw.subarray(offset, offset + bytes)).buffer);
  // A plain loop: Float32Array.from with a map function took ~55 ms of the first request (issue 22).
  const sparse = new Float32Array(q.length);
  for (let i = 0; i < q.length; i++) sparse[i] = (q[i] as number) * lj.sparseScale;
  const model: LangModel = {
    bias: lj.bias,
    sparseMean: lj.sparseMean,
    sparse,
    dense: Float64Array.from(lj.dense),
    denseMean: Float64Array.from(lj.denseMean),
    denseStd: Float64Array.from(lj.denseStd),
    platt: lj.platt,
    thresholds: lj.thresholds,
    ...(lj.atypical !== undefined ? { atypical: lj.atypical } : {}),
  };
  return { model, next: offset + bytes };
}

export function deserialize(json: string, bin: Buffer): DetectorModel {
  return deserializeInflated(json, gunzipSync(bin));
}

/** `deserialize` of weights already unzipped (the server inflates them off the main thread). */
export function deserializeInflated(json: string, raw: Buffer): DetectorModel {
  const parsed = JSON.parse(json) as { meta: ModelMeta; langs: Record<Lang, LangJson> };
  assertRuntimeConfig(parsed.meta.config);
  let offset = 0;
  const langs = {} as Record<Lang, LangModel>;
  for (const lang of ['en', 'zh'] as const) {
    const { model, next } = readLang(parsed.langs[lang], raw, offset);
    langs[lang] = model;
    offset = next;
  }
  if (offset !== raw.length) throw new Error('detector weights: size mismatch between detector.json and weights.bin.gz');
  return { meta: parsed.meta, langs };
}
