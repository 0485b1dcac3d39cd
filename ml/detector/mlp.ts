// Experiment (ADR 0028, fourth round): a small network of our own, trained
// here on one CPU core in plain TypeScript. One hidden layer (tanh) over the
// standardised stylometric vector the linear model already computes; each
// epoch draws the same number of texts from every (source, label) group
// (source-balanced sampling); the epoch is chosen by AUROC on an inner
// validation set never trained on (20% of each group, or whole training
// sources: `valBy`), and the network of that epoch is kept. Its logit can replace or be averaged with the linear
// model's raw score (`blend`). Training-only: the runtime has no MLP.

import type { Lang } from '../../server/ai/detector/text';
import { mulberry32 } from '../../server/ai/detector/hash';
import { rawScore, standardize } from '../../server/ai/detector/model';
import { auroc } from './calibrate';
import type { TrainingLangModel, TrainingVector } from './experimental-features';
import type { Example } from './fit';

export interface MlpOptions {
  hidden: number;
  maxEpochs: number;
  /** Texts drawn per (source, label) group per epoch. */
  perGroup: number;
  lr: number;
  l2: number;
  /** Share of the MLP logit in the score: 1 = MLP only, 0.5 = average with the linear score. */
  blend: number;
  seed: number;
  /** Also feed the hashed n-grams into the hidden layer (an embedding per bucket, AdaGrad); else stylometric only. */
  sparse?: { size: number; lr: number };
  /**
   * Inner validation: 'random' = 20% of every group; 'source' = whole training
   * sources with both labels (a quarter of the sources, at least one), so the
   * epoch is chosen on text of a source the network did not see, as LOSO judges.
   */
  valBy?: 'random' | 'source';
  /** Train the network for these languages only (the others keep the linear model); all when absent. */
  langs?: Lang[];
}

export const DEFAULT_MLP: MlpOptions = { hidden: 16, maxEpochs: 12, perGroup: 600, lr: 0.01, l2: 1e-5, blend: 0.5, seed: 7 };

export interface Mlp {
  nIn: number;
  hidden: number;
  w1: Float64Array; // hidden × nIn
  /** bucket × hidden, with `sparse`. */
  emb?: Float32Array;
  b1: Float64Array;
  w2: Float64Array;
  b2: number;
  blend: number;
  /** Spread (sd) of each score on the training texts: the blend averages standardised logits. */
  linStd: number;
  mlpStd: number;
  /** Inner-validation AUROC per epoch and the epoch kept (for the record). */
  valAuroc: number[];
  epoch: number;
}

function inputOf(m: TrainingLangModel, dense: Float64Array, nIn: number, out: Float64Array): Float64Array {
  for (let j = 0; j < nIn; j++) out[j] = standardize(m, dense, j);
  return out;
}

export function mlpLogit(net: Mlp, m: TrainingLangModel, v: TrainingVector): number {
  const x = inputOf(m, v.dense, net.nIn, new Float64Array(net.nIn));
  let s = net.b2;
  for (let h = 0; h < net.hidden; h++) {
    let a = (net.b1[h] as number) + (net.emb ? embDot(net.emb, net.hidden, h, v) : 0);
    const row = h * net.nIn;
    for (let j = 0; j < net.nIn; j++) a += (net.w1[row + j] as number) * (x[j] as number);
    s += (net.w2[h] as number) * Math.tanh(a);
  }
  return s;
}

function embDot(emb: Float32Array, H: number, h: number, v: TrainingVector): number {
  let a = 0;
  for (let k = 0; k < v.idx.length; k++) a += (emb[(v.idx[k] as number) * H + h] as number) * (v.val[k] as number);
  return a;
}

const groupKey = (g: string) => {
  const p = g.split('|');
  return `${p[0]}|${p[p.length - 1]}`;
};

