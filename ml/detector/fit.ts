// Logistic regression over hashed n-grams + standardised stylometric
// features, trained by AdaGrad SGD in a seeded order. Linear on purpose: it
// is fast on a CPU, every contribution can be explained, and it
// generalised across sources better than we could show for anything else
// we could train here in minutes (see docs/decisions/0007).

import { mulberry32 } from '../../server/ai/detector/hash';
import { sigmoid, sparseScore, standardize } from '../../server/ai/detector/model';
import type { TrainingLangModel, TrainingVector } from './experimental-features';
import type { LmCounts, LmTables } from './lm';
import type { MlpOptions } from './mlp';
import { fitMlp } from './mlp';
import { addSeq, emptyCounts, lmFeatures, N_LM_FEATURES, subtractCounts } from './lm';

export interface Example {
  vec: TrainingVector;
  y: 0 | 1; // 1 = AI
  group: string; // source|domain|label, for weighting
}

export interface FitOptions {
  epochs: number;
  lr: number;
  l2: number;
  /**
   * 'class': balance human/AI; 'sqrt-group': also damp large (source, domain,
   * label) groups by 1/sqrt(n); 'source': every (source, label) group gets the
   * same total weight, so each source counts equally whatever its size.
   */
  weighting: 'class' | 'sqrt-group' | 'source';
  seed: number;
  /** Experiment (mlp.ts): also train a small network and blend it into the score. */
  mlp?: MlpOptions;
}

export const DEFAULT_FIT: FitOptions = { epochs: 5, lr: 0.2, l2: 1e-6, weighting: 'sqrt-group', seed: 20240611 };

/** Fisher-Yates shuffle in place with the given PRNG. */
function shuffleInPlace<T>(arr: T[], rand: () => number): T[] {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const tmp = arr[i] as T;
    arr[i] = arr[j] as T;
    arr[j] = tmp;
  }
  return arr;
}

function denseStats(examples: Example[], nDense: number): { mean: Float64Array; std: Float64Array } {
  const mean = new Float64Array(nDense);
  const m2 = new Float64Array(nDense);
  const count = new Float64Array(nDense);
  for (const e of examples) {
    for (let j = 0; j < nDense; j++) {
      const x = e.vec.dense[j] as number;
      if (Number.isNaN(x)) continue;
      count[j] = (count[j] as number) + 1;
      const d = x - (mean[j] as number);
      mean[j] = (mean[j] as number) + d / (count[j] as number);
      m2[j] = (m2[j] as number) + d * (x - (mean[j] as number));
    }
  }
  const std = Float64Array.from(m2, (v, j) => Math.max(1e-6, Math.sqrt(v / Math.max(1, (count[j] as number) - 1))));
  return { mean, std };
}

/** The (source, label) part of a `source|domain|label` group. */
const sourceLabelOf = (group: string) => {
  const parts = group.split('|');
  return `${parts[0]}|${parts[parts.length - 1]}`;
};

function sampleWeights(examples: Example[], weighting: FitOptions['weighting']): Float64Array {
  const keyOf = weighting === 'source' ? (e: Example) => sourceLabelOf(e.group) : (e: Example) => e.group;
  const groupN = new Map<string, number>();
  for (const e of examples) groupN.set(keyOf(e), (groupN.get(keyOf(e)) ?? 0) + 1);
  const raw = Float64Array.from(examples, (e) => {
    const n = groupN.get(keyOf(e)) ?? 1;
    return weighting === 'sqrt-group' ? 1 / Math.sqrt(n) : weighting === 'source' ? 1 / n : 1;
  });
  // Then balance the classes so the prior the model learns is 50/50.
  const tot = [0, 0];
  examples.forEach((e, i) => (tot[e.y] = (tot[e.y] as number) + (raw[i] as number)));
  const n = examples.length;
  return raw.map((w, i) => (w * n) / (2 * (tot[(examples[i] as Example).y] as number)));
}

/** Folds for cross-fitting the LM features of training texts. */
const LM_FOLDS = 5;

/**
 * With an LM, each training text's LM features come from tables built
 * without its fold (cross-fitting), so the classifier learns how much the
 * LM is worth on text the LM has not seen. The model keeps the tables
 * built from all training texts.
 */
