import { FACT_KINDS } from './fact-check-constants';
import { z } from './zod';
import {
  CASE_RESULTS,
  DEGREES,
  GPA_SCALES,
  MATCH_BANDS,
  MATCH_METHODS,
  REQUIRED_TESTS,
  RUN_LIMIT_DEFAULT,
  RUN_LIMIT_MAX,
  SCHOOL_TIERS,
} from './school-match-constants';

export * from './school-match-constants';

/**
 * School matching (选校, issue 26), its data: the institution catalogue, programs and the
 * account's own case library (ADR 0050). Matching itself has its own contracts.
 */

const page = z.coerce.number().int().min(1).max(100_000).catch(1).default(1);
const pageSize = z.coerce.number().int().min(1).max(50).catch(20).default(20);
const query = z.string().trim().max(100).optional().catch(undefined);

/** GET /api/v1/school-match/institutions?query&country&page&pageSize */
export const institutionsQuerySchema = z.object({ query, country: query, page, pageSize });

export const institutionSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  countryCode: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** Scorecard's control: Public, Private nonprofit, Private for-profit; null outside the Scorecard. */
  control: z.string().nullable(),
  website: z.string().nullable(),
  /** US four-year institutions (College Scorecard): the latest year reporting each figure. */
  admissionRate: z.number().nullable(),
  admissionRateYear: z.string().nullable(),
  testRequirement: z.string().nullable(),
  satAverage: z.number().nullable(),
  satMath25: z.number().nullable(),
  satMath75: z.number().nullable(),
  satVerbal25: z.number().nullable(),
  satVerbal75: z.number().nullable(),
  act25: z.number().nullable(),
  act75: z.number().nullable(),
  tuitionInStateUsd: z.number().nullable(),
  tuitionOutOfStateUsd: z.number().nullable(),
  tuitionYear: z.string().nullable(),
  roomBoardUsd: z.number().nullable(),
  source: z.string(),
  verifiedAt: z.string(),
  stale: z.boolean(),
});
export type Institution = z.infer<typeof institutionSchema>;
export const institutionPageSchema = z.object({
  items: z.array(institutionSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});

/** GET /api/v1/school-match/programs?query&country&degree&page&pageSize */
export const programsQuerySchema = z.object({
  query,
  country: query,
  degree: z.enum(DEGREES).optional().catch(undefined),
  page,
  pageSize,
});

/** A program as listed: the shared catalogue's (`shared`) or the caller's own. Unknown fields are null. */
export const programSchema = z.object({
  id: z.string(),
  institutionId: z.string().nullable(),
  school: z.string(),
  program: z.string(),
  programZh: z.string().nullable(),
  degree: z.enum(DEGREES),
  field: z.string().nullable(),
  country: z.string().nullable(),
  duration: z.string().nullable(),
  tuition: z.number().nullable(),
  /** Tuition and living costs per year, both in tuitionCurrency (ISO 4217). */
  tuitionCurrency: z.string().nullable(),
  livingCost: z.number().nullable(),
  /** ISO dates (YYYY-MM-DD). */
  deadlines: z.array(z.string()),
  ieltsOverall: z.number().nullable(),
  ieltsMinBand: z.number().nullable(),
  toeflTotal: z.number().nullable(),
  toeflMinSection: z.number().nullable(),
  /** Expected GPA by the applicant's background, on `gpaScale`. */
  gpa985: z.number().nullable(),
  gpa211: z.number().nullable(),
  gpaShuangfei: z.number().nullable(),
  gpaOverseas: z.number().nullable(),
  gpaScale: z.number().nullable(),
  testsRequired: z.array(z.enum(REQUIRED_TESTS)),
  /** An overall admission rate (0–1) from the administrator's import, when known. */
  admissionRate: z.number().nullable(),
  officialUrl: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  source: z.string().nullable(),
  ranking: z.number().nullable(),
  rankingSource: z.string().nullable(),
  /** True for the administrator's catalogue, false for a program this account added through a case. */
  shared: z.boolean(),
  stale: z.boolean(),
  /** This account's recorded cases for the program (never another account's). */
  casesCount: z.number(),
});
export type Program = z.infer<typeof programSchema>;
export const programPageSchema = z.object({ items: z.array(programSchema), page: z.number(), pageSize: z.number(), total: z.number() });

const num = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .refine(Number.isFinite, `${label}应为数字`)
    .pipe(z.number().min(min, `${label}不能小于${min}`).max(max, `${label}不能大于${max}`));
const int = (label: string, min: number, max: number) => num(label, min, max).pipe(z.number().int(`${label}应为整数`));

/** Each optional profile field: null or absent when not known. */
export const caseProfileShape = {
  term: z.string().trim().max(40, '入学学期不能超过40个字符').nullish(),
  gpa: num('GPA', 0, 100).nullish(),
  gpaScale: z.coerce
    .number({ error: 'GPA 满分应为数字' })
    .refine((v) => (GPA_SCALES as readonly number[]).includes(v), `GPA 满分应为 ${GPA_SCALES.join('、')} 之一`)
    .nullish(),
  schoolTier: z.enum(SCHOOL_TIERS, { error: '本科背景应为 985、211、双非、海本或 other' }).nullish(),
  major: z.string().trim().max(100, '专业不能超过100个字符').nullish(),
  ielts: num('雅思', 0, 9).nullish(),
  toefl: int('托福', 0, 120).nullish(),
  greV: int('GRE 语文', 130, 170).nullish(),
  greQ: int('GRE 数学', 130, 170).nullish(),
  gmat: int('GMAT', 200, 805).nullish(),
  international: z.boolean({ error: '是否国际生应为 true 或 false' }).nullish(),
  notes: z.string().trim().max(1000, '备注不能超过1000个字符').nullish(),
};

/**
 * POST /api/v1/school-match/cases: a program by `programId` (the catalogue's or this account's),
 * or by school + program + degree (added to this account's catalogue when missing).
 */
export const caseCreateSchema = z
  .object({
    programId: z.string().uuid('项目不存在').optional(),
    school: z.string().trim().min(1, '请填写学校').max(200, '学校名称不能超过200个字符').optional(),
    program: z.string().trim().min(1, '请填写项目').max(200, '项目名称不能超过200个字符').optional(),
    degree: z.enum(DEGREES, { error: '学位应为 bachelor、master、phd 或 other' }).optional(),
    result: z.enum(CASE_RESULTS, { error: '结果应为 admitted、rejected 或 waitlisted' }),
    ...caseProfileShape,
  })
  .refine((v) => v.programId || (v.school && v.program && v.degree), { message: '请选择项目，或填写学校、项目和学位' })
  .refine((v) => v.gpa == null || v.gpaScale == null || v.gpa <= v.gpaScale, { message: 'GPA 不能大于满分', path: ['gpa'] });
export type CaseCreate = z.infer<typeof caseCreateSchema>;

/** GET /api/v1/school-match/cases?page&pageSize */
export const casesQuerySchema = z.object({ page, pageSize });

/** A recorded case: the program it is about and the anonymised profile as it was. */
export const caseSchema = z.object({
  id: z.string(),
  programId: z.string(),
  school: z.string(),
  program: z.string(),
  programZh: z.string().nullable(),
  degree: z.enum(DEGREES),
  country: z.string().nullable(),
  result: z.enum(CASE_RESULTS),
  term: z.string().nullable(),
  gpa: z.number().nullable(),
  gpaScale: z.number().nullable(),
  schoolTier: z.enum(SCHOOL_TIERS).nullable(),
  major: z.string().nullable(),
  ielts: z.number().nullable(),
  toefl: z.number().nullable(),
  greV: z.number().nullable(),
  greQ: z.number().nullable(),
  gmat: z.number().nullable(),
  international: z.boolean().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type SchoolMatchCase = z.infer<typeof caseSchema>;
export const casePageSchema = z.object({ items: z.array(caseSchema), page: z.number(), pageSize: z.number(), total: z.number() });

/** The form fields of both imports (multipart, beside `file`). */
export const importFieldsSchema = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0', ''], { error: 'dryRun 应为 true 或 false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const importErrorSchema = z.object({ row: z.number(), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;
/** POST /api/v1/school-match/cases/import */
export const caseImportResultSchema = z.object({ imported: z.number(), skipped: z.number(), errors: z.array(importErrorSchema) });
export type CaseImportResult = z.infer<typeof caseImportResultSchema>;
/** POST /api/v1/admin/school-match/programs/import */
export const programImportResultSchema = z.object({
  imported: z.number(),
  updated: z.number(),
  skipped: z.number(),
  errors: z.array(importErrorSchema),
});
export type ProgramImportResult = z.infer<typeof programImportResultSchema>;

// ───────────────────────────────────────────────────────────────────────────────────────────────
// Matching (issue 26, ADR 0052): POST /api/v1/school-match/run and the saved results.
// ───────────────────────────────────────────────────────────────────────────────────────────────

const targetList = (label: string) =>
  z
    .array(z.string().trim().min(1, `${label}不能为空`).max(100, `${label}不能超过100个字符`), { error: `${label}应为列表` })
    .max(20, `${label}最多20项`)
    .nullish();

/** The applicant of a run: what the page sends (prefilled from the archive or typed); GPA and its scale required. */
export const matchApplicantSchema = z
  .object(
    {
      gpa: z
        .number({ error: (issue) => (issue.input == null ? '请填写 GPA' : 'GPA应为数字') })
        .min(0, 'GPA不能小于0')
        .max(100, 'GPA不能大于100'),
      gpaScale: z
        .number({ error: (issue) => (issue.input == null ? '请填写 GPA 满分' : 'GPA 满分应为数字') })
        .refine((v) => (GPA_SCALES as readonly number[]).includes(v), `GPA 满分应为 ${GPA_SCALES.join('、')} 之一`),
      schoolTier: caseProfileShape.schoolTier,
      major: caseProfileShape.major,
      ielts: caseProfileShape.ielts,
      toefl: caseProfileShape.toefl,
      greV: caseProfileShape.greV,
      greQ: caseProfileShape.greQ,
      gmat: caseProfileShape.gmat,
      sat: int('SAT', 400, 1600).nullish(),
      act: int('ACT', 1, 36).nullish(),
      international: caseProfileShape.international,
      countries: targetList('目标国家'),
      degree: z.enum(DEGREES, { error: '学位应为 bachelor、master、phd 或 other' }).nullish(),
      fields: targetList('专业方向'),
      budgetUsd: num('预算', 0, 10_000_000).nullish(),
      intake: z.string().trim().max(40, '入学学期不能超过40个字符').nullish(),
    },
    { error: '请填写申请人信息' },
  )
  .refine((v) => v.gpa <= v.gpaScale, { message: 'GPA 不能大于满分', path: ['gpa'] });
export type MatchApplicant = z.infer<typeof matchApplicantSchema>;

/** POST /api/v1/school-match/run */
export const matchRunSchema = z.object({
  clientProfileId: z.string().uuid('学生档案不存在').nullish(),
  applicant: matchApplicantSchema,
  programIds: z
    .array(z.string().uuid('项目不存在'), { error: 'programIds 应为项目 id 列表' })
    .min(1, '请至少选择一个项目')
    .max(RUN_LIMIT_MAX, `一次最多评估${RUN_LIMIT_MAX}个项目`)
    .optional(),
  limit: z.coerce
    .number({ error: 'limit 应为数字' })
    .int('limit 应为整数')
    .min(1, 'limit 不能小于1')
    .max(RUN_LIMIT_MAX, `limit 不能大于${RUN_LIMIT_MAX}`)
    .default(RUN_LIMIT_DEFAULT),
});
export type MatchRun = z.infer<typeof matchRunSchema>;

const requirementName = z.enum(['ielts', 'ielts_band', 'toefl', 'toefl_section', 'gpa', ...REQUIRED_TESTS]);
/** One line of evidence (ADR 0051): `text` is what the page shows, the rest is for filters and exports. */
export const matchEvidenceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('requirement'),
    requirement: requirementName,
    status: z.enum(['met', 'missed', 'unknown']),
    required: z.number().nullable(),
    actual: z.number().nullable(),
    text: z.string(),
  }),
  z.object({ kind: z.literal('selectivity'), source: z.enum(['scorecard', 'catalogue']), admissionRate: z.number(), text: z.string() }),
  z.object({
    kind: z.literal('test_band'),
    test: z.enum(['sat', 'act']),
    p25: z.number(),
    p75: z.number(),
    actual: z.number().nullable(),
    text: z.string(),
  }),
  z.object({
    kind: z.literal('case_record'),
    cases: z.number(),
    admitted: z.number(),
    rejected: z.number(),
    waitlisted: z.number(),
    text: z.string(),
  }),
  z.object({
    kind: z.literal('factor'),
    factor: z.enum(['gpa', 'english', 'test', 'tier', 'international']),
    effect: z.enum(['higher', 'lower', 'neutral']),
    logOdds: z.number(),
    text: z.string(),
  }),
  z.object({
    kind: z.literal('similar_case'),
    result: z.enum(CASE_RESULTS),
    term: z.string().nullable(),
    schoolTier: z.enum(SCHOOL_TIERS).nullable(),
    gpa100: z.number().nullable(),
    ielts: z.number().nullable(),
    toefl: z.number().nullable(),
    gre: z.number().nullable(),
    gmat: z.number().nullable(),
    text: z.string(),
  }),
  z.object({ kind: z.literal('band_note'), text: z.string() }),
]);

/** One evaluated program. probability is null when only requirements could be compared (method requirements). */
export const matchItemSchema = z.object({
  programId: z.string(),
  school: z.string(),
  program: z.string(),
  programZh: z.string().nullable(),
  degree: z.enum(DEGREES),
  country: z.string().nullable(),
  band: z.enum(MATCH_BANDS),
  probability: z.object({ low: z.number(), mid: z.number(), high: z.number() }).nullable(),
  method: z.enum(MATCH_METHODS),
  evidence: z.array(matchEvidenceSchema),
  gaps: z.array(
    z.object({
      requirement: requirementName,
      required: z.number(),
      actual: z.number().nullable(),
      shortBy: z.number().nullable(),
      text: z.string(),
    }),
  ),
  cost: z
    .object({
      tuitionUsd: z.number().nullable(),
      livingUsd: z.number().nullable(),
      totalUsd: z.number().nullable(),
      budgetUsd: z.number().nullable(),
      withinBudget: z.boolean().nullable(),
      text: z.string(),
    })
    .optional(),
});
export type MatchItem = z.infer<typeof matchItemSchema>;

/** The structured Chinese summary: per band its programs, each line written from that program's evidence only. */
export const matchSummaryBandSchema = z.object({ band: z.enum(MATCH_BANDS), title: z.string(), lines: z.array(z.string()) });
export type MatchSummaryBand = z.infer<typeof matchSummaryBandSchema>;
export const matchMethodCountsSchema = z.object({ cases: z.number(), scorecard: z.number(), requirements: z.number() });
export type MatchMethodCounts = z.infer<typeof matchMethodCountsSchema>;

/**
 * With a language model configured: a short narrative of the list, written from `summary` only,
 * and the writing studio's fact check on it (`unsupported`: names and numbers the list does not contain).
 * null without a model, or when the model failed (the list stands without it).
 */
export const matchNarrativeSchema = z.object({
  text: z.string(),
  model: z.string(),
  unsupported: z.array(z.object({ text: z.string(), kind: z.enum(FACT_KINDS) })),
});
export type MatchNarrative = z.infer<typeof matchNarrativeSchema>;

/** A saved run: the answer of POST /run and of GET /results/{id}. */
export const matchResultSchema = z.object({
  id: z.string(),
  clientProfileId: z.string().nullable(),
  applicant: matchApplicantSchema,
  items: z.array(matchItemSchema),
  summary: z.array(matchSummaryBandSchema),
  methods: matchMethodCountsSchema,
  narrative: matchNarrativeSchema.nullable(),
  createdAt: z.string(),
});
export type SavedMatchResult = z.infer<typeof matchResultSchema>;

/** GET /api/v1/school-match/results?clientProfileId&page&pageSize: bad filters are ignored, not refused. */
export const matchResultsQuerySchema = z.object({ clientProfileId: z.string().uuid().optional().catch(undefined), page, pageSize });

/** A saved run as listed: counts per band instead of the items. */
export const matchResultListItemSchema = z.object({
  id: z.string(),
  clientProfileId: z.string().nullable(),
  applicant: matchApplicantSchema,
  methods: matchMethodCountsSchema,
  bands: z.object({ reach: z.number(), match: z.number(), safety: z.number() }),
  programs: z.number(),
  createdAt: z.string(),
});
export type MatchResultListItem = z.infer<typeof matchResultListItemSchema>;
export const matchResultPageSchema = z.object({
  items: z.array(matchResultListItemSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});

// ───────────────────────────────────────────────────────────────────────────────────────────────
// The student's list (issue 26 page): programs a consultant keeps for one student, and exports.
// ───────────────────────────────────────────────────────────────────────────────────────────────

/** Programs on one student's list, at most. */
export const SHORTLIST_MAX = 60;

/** GET /api/v1/school-match/shortlist?clientProfileId= (required: the list is a student's). */
export const shortlistQuerySchema = z.object({ clientProfileId: z.string({ error: '请选择学生档案' }).uuid('学生档案不存在') });

/**
 * POST /api/v1/school-match/shortlist: adds a program to a student's list, or updates its band
 * and note when it is already there (one row per student and program). `resultId` names the run
 * the placement came from; band and probability are copied from that run's item when given.
 */
export const shortlistAddSchema = z.object({
  clientProfileId: z.string({ error: '请选择学生档案' }).uuid('学生档案不存在'),
  programId: z.string({ error: '请选择项目' }).uuid('项目不存在'),
  resultId: z.string().uuid('选校结果不存在').nullish(),
  band: z.enum(MATCH_BANDS, { error: '分档应为 reach、match 或 safety' }).nullish(),
  note: z.string().trim().max(500, '备注不能超过500个字符').nullish(),
});
export type ShortlistAdd = z.infer<typeof shortlistAddSchema>;

export const shortlistItemSchema = z.object({
  id: z.string(),
  clientProfileId: z.string(),
  programId: z.string(),
  school: z.string(),
  program: z.string(),
  programZh: z.string().nullable(),
  degree: z.enum(DEGREES),
  country: z.string().nullable(),
  band: z.enum(MATCH_BANDS).nullable(),
  probability: z.object({ low: z.number(), mid: z.number(), high: z.number() }).nullable(),
  resultId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type ShortlistItem = z.infer<typeof shortlistItemSchema>;
export const shortlistSchema = z.object({ items: z.array(shortlistItemSchema) });

/** GET /api/v1/school-match/results/{id}/export?format=docx|xlsx */
export const MATCH_EXPORT_FORMATS = ['docx', 'xlsx'] as const;
export const matchExportQuerySchema = z.object({
  format: z.enum(MATCH_EXPORT_FORMATS, { error: '导出格式只能是 docx 或 xlsx' }),
});
