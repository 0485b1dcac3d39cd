/**
 * A case library drawn from a known model (ADR 0051), for the calibration bench and the tests.
 * Seeded: the same options give the same library. Applicants follow the shape of a Chinese
 * master's applicant pool (backgrounds, GPA scales, IELTS/TOEFL, GRE); the truth is a logistic
 * model in the applicant's GPA, English, GRE, background and an unobserved part (essays,
 * recommendations) the recorded profile cannot see, so the best achievable is P(admit | profile).
 */
import { mulberry32 } from '../../../ai/detector/hash';
import { logit, sigmoid } from './linalg';
import { englishScore, gpaTo100 } from './scales';
import type { Applicant, CaseResult, ProgramFacts, RecordedCase, SchoolTier } from './types';

export type SimulationOptions = {
  seed: number;
  /** Training cases per program; one program per entry. */
  casesPerProgram: readonly number[];
  /** Held-out applicants per program. */
  heldOutPerProgram: number;
  /** Multiplies every true slope: 1 a realistic signal, 0 none. */
  signal?: number;
  /** sd of the unobserved part, log-odds. */
  hiddenSd?: number;
  /** Share of outcomes recorded as waitlisted (counted as not admitted in the truth). */
  waitlistShare?: number;
};

export type SimulatedApplicant = Applicant & { programId: string; trueProbability: number; admitted: boolean };

export type Simulation = {
  programs: ProgramFacts[];
  training: RecordedCase[];
  heldOut: SimulatedApplicant[];
  /** The true admission rate of each program over its applicant pool. */
  trueRates: Map<string, number>;
};

const TIERS: readonly [SchoolTier, number][] = [
  ['985', 0.15],
  ['211', 0.25],
  ['双非', 0.45],
  ['海本', 0.1],
  ['other', 0.05],
];
const TIER_GPA_SHIFT: Record<SchoolTier, number> = { '985': 1.5, '211': 0.5, 双非: -0.5, 海本: 1, other: -1 };
const TIER_EFFECT: Record<SchoolTier, number> = { '985': 0.8, '211': 0.45, 双非: 0, 海本: 0.4, other: -0.1 };
const SCALES: readonly [number, number][] = [
  [4, 0.5],
  [100, 0.38],
  [5, 0.05],
  [4.3, 0.05],
  [10, 0.02],
];

