/**
 * The admission model's inputs and outputs (issue 26, ADR 0051). Plain data: the storage and the
 * `/api/v1/school-match/run` endpoint validate with zod and hand these over. Every optional field
 * may also be null (a database NULL, an empty CSV cell): null and absent mean "unknown".
 */

/** The applicant's undergraduate background, as consultants say it. `other` covers the rest (专科, 中外合办…). */
export type SchoolTier = '985' | '211' | '双非' | '海本' | 'other';
export const SCHOOL_TIERS: readonly SchoolTier[] = ['985', '211', '双非', '海本', 'other'];

export type Degree = 'bachelor' | 'master' | 'phd' | 'other';

/** The profile fields a recorded case stores (the CSV columns gpa … international). */
export type CaseProfile = {
  gpa?: number | null;
  /** The GPA's full mark: 4, 4.3, 4.5, 5, 10 or 100 (GPA_SCALES). */
  gpaScale?: number | null;
  schoolTier?: SchoolTier | null;
  major?: string | null;
  ielts?: number | null;
  toefl?: number | null;
  greV?: number | null;
  greQ?: number | null;
  gmat?: number | null;
  international?: boolean | null;
};

/** Who is applying: a case profile plus what only the run asks for. GPA and its scale are required. */
export type Applicant = CaseProfile & {
  gpa: number;
  gpaScale: number;
  sat?: number | null;
  act?: number | null;
  /** Per year, tuition plus living, in USD. */
  budgetUsd?: number | null;
};

export type CaseResult = 'admitted' | 'rejected' | 'waitlisted';

/** One of the account's recorded outcomes. */
export type RecordedCase = CaseProfile & {
  programId: string;
  result: CaseResult;
  /** e.g. "2025 Fall"; shown with similar cases. */
  term?: string | null;
};

/** A program's language requirement: overall score and the lowest allowed band / section. */
export type LanguageRequirement = {
  ieltsOverall?: number | null;
  ieltsMinBand?: number | null;
  toeflTotal?: number | null;
  toeflMinSection?: number | null;
};

/** The minimum (or expected) GPA for applicants from one background, on its own scale. */
export type GpaExpectation = { tier: SchoolTier; gpa: number; scale: number };

export type RequiredTest = 'gre' | 'gmat' | 'sat' | 'act';

/** College Scorecard figures of a US institution (undergraduate). */
export type ScorecardRecord = {
  admissionRate?: number | null;
  satMath25?: number | null;
  satMath75?: number | null;
  satVerbal25?: number | null;
  satVerbal75?: number | null;
  act25?: number | null;
  act75?: number | null;
};

/** What the catalogue knows about one program. Everything but id and degree may be unknown. */
export type ProgramFacts = {
  id: string;
  degree: Degree;
  /** ISO alpha-2 or the catalogue's country name; 'US' / 'United States' marks US programs. */
  country?: string | null;
  /** Per year, USD (for US institutions the out-of-state figure). */
  tuitionUsd?: number | null;
  /** Per year, USD: living costs or room and board. */
  livingUsd?: number | null;
  language?: LanguageRequirement | null;
  gpaExpectations?: readonly GpaExpectation[] | null;
  testsRequired?: readonly RequiredTest[] | null;
  /** An overall admission rate (0–1) imported into the catalogue, when not from the Scorecard. */
  admissionRate?: number | null;
  scorecard?: ScorecardRecord | null;
};

export type Band = 'reach' | 'match' | 'safety';

/** Which model made the number: (a) the account's cases, (b) the Scorecard curve, (c) requirements only. */
export type MatchMethod = 'cases' | 'scorecard' | 'requirements';

export type ProbabilityRange = { low: number; mid: number; high: number };

export type RequirementName = 'ielts' | 'ielts_band' | 'toefl' | 'toefl_section' | 'gpa' | RequiredTest;

/** One line of evidence; `text` is the Chinese the page shows, the rest is for filters and exports. */
export type Evidence =
  | {
      kind: 'requirement';
      requirement: RequirementName;
      status: 'met' | 'missed' | 'unknown';
      required: number | null;
      actual: number | null;
      text: string;
    }
  | { kind: 'selectivity'; source: 'scorecard' | 'catalogue'; admissionRate: number; text: string }
  | { kind: 'test_band'; test: 'sat' | 'act'; p25: number; p75: number; actual: number | null; text: string }
  | { kind: 'case_record'; cases: number; admitted: number; rejected: number; waitlisted: number; text: string }
  | { kind: 'factor'; factor: FactorName; effect: 'higher' | 'lower' | 'neutral'; logOdds: number; text: string }
  | {
      kind: 'similar_case';
      result: CaseResult;
      term: string | null;
      schoolTier: SchoolTier | null;
      /** GPA on the common 100 scale, rounded to a whole point (the exact GPA is not shown). */
      gpa100: number | null;
      ielts: number | null;
      toefl: number | null;
      gre: number | null;
      gmat: number | null;
      text: string;
    }
  | { kind: 'band_note'; text: string };

export type FactorName = 'gpa' | 'english' | 'test' | 'tier' | 'international';

export type Gap = {
  requirement: RequirementName;
  required: number;
  actual: number | null;
  /** How far short (null when the applicant has no score). */
  shortBy: number | null;
  text: string;
};

export type CostEstimate = {
  tuitionUsd: number | null;
  livingUsd: number | null;
  totalUsd: number | null;
  budgetUsd: number | null;
  /** null when the total or the budget is unknown. */
  withinBudget: boolean | null;
  text: string;
};

export type MatchResult = {
  programId: string;
  band: Band;
  probability: ProbabilityRange | null;
  method: MatchMethod;
  evidence: Evidence[];
  gaps: Gap[];
  cost?: CostEstimate;
};
