/**
 * 选校's constants without zod (issue 26): pages import these, and contracts/school-match.ts
 * (with zod) stays out of browser chunks (tests/unit/browser-bundle.test.ts).
 */

export const DEGREES = ['bachelor', 'master', 'phd', 'other'] as const;
export type Degree = (typeof DEGREES)[number];
export const CASE_RESULTS = ['admitted', 'rejected', 'waitlisted'] as const;
export type CaseResult = (typeof CASE_RESULTS)[number];
/** The applicant's background as consultants name it: 985, 211, 双非 (neither), 海本 (a degree abroad), other. */
export const SCHOOL_TIERS = ['985', '211', '双非', '海本', 'other'] as const;
export type SchoolTier = (typeof SCHOOL_TIERS)[number];

/** The GPA full marks the admission model reads (ADR 0051); another scale is refused, not guessed. */
export const GPA_SCALES = [4, 4.3, 4.5, 5, 10, 100] as const;
/** The tests a program may require, as the admission model names them. */
export const REQUIRED_TESTS = ['gre', 'gmat', 'sat', 'act'] as const;
export type RequiredTest = (typeof REQUIRED_TESTS)[number];

/** A catalogue record whose source was last verified longer ago than this is shown as stale. */
export const STALE_AFTER_DAYS = 365;

/** CSV uploads (cases and programs): the upload limit, and at most this many data rows per file. */
export const SCHOOL_MATCH_CSV_MAX_ROWS = 20_000;
/** One CSV record, in characters: longer is not a row of this table. */
export const SCHOOL_MATCH_CSV_MAX_RECORD_CHARS = 64 * 1024;

/** The case CSV's header (issue 26), exactly. Required: school, program, degree, result. */
export const CASE_CSV_COLUMNS = [
  'school',
  'program',
  'degree',
  'term',
  'result',
  'gpa',
  'gpa_scale',
  'school_tier',
  'major',
  'ielts',
  'toefl',
  'gre_v',
  'gre_q',
  'gmat',
  'international',
  'notes',
] as const;
export const CASE_CSV_REQUIRED = ['school', 'program', 'degree', 'result'] as const;

/** The programs CSV's header (docs/school-match-data.md). Required: school, program, degree, source, verified_at. */
export const PROGRAM_CSV_COLUMNS = [
  'school',
  'program',
  'program_zh',
  'degree',
  'field',
  'country',
  'duration',
  'tuition',
  'tuition_currency',
  'living_cost',
  'deadlines',
  'ielts_overall',
  'ielts_min_band',
  'toefl_total',
  'toefl_min_section',
  'gpa_985',
  'gpa_211',
  'gpa_shuangfei',
  'gpa_overseas',
  'gpa_scale',
  'tests_required',
  'official_url',
  'verified_at',
  'source',
  'admission_rate',
  'ranking',
  'ranking_source',
] as const;
export const PROGRAM_CSV_REQUIRED = ['school', 'program', 'degree', 'source', 'verified_at'] as const;

// Matching (ADR 0052).
/** Programs a run searches when no programIds are given, by default and at most; programIds at most. */
export const RUN_LIMIT_DEFAULT = 20;
export const RUN_LIMIT_MAX = 50;
export const MATCH_BANDS = ['reach', 'match', 'safety'] as const;
export type MatchBand = (typeof MATCH_BANDS)[number];
export const MATCH_METHODS = ['cases', 'scorecard', 'requirements'] as const;
export type MatchMethodName = (typeof MATCH_METHODS)[number];
export const MATCH_BAND_LABELS: Record<MatchBand, string> = { reach: '冲刺', match: '匹配', safety: '保底' };
