/**
 * The matching model (issue 26, ADR 0051): per program, a probability range from the best model
 * the data allow, the evidence behind it, the gaps to close and the cost. Pure and deterministic;
 * `/api/v1/school-match/run` fits once per run (`fitCaseModel`) and matches each program.
 */
import { catalogueRate, fitCaseModel, predictFromCases, type CaseModel, type ProgramFit } from './fit';
import { sigmoid } from './linalg';
import { checkRequirements, costOf } from './requirements';
import { applicantGpa100, factorsOf, FACTORS } from './scales';
import { scorecardCurve } from './scorecard';
import type { Applicant, Band, Evidence, FactorName, MatchResult, ProbabilityRange, ProgramFacts, RecordedCase } from './types';

/** The range is the central 80% of the posterior (Laplace) of the log-odds. */
export const RANGE_COVERAGE = 0.8;
const RANGE_Z = 1.2816;
/** Below this middle probability a program is a reach; from SAFETY_FROM on, a safety; between, a match. */
export const REACH_BELOW = 0.4;
export const SAFETY_FROM = 0.75;
/** Similar cases shown per program (anonymised: background, rounded GPA, scores, outcome, term). */
export const SIMILAR_CASES = 5;
/** A factor moving the log-odds by less than this is called neutral. */
const FACTOR_NEUTRAL = 0.05;

const US = new Set(['us', 'usa', 'united states', 'united states of america', '美国']);
const isUsUndergraduate = (p: ProgramFacts): boolean => p.degree === 'bachelor' && US.has((p.country ?? '').trim().toLowerCase());

const round3 = (v: number): number => Math.round(v * 1000) / 1000;

/**
 * The range's ends are the 10th and 90th percentiles of the log-odds' distribution. The middle is,
 * for a fitted posterior (`moderated`), the posterior mean of the probability (probit
 * approximation), which pulls an uncertain number towards 50% and calibrates better than the mode
 * (the bench shows both); for the Scorecard curve, the curve itself, so the anchor stays exact.
 */
export function rangeOf(eta: number, sd: number, moderated: boolean): ProbabilityRange {
  const low = sigmoid(eta - RANGE_Z * sd);
  const high = sigmoid(eta + RANGE_Z * sd);
  const centre = moderated ? sigmoid(eta / Math.sqrt(1 + (Math.PI * sd * sd) / 8)) : sigmoid(eta);
  return { low: round3(low), mid: round3(Math.min(high, Math.max(low, centre))), high: round3(high) };
}

export function bandOf(mid: number): Band {
  return mid < REACH_BELOW ? 'reach' : mid >= SAFETY_FROM ? 'safety' : 'match';
}

const FACTOR_LABELS: Record<FactorName, string> = {
  gpa: 'GPA',
  english: '语言成绩',
  test: 'GRE/GMAT/SAT成绩',
  tier: '本科院校背景',
  international: '国际生身份',
};

function factorEvidence(factors: readonly number[], contributions: readonly number[]): Evidence[] {
  return FACTORS.map((factor, k): Evidence => {
    const label = FACTOR_LABELS[factor];
    const logOdds = Math.round(contributions[k] * 100) / 100;
    if (Number.isNaN(factors[k])) {
      return { kind: 'factor', factor, effect: 'neutral', logOdds: 0, text: `申请人未提供${label}，按本项目案例的平均水平计` };
    }
    const effect = logOdds >= FACTOR_NEUTRAL ? 'higher' : logOdds <= -FACTOR_NEUTRAL ? 'lower' : 'neutral';
    const text =
      effect === 'neutral'
        ? `${label}与本项目案例的平均水平相当`
        : `${label}${effect === 'higher' ? '高于' : '低于'}本项目案例的平均水平（对数几率 ${logOdds > 0 ? '+' : ''}${logOdds}）`;
    return { kind: 'factor', factor, effect, logOdds, text };
  });
}

const RESULT_TEXT = { admitted: '录取', rejected: '拒绝', waitlisted: '候补' } as const;

/** The program's nearest recorded cases on the factors both sides know (ties: the earlier record). */
function similarCases(model: CaseModel, fit: ProgramFit, factors: readonly number[]): Evidence[] {
  const scored = fit.members.flatMap((i) => {
    let sum = 0;
    let shared = 0;
    for (let k = 0; k < 4; k++) {
      const v = model.factors[i][k];
      if (Number.isNaN(v) || Number.isNaN(factors[k])) continue;
      sum += (v - factors[k]) ** 2;
      shared += 1;
    }
    return shared === 0 ? [] : [{ i, distance: sum / shared }];
  });
  scored.sort((a, b) => a.distance - b.distance || a.i - b.i);
  return scored.slice(0, SIMILAR_CASES).map(({ i }): Evidence => {
    const c: RecordedCase = model.cases[i];
    const gpa100 = Number.isNaN(model.factors[i][0]) ? null : Math.round(model.factors[i][0] * 6 + 85);
    const gre = c.greV != null && c.greQ != null ? c.greV + c.greQ : null;
    const parts = [
      c.schoolTier ?? null,
      gpa100 == null ? null : `GPA约${gpa100}（百分制）`,
      c.ielts == null ? null : `雅思${c.ielts}`,
      c.toefl == null ? null : `托福${c.toefl}`,
      gre == null ? null : `GRE${gre}`,
      c.gmat == null ? null : `GMAT${c.gmat}`,
    ].filter((p): p is string => p != null);
    const text = `相似案例：${parts.join('，') || '背景未记录'} → ${RESULT_TEXT[c.result]}${c.term ? `（${c.term}）` : ''}`;
    return {
      kind: 'similar_case',
      result: c.result,
      term: c.term ?? null,
      schoolTier: c.schoolTier ?? null,
      gpa100,
      ielts: c.ielts ?? null,
      toefl: c.toefl ?? null,
      gre,
      gmat: c.gmat ?? null,
      text,
    };
  });
}

