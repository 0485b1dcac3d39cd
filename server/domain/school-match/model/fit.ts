/**
 * Method (a), ADR 0051: a hierarchical logistic regression over the account's recorded cases.
 *
 *   logit P(admitted) = a_j + Σ_k (β_k + b_jk) · (x_k − x̄_jk)
 *
 * x are the five factors (scales.ts), centred on program j's own cases, so a_j is the log-odds of
 * the program's average case applicant: the program's base rate. β are slopes shared by all the
 * account's programs (a program with three cases borrows them); b_j is the program's own deviation,
 * kept small by its prior. a_j is shrunk towards the catalogue's admission rate for the program
 * (plus the account's fitted offset from catalogue rates) or, without one, towards the account's
 * mean: with few cases the prior decides, with many the program's own outcomes do. The fit is the
 * posterior mode: joint Newton steps over every (a_j, b_j) and β at once, solved through the
 * Schur complement of the block-arrow Hessian (one pass over the cases per step), alternated with
 * the two means' closed forms. The range is its Laplace approximation, β's uncertainty included.
 * No randomness: the same cases give the same model.
 */
import { inverseScratch, invertSpd, invertSpdInto, logit, quadraticForm, sigmoid, solveSpd, zeros, type InverseScratch } from './linalg';
import { FACTOR_COUNT, MONOTONE_FACTORS, factorsOf } from './scales';
import type { ProgramFacts, RecordedCase } from './types';

/** A waitlist counts as this share of an admission (soft label): it is undecided, and most end without an offer. */
export const WAITLIST_AS_ADMITTED = 0.3;
/** Prior slopes per factor unit (gpa, english, test, tier, international): better profiles do better, modestly. */
export const PRIOR_SLOPES: readonly number[] = [0.3, 0.15, 0.15, 0.15, 0];
/** Prior sd of the shared slopes: wide enough for the account's data to move them. */
export const PRIOR_SLOPE_SD = 0.3;
/** Prior sd of one program's slope deviation: programs weigh factors alike unless their cases insist. */
export const PROGRAM_SLOPE_SD = 0.25;
/** Prior sd (log-odds) of a program's base rate around its catalogue rate or the account's mean. */
export const PROGRAM_INTERCEPT_SD = 1;
const ACCOUNT_MEAN_SD = 2;
const SELECTIVITY_OFFSET_SD = 0.75;
const MAX_ITERATIONS = 50;
const TOLERANCE = 1e-5;
const MAX_STEP = 3;
const P = FACTOR_COUNT + 1;

export type ProgramFit = {
  programId: string;
  cases: number;
  admitted: number;
  rejected: number;
  waitlisted: number;
  /** The mean factors of the program's cases (unknowns imputed), where a_j is read. */
  centre: number[];
  intercept: number;
  /** Effective slopes β + b_j, never below zero for the monotone factors. */
  slopes: number[];
  /**
   * The Laplace sd of the log-odds, averaged over the program's own cases. One figure per program
   * (not per applicant) so that a better score can only move the whole range up: an applicant-
   * specific sd narrows towards the cases' centre and would let a range's end fall as GPA rises.
   */
  sd: number;
  /** Indices into CaseModel.cases. */
  members: number[];
};

export type CaseModel = {
  programs: ReadonlyMap<string, ProgramFit>;
  sharedSlopes: number[];
  sharedCovariance: number[][];
  cases: readonly RecordedCase[];
  /** Each case's factors as recorded (NaN unknown), for similar-case search. */
  factors: readonly number[][];
  iterations: number;
  converged: boolean;
};

type Group = { id: string; rows: number[]; prior: number | null; a: number; b: number[]; centre: number[]; work: ProgramSystem };

/** Flat, centred design: row i's factors at x[i*K … i*K+K). Local copies keep the hot loops off module getters. */
type Design = { x: Float64Array; y: Float64Array };
const K = FACTOR_COUNT;
const MONOTONE = [...MONOTONE_FACTORS];
const logistic = sigmoid;

const targetOf = (result: RecordedCase['result']): number =>
  result === 'admitted' ? 1 : result === 'waitlisted' ? WAITLIST_AS_ADMITTED : 0;

/** The catalogue's admission rate for a program (imported, else Scorecard). */
export function catalogueRate(program: ProgramFacts | undefined): number | null {
  const rate = program?.admissionRate ?? program?.scorecard?.admissionRate;
  return rate != null && Number.isFinite(rate) && rate > 0 && rate < 1 ? rate : null;
}

