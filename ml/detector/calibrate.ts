// Calibration (Platt scaling under a balanced prior), threshold choice from
// held-out human text, and the metrics used in the reports. Applying the
// thresholds (verdictOf) is the runtime's, in ../model.ts.

import type { Platt, Thresholds, Verdict } from '../../server/ai/detector/model';
import { lengthTerm, sigmoid } from '../../server/ai/detector/model';

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
    let ga = ridge * a,
      gb = 0,
      haa = ridge,
      hab = 0,
      hbb = 1e-9;
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
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
    a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
    a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
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
  let tp = 0,
    fp = 0,
    fn = 0,
    hm = 0,
    am = 0,
    nH = 0,
    nA = 0;
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

export interface CalibrationBin {
  /** Lower edge of the bin on the probability scale (bins are [lo, lo + 0.1), the last one includes 1). */
  lo: number;
  n: number;
  /** Mean predicted probability and observed AI share in the bin, classes weighted to 50/50. */
  meanPred: number;
  observed: number;
}

export interface CalibrationStats {
  n: number;
  /**
   * Expected calibration error (10 equal-width bins) and Brier score with
   * each class weighted to half the mass: aiRate is a probability under a
   * 50/50 prior, so this is what it claims. NaN when a class is absent.
   */
  ece: number;
  brier: number;
  /** The same with every text weighted equally (the test set's own class mix). */
  eceRaw: number;
  brierRaw: number;
  bins: CalibrationBin[];
}

const N_BINS = 10;
const binOf = (p: number) => Math.min(N_BINS - 1, Math.max(0, Math.floor(p * N_BINS)));

function eceBrier(probs: number[], ys: (0 | 1)[], w: number[]): { ece: number; brier: number; bins: CalibrationBin[] } {
  const sw = new Float64Array(N_BINS);
  const sp = new Float64Array(N_BINS);
  const sy = new Float64Array(N_BINS);
  const cnt = new Float64Array(N_BINS);
  let brier = 0;
  let tot = 0;
  probs.forEach((p, i) => {
    const b = binOf(p);
    const wi = w[i] as number;
    sw[b] = (sw[b] as number) + wi;
    sp[b] = (sp[b] as number) + wi * p;
    sy[b] = (sy[b] as number) + wi * (ys[i] as number);
    cnt[b] = (cnt[b] as number) + 1;
    brier += wi * (p - (ys[i] as number)) ** 2;
    tot += wi;
  });
  let ece = 0;
  const bins: CalibrationBin[] = [];
  for (let b = 0; b < N_BINS; b++) {
    const wb = sw[b] as number;
    const meanPred = wb > 0 ? (sp[b] as number) / wb : NaN;
    const observed = wb > 0 ? (sy[b] as number) / wb : NaN;
    if (wb > 0) ece += (wb / tot) * Math.abs(meanPred - observed);
    bins.push({ lo: b / N_BINS, n: cnt[b] as number, meanPred, observed });
  }
  return { ece: tot > 0 ? ece : NaN, brier: tot > 0 ? brier / tot : NaN, bins };
}

/** Calibration of probabilities against labels: ECE, Brier and the reliability bins. */
export function calibrationStats(probs: number[], ys: (0 | 1)[]): CalibrationStats {
  const nPos = ys.filter((y) => y === 1).length;
  const nNeg = ys.length - nPos;
  const raw = eceBrier(
    probs,
    ys,
    ys.map(() => 1),
  );
  if (nPos === 0 || nNeg === 0) return { n: ys.length, ece: NaN, brier: NaN, eceRaw: raw.ece, brierRaw: raw.brier, bins: raw.bins };
  const bal = eceBrier(
    probs,
    ys,
    ys.map((y) => (y === 1 ? 0.5 / nPos : 0.5 / nNeg)),
  );
  return { n: ys.length, ece: bal.ece, brier: bal.brier, eceRaw: raw.ece, brierRaw: raw.brier, bins: bal.bins };
}

/**
 * One temperature T for logits z (p = sigmoid(z / T)), fitted by class-balanced
 * log-loss with every (group, class) cell given the same mass, so each
 * language counts equally. No intercept: 50% stays 50%, and a map shared by
 * both languages keeps each language's ranking and (thresholds moving with it)
 * every label.
 */
export function fitTemperature(z: number[], ys: (0 | 1)[], groups: string[]): number {
  const cells = new Map<string, number>();
  z.forEach((_, i) => cells.set(`${groups[i]}|${ys[i]}`, (cells.get(`${groups[i]}|${ys[i]}`) ?? 0) + 1));
  if (cells.size < 2) return 1;
  const w = z.map((_, i) => 1 / (cells.size * (cells.get(`${groups[i]}|${ys[i]}`) as number)));
  // Loss is convex in s = 1/T: ternary search on s.
  const loss = (s: number) => {
    let l = 0;
    z.forEach((zi, i) => {
      const t = s * zi;
      const signed = ys[i] === 1 ? -t : t;
      l += (w[i] as number) * (signed > 0 ? signed + Math.log1p(Math.exp(-signed)) : Math.log1p(Math.exp(signed)));
    });
    return l;
  };
  let lo = 0.01;
  let hi = 10;
  for (let it = 0; it < 100; it++) {
    const m1 = lo + (hi - lo) / 3;
    const m2 = hi - (hi - lo) / 3;
    if (loss(m1) <= loss(m2)) hi = m2;
    else lo = m1;
  }
  return 1 / ((lo + hi) / 2);
}
