/**
 * Common scales (ADR 0051): every GPA to a 100-point score, TOEFL to an IELTS equivalent, ACT to an
 * SAT equivalent, and a profile to the model's five standardised factors. Every map is monotone, so
 * the model's monotonicity in GPA and scores survives the conversion.
 */
import { validationError } from '../../errors';
import type { CaseProfile, FactorName, SchoolTier } from './types';

/** The GPA full marks the model reads. Another scale is refused rather than guessed. */
export const GPA_SCALES: readonly number[] = [4, 4.3, 4.5, 5, 10, 100];

/**
 * A GPA as a 100-point score. Four-to-five-point scales are brought to 4.0 proportionally and
 * inverted through the common Chinese conversion GPA = 4 − 3(100 − x)²/1600 (x ≥ 60), so 3.5/4 ≈ 84
 * and 3.8/4 ≈ 90; 10-point scales are multiplied by ten. null for an unknown value or scale.
 */
export function gpaTo100(gpa: number | null | undefined, scale: number | null | undefined): number | null {
  if (gpa == null || scale == null || !Number.isFinite(gpa) || !GPA_SCALES.includes(scale)) return null;
  if (gpa < 0 || gpa > scale) return null;
  if (scale === 100) return gpa;
  if (scale === 10) return gpa * 10;
  const g4 = (gpa * 4) / scale;
  if (g4 < 1) return 60 * g4;
  return 100 - 40 * Math.sqrt((4 - g4) / 3);
}

/** The applicant's GPA on the common scale, or a VALIDATION_ERROR naming the field. */
export function applicantGpa100(gpa: number, scale: number): number {
  if (!GPA_SCALES.includes(scale)) {
    throw validationError(`不支持的GPA满分制：${scale}（支持 ${GPA_SCALES.join('、')}）`, 'gpaScale');
  }
  const value = gpaTo100(gpa, scale);
  if (value == null) throw validationError(`GPA ${gpa} 不在 0–${scale} 之间`, 'gpa');
  return value;
}

/** TOEFL iBT total → IELTS overall, interpolated between ETS's published concordance bands. */
const TOEFL_TO_IELTS: readonly (readonly [number, number])[] = [
  [0, 0],
  [32, 4.5],
  [35, 5],
  [46, 5.5],
  [60, 6],
  [79, 6.5],
  [94, 7],
  [102, 7.5],
  [110, 8],
  [115, 8.5],
  [118, 9],
  [120, 9],
];

export function toeflToIelts(toefl: number): number {
  const t = Math.min(120, Math.max(0, toefl));
  for (let i = 1; i < TOEFL_TO_IELTS.length; i++) {
    const upper = TOEFL_TO_IELTS[i];
    if (t <= upper[0]) {
      const lower = TOEFL_TO_IELTS[i - 1];
      return lower[1] + ((t - lower[0]) / (upper[0] - lower[0])) * (upper[1] - lower[1]);
    }
  }
  return 9;
}

/** ACT composite → SAT total (a straight line through the published concordance, 36 → 1590, 24 → 1190). */
export function actToSat(act: number): number {
  return Math.min(1600, Math.max(400, 390 + (act - 0) * 33.3));
}

const valid = (v: number | null | undefined, min: number, max: number): number | null =>
  v != null && Number.isFinite(v) && v >= min && v <= max ? v : null;

/** IELTS-equivalent English score: the better of IELTS and converted TOEFL. */
export function englishScore(p: { ielts?: number | null; toefl?: number | null }): number | null {
  const ielts = valid(p.ielts, 0, 9);
  const toefl = valid(p.toefl, 0, 120);
  const fromToefl = toefl == null ? null : toeflToIelts(toefl);
  if (ielts == null) return fromToefl;
  return fromToefl == null ? ielts : Math.max(ielts, fromToefl);
}

/** The order of the model's factors in every vector. */
export const FACTORS: readonly FactorName[] = ['gpa', 'english', 'test', 'tier', 'international'];
export const FACTOR_COUNT = FACTORS.length;
/** Factors whose weight may not go below zero: a better GPA or score never lowers a probability. */
export const MONOTONE_FACTORS: readonly boolean[] = [true, true, true, true, false];

/** 985 highest, 211 and overseas bachelor's next; 双非 and other the reference. A prior order; its weight is fitted. */
const TIER_SCORE: Record<SchoolTier, number> = { '985': 1, '211': 0.6, 海本: 0.6, 双非: 0, other: 0 };

/** Standardised test factor: GRE sections, GMAT, SAT/ACT, the best of those known (runs per case per fit: no arrays). */
export function testFactor(p: {
  greV?: number | null;
  greQ?: number | null;
  gmat?: number | null;
  sat?: number | null;
  act?: number | null;
}): number | null {
  let best = -Infinity;
  const v = valid(p.greV, 130, 170);
  const q = valid(p.greQ, 130, 170);
  if (v != null && q != null) best = ((v - 155) / 5 + (q - 164) / 4) / 2;
  else if (v != null) best = (v - 155) / 5;
  else if (q != null) best = (q - 164) / 4;
  const gmat = valid(p.gmat, 200, 800);
  if (gmat != null) best = Math.max(best, (gmat - 660) / 60);
  const sat = valid(p.sat, 400, 1600);
  if (sat != null) best = Math.max(best, (sat - 1350) / 150);
  const act = valid(p.act, 1, 36);
  if (act != null) best = Math.max(best, (actToSat(act) - 1350) / 150);
  return best === -Infinity ? null : best;
}

/**
 * A profile as the model's five factors (NaN = unknown), each scaled so one unit is a large but
 * common difference: 6 points of GPA on 100, half an IELTS band, a GRE section's spread.
 */
export function factorsOf(p: CaseProfile & { sat?: number | null; act?: number | null }, gpa100?: number | null): number[] {
  const g = gpa100 === undefined ? gpaTo100(p.gpa, p.gpaScale) : gpa100;
  const english = englishScore(p);
  const test = testFactor(p);
  return [
    g == null ? NaN : (g - 85) / 6,
    english == null ? NaN : (english - 6.5) / 0.5,
    test ?? NaN,
    p.schoolTier == null ? NaN : (TIER_SCORE[p.schoolTier] ?? NaN),
    p.international == null ? NaN : p.international ? 1 : 0,
  ];
}