/** The factors as one flat array (row i at i·K), unknowns replaced by the account's mean of that factor. */
function imputedFactors(raw: readonly number[][]): Float64Array {
  const sums = new Array<number>(K).fill(0);
  const counts = new Array<number>(K).fill(0);
  for (const row of raw) {
    for (let k = 0; k < K; k++) {
      if (Number.isNaN(row[k])) continue;
      sums[k] += row[k];
      counts[k] += 1;
    }
  }
  const means = sums.map((sum, k) => (counts[k] > 0 ? sum / counts[k] : 0));
  const out = new Float64Array(raw.length * K);
  raw.forEach((row, i) => {
    for (let k = 0; k < K; k++) out[i * K + k] = Number.isNaN(row[k]) ? means[k] : row[k];
  });
  return out;
}

function groupsOf(cases: readonly RecordedCase[], x: Float64Array, programs: readonly ProgramFacts[]): Group[] {
  const facts = new Map(programs.map((p) => [p.id, p]));
  const byId = new Map<string, Group>();
  cases.forEach((c, i) => {
    let group = byId.get(c.programId);
    if (!group) {
      const rate = catalogueRate(facts.get(c.programId));
      const prior = rate == null ? null : logit(rate);
      group = { id: c.programId, rows: [], prior, a: 0, b: new Array<number>(K).fill(0), centre: [], work: programWork() };
      byId.set(c.programId, group);
    }
    group.rows.push(i);
  });
  for (const group of byId.values()) {
    const centre = new Array<number>(K).fill(0);
    for (const i of group.rows) for (let k = 0; k < K; k++) centre[k] += x[i * K + k] / group.rows.length;
    group.centre = centre;
    const admitted = group.rows.reduce((s, i) => s + targetOf(cases[i].result), 0);
    group.a = logit((admitted + 0.5) / (group.rows.length + 1));
  }
  return [...byId.values()];
}

/**
 * Program j's likelihood curvature in θ_j = (a_j, b_j): L (P×P, w·z·zᵀ) and the gradient. Because
 * ∂η/∂β = ∂η/∂b_j, L's slope block is also β's, and L's slope columns couple θ_j with β.
 */
function programLikelihood(g: Group, d: Design, phi: readonly number[]): void {
  const { gradient, l, z, s } = g.work;
  for (let u = 0; u < P; u++) {
    gradient[u] = 0;
    for (let v = 0; v < P; v++) l[u][v] = 0;
  }
  for (let k = 0; k < K; k++) s[k] = g.b[k] + phi[k];
  z[0] = 1;
  const { x, y } = d;
  for (const i of g.rows) {
    let eta = g.a;
    for (let k = 0; k < K; k++) {
      const v = x[i * K + k];
      z[k + 1] = v;
      eta += v * s[k];
    }
    const p = logistic(eta);
    const r = p - y[i];
    const w = p * (1 - p);
    for (let u = 0; u < P; u++) {
      gradient[u] += z[u] * r;
      const row = l[u];
      const wz = w * z[u];
      for (let v = 0; v <= u; v++) row[v] += wz * z[v];
    }
  }
  for (let u = 0; u < P; u++) for (let v = u + 1; v < P; v++) l[u][v] = l[v][u];
}

/** The shared parameters φ = (β, μ, δ): the slopes, the account's mean log-odds, its offset from catalogue rates. */
const S = K + 2;
const MU = K;
const DELTA = K + 1;
const INTERCEPT_PRECISION = 1 / PROGRAM_INTERCEPT_SD ** 2;
const SLOPE_PRECISION = 1 / PROGRAM_SLOPE_SD ** 2;

/**
 * Per program, reused across steps (no allocation in the loop): the likelihood curvature l (then
 * H_jj), g_j, H_jφ (coupling), H_jj⁻¹, C_j = H_jj⁻¹·H_jφ, and scratch.
 */
type ProgramSystem = {
  l: number[][];
  gradient: number[];
  coupling: number[][];
  inverse: number[][];
  coupled: number[][];
  inverseGradient: number[];
  step: number[];
  z: Float64Array;
  s: number[];
  scratch: InverseScratch;
};
type System = { schur: number[][]; rhs: number[] };

function programWork(): ProgramSystem {
  return {
    l: zeros(P),
    gradient: new Array<number>(P).fill(0),
    coupling: zeros(P, S),
    inverse: zeros(P),
    coupled: zeros(P, S),
    inverseGradient: new Array<number>(P).fill(0),
    step: new Array<number>(P).fill(0),
    z: new Float64Array(P),
    s: new Array<number>(K).fill(0),
    scratch: inverseScratch(P),
  };
}

