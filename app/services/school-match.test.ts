import type { ProfileData } from '../../contracts/archives';
import { matchRunSchema, type MatchItem } from '../../contracts/school-match';
import {
  applyArchive,
  byBand,
  caseSnapshotOf,
  COMPARE_MAX,
  countriesOf,
  degreeOf,
  emptyMatchForm,
  filterMatchItems,
  formFieldOf,
  matchFormFrom,
  matchRunBody,
  NO_FILTERS,
  parseMatchFilters,
  prefillFromArchive,
  probabilityRange,
  probabilityText,
  programName,
  schoolMatchHref,
  toggleCompare,
  type MatchForm,
} from './school-match';

const item = (over: Partial<MatchItem> = {}): MatchItem => ({
  programId: 'p1',
  school: 'Fictional Univ',
  program: 'MSc Things',
  programZh: null,
  degree: 'master',
  country: 'United Kingdom',
  band: 'match',
  probability: { low: 0.35, mid: 0.44, high: 0.52 },
  method: 'cases',
  evidence: [],
  gaps: [],
  ...over,
});

describe('probability wording', () => {
  it('writes a range in whole percents, a single value when both ends round alike, and 仅比对要求 without a number', () => {
    expect(probabilityRange({ low: 0.35, mid: 0.44, high: 0.524 })).toBe('35%–52%');
    expect(probabilityRange({ low: 0.401, mid: 0.402, high: 0.404 })).toBe('40%');
    expect(probabilityRange(null)).toBeNull();
    expect(probabilityText(item({ probability: null, method: 'requirements' }))).toBe('仅比对要求');
  });
  it('shows the Chinese name beside the English one', () => {
    expect(programName({ program: 'MSc CS', programZh: '计算机硕士' })).toBe('MSc CS（计算机硕士）');
    expect(programName({ program: 'MSc CS', programZh: null })).toBe('MSc CS');
  });
});

describe('filters', () => {
  const items = [
    item({ programId: 'a', country: 'United Kingdom', degree: 'master', cost: cost(40000) }),
    item({
      programId: 'b',
      country: 'United States',
      degree: 'bachelor',
      probability: { low: 0.1, mid: 0.2, high: 0.3 },
      cost: cost(60000),
    }),
    item({ programId: 'c', country: null, probability: null, method: 'requirements' }),
  ];
  function cost(tuitionUsd: number): MatchItem['cost'] {
    return { tuitionUsd, livingUsd: null, totalUsd: null, budgetUsd: null, withinBudget: null, text: '' };
  }
  const ids = (f: Partial<typeof NO_FILTERS>) => filterMatchItems(items, { ...NO_FILTERS, ...f }).map((i) => i.programId);

  it('reads the address, ignoring what is not a filter', () => {
    expect(parseMatchFilters(new URLSearchParams('country=United%20States&degree=master&maxTuition=50000&minProb=30'))).toEqual({
      country: 'United States',
      degree: 'master',
      maxTuition: 50000,
      minProbability: 30,
    });
    expect(parseMatchFilters(new URLSearchParams('degree=doctor&maxTuition=-1&minProb=abc'))).toEqual(NO_FILTERS);
  });
  it('filters by country (any case) and degree', () => {
    expect(ids({})).toEqual(['a', 'b', 'c']);
    expect(ids({ country: 'united states' })).toEqual(['b']);
    expect(ids({ degree: 'master' })).toEqual(['a', 'c']);
  });
  it('keeps programs of unknown tuition under a tuition limit, and leaves out those without a number under a minimum probability', () => {
    expect(ids({ maxTuition: 50000 })).toEqual(['a', 'c']);
    expect(ids({ minProbability: 30 })).toEqual(['a']);
    expect(ids({ minProbability: 0 })).toEqual(['a', 'b', 'c']);
  });
  it('lists the countries present and groups by band in order', () => {
    expect(countriesOf(items)).toEqual(['United Kingdom', 'United States']);
    const groups = byBand([item({ programId: 'x', band: 'safety' }), item({ programId: 'y', band: 'reach' })]);
    expect(Object.keys(groups)).toEqual(['reach', 'match', 'safety']);
    expect(groups.reach.map((i) => i.programId)).toEqual(['y']);
  });
});

describe('compare', () => {
  it('ticks up to four and refuses a fifth with the reason; unticking always works', () => {
    let selected: string[] = [];
    for (const id of ['1', '2', '3', '4']) selected = toggleCompare(selected, id).selected;
    expect(selected).toHaveLength(COMPARE_MAX);
    const fifth = toggleCompare(selected, '5');
    expect(fifth.selected).toEqual(selected);
    expect(fifth.refused).toContain('最多同时对比 4 个项目');
    expect(toggleCompare(selected, '2')).toEqual({ selected: ['1', '3', '4'], refused: null });
  });
});

