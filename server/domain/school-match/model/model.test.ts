import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../errors';
import { evaluate } from './evaluate';
import { fitCaseModel } from './fit';
import { matchProgram, matchPrograms, REACH_BELOW, SIMILAR_CASES } from './match';
import { gpaTo100, toeflToIelts } from './scales';
import { simulateLibrary } from './simulate';
import type { Applicant, MatchResult, ProgramFacts, RecordedCase } from './types';

const applicant: Applicant = { gpa: 3.5, gpaScale: 4, schoolTier: '211', ielts: 7, greV: 155, greQ: 166, international: true };

const usCollege = (rate: number): ProgramFacts => ({
  id: 'us-college',
  degree: 'bachelor',
  country: 'US',
  tuitionUsd: 60000,
  livingUsd: 18000,
  scorecard: { admissionRate: rate, satMath25: 700, satMath75: 780, satVerbal25: 680, satVerbal75: 760, act25: 31, act75: 34 },
});

/** A program's cases: `admitted` of `n` admitted, GPAs spread so that the better half gets more offers. */
function cases(programId: string, n: number, admitted: number): RecordedCase[] {
  return Array.from({ length: n }, (_, i) => ({
    programId,
    result: i < admitted ? 'admitted' : 'rejected',
    gpa: 80 + ((i * 7) % 15) + (i < admitted ? 2 : 0),
    gpaScale: 100,
    schoolTier: i % 3 === 0 ? '985' : '双非',
    ielts: 6.5 + (i % 3) * 0.5,
    international: true,
    term: '2025 Fall',
  }));
}

const graduate = (id: string, extra: Partial<ProgramFacts> = {}): ProgramFacts => ({ id, degree: 'master', country: 'GB', ...extra });

const sim = simulateLibrary({ seed: 7, casesPerProgram: [1, 3, 5, 10, 20, 40, 80, 150, 300], heldOutPerProgram: 150 });
const model = fitCaseModel(sim.training, sim.programs);

function expectNonDecreasing(results: MatchResult[]) {
  for (let i = 1; i < results.length; i++) {
    const [before, after] = [results[i - 1].probability!, results[i].probability!];
    expect(after.mid).toBeGreaterThanOrEqual(before.mid);
    expect(after.low).toBeGreaterThanOrEqual(before.low);
    expect(after.high).toBeGreaterThanOrEqual(before.high);
  }
}

describe('school-match model: deterministic', () => {
  it('gives the same answer for the same input, fit included', () => {
    const first = matchPrograms(applicant, sim.programs, sim.training);
    const second = matchPrograms(applicant, sim.programs, sim.training);
    expect(second).toEqual(first);
    expect(fitCaseModel(sim.training, sim.programs)).toEqual(model);
    expect(model.converged).toBe(true);
  });
});

describe('school-match model: monotone in GPA and scores', () => {
  const programs = [...sim.programs, usCollege(0.2)];
  const sweep = (field: keyof Applicant, values: number[], base: Applicant = applicant) =>
    programs.map((program) => values.map((v) => matchProgram({ ...base, [field]: v }, program, model)));

  it.each([
    ['gpa', [2.6, 3.0, 3.3, 3.5, 3.7, 3.9, 4.0]],
    ['ielts', [5.5, 6, 6.5, 7, 7.5, 8]],
    ['greQ', [150, 158, 163, 167, 170]],
    ['greV', [140, 150, 155, 160, 168]],
  ] as const)('never lowers a probability when %s rises', (field, values) => {
    for (const row of sweep(field, [...values])) expectNonDecreasing(row);
  });

  it('holds for TOEFL, GMAT, SAT and ACT, and on a 100-point GPA', () => {
    const base: Applicant = { gpa: 85, gpaScale: 100, schoolTier: '双非', international: true };
    for (const row of sweep('toefl', [70, 85, 95, 100, 105, 112], base)) expectNonDecreasing(row);
    for (const row of sweep('gmat', [550, 620, 680, 720, 760], base)) expectNonDecreasing(row);
    for (const row of sweep('sat', [1100, 1300, 1450, 1520, 1580], base)) expectNonDecreasing(row);
    for (const row of sweep('act', [22, 27, 31, 33, 35], base)) expectNonDecreasing(row);
    for (const row of sweep('gpa', [70, 78, 84, 88, 92, 96], base)) expectNonDecreasing(row);
  });

  it("holds even when a program's cases say the opposite (better GPAs rejected)", () => {
    const perverse: RecordedCase[] = Array.from({ length: 60 }, (_, i) => ({
      programId: 'odd',
      gpa: 75 + (i % 20),
      gpaScale: 100,
      ielts: 6.5,
      result: i % 20 < 10 ? 'admitted' : 'rejected',
    }));
    const odd = fitCaseModel(perverse, []);
    const row = [70, 80, 85, 90, 95].map((gpa) => matchProgram({ ...applicant, gpa, gpaScale: 100 }, graduate('odd'), odd));
    expectNonDecreasing(row);
    expect(odd.programs.get('odd')!.slopes[0]).toBeGreaterThanOrEqual(0);
  });
});