function sharedPrior(phi: readonly number[]) {
  const schur = zeros(S);
  const rhs = new Array<number>(S).fill(0);
  for (let k = 0; k < K; k++) {
    schur[k][k] = 1 / PRIOR_SLOPE_SD ** 2;
    rhs[k] = (phi[k] - PRIOR_SLOPES[k]) / PRIOR_SLOPE_SD ** 2;
  }
  schur[MU][MU] = 1 / ACCOUNT_MEAN_SD ** 2;
  rhs[MU] = phi[MU] / ACCOUNT_MEAN_SD ** 2;
  schur[DELTA][DELTA] = 1 / SELECTIVITY_OFFSET_SD ** 2;
  rhs[DELTA] = phi[DELTA] / SELECTIVITY_OFFSET_SD ** 2;
  return { schur, rhs };
}

function programSystem(g: Group, d: Design, phi: readonly number[], schur: number[][], rhs: number[]): void {
  programLikelihood(g, d, phi);
  const { gradient, l, coupling, inverse, coupled, inverseGradient, scratch } = g.work;
  // a_j's prior (a_j − μ)² or (a_j − prior_j − δ)² couples a_j with μ or δ.
  const centreIndex = g.prior == null ? MU : DELTA;
  const residual = g.a - (g.prior ?? 0) - phi[centreIndex];
  for (let t = 0; t < P; t++) {
    for (let k = 0; k < K; k++) coupling[t][k] = l[t][k + 1];
    coupling[t][MU] = 0;
    coupling[t][DELTA] = 0;
  }
  coupling[0][centreIndex] = -INTERCEPT_PRECISION;
  for (let u = 0; u < K; u++) {
    rhs[u] += gradient[u + 1];
    for (let v = 0; v < K; v++) schur[u][v] += l[u + 1][v + 1];
  }
  schur[centreIndex][centreIndex] += INTERCEPT_PRECISION;
  rhs[centreIndex] -= residual * INTERCEPT_PRECISION;
  const hessian = l;
  hessian[0][0] += INTERCEPT_PRECISION;
  gradient[0] += residual * INTERCEPT_PRECISION;
  for (let k = 1; k < P; k++) {
    hessian[k][k] += SLOPE_PRECISION;
    gradient[k] += g.b[k - 1] * SLOPE_PRECISION;
  }
  invertSpdInto(hessian, inverse, scratch);
  multiplyInto(inverse, coupling, coupled);
  multiplyVectorInto(inverse, gradient, inverseGradient);
  for (let u = 0; u < S; u++) {
    for (let t = 0; t < P; t++) {
      const c = coupling[t][u];
      if (c === 0) continue;
      for (let v = 0; v < S; v++) schur[u][v] -= c * coupled[t][v];
      rhs[u] -= c * inverseGradient[t];
    }
  }
}

function newtonSystem(groups: Group[], d: Design, phi: number[]): System {
  const { schur, rhs } = sharedPrior(phi);
  for (const g of groups) programSystem(g, d, phi, schur, rhs);
  return { schur, rhs };
}

function multiplyInto(a: readonly number[][], b: readonly number[][], out: number[][]): number[][] {
  const m = b[0].length;
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < m; j++) out[i][j] = 0;
    for (let t = 0; t < b.length; t++) for (let j = 0; j < m; j++) out[i][j] += a[i][t] * b[t][j];
  }
  return out;
}

const multiply = (a: readonly number[][], b: readonly number[][]): number[][] => multiplyInto(a, b, zeros(a.length, b[0].length));

function multiplyVectorInto(a: readonly number[][], v: readonly number[], out: number[]): number[] {
  for (let i = 0; i < a.length; i++) {
    out[i] = 0;
    for (let t = 0; t < v.length; t++) out[i] += a[i][t] * v[t];
  }
  return out;
}

const cap = (v: number): number => Math.max(-MAX_STEP, Math.min(MAX_STEP, v));

/** One joint Newton step over every θ_j and φ, projected so monotone slopes stay ≥ 0; returns the largest change. */
function newtonStep(groups: Group[], d: Design, phi: number[]): number {
  const system = newtonSystem(groups, d, phi);
  const dPhi = solveSpd(system.schur, system.rhs);
  let change = 0;
  for (let k = 0; k < S; k++) {
    const moved = phi[k] - cap(dPhi[k]);
    const next = k < K && MONOTONE[k] ? Math.max(0, moved) : moved;
    change = Math.max(change, Math.abs(next - phi[k]));
    phi[k] = next;
  }
  for (const g of groups) {
    const { inverse, gradient, coupling, inverseGradient: coupledGradient, step: dTheta } = g.work;
    for (let t = 0; t < P; t++) {
      let sum = gradient[t];
      for (let k = 0; k < S; k++) sum -= coupling[t][k] * dPhi[k];
      coupledGradient[t] = sum;
    }
    multiplyVectorInto(inverse, coupledGradient, dTheta);
    const a = g.a - cap(dTheta[0]);
    change = Math.max(change, Math.abs(a - g.a));
    g.a = a;
    for (let k = 0; k < K; k++) {
      let b = g.b[k] - cap(dTheta[k + 1]);
      if (MONOTONE[k] && phi[k] + b < 0) b = -phi[k];
      change = Math.max(change, Math.abs(b - g.b[k]));
      g.b[k] = b;
    }
  }
  return change;
}