describe('the form', () => {
  const archive: Partial<ProfileData> = {
    gpa: { value: 3.82, scale: 4 },
    major: '计算机科学与技术',
    tests: [
      { type: 'TOEFL', total: 108, sub: { R: 29 } },
      { type: 'GRE', total: 325, sub: { V: 155, Q: 170, AW: 4 } },
    ],
    education: [],
    targets: { countries: ['United Kingdom', 'Hong Kong'], degree: '硕士', majors: ['Computer Science'], intake: '2025 Fall' },
  };

  it('is filled from an archive with what it has, never a guessed school tier', () => {
    expect(prefillFromArchive(archive)).toEqual({
      gpa: '3.82',
      gpaScale: '4',
      major: '计算机科学与技术',
      toefl: '108',
      greV: '155',
      greQ: '170',
      countries: 'United Kingdom、Hong Kong',
      degree: 'master',
      fields: 'Computer Science',
      intake: '2025 Fall',
    });
    expect(prefillFromArchive({ education: [{ school: 'X', gpa: { value: 88, scale: 100 } }] })).toMatchObject({
      gpa: '88',
      gpaScale: '100',
    });
    // A scale the model does not read is left for the consultant to pick.
    expect(prefillFromArchive({ gpa: { value: 3, scale: 3.7 } })).toEqual({ gpa: '3' });
    const form = applyArchive({ ...emptyMatchForm(), schoolTier: '211', ielts: '7' }, prefillFromArchive(archive));
    expect(form).toMatchObject({ schoolTier: '211', ielts: '7', toefl: '108' });
  });

  it('reads degrees as archives write them', () => {
    expect(['本科', 'Master of Science', '博士', 'MBA', '', '交换'].map(degreeOf)).toEqual([
      'bachelor',
      'master',
      'phd',
      'master',
      '',
      'other',
    ]);
  });

  it('becomes the run body through the contract, with its messages on the fields', () => {
    const form = {
      ...emptyMatchForm(),
      ...prefillFromArchive(archive),
      schoolTier: '985',
      programs: [{ id: '3f0c9a4e-1b2c-4d5e-8f90-123456789abc', label: 'x' }],
    };
    const ok = matchRunBody(form, null);
    expect(ok.ok && ok.body).toMatchObject({
      applicant: {
        gpa: 3.82,
        gpaScale: 4,
        schoolTier: '985',
        toefl: 108,
        greV: 155,
        countries: ['United Kingdom', 'Hong Kong'],
        degree: 'master',
        international: true,
      },
      programIds: ['3f0c9a4e-1b2c-4d5e-8f90-123456789abc'],
    });
    expect(matchRunSchema.safeParse(ok.ok && ok.body).success).toBe(true);
    expect(matchRunBody(emptyMatchForm(), null)).toEqual({ ok: false, errors: { gpa: '请填写 GPA' } });
    expect(matchRunBody({ ...emptyMatchForm(), gpa: '3.5', gpaScale: '' }, null)).toEqual({
      ok: false,
      errors: { gpaScale: '请填写 GPA 满分' },
    });
    // The rest is the API's to refuse, with the contract's message on the field it names.
    const refusal = (form: MatchForm) => {
      const built = matchRunBody(form, null);
      const parsed = matchRunSchema.safeParse(built.ok && built.body);
      const issue = parsed.success ? undefined : parsed.error.issues[0];
      return { field: formFieldOf(issue?.path.join('.')), message: issue?.message };
    };
    expect(refusal({ ...emptyMatchForm(), gpa: '3.5', toefl: 'abc' })).toEqual({ field: 'toefl', message: '托福应为数字' });
    expect(refusal({ ...emptyMatchForm(), gpa: '4.5' })).toEqual({ field: 'gpa', message: 'GPA 不能大于满分' });
    expect(formFieldOf(undefined)).toBe('form');
    expect(formFieldOf('programIds.0')).toBe('form');
  });

  it('reads a stored draft back, dropping what is not a form value', () => {
    expect(matchFormFrom({ gpa: '3.5', toefl: 100, programs: [{ id: 'a', label: 'A' }, { id: 1 }], extra: 'x' })).toEqual({
      ...emptyMatchForm(),
      gpa: '3.5',
      programs: [{ id: 'a', label: 'A' }],
    });
    expect(matchFormFrom(null)).toEqual(emptyMatchForm());
  });

  it('keeps an outcome anonymous: scores and background only', () => {
    const snapshot = caseSnapshotOf({ gpa: 3.6, gpaScale: 4, schoolTier: '211', ielts: 7, countries: ['UK'], intake: '2026 Fall' });
    expect(snapshot).toEqual({
      gpa: 3.6,
      gpaScale: 4,
      schoolTier: '211',
      major: null,
      ielts: 7,
      toefl: null,
      greV: null,
      greQ: null,
      gmat: null,
      international: null,
    });
  });
});

describe('addresses', () => {
  it('names the student and the opened result', () => {
    expect(schoolMatchHref()).toBe('/dash/school-match');
    expect(schoolMatchHref({ clientId: 'c', result: 'r' })).toBe('/dash/school-match?clientId=c&result=r');
  });
});