/** Trains the network on `examples` (standardised with `m`'s dense statistics). */
export function fitMlp(examples: Example[], m: TrainingLangModel, opts: MlpOptions): Mlp {
  const nIn = m.dense.length;
  const H = opts.hidden;
  const rand = mulberry32(opts.seed);
  // Inner validation: 20% of every (source, label) group, or whole sources.
  const groups = new Map<string, number[]>();
  const val: number[] = [];
  const srcOf = (e: Example) => e.group.split('|')[0] as string;
  const valSources = new Set<string>();
  if (opts.valBy === 'source') {
    const labels = new Map<string, Set<number>>();
    for (const e of examples) labels.set(srcOf(e), (labels.get(srcOf(e)) ?? new Set()).add(e.y));
    const both = [...labels.keys()].filter((k) => labels.get(k)?.size === 2).sort();
    for (let i = both.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [both[i], both[j]] = [both[j] as string, both[i] as string];
    }
    const n = Math.min(both.length - 1, Math.max(1, Math.round(labels.size / 4)));
    for (const k of both.slice(0, n)) valSources.add(k);
  }
  examples.forEach((e, i) => {
    if (valSources.size > 0 ? valSources.has(srcOf(e)) : rand() < 0.2) val.push(i);
    else {
      const k = groupKey(e.group);
      const arr = groups.get(k) ?? [];
      arr.push(i);
      groups.set(k, arr);
    }
  });
  const X = examples.map((e) => inputOf(m, e.vec.dense, nIn, new Float64Array(nIn)));
  const net: Mlp = {
    nIn,
    hidden: H,
    w1: Float64Array.from({ length: H * nIn }, () => (rand() * 2 - 1) * Math.sqrt(3 / Math.max(1, nIn))),
    b1: new Float64Array(H),
    w2: Float64Array.from({ length: H }, () => (rand() * 2 - 1) * Math.sqrt(3 / H)),
    b2: 0,
    ...(opts.sparse ? { emb: new Float32Array(opts.sparse.size * H) } : {}),
    blend: opts.blend,
    linStd: 1,
    mlpStd: 1,
    valAuroc: [],
    epoch: 0,
  };
  // Adam state.
  const P = H * nIn + H + H + 1;
  const mom = new Float64Array(P);
  const vel = new Float64Array(P);
  const grad = new Float64Array(P);
  const b1a = 0.9;
  const b2a = 0.999;
  let t = 0;
  // Class balance of the sampled epoch: AI-only sources would tilt it.
  const keys = [...groups.keys()];
  const nPerClass = [0, 0];
  for (const k of keys) nPerClass[k.endsWith('|ai') ? 1 : 0] += 1;
  const classW = [nPerClass[0] ? 0.5 / (nPerClass[0] as number) : 0, nPerClass[1] ? 0.5 / (nPerClass[1] as number) : 0];
  const hid = new Float64Array(H);
  const emb = net.emb;
  const gEmb = emb ? new Float32Array(emb.length) : undefined;
  let best = { auc: -1, w1: net.w1.slice(), b1: net.b1.slice(), w2: net.w2.slice(), b2: 0, epoch: 0, emb: emb?.slice() };
  let cur: TrainingVector | undefined;
  const score = (x: Float64Array) => {
    let s = net.b2;
    for (let h = 0; h < H; h++) {
      let a = (net.b1[h] as number) + (emb && cur ? embDot(emb, H, h, cur) : 0);
      const row = h * nIn;
      for (let j = 0; j < nIn; j++) a += (net.w1[row + j] as number) * (x[j] as number);
      hid[h] = Math.tanh(a);
      s += (net.w2[h] as number) * (hid[h] as number);
    }
    return s;
  };
  for (let epoch = 1; epoch <= opts.maxEpochs; epoch++) {
    const batch: number[] = [];
    for (const k of keys) {
      const arr = groups.get(k) as number[];
      for (let r = 0; r < opts.perGroup; r++) batch.push(arr[Math.floor(rand() * arr.length)] as number);
    }
    for (let i = batch.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      const tmp = batch[i] as number;
      batch[i] = batch[j] as number;
      batch[j] = tmp;
    }
    for (const i of batch) {
      const e = examples[i] as Example;
      const x = X[i] as Float64Array;
      cur = e.vec;
      const s = score(x);
      const p = 1 / (1 + Math.exp(-s));
      const w = (classW[e.y] as number) * keys.length;
      const g = (p - e.y) * w;
      // Gradients.
      for (let h = 0; h < H; h++) {
        const dh = g * (net.w2[h] as number) * (1 - (hid[h] as number) ** 2);
        const row = h * nIn;
        for (let j = 0; j < nIn; j++) grad[row + j] = dh * (x[j] as number) + opts.l2 * (net.w1[row + j] as number);
        grad[H * nIn + h] = dh;
        if (emb && gEmb && opts.sparse) {
          const v = e.vec;
          for (let k = 0; k < v.idx.length; k++) {
            const f = (v.idx[k] as number) * H + h;
            const gr = dh * (v.val[k] as number);
            gEmb[f] = (gEmb[f] as number) + gr * gr;
            emb[f] = (emb[f] as number) - (opts.sparse.lr * gr) / (Math.sqrt(gEmb[f] as number) + 1e-8);
          }
        }
        grad[H * nIn + H + h] = g * (hid[h] as number) + opts.l2 * (net.w2[h] as number);
      }
      grad[P - 1] = g;
      t += 1;
      const c1 = 1 - b1a ** t;
      const c2 = 1 - b2a ** t;
      for (let q = 0; q < P; q++) {
        const gq = grad[q] as number;
        mom[q] = b1a * (mom[q] as number) + (1 - b1a) * gq;
        vel[q] = b2a * (vel[q] as number) + (1 - b2a) * gq * gq;
        const step = (opts.lr * ((mom[q] as number) / c1)) / (Math.sqrt((vel[q] as number) / c2) + 1e-8);
        if (q < H * nIn) net.w1[q] = (net.w1[q] as number) - step;
        else if (q < H * nIn + H) net.b1[q - H * nIn] = (net.b1[q - H * nIn] as number) - step;
        else if (q < P - 1) net.w2[q - H * nIn - H] = (net.w2[q - H * nIn - H] as number) - step;
        else net.b2 -= step;
      }
    }
    const auc =
      val.length > 0
        ? auroc(
            val.map((i) => ((cur = (examples[i] as Example).vec), score(X[i] as Float64Array))),
            val.map((i) => (examples[i] as Example).y),
          )
        : 0;
    net.valAuroc.push(auc);
    if (auc > best.auc) best = { auc, w1: net.w1.slice(), b1: net.b1.slice(), w2: net.w2.slice(), b2: net.b2, epoch, emb: emb?.slice() };
  }
  net.w1 = best.w1;
  net.b1 = best.b1;
  net.w2 = best.w2;
  net.b2 = best.b2;
  net.epoch = best.epoch;
  if (best.emb) net.emb = best.emb;
  const sd = (xs: number[]) => {
    const mu = xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    return Math.max(1e-6, Math.sqrt(xs.reduce((a, b) => a + (b - mu) ** 2, 0) / Math.max(1, xs.length - 1)));
  };
  net.mlpStd = sd(X.map((x, i) => ((cur = (examples[i] as Example).vec), score(x))));
  net.linStd = sd(examples.map((e) => linearRaw(m, e.vec)));
  return net;
}

const linearRaw = (m: TrainingLangModel, v: TrainingVector) => rawScore(m, v);

/** The score with the network: (1 − blend)·linear/sd + blend·MLP/sd. */
export function blendedScore(net: Mlp, m: TrainingLangModel, v: TrainingVector): number {
  const lin = net.blend < 1 ? linearRaw(m, v) / net.linStd : 0;
  return (1 - net.blend) * lin + (net.blend > 0 ? (net.blend * mlpLogit(net, m, v)) / net.mlpStd : 0);
}