/**
 * Fits the model on an account's cases. `programs` gives the catalogue's admission rates where
 * known (programs missing from it are fitted without one). Cost per Newton step: one pass over the
 * cases (≈ 30 multiply-adds each) and a few 7×7 products per program; it converges in a few steps.
 */
export function fitCaseModel(cases: readonly RecordedCase[], programs: readonly ProgramFacts[] = []): CaseModel {
  const factors = cases.map((c) => factorsOf(c));
  const x = imputedFactors(factors);
  const y = Float64Array.from(cases, (c) => targetOf(c.result));
  const groups = groupsOf(cases, x, programs);
  const d: Design = { x: new Float64Array(cases.length * K), y };
  for (const g of groups) for (const i of g.rows) for (let k = 0; k < K; k++) d.x[i * K + k] = x[i * K + k] - g.centre[k];
  const free = groups.filter((g) => g.prior == null);
  const phi = [
    ...PRIOR_SLOPES.map((b, k) => (MONOTONE[k] ? Math.max(0, b) : b)),
    free.length === 0 ? 0 : free.reduce((s, g) => s + g.a, 0) / free.length,
    0,
  ];
  let iterations = 0;
  let converged = groups.length === 0;
  while (!converged && iterations < MAX_ITERATIONS) {
    iterations += 1;
    converged = newtonStep(groups, d, phi) < TOLERANCE;
  }
  // Laplace: the joint Hessian's inverse by blocks. Cov(φ) = S⁻¹; Cov(θ_j, φ) = −C_j·S⁻¹;
  // Cov(θ_j) = H_jj⁻¹ + C_j·S⁻¹·C_jᵀ.
  const system = newtonSystem(groups, d, phi);
  const sharedCovariance = invertSpd(system.schur);
  const fits = new Map<string, ProgramFit>();
  const slopeCovariance = sharedCovariance.slice(0, K).map((row) => row.slice(0, K));
  groups.forEach((g) => {
    const { inverse, coupled } = g.work;
    const cross = multiply(coupled, sharedCovariance);
    const covariance = inverse.map((row, u) => row.map((v, t) => v + cross[u].reduce((sum, c, k) => sum + c * coupled[t][k], 0)));
    const crossSlopes = cross.map((row) => row.slice(0, K).map((v) => -v));
    let variance = 0;
    const centred = new Array<number>(K);
    for (const i of g.rows) {
      for (let k = 0; k < K; k++) centred[k] = d.x[i * K + k];
      variance += predictiveVariance(covariance, crossSlopes, slopeCovariance, centred);
    }
    const count = (r: RecordedCase['result']) => g.rows.filter((i) => cases[i].result === r).length;
    fits.set(g.id, {
      programId: g.id,
      cases: g.rows.length,
      admitted: count('admitted'),
      rejected: count('rejected'),
      waitlisted: count('waitlisted'),
      centre: g.centre,
      intercept: g.a,
      slopes: phi.slice(0, K).map((b, k) => (MONOTONE[k] ? Math.max(0, b + g.b[k]) : b + g.b[k])),
      sd: Math.sqrt(Math.max(variance / g.rows.length, 0)),
      members: g.rows,
    });
  });
  return { programs: fits, sharedSlopes: phi.slice(0, K), sharedCovariance: slopeCovariance, cases, factors, iterations, converged };
}

/** Var(a_j + dᵀ(β + b_j)) at centred factors d, from the blocks of the Laplace covariance. */
function predictiveVariance(covariance: number[][], cross: number[][], slopes: number[][], centred: readonly number[]): number {
  const z = [1, ...centred];
  let crossTerm = 0;
  for (let t = 0; t < P; t++) for (let k = 0; k < K; k++) crossTerm += z[t] * cross[t][k] * centred[k];
  return quadraticForm(covariance, z) + 2 * crossTerm + quadraticForm(slopes, centred);
}

/**
 * The log-odds of admission for a profile's factors (NaN = unknown: the program's average, so it
 * moves nothing), the program's sd, and each factor's contribution.
 */
export function predictFromCases(fit: ProgramFit, factors: readonly number[]) {
  const contributions = factors.map((v, k) => (Number.isNaN(v) ? 0 : (v - fit.centre[k]) * fit.slopes[k]));
  const eta = fit.intercept + contributions.reduce((a, b) => a + b, 0);
  return { eta, sd: fit.sd, contributions };
}
