/**
 * Method (b), ADR 0051: US undergraduate programs without cases. A curve anchored on the Scorecard
 * admission rate r: an applicant at the applicant pool's average (or with no SAT/ACT) gets r, and
 * every band-width above or below moves the log-odds, saturating so a perfect score at a 5% school
 * is still a long shot. The Scorecard's 25th–75th percentiles describe enrolled students, who score
 * above the average applicant, so the pool's average is placed below the band's middle.
 */
import { logit } from './linalg';
import type { Applicant, Evidence, ScorecardRecord } from './types';

/** Log-odds per band sd (the enrolled 25th–75th range / 1.349). */
export const SCORECARD_SLOPE = 1.2;
/** The most a score can add (log-odds ×4.5 odds) and take away. */
export const SCORECARD_MAX_GAIN = 1.5;
export const SCORECARD_MAX_LOSS = 3;
/** The average applicant sits this many band sd × (1 − r) below the enrolled middle. */
export const SCORECARD_POOL_SHIFT = 0.8;
/** Uncertainty (log-odds sd) of the curve: with a score, and without one (anchor only). */
export const SCORECARD_SD = 0.7;
export const SCORECARD_SD_WITHOUT_SCORE = 1;

type Band = { test: 'sat' | 'act'; p25: number; p75: number };

const known = (v: number | null | undefined): v is number => v != null && Number.isFinite(v);

/** SAT total band from the two sections (the sum of percentiles, an approximation of the total's). */
export function testBands(sc: ScorecardRecord): Band[] {
  const bands: Band[] = [];
  if (known(sc.satMath25) && known(sc.satMath75) && known(sc.satVerbal25) && known(sc.satVerbal75)) {
    bands.push({ test: 'sat', p25: sc.satMath25 + sc.satVerbal25, p75: sc.satMath75 + sc.satVerbal75 });
  }
  if (known(sc.act25) && known(sc.act75)) bands.push({ test: 'act', p25: sc.act25, p75: sc.act75 });
  return bands.filter((b) => b.p75 > b.p25);
}

const saturate = (u: number): number =>
  u >= 0 ? SCORECARD_MAX_GAIN * Math.tanh(u / SCORECARD_MAX_GAIN) : SCORECARD_MAX_LOSS * Math.tanh(u / SCORECARD_MAX_LOSS);

/** null when the record has no usable admission rate. */
export function scorecardCurve(applicant: Applicant, sc: ScorecardRecord) {
  const rate = sc.admissionRate;
  if (!known(rate) || rate <= 0 || rate >= 1) return null;
  const pct = Math.round(rate * 1000) / 10;
  const evidence: Evidence[] = [
    { kind: 'selectivity', source: 'scorecard', admissionRate: rate, text: `College Scorecard 录取率 ${pct}%` },
  ];
  const poolAverage = -SCORECARD_POOL_SHIFT * (1 - rate);
  let best: number | null = null;
  for (const band of testBands(sc)) {
    const score = band.test === 'sat' ? applicant.sat : applicant.act;
    const actual = known(score) ? score : null;
    const name = band.test.toUpperCase();
    let text = `在读学生${name} 25–75 分位 ${band.p25}–${band.p75}`;
    if (actual != null) {
      const z = (actual - (band.p25 + band.p75) / 2) / ((band.p75 - band.p25) / 1.349);
      best = Math.max(best ?? -Infinity, z);
      text += `，申请人 ${actual}（${actual < band.p25 ? '低于25分位' : actual > band.p75 ? '高于75分位' : '在区间内'}）`;
    } else text += '，申请人未提供';
    evidence.push({ kind: 'test_band', test: band.test, p25: band.p25, p75: band.p75, actual, text });
  }
  const effect = best == null ? 0 : saturate(SCORECARD_SLOPE * (best - poolAverage));
  const note =
    best == null
      ? '没有可比的SAT/ACT成绩，按学校整体录取率估计（不含GPA，Scorecard 无GPA数据）'
      : '按学校整体录取率与SAT/ACT在读区间估计（不含GPA，Scorecard 无GPA数据）';
  evidence.push({ kind: 'band_note', text: note });
  return { eta: logit(rate) + effect, sd: best == null ? SCORECARD_SD_WITHOUT_SCORE : SCORECARD_SD, evidence };
}