function withLmFeatures(examples: Example[]): { examples: Example[]; tables: LmTables } {
  const folds: [LmCounts, LmCounts][] = Array.from({ length: LM_FOLDS }, () => [emptyCounts(), emptyCounts()]);
  const all: [LmCounts, LmCounts] = [emptyCounts(), emptyCounts()];
  examples.forEach((e, i) => {
    if (!e.vec.lm) return;
    addSeq((folds[i % LM_FOLDS] as [LmCounts, LmCounts])[e.y], e.vec.lm);
    addSeq(all[e.y], e.vec.lm);
  });
  const out = examples.map((e) => e);
  for (let k = 0; k < LM_FOLDS; k++) {
    const f = folds[k] as [LmCounts, LmCounts];
    const t: LmTables = { cls: [subtractCounts(all[0], f[0]), subtractCounts(all[1], f[1])] };
    for (let i = k; i < examples.length; i += LM_FOLDS) {
      const e = examples[i] as Example;
      const lm = e.vec.lm ? lmFeatures(t, e.vec.lm) : new Float64Array(N_LM_FEATURES).fill(NaN);
      const dense = new Float64Array(e.vec.dense.length + lm.length);
      dense.set(e.vec.dense, 0);
      dense.set(lm, e.vec.dense.length);
      out[i] = { ...e, vec: { ...e.vec, dense } };
    }
  }
  return { examples: out, tables: { cls: all } };
}

/** Trains one language's model; calibration and thresholds are set later. */
export function fitLanguage(examplesIn: Example[], sparseSize: number, nDense: number, opts: FitOptions, useLm = false): TrainingLangModel {
  let examples = examplesIn;
  let tables: LmTables | undefined;
  if (useLm) ({ examples, tables } = withLmFeatures(examplesIn));
  const { mean, std } = denseStats(examples, nDense);
  const model: TrainingLangModel = {
    bias: 0,
    sparseMean: 0,
    sparse: new Float32Array(sparseSize),
    dense: new Float64Array(nDense),
    denseMean: mean,
    denseStd: std,
    platt: { a: 1, b: 0 },
    thresholds: { mixed: 0.5, ai: 0.5 },
    ...(tables ? { lm: tables } : {}),
  };
  const weights = sampleWeights(examples, opts.weighting);
  const gSparse = new Float32Array(sparseSize);
  const gDense = new Float64Array(nDense);
  let gBias = 0;
  const z = new Float64Array(nDense);
  const eps = 1e-8;
  const rand = mulberry32(opts.seed);
  const order = examples.map((_, i) => i);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    shuffleInPlace(order, rand);
    for (const i of order) {
      const e = examples[i] as Example;
      const v = e.vec;
      for (let j = 0; j < nDense; j++) z[j] = standardize(model, v.dense, j);
      let s = model.bias;
      for (let k = 0; k < v.idx.length; k++) s += (model.sparse[v.idx[k] as number] as number) * (v.val[k] as number);
      for (let j = 0; j < nDense; j++) s += (model.dense[j] as number) * (z[j] as number);
      const g = (sigmoid(s) - e.y) * (weights[i] as number);
      for (let k = 0; k < v.idx.length; k++) {
        const f = v.idx[k] as number;
        const w = model.sparse[f] as number;
        const grad = g * (v.val[k] as number) + opts.l2 * w;
        gSparse[f] = (gSparse[f] as number) + grad * grad;
        model.sparse[f] = w - (opts.lr * grad) / (Math.sqrt(gSparse[f] as number) + eps);
      }
      for (let j = 0; j < nDense; j++) {
        const w = model.dense[j] as number;
        const grad = g * (z[j] as number) + opts.l2 * w;
        gDense[j] = (gDense[j] as number) + grad * grad;
        model.dense[j] = w - (opts.lr * grad) / (Math.sqrt(gDense[j] as number) + eps);
      }
      gBias += g * g;
      model.bias -= (opts.lr * g) / (Math.sqrt(gBias) + eps);
    }
  }
  model.sparseMean = examples.reduce((a, e) => a + sparseScore(model, e.vec), 0) / Math.max(1, examples.length);
  if (opts.mlp && !useLm)
    model.mlp = fitMlp(examples, model, opts.mlp.sparse ? { ...opts.mlp, sparse: { ...opts.mlp.sparse, size: sparseSize } } : opts.mlp);
  return model;
}
