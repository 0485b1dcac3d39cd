// Calibration (Platt scaling under a balanced prior), threshold choice from
// held-out human text, and the metrics used in the reports. Applying the
// thresholds (verdictOf) is the runtime's, in ../model.ts.

import type { Platt, Thresholds, Verdict } from '../model';
import { lengthTerm, sigmoid } from '../model';

/** Weighted log-loss of Platt parameters (numerically safe form). */
function plattLoss(a: number, b: number, scores: number[], ys: (0 | 1)[], w: number[]): number {
  let loss = 0;
  for (let i = 0; i < scores.length; i++) {
    const z = a * (scores[i] as number) + b;
    const signed = ys[i] === 1 ? -z : z; // loss = log(1 + exp(signed))
    loss += (w[i] as number) * (signed > 0 ? signed + Math.log1p(Math.exp(-signed)) : Math.log1p(Math.exp(signed)));
  }
  return loss;
}

/**
 * Fits p = sigmoid(a*s + b) by damped Newton steps (halved until the loss
 * drops, so it cannot diverge), each class weighted to half the mass.
 */
export function fitPlatt(scores: number[], ys: (0 | 1)[]): Platt {
  const nPos = ys.filter((y) => y === 1).length;
  const nNeg = ys.length - nPos;
  if (nPos === 0 || nNeg === 0) return { a: 1, b: 0 };
  const w = ys.map((y) => (y === 1 ? 0.5 / nPos : 0.5 / nNeg));
  const ridge = 1e-4; // keeps the optimum finite when the classes separate
  let a = 1;
  let b = 0;
  let loss = plattLoss(a, b, scores, ys, w) + (ridge * a * a) / 2;
  for (let iter = 0; iter < 100; iter++) {
    let ga = ridge * a, gb = 0, haa = ridge, hab = 0, hbb = 1e-9;
    for (let i = 0; i < scores.length; i++) {
      const s = scores[i] as number;
      const p = sigmoid(a * s + b);
      const wi = w[i] as number;
      const r = (p - (ys[i] as number)) * wi;
      const h = p * (1 - p) * wi;
      ga += r * s;
      gb += r;
      haa += h * s * s;
      hab += h * s;
      hbb += h;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    let step = 1;
    let next = loss;
    for (; step > 1e-6; step /= 2) {
      next = plattLoss(a - step * da, b - step * db, scores, ys, w) + (ridge * (a - step * da) ** 2) / 2;
      if (next <= loss) break;
    }
    if (step <= 1e-6) break;
    a -= step * da;
    b -= step * db;
    const improved = loss - next;
    loss = next;
    if (improved < 1e-12) break;
  }
  return { a, b };
}

/**
 * Length-aware Platt scaling: log-odds = a·s + b + c·s·ℓ with ℓ =
 * lengthTerm(units, ref), fitted by damped Newton steps on the class-balanced
 * log-loss (small ridge on a and c).
 */
export function fitPlattLength(scores: number[], units: number[], ys: (0 | 1)[], ref: number): Platt {
  const nPos = ys.filter((y) => y === 1).length;
  const nNeg = ys.length - nPos;
  if (nPos === 0 || nNeg === 0) return { a: 1, b: 0, c: 0, ref };
  const w = ys.map((y) => (y === 1 ? 0.5 / nPos : 0.5 / nNeg));
  const xs = scores.map((s, i) => [s, 1, s * lengthTerm(units[i] as number, ref)]);
  const ridge = [1e-4, 0, 1e-4];
  const lossOf = (p: number[]) => {
    let loss = 0;
    xs.forEach((x, i) => {
      const z = (p[0] as number) * (x[0] as number) + (p[1] as number) + (p[2] as number) * (x[2] as number);
      const signed = ys[i] === 1 ? -z : z;
      loss += (w[i] as number) * (signed > 0 ? signed + Math.log1p(Math.exp(-signed)) : Math.log1p(Math.exp(signed)));
    });
    return loss + p.reduce((a, v, j) => a + ((ridge[j] as number) * v * v) / 2, 0);
  };
  let p = [1, 0, 0];
  let loss = lossOf(p);
  for (let iter = 0; iter < 100; iter++) {
    const g = p.map((v, j) => (ridge[j] as number) * v);
    const h = [0, 1, 2].map((j) => [0, 1, 2].map((k) => (j === k ? (ridge[j] as number) + 1e-9 : 0)));
    xs.forEach((x, i) => {
      const q = sigmoid((p[0] as number) * (x[0] as number) + (p[1] as number) + (p[2] as number) * (x[2] as number));
      const r = (q - (ys[i] as number)) * (w[i] as number);
      const hw = q * (1 - q) * (w[i] as number);
      for (let j = 0; j < 3; j++) {
        g[j] = (g[j] as number) + r * (x[j] as number);
        const hj = h[j] as number[];
        for (let k = 0; k < 3; k++) hj[k] = (hj[k] as number) + hw * (x[j] as number) * (x[k] as number);
      }
    });
    const d = solve3(h, g);
    let step = 1;
    let next = loss;
    let cand = p;
    for (; step > 1e-6; step /= 2) {
      cand = p.map((v, j) => v - step * (d[j] as number));
      next = lossOf(cand);
      if (next <= loss) break;
    }
    if (step <= 1e-6) break;
    p = cand;
    const improved = loss - next;
    loss = next;
    if (improved < 1e-12) break;
  }
  return { a: p[0] as number, b: p[1] as number, c: p[2] as number, ref };
}

/** Solves the 3×3 system h·x = g (Cramer's rule; h is positive definite here). */
function solve3(h: number[][], g: number[]): number[] {
  const m = (r: number, c: number) => (h[r] as number[])[c] as number;
  const det3 = (a: number[][]) =>
    (a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!)) -
    (a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!)) +
    (a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!));
  const base = [0, 1, 2].map((r) => [0, 1, 2].map((c) => m(r, c)));
  const det = det3(base);
  return [0, 1, 2].map((col) => det3(base.map((row, r) => row.map((v, c) => (c === col ? (g[r] as number) : v)))) / det);
}

