/**
 * Requirements met or missed, the gaps to close, and the cost against the budget (ADR 0051). These
 * need no outcome data: every program gets them, and method (c) has nothing else.
 */
import { gpaTo100 } from './scales';
import type { Applicant, CostEstimate, Evidence, Gap, ProgramFacts, RequiredTest, RequirementName } from './types';

type RequirementEvidence = Extract<Evidence, { kind: 'requirement' }>;

export type RequirementCheck = {
  evidence: RequirementEvidence[];
  gaps: Gap[];
  /** A requirement the applicant does not meet today (a missing required test counts). */
  missed: boolean;
};

const fmt = (v: number): string => String(Math.round(v * 100) / 100);
const known = (v: number | null | undefined): v is number => v != null && Number.isFinite(v);

const TEST_NAMES: Record<RequiredTest, string> = { gre: 'GRE', gmat: 'GMAT', sat: 'SAT', act: 'ACT' };

function scoreCheck(requirement: RequirementName, label: string, required: number, actual: number | null): RequirementEvidence {
  if (actual == null) {
    return { kind: 'requirement', requirement, status: 'unknown', required, actual, text: `${label}要求 ${fmt(required)}，申请人未提供` };
  }
  const met = actual >= required;
  const text = met ? `${label} ${fmt(actual)}，达到要求 ${fmt(required)}` : `${label} ${fmt(actual)}，低于要求 ${fmt(required)}`;
  return { kind: 'requirement', requirement, status: met ? 'met' : 'missed', required, actual, text };
}

/** Sub-scores are not in the profile: a band minimum is missed only when even the overall is below it. */
function bandCheck(requirement: RequirementName, label: string, required: number, overall: number | null): RequirementEvidence {
  if (overall != null && overall < required) {
    return {
      kind: 'requirement',
      requirement,
      status: 'missed',
      required,
      actual: null,
      text: `${label}不低于 ${fmt(required)}：总分 ${fmt(overall)} 已低于该线`,
    };
  }
  return {
    kind: 'requirement',
    requirement,
    status: 'unknown',
    required,
    actual: null,
    text: `${label}不低于 ${fmt(required)}（申请人小分未知，请核对）`,
  };
}

function languageCheck(applicant: Applicant, program: ProgramFacts): RequirementCheck {
  const req = program.language ?? {};
  const ielts = known(applicant.ielts) ? applicant.ielts : null;
  const toefl = known(applicant.toefl) ? applicant.toefl : null;
  const evidence: RequirementEvidence[] = [];
  const options: { overall: RequirementEvidence; band?: RequirementEvidence; name: string; minText: string }[] = [];
  if (known(req.ieltsOverall)) {
    const overall = scoreCheck('ielts', '雅思总分', req.ieltsOverall, ielts);
    const band = known(req.ieltsMinBand) ? bandCheck('ielts_band', '雅思单项', req.ieltsMinBand, ielts) : undefined;
    options.push({ overall, band, name: '雅思', minText: known(req.ieltsMinBand) ? `，单项不低于 ${fmt(req.ieltsMinBand)}` : '' });
  }
  if (known(req.toeflTotal)) {
    const overall = scoreCheck('toefl', '托福总分', req.toeflTotal, toefl);
    const band = known(req.toeflMinSection) ? bandCheck('toefl_section', '托福单项', req.toeflMinSection, toefl) : undefined;
    options.push({ overall, band, name: '托福', minText: known(req.toeflMinSection) ? `，单项不低于 ${fmt(req.toeflMinSection)}` : '' });
  }
  for (const o of options) evidence.push(o.overall, ...(o.band ? [o.band] : []));
  // Either listed test will do: the requirement is met when one of them is.
  const satisfied = options.some((o) => o.overall.status === 'met' && o.band?.status !== 'missed');
  if (options.length === 0 || satisfied) return { evidence, gaps: [], missed: false };
  const gaps: Gap[] = [];
  for (const o of options) {
    const { required, actual } = o.overall;
    if (actual == null || required == null) continue;
    const shortBy = Math.max(0, required - actual);
    const text = `${o.name}需达到总分 ${fmt(required)}${o.minText}，目前 ${fmt(actual)}${shortBy > 0 ? `，差 ${fmt(shortBy)}` : '，需提高小分'}`;
    gaps.push({ requirement: o.overall.requirement, required, actual, shortBy, text });
  }
  if (gaps.length === 0) {
    const o = options[0];
    const required = o.overall.required ?? 0;
    gaps.push({
      requirement: o.overall.requirement,
      required,
      actual: null,
      shortBy: null,
      text: `需提供${o.name}成绩：总分 ${fmt(required)}${o.minText}`,
    });
  }
  return { evidence, gaps, missed: true };
}