function fromCases(model: CaseModel, fit: ProgramFit, factors: readonly number[]) {
  const { eta, sd, contributions } = predictFromCases(fit, factors);
  const record: Evidence = {
    kind: 'case_record',
    cases: fit.cases,
    admitted: fit.admitted,
    rejected: fit.rejected,
    waitlisted: fit.waitlisted,
    text: `本机构在该项目有 ${fit.cases} 条案例：录取 ${fit.admitted}，拒绝 ${fit.rejected}，候补 ${fit.waitlisted}`,
  };
  return { eta, sd, evidence: [record, ...factorEvidence(factors, contributions), ...similarCases(model, fit, factors)] };
}

const DOWNGRADE: Record<Band, Band> = { safety: 'match', match: 'reach', reach: 'reach' };

/**
 * One program. `model` is the account's fitted cases (null: none); the applicant's GPA scale must
 * be one of GPA_SCALES (else a VALIDATION_ERROR).
 */
export function matchProgram(applicant: Applicant, program: ProgramFacts, model: CaseModel | null): MatchResult {
  const gpa100 = applicantGpa100(applicant.gpa, applicant.gpaScale);
  // Cases record no SAT/ACT (the CSV has no such columns): the case model reads only what cases record.
  const factors = factorsOf({ ...applicant, sat: null, act: null }, gpa100);
  const requirements = checkRequirements(applicant, program, gpa100);
  const cost = costOf(applicant, program);
  const fit = model?.programs.get(program.id);
  const curve = fit ? null : isUsUndergraduate(program) && program.scorecard ? scorecardCurve(applicant, program.scorecard) : null;
  const numeric =
    fit && model
      ? { method: 'cases' as const, ...fromCases(model, fit, factors) }
      : curve
        ? { method: 'scorecard' as const, ...curve }
        : null;
  const evidence: Evidence[] = [...requirements.evidence];
  // The scorecard curve shows its own rate; otherwise the catalogue's, imported or from the Scorecard.
  const rate = numeric?.method === 'scorecard' ? null : catalogueRate(program);
  if (rate != null) {
    const source = program.admissionRate === rate ? 'catalogue' : 'scorecard';
    const label = source === 'catalogue' ? '目录记录的整体录取率' : 'College Scorecard 录取率';
    evidence.push({ kind: 'selectivity', source, admissionRate: rate, text: `${label} ${Math.round(rate * 1000) / 10}%` });
  }
  if (!numeric) {
    const band: Band = requirements.missed ? 'reach' : 'match';
    const basis = rate == null ? '无本机构案例、无录取率数据' : '无本机构案例（整体录取率不足以估计个人概率）';
    const text = requirements.missed ? `${basis}：有未达到的要求，列为冲刺` : `${basis}：只比较了要求，未给出概率`;
    evidence.push({ kind: 'band_note', text });
    return {
      programId: program.id,
      band,
      probability: null,
      method: 'requirements',
      evidence,
      gaps: requirements.gaps,
      ...(cost ? { cost } : {}),
    };
  }
  const probability = rangeOf(numeric.eta, numeric.sd, numeric.method === 'cases');
  let band = bandOf(probability.mid);
  evidence.push(...numeric.evidence);
  if (requirements.missed && band !== 'reach') {
    band = DOWNGRADE[band];
    evidence.push({ kind: 'band_note', text: '有未达到的要求，档位下调一档' });
  }
  return { programId: program.id, band, probability, method: numeric.method, evidence, gaps: requirements.gaps, ...(cost ? { cost } : {}) };
}

/**
 * A run: fits the account's cases once (every case, so programs share what they know; `catalogue`
 * gives the admission rates of the cases' programs) and matches each program in order.
 */
export function matchPrograms(
  applicant: Applicant,
  programs: readonly ProgramFacts[],
  cases: readonly RecordedCase[],
  catalogue: readonly ProgramFacts[] = programs,
): MatchResult[] {
  applicantGpa100(applicant.gpa, applicant.gpaScale);
  const model = cases.length > 0 ? fitCaseModel(cases, catalogue) : null;
  return programs.map((program) => matchProgram(applicant, program, model));
}