/**
 * Smallest probability threshold at which at most `maxFpr` of the given
 * human probabilities reach it.
 */
export function thresholdForFpr(humanProbs: number[], maxFpr: number): number {
  const sorted = [...humanProbs].sort((x, y) => y - x);
  const k = Math.floor(maxFpr * sorted.length); // number of humans allowed at or above
  const boundary = sorted[k];
  if (boundary === undefined) return 0;
  // Just above the (k+1)-th highest human score, so that one falls below.
  return Math.min(1, boundary + 1e-9);
}

export function chooseThresholds(humanProbs: number[], aiMaxFpr: number, mixedMaxFpr: number): Thresholds {
  // Never call something 'ai' below an even chance, and keep the bands ordered.
  const ai = Math.max(0.5, thresholdForFpr(humanProbs, aiMaxFpr));
  const mixed = Math.min(ai, Math.max(0.35, thresholdForFpr(humanProbs, mixedMaxFpr)));
  return { mixed, ai };
}

/** Area under the ROC curve with ties counted half (NaN when a class is absent). */
export function auroc(scores: number[], ys: (0 | 1)[]): number {
  const idx = scores.map((_, i) => i).sort((i, j) => (scores[i] as number) - (scores[j] as number));
  let nPos = 0;
  let nNeg = 0;
  for (const y of ys) {
    if (y === 1) nPos++;
    else nNeg++;
  }
  if (nPos === 0 || nNeg === 0) return NaN;
  let rankSumPos = 0;
  let i = 0;
  while (i < idx.length) {
    let j = i;
    while (j + 1 < idx.length && scores[idx[j + 1] as number] === scores[idx[i] as number]) j++;
    const avgRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (ys[idx[k] as number] === 1) rankSumPos += avgRank;
    i = j + 1;
  }
  return (rankSumPos - (nPos * (nPos + 1)) / 2) / (nPos * nNeg);
}

export interface BinaryMetrics {
  n: number;
  nHuman: number;
  nAi: number;
  auroc: number;
  f1: number; // positive class = flagged 'ai'
  humanFpr: number; // humans labelled 'ai'
  humanMixedOrAi: number; // humans labelled 'mixed' or 'ai'
  aiRecall: number; // AI texts labelled 'ai'
  aiRecallMixedOrAi: number; // AI texts labelled 'mixed' or 'ai'
}

/** Rates from per-item verdicts (each item may have had its own thresholds); AUROC from the probabilities. */
export function binaryMetrics(probs: number[], ys: (0 | 1)[], verdicts: Verdict[]): BinaryMetrics {
  let tp = 0, fp = 0, fn = 0, hm = 0, am = 0, nH = 0, nA = 0;
  for (let i = 0; i < probs.length; i++) {
    const v = verdicts[i];
    const flagged = v === 'ai';
    const soft = v !== 'human';
    if (ys[i] === 1) {
      nA++;
      if (flagged) tp++;
      else fn++;
      if (soft) am++;
    } else {
      nH++;
      if (flagged) fp++;
      if (soft) hm++;
    }
  }
  const f1 = tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  return {
    n: probs.length,
    nHuman: nH,
    nAi: nA,
    auroc: auroc(probs, ys),
    f1: nA > 0 && nH > 0 ? f1 : NaN,
    humanFpr: nH > 0 ? fp / nH : NaN,
    humanMixedOrAi: nH > 0 ? hm / nH : NaN,
    aiRecall: nA > 0 ? tp / nA : NaN,
    aiRecallMixedOrAi: nA > 0 ? am / nA : NaN,
  };
}
