/**
 * Held-out figures for the calibration bench and its test (ADR 0051): calibration error, Brier
 * against per-program base rates, ranking within programs, and how often the range holds the truth.
 */
import { fitCaseModel } from './fit';
import { matchProgram } from './match';
import type { Simulation } from './simulate';

export type Evaluation = {
  heldOut: number;
  /** Expected calibration error, 10 equal-width bins of the middle probability. */
  ece: number;
  brier: number;
  /** Brier of each program's admitted share in its training cases (waitlisted not admitted). */
  brierTrainingRate: number;
  /** Brier of each program's admitted share among its held-out applicants (an oracle). */
  brierHeldOutRate: number;
  /** Mean within-program AUC over programs with both outcomes, weighted by their pairs. */
  auc: number;
  /** Share of held-out applicants whose true probability lies in [low, high]. */
  coverage: number;
  /** Coverage and mean range width by the program's training-case count. */
  byCases: {
    label: string;
    applicants: number;
    coverage: number;
    width: number;
    brier: number;
    brierTrainingRate: number;
    brierHeldOutRate: number;
  }[];
  fitMs: number;
};

function ece(pairs: { p: number; y: number }[]): number {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
  for (const { p, y } of pairs) {
    const bin = bins[Math.min(9, Math.floor(p * 10))];
    bin.n += 1;
    bin.p += p;
    bin.y += y;
  }
  return bins.reduce((sum, b) => sum + (b.n === 0 ? 0 : Math.abs(b.p - b.y)), 0) / Math.max(1, pairs.length);
}

/** Mann–Whitney AUC with ties counted half; returns the pair count too. */
function auc(pairs: { p: number; y: number }[]): { auc: number; pairs: number } {
  const sorted = [...pairs].sort((a, b) => a.p - b.p);
  let rankSum = 0;
  let positives = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j].p === sorted[i].p) j++;
    const rank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) {
      if (sorted[k].y !== 1) continue;
      rankSum += rank;
      positives += 1;
    }
    i = j;
  }
  const negatives = sorted.length - positives;
  const count = positives * negatives;
  return { auc: count === 0 ? 0.5 : (rankSum - (positives * (positives + 1)) / 2) / count, pairs: count };
}

const BUCKETS: [string, number, number][] = [
  ['1–5', 1, 5],
  ['6–20', 6, 20],
  ['21–80', 21, 80],
  ['81+', 81, Infinity],
];

export function evaluate(sim: Simulation): Evaluation {
  const started = performance.now();
  const model = fitCaseModel(sim.training, sim.programs);
  const fitMs = performance.now() - started;
  const facts = new Map(sim.programs.map((p) => [p.id, p]));
  const trainingRate = new Map<string, { n: number; a: number }>();
  for (const c of sim.training) {
    const t = trainingRate.get(c.programId) ?? { n: 0, a: 0 };
    t.n += 1;
    t.a += c.result === 'admitted' ? 1 : 0;
    trainingRate.set(c.programId, t);
  }
  const byProgram = new Map<string, { p: number; y: number; truth: number; low: number; high: number }[]>();
  for (const a of sim.heldOut) {
    const result = matchProgram(a, facts.get(a.programId)!, model);
    const range = result.probability!;
    const rows = byProgram.get(a.programId) ?? [];
    rows.push({ p: range.mid, y: a.admitted ? 1 : 0, truth: a.trueProbability, low: range.low, high: range.high });
    byProgram.set(a.programId, rows);
  }
  let brier = 0;
  let brierTraining = 0;
  let brierHeldOut = 0;
  let covered = 0;
  let aucSum = 0;
  let aucPairs = 0;
  const all: { p: number; y: number }[] = [];
  const buckets = BUCKETS.map(([label]) => ({ label, applicants: 0, covered: 0, width: 0, brier: 0, brierTraining: 0, brierHeldOut: 0 }));
  for (const [id, rows] of byProgram) {
    const t = trainingRate.get(id)!;
    const heldOutRate = rows.reduce((s, r) => s + r.y, 0) / rows.length;
    const bucket = buckets[BUCKETS.findIndex(([, lo, hi]) => t.n >= lo && t.n <= hi)];
    for (const r of rows) {
      brier += (r.p - r.y) ** 2;
      brierTraining += (t.a / t.n - r.y) ** 2;
      brierHeldOut += (heldOutRate - r.y) ** 2;
      bucket.brier += (r.p - r.y) ** 2;
      bucket.brierTraining += (t.a / t.n - r.y) ** 2;
      bucket.brierHeldOut += (heldOutRate - r.y) ** 2;
      const inside = r.truth >= r.low && r.truth <= r.high;
      covered += inside ? 1 : 0;
      bucket.applicants += 1;
      bucket.covered += inside ? 1 : 0;
      bucket.width += r.high - r.low;
      all.push(r);
    }
    const a = auc(rows);
    aucSum += a.auc * a.pairs;
    aucPairs += a.pairs;
  }
  const n = all.length;
  return {
    heldOut: n,
    ece: ece(all),
    brier: brier / n,
    brierTrainingRate: brierTraining / n,
    brierHeldOutRate: brierHeldOut / n,
    auc: aucPairs === 0 ? 0.5 : aucSum / aucPairs,
    coverage: covered / n,
    byCases: buckets.map((b) => {
      const n = Math.max(1, b.applicants);
      return {
        label: b.label,
        applicants: b.applicants,
        coverage: b.covered / n,
        width: b.width / n,
        brier: b.brier / n,
        brierTrainingRate: b.brierTraining / n,
        brierHeldOutRate: b.brierHeldOut / n,
      };
    }),
    fitMs,
  };
}