function gaussian(rand: () => number): () => number {
  return () => {
    const u = Math.max(rand(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
  };
}

function pick<T>(rand: () => number, table: readonly (readonly [T, number])[]): T {
  let u = rand();
  for (const [value, weight] of table) if ((u -= weight) < 0) return value;
  return table[table.length - 1][0];
}

/** The GPA on `scale` whose 100-point equivalent is g100 (bisection on the monotone map). */
function gpaOnScale(g100: number, scale: number): number {
  let lo = 0;
  let hi = scale;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if ((gpaTo100(mid, scale) ?? 0) < g100) lo = mid;
    else hi = mid;
  }
  return Math.round(((lo + hi) / 2) * (scale >= 10 ? 10 : 100)) / (scale >= 10 ? 10 : 100);
}

function drawApplicant(rand: () => number, normal: () => number): Applicant {
  const schoolTier = pick(rand, TIERS);
  const gpaScale = pick(rand, SCALES);
  const g100 = Math.min(97, Math.max(65, 84 + TIER_GPA_SHIFT[schoolTier] + 4.5 * normal()));
  const language = rand();
  const ielts = language < 0.7 ? Math.min(9, Math.max(5, Math.round((6.7 + 0.5 * normal()) * 2) / 2)) : null;
  const toefl = language >= 0.7 && language < 0.95 ? Math.min(120, Math.max(60, Math.round(98 + 8 * normal()))) : null;
  const gre = rand() < 0.6;
  return {
    gpa: gpaOnScale(g100, gpaScale),
    gpaScale,
    schoolTier,
    ielts,
    toefl,
    greV: gre ? Math.min(170, Math.max(135, Math.round(153 + 4 * normal()))) : null,
    greQ: gre ? Math.min(170, Math.max(150, Math.round(166 + 3 * normal()))) : null,
    international: rand() < 0.95,
  };
}

/** P(admit | profile): the logistic truth averaged over the normal unobserved part (41-point rule over ±4 sd). */
function marginal(eta: number, hiddenSd: number): number {
  if (hiddenSd === 0) return sigmoid(eta);
  let sum = 0;
  let weight = 0;
  for (let i = -20; i <= 20; i++) {
    const z = i * 0.2;
    const w = Math.exp((-z * z) / 2);
    sum += w * sigmoid(eta + hiddenSd * z);
    weight += w;
  }
  return sum / weight;
}

type TrueProgram = { facts: ProgramFacts; intercept: number; slopes: number[] };

function trueEta(p: TrueProgram, a: Applicant): number {
  const g100 = gpaTo100(a.gpa, a.gpaScale) ?? 84;
  const english = englishScore(a) ?? 6.5;
  const gre = a.greV != null && a.greQ != null ? a.greV + a.greQ : 319;
  const tier = TIER_EFFECT[a.schoolTier ?? 'other'];
  const [sg, se, st, stier] = p.slopes;
  return p.intercept + sg * (g100 - 84) + se * (english - 6.7) + st * (gre - 319) + stier * tier + (a.international ? 0 : 0.2);
}

function truePrograms(opts: SimulationOptions, rand: () => number, normal: () => number): TrueProgram[] {
  const signal = opts.signal ?? 1;
  return opts.casesPerProgram.map((_, j) => {
    const rate = Math.min(0.85, Math.max(0.05, 0.08 + 0.75 * rand()));
    // Half the programs have a catalogue admission rate: the program's, moved by how this firm's applicants differ.
    const catalogue = rand() < 0.5 ? Math.min(0.95, Math.max(0.02, sigmoid(logit(rate) - 0.3 + 0.4 * normal()))) : null;
    const jitter = () => Math.max(0, 1 + 0.3 * normal());
    return {
      facts: { id: `P${String(j + 1).padStart(3, '0')}`, degree: 'master', country: 'GB', admissionRate: catalogue },
      intercept: logit(rate) - 0.35 * signal,
      slopes: [0.12 * signal * jitter(), 0.6 * signal * jitter(), 0.05 * signal * jitter(), 0.6 * signal * jitter()],
    };
  });
}

function outcome(rand: () => number, p: number, waitlistShare: number): CaseResult {
  if (rand() < p) return 'admitted';
  return rand() < waitlistShare / Math.max(1e-9, 1 - p) ? 'waitlisted' : 'rejected';
}

export function simulateLibrary(opts: SimulationOptions): Simulation {
  const rand = mulberry32(opts.seed);
  const normal = gaussian(rand);
  const hiddenSd = opts.hiddenSd ?? 1;
  const waitlistShare = opts.waitlistShare ?? 0.05;
  const programs = truePrograms(opts, rand, normal);
  const training: RecordedCase[] = [];
  const heldOut: SimulatedApplicant[] = [];
  const trueRates = new Map<string, number>();
  programs.forEach((program, j) => {
    let rateSum = 0;
    const total = opts.casesPerProgram[j] + opts.heldOutPerProgram;
    for (let i = 0; i < total; i++) {
      const applicant = drawApplicant(rand, normal);
      const p = marginal(trueEta(program, applicant), hiddenSd);
      rateSum += p;
      const result = outcome(rand, p, waitlistShare);
      const term = `${2021 + (i % 5)} Fall`;
      if (i < opts.casesPerProgram[j]) training.push({ ...applicant, programId: program.facts.id, result, term });
      else heldOut.push({ ...applicant, programId: program.facts.id, trueProbability: p, admitted: result === 'admitted' });
    }
    trueRates.set(program.facts.id, rateSum / total);
  });
  return { programs: programs.map((p) => p.facts), training, heldOut, trueRates };
}