describe('school-match model: anchored on the admission rate', () => {
  it('gives an average applicant at a 20% school about 20% (Scorecard curve)', () => {
    const noScore = matchProgram(applicant, usCollege(0.2), null);
    expect(noScore.method).toBe('scorecard');
    expect(noScore.probability!.mid).toBeGreaterThan(0.17);
    expect(noScore.probability!.mid).toBeLessThan(0.23);
    for (const rate of [0.05, 0.2, 0.5, 0.8]) {
      const mid = matchProgram(applicant, usCollege(rate), null).probability!.mid;
      expect(Math.abs(mid - rate)).toBeLessThan(0.04);
    }
  });

  it("gives the average case applicant the program's own rate when it has many cases", () => {
    const library = cases('p20', 400, 80);
    const fit = fitCaseModel(library, []);
    const centre = fit.programs.get('p20')!;
    expect(Math.abs(1 / (1 + Math.exp(-centre.intercept)) - 0.2)).toBeLessThan(0.03);
  });

  it('falls back to the catalogue rate when a program has few cases', () => {
    const library = [...cases('known', 2, 1)];
    const fit = fitCaseModel(library, [graduate('known', { admissionRate: 0.2 })]);
    const mid = 1 / (1 + Math.exp(-fit.programs.get('known')!.intercept));
    expect(mid).toBeGreaterThan(0.15);
    expect(mid).toBeLessThan(0.35);
  });
});

describe('school-match model: ranges widen as evidence thins', () => {
  it('is narrower with more cases at the same rate', () => {
    const widths = [400, 100, 25, 5, 1].map((n) => {
      const program = graduate('p');
      const result = matchProgram(applicant, program, fitCaseModel(cases('p', n, Math.max(1, Math.round(n * 0.3))), []));
      return result.probability!.high - result.probability!.low;
    });
    for (let i = 1; i < widths.length; i++) expect(widths[i]).toBeGreaterThan(widths[i - 1]);
  });

  it('is wider for a small program than for a large one in the same account', () => {
    const width = (id: string) => {
      const p = matchProgram(
        applicant,
        sim.programs.find((x) => x.id === id)!,
        model,
      ).probability!;
      return p.high - p.low;
    };
    expect(width('P001')).toBeGreaterThan(width('P009'));
  });

  it('is wider on the Scorecard curve without a test score', () => {
    const withSat = matchProgram({ ...applicant, sat: 1450 }, usCollege(0.3), null).probability!;
    const without = matchProgram(applicant, usCollege(0.3), null).probability!;
    expect(without.high - without.low).toBeGreaterThan(withSat.high - withSat.low);
  });
});

