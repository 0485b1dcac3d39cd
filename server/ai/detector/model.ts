// The linear model, its calibration and the on-disk format.
//
// Format: `detector.json` holds everything small (config, calibration,
// thresholds, dense-feature statistics, split rule, training summary);
// `weights.bin.gz` holds the hashed n-gram weights of each language as int16
// with one scale per language. Both are written deterministically.

import { gunzipSync, gzipSync } from 'node:zlib';
import type { FeatureConfig, SpanVector } from './features';
import type { LmTables } from './lm';
import { LM_BI_BITS, LM_UNI_BITS, lmFeatures } from './lm';
import type { Lang } from './text';

export interface Platt {
  a: number;
  b: number;
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
  /** Class-conditional LM (cfg.enLm); its features follow the stylometric ones in `dense`. */
  lm?: LmTables;
}

export interface SplitRule {
  /** bucket = fnv1a(salt + text) % 100; see data.ts. */
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
  training: Record<string, unknown>;
}

export interface DetectorModel {
  meta: ModelMeta;
  langs: Record<Lang, LangModel>;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
export const logit = (p: number): number => Math.log(p / (1 - p));

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

/** The span's dense features as the model sees them: stylometric, then LM features if the model has an LM. */
export function denseOf(m: LangModel, v: SpanVector): Float64Array {
  if (!m.lm || !v.lm) return v.dense;
  const lm = lmFeatures(m.lm, v.lm);
  const out = new Float64Array(v.dense.length + lm.length);
  out.set(v.dense, 0);
  out.set(lm, v.dense.length);
  return out;
}

/** Raw (uncalibrated) logit of a span vector. */
export function rawScore(m: LangModel, v: SpanVector): number {
  let s = m.bias + sparseScore(m, v);
  const d = denseOf(m, v);
  for (let j = 0; j < m.dense.length; j++) s += (m.dense[j] as number) * standardize(m, d, j);
  return s;
}

/** Calibrated logit (log-odds of AI under a balanced prior). */
export function calibratedLogit(m: LangModel, raw: number): number {
  return m.platt.a * raw + m.platt.b;
}

// ---------------------------------------------------------------------------
// Serialisation.

function quantize(w: Float32Array): { scale: number; q: Int16Array } {
  let max = 0;
  for (const x of w) max = Math.max(max, Math.abs(x));
  const scale = max > 0 ? max / 32767 : 1;
  const q = new Int16Array(w.length);
  for (let i = 0; i < w.length; i++) q[i] = Math.round((w[i] as number) / scale);
  return { scale, q };
}

/** Rounds weights to what the file can hold, so training evaluates the shipped model. */
export function roundTripSparse(w: Float32Array): Float32Array {
  const { scale, q } = quantize(w);
  return Float32Array.from(q, (x) => x * scale);
}

// Ten significant digits keep the JSON short and stable across platforms.
const tidy = (x: number) => Number(x.toPrecision(10));

export function serialize(model: DetectorModel): { json: string; bin: Buffer } {
  const langsJson: Record<string, unknown> = {};
  const chunks: Buffer[] = [];
  for (const lang of ['en', 'zh'] as const) {
    const m = model.langs[lang];
    const { scale, q } = quantize(m.sparse);
    chunks.push(Buffer.from(q.buffer, q.byteOffset, q.byteLength));
    let lmJson: { totals: number[] } | undefined;
    if (m.lm) {
      // Counts are whole numbers: stored exactly as uint32.
      for (const c of m.lm.cls) {
        for (const t of [c.uni, c.bi]) {
          const u = Uint32Array.from(t);
          chunks.push(Buffer.from(u.buffer, u.byteOffset, u.byteLength));
        }
      }
      lmJson = { totals: m.lm.cls.map((c) => c.total) };
    }
    langsJson[lang] = {
      ...(lmJson ? { lm: lmJson } : {}),
      sparseLength: m.sparse.length,
      sparseScale: scale,
      bias: tidy(m.bias),
      sparseMean: tidy(m.sparseMean),
      dense: Array.from(m.dense, tidy),
      denseMean: Array.from(m.denseMean, tidy),
      denseStd: Array.from(m.denseStd, tidy),
      platt: { a: tidy(m.platt.a), b: tidy(m.platt.b) },
      thresholds: { mixed: tidy(m.thresholds.mixed), ai: tidy(m.thresholds.ai) },
    };
  }
  const json = `${JSON.stringify({ meta: model.meta, langs: langsJson }, null, 1)}\n`;
  // Fixed level and no timestamps: gzip output is a pure function of the input.
  const bin = gzipSync(Buffer.concat(chunks), { level: 9 });
  return { json, bin };
}

interface LangJson {
  sparseLength: number;
  sparseMean: number;
  sparseScale: number;
  bias: number;
  dense: number[];
  denseMean: number[];
  denseStd: number[];
  platt: Platt;
  thresholds: Thresholds;
  lm?: { totals: number[] };
}

export function deserialize(json: string, bin: Buffer): DetectorModel {
  const parsed = JSON.parse(json) as { meta: ModelMeta; langs: Record<Lang, LangJson> };
  const raw = gunzipSync(bin);
  let offset = 0;
  const langs = {} as Record<Lang, LangModel>;
  for (const lang of ['en', 'zh'] as const) {
    const lj = parsed.langs[lang];
    const bytes = lj.sparseLength * 2;
    // Copy into an aligned buffer before viewing as int16.
    const q = new Int16Array(new Uint8Array(raw.subarray(offset, offset + bytes)).buffer);
    offset += bytes;
    let lm: LmTables | undefined;
    if (lj.lm) {
      const take = (n: number) => {
        const u = new Uint32Array(new Uint8Array(raw.subarray(offset, offset + 4 * n)).buffer);
        offset += 4 * n;
        return Float64Array.from(u);
      };
      const cls = lj.lm.totals.map((total) => {
        const uni = take(1 << LM_UNI_BITS);
        const bi = take(1 << LM_BI_BITS);
        return { uni, bi, total };
      });
      lm = { cls: [cls[0]!, cls[1]!] };
    }
    langs[lang] = {
      ...(lm ? { lm } : {}),
      bias: lj.bias,
      sparseMean: lj.sparseMean,
      sparse: Float32Array.from(q, (x) => x * lj.sparseScale),
      dense: Float64Array.from(lj.dense),
      denseMean: Float64Array.from(lj.denseMean),
      denseStd: Float64Array.from(lj.denseStd),
      platt: lj.platt,
      thresholds: lj.thresholds,
    };
  }
  if (offset !== raw.length) throw new Error('detector weights: size mismatch between detector.json and weights.bin.gz');
  return { meta: parsed.meta, langs };
}