function gpaCheck(applicant: Applicant, program: ProgramFacts, gpa100: number): RequirementCheck {
  const expectations = program.gpaExpectations ?? [];
  if (expectations.length === 0) return { evidence: [], gaps: [], missed: false };
  const own = applicant.schoolTier == null ? undefined : expectations.find((e) => e.tier === applicant.schoolTier);
  if (!own) {
    const listed = expectations.map((e) => `${e.tier} ${fmt(e.gpa)}/${fmt(e.scale)}`).join('、');
    const text = `项目按背景列出GPA要求（${listed}），未列出申请人背景${applicant.schoolTier ? `（${applicant.schoolTier}）` : ''}的要求`;
    return {
      evidence: [{ kind: 'requirement', requirement: 'gpa', status: 'unknown', required: null, actual: applicant.gpa, text }],
      gaps: [],
      missed: false,
    };
  }
  const required100 = gpaTo100(own.gpa, own.scale);
  if (required100 == null) return { evidence: [], gaps: [], missed: false };
  // Compared on the common 100 scale; shown on the requirement's own scale when the applicant uses it.
  const sameScale = own.scale === applicant.gpaScale;
  const required = sameScale ? own.gpa : Math.round(required100 * 10) / 10;
  const actual = sameScale ? applicant.gpa : Math.round(gpa100 * 10) / 10;
  const scaleText = sameScale ? `（满分 ${fmt(own.scale)}）` : '（百分制换算）';
  const met = gpa100 >= required100;
  const text = `${own.tier}背景GPA要求 ${fmt(required)}，申请人 ${fmt(actual)}${scaleText}${met ? '，达到' : '，未达到'}`;
  const evidence: RequirementEvidence[] = [
    { kind: 'requirement', requirement: 'gpa', status: met ? 'met' : 'missed', required, actual, text },
  ];
  if (met) return { evidence, gaps: [], missed: false };
  const shortBy = Math.round((required - actual) * 100) / 100;
  return {
    evidence,
    gaps: [{ requirement: 'gpa', required, actual, shortBy, text: `GPA需达到 ${fmt(required)}${scaleText}，差 ${fmt(shortBy)}` }],
    missed: true,
  };
}

const scoreOf = (a: Applicant, test: RequiredTest): number | null => {
  if (test === 'gre') return known(a.greV) && known(a.greQ) ? a.greV + a.greQ : known(a.greQ) ? a.greQ : known(a.greV) ? a.greV : null;
  const value = a[test];
  return known(value) ? value : null;
};

/** GRE/GMAT are alternatives when both are listed, and so are SAT/ACT. */
function testCheck(applicant: Applicant, program: ProgramFacts): RequirementCheck {
  const required = [...new Set(program.testsRequired ?? [])];
  const evidence: RequirementEvidence[] = [];
  const gaps: Gap[] = [];
  for (const group of [
    ['gre', 'gmat'],
    ['sat', 'act'],
  ] as RequiredTest[][]) {
    const listed = group.filter((t) => required.includes(t));
    if (listed.length === 0) continue;
    const taken = listed.find((t) => scoreOf(applicant, t) != null);
    const names = listed.map((t) => TEST_NAMES[t]).join('或');
    const requirement = taken ?? listed[0];
    if (taken) {
      evidence.push({
        kind: 'requirement',
        requirement,
        status: 'met',
        required: null,
        actual: scoreOf(applicant, taken),
        text: `要求${names}成绩：已提供${TEST_NAMES[taken]}`,
      });
    } else {
      evidence.push({
        kind: 'requirement',
        requirement,
        status: 'missed',
        required: null,
        actual: null,
        text: `要求${names}成绩：申请人未提供`,
      });
      gaps.push({ requirement, required: 0, actual: null, shortBy: null, text: `需提交${names}成绩` });
    }
  }
  return { evidence, gaps, missed: gaps.length > 0 };
}

/** Language, GPA by background and required tests, in that order. */
export function checkRequirements(applicant: Applicant, program: ProgramFacts, gpa100: number): RequirementCheck {
  const parts = [languageCheck(applicant, program), gpaCheck(applicant, program, gpa100), testCheck(applicant, program)];
  return { evidence: parts.flatMap((p) => p.evidence), gaps: parts.flatMap((p) => p.gaps), missed: parts.some((p) => p.missed) };
}

const usd = (v: number): string => `$${Math.round(v).toLocaleString('en-US')}`;

/** Tuition plus living per year against the budget; undefined when the program's costs are unknown. */
export function costOf(applicant: Applicant, program: ProgramFacts): CostEstimate | undefined {
  const tuition = known(program.tuitionUsd) ? program.tuitionUsd : null;
  const living = known(program.livingUsd) ? program.livingUsd : null;
  if (tuition == null && living == null) return undefined;
  const budget = known(applicant.budgetUsd) ? applicant.budgetUsd : null;
  const total = tuition != null && living != null ? tuition + living : null;
  const partial = tuition ?? living ?? 0;
  // With one part unknown the total is unknown, but the known part alone may already exceed the budget.
  const withinBudget = budget == null ? null : total != null ? total <= budget : partial > budget ? false : null;
  const parts = [`学费${tuition == null ? '未知' : `约 ${usd(tuition)}/年`}`, `生活费${living == null ? '未知' : `约 ${usd(living)}/年`}`];
  let text = parts.join('，') + (total == null ? '' : `，合计约 ${usd(total)}/年`);
  if (budget != null) {
    if (withinBudget === true) text += `，在预算 ${usd(budget)} 内`;
    else if (withinBudget === false) text += `，超出预算 ${usd(budget)} 约 ${usd((total ?? partial) - budget)}`;
    else text += `，总额未知，无法与预算 ${usd(budget)} 比较`;
  }
  return { tuitionUsd: tuition, livingUsd: living, totalUsd: total, budgetUsd: budget, withinBudget, text };
}