describe('school-match model: edge cases', () => {
  it('without cases uses the Scorecard for US undergraduates and requirements only elsewhere', () => {
    const [us, uk] = matchPrograms(applicant, [usCollege(0.4), graduate('uk', { language: { ieltsOverall: 6.5, ieltsMinBand: 6 } })], []);
    expect(us.method).toBe('scorecard');
    expect(uk).toMatchObject({ method: 'requirements', probability: null, band: 'match' });
  });

  it('keeps all-admitted and all-rejected programs off 0 and 1, and in the right order', () => {
    const fit = fitCaseModel([...cases('yes', 12, 12), ...cases('no', 12, 0)], []);
    const yes = matchProgram(applicant, graduate('yes'), fit).probability!;
    const no = matchProgram(applicant, graduate('no'), fit).probability!;
    expect(yes.high).toBeLessThan(1);
    expect(no.low).toBeGreaterThan(0);
    expect(yes.mid).toBeGreaterThan(0.7);
    expect(no.mid).toBeLessThan(0.3);
  });

  it('fits a single case', () => {
    const fit = fitCaseModel(cases('one', 1, 1), []);
    const result = matchProgram(applicant, graduate('one'), fit);
    expect(result.method).toBe('cases');
    expect(result.probability!.high - result.probability!.low).toBeGreaterThan(0.3);
    expect(result.evidence.filter((e) => e.kind === 'similar_case')).toHaveLength(1);
  });

  it('refuses an unknown GPA scale or a GPA above its scale, naming the field', () => {
    const refused = (a: Applicant) => {
      try {
        matchPrograms(a, [graduate('x')], []);
      } catch (error) {
        return error as DomainError;
      }
      throw new Error('not refused');
    };
    expect(refused({ ...applicant, gpaScale: 7 })).toMatchObject({ code: 'VALIDATION_ERROR', data: { field: 'gpaScale' } });
    expect(refused({ ...applicant, gpa: 4.2 })).toMatchObject({ code: 'VALIDATION_ERROR', data: { field: 'gpa' } });
    expect(refused({ ...applicant, gpaScale: 7 })).toBeInstanceOf(DomainError);
  });

  it('reads a case with an unknown GPA scale as GPA unknown', () => {
    const library: RecordedCase[] = [...cases('p', 10, 4), { programId: 'p', gpa: 6, gpaScale: 7, result: 'admitted' }];
    const fit = fitCaseModel(library, []);
    expect(Number.isNaN(fit.factors[10][0])).toBe(true);
    expect(matchProgram(applicant, graduate('p'), fit).probability).not.toBeNull();
  });

  it("treats a missing test as the program's average and says so", () => {
    const noGre: Applicant = { ...applicant, greV: null, greQ: null };
    const result = matchProgram(noGre, sim.programs[8], model);
    const test = result.evidence.find((e) => e.kind === 'factor' && e.factor === 'test');
    expect(test).toMatchObject({ effect: 'neutral', logOdds: 0 });
    expect(test!.text).toContain('未提供');
  });

  it('counts a waitlist between an admission and a rejection', () => {
    const mid = (result: RecordedCase['result']) => {
      const library = Array.from({ length: 8 }, (): RecordedCase => ({ programId: 'w', result, gpa: 85, gpaScale: 100 }));
      return matchProgram(applicant, graduate('w'), fitCaseModel(library, [])).probability!.mid;
    };
    expect(mid('waitlisted')).toBeGreaterThan(mid('rejected'));
    expect(mid('waitlisted')).toBeLessThan(mid('admitted'));
  });

  it('converts scales monotonically', () => {
    expect(gpaTo100(3.5, 4)).toBeCloseTo(83.7, 1);
    expect(gpaTo100(4, 4)).toBe(100);
    expect(gpaTo100(90, 100)).toBe(90);
    expect(gpaTo100(3, 3)).toBeNull();
    expect(toeflToIelts(100)).toBeGreaterThan(toeflToIelts(94));
    expect(toeflToIelts(94)).toBe(7);
  });
});

describe('school-match model: evidence, gaps and cost', () => {
  const strict = graduate('strict', {
    language: { ieltsOverall: 6.5, ieltsMinBand: 6 },
    gpaExpectations: [{ tier: '211', gpa: 85, scale: 100 }],
    testsRequired: ['gre'],
    tuitionUsd: 40000,
    livingUsd: 20000,
  });

  it('turns a missed IELTS requirement into a gap and lowers the band', () => {
    const result = matchProgram({ ...applicant, ielts: 6, gpa: 3.9, budgetUsd: 50000 }, strict, null);
    expect(result.gaps).toContainEqual(expect.objectContaining({ requirement: 'ielts', required: 6.5, actual: 6, shortBy: 0.5 }));
    expect(result.gaps[0].text).toContain('单项不低于 6');
    expect(result.band).toBe('reach');
    expect(result.cost).toMatchObject({ totalUsd: 60000, withinBudget: false });
  });

  it('accepts TOEFL where both tests are listed, and asks for a required test not taken', () => {
    const program = graduate('either', { language: { ieltsOverall: 7, toeflTotal: 100 }, testsRequired: ['gre', 'gmat'] });
    const result = matchProgram({ ...applicant, ielts: 6.5, toefl: 105, greV: null, greQ: null }, program, null);
    expect(result.gaps.map((g) => g.requirement)).toEqual(['gre']);
    expect(result.gaps[0].text).toBe('需提交GRE或GMAT成绩');
  });

  it("compares the GPA with the expectation for the applicant's background", () => {
    const result = matchProgram({ ...applicant, gpa: 3.3 }, strict, null);
    const gpa = result.evidence.find((e) => e.kind === 'requirement' && e.requirement === 'gpa');
    expect(gpa).toMatchObject({ status: 'missed', required: 85 });
    expect(result.gaps.some((g) => g.requirement === 'gpa')).toBe(true);
  });

  it('shows at most a handful of anonymised similar cases', () => {
    const result = matchProgram(applicant, sim.programs[8], model);
    const similar = result.evidence.filter((e) => e.kind === 'similar_case');
    expect(similar).toHaveLength(SIMILAR_CASES);
    for (const s of similar) expect(Object.keys(s)).not.toContain('programId');
    expect(result.evidence.find((e) => e.kind === 'case_record')).toMatchObject({ cases: 300 });
  });

  it('keeps a perfect SAT at a 5% school a long shot, and a weak one at an 80% school a fair chance', () => {
    const perfect = matchProgram({ ...applicant, sat: 1600 }, usCollege(0.05), null).probability!;
    expect(perfect.mid).toBeLessThan(0.25);
    const open: ProgramFacts = {
      ...usCollege(0.8),
      scorecard: { admissionRate: 0.8, satMath25: 520, satMath75: 620, satVerbal25: 530, satVerbal75: 630 },
    };
    const weak = matchProgram({ ...applicant, sat: 1000 }, open, null).probability!;
    expect(weak.mid).toBeGreaterThan(0.4);
    expect(weak.mid).toBeLessThan(0.8);
  });

  it('says a cost is over budget when the known part alone exceeds it, and unknown otherwise', () => {
    const tuitionOnly = graduate('t', { tuitionUsd: 50000 });
    expect(matchProgram({ ...applicant, budgetUsd: 40000 }, tuitionOnly, null).cost).toMatchObject({ totalUsd: null, withinBudget: false });
    expect(matchProgram({ ...applicant, budgetUsd: 60000 }, tuitionOnly, null).cost).toMatchObject({ totalUsd: null, withinBudget: null });
    expect(matchProgram(applicant, graduate('none'), null).cost).toBeUndefined();
  });

  it('bands by the middle probability', () => {
    const low = matchProgram(applicant, usCollege(0.05), null);
    expect(low.probability!.mid).toBeLessThan(REACH_BELOW);
    expect(low.band).toBe('reach');
    expect(matchProgram({ ...applicant, sat: 1560 }, usCollege(0.9), null).band).toBe('safety');
  });
});

describe('school-match model: calibration on a held-out library', () => {
  it('is calibrated and no worse than the base rates', () => {
    const library = simulateLibrary({ seed: 11, casesPerProgram: [2, 4, 8, 15, 30, 60, 120, 240], heldOutPerProgram: 250 });
    const e = evaluate(library);
    expect(e.ece).toBeLessThanOrEqual(0.08);
    expect(e.brier).toBeLessThanOrEqual(e.brierTrainingRate);
    expect(e.brier).toBeLessThanOrEqual(e.brierHeldOutRate + 0.01);
    expect(e.auc).toBeGreaterThan(0.55);
    expect(e.coverage).toBeGreaterThan(0.65);
  });

  it('stays at the base rate when the profile carries no signal', () => {
    const library = simulateLibrary({ seed: 12, casesPerProgram: [5, 10, 20, 40, 80, 160], heldOutPerProgram: 250, signal: 0 });
    const e = evaluate(library);
    // Nothing to learn: the model may only tie the base rates (sampling noise of a few thousandths).
    expect(e.brier).toBeLessThanOrEqual(e.brierTrainingRate + 0.005);
    expect(e.ece).toBeLessThanOrEqual(0.08);
  });
});
