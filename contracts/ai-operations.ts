import type { PricedOperation } from './constants';
import type { WorkType } from './work-constants';
import { z } from './zod';

/**
 * The AI engine's operations (issue 11) and what each one takes (the writing pages' sidebar forms,
 * issue 13). `POST /api/v1/ai/generate` validates its body with `generateRequestSchema`.
 */

import {
  AI_INPUT_LIMITS,
  AI_OPERATION_STATUSES,
  AI_OPERATIONS,
  CV_LENGTHS,
  CV_SECTIONS,
  CV_STYLES,
  LETTER_VOICES,
  OUTPUT_LANGUAGES,
  POLISH_LEVELS,
  PS_DOCUMENT_TYPES,
  PS_TONES,
  RECOMMENDER_RELATIONSHIPS,
  WRITING_STYLES,
  type AiOperation,
  type DocumentOperation,
  type OutputLanguage,
} from './ai-operation-constants';

export * from './ai-operation-constants';

/**
 * The spec §3 points source each operation is charged as. The spec has no revision source; 文书修改
 * has its own (`essay_revision`, priced on its own row) so 积分明细 names it by its own tool (issue 28).
 */
export const AI_OPERATION_SOURCES = {
  ps: 'ps_generation',
  cv: 'cv_generation',
  recommendation: 'rl_generation',
  free: 'free_generation',
  write_by_requirement: 'write_by_requirement',
  revision: 'essay_revision',
  polish: 'essay_polish',
  expand: 'expand',
  rephrase: 'rephrase',
  rewrite: 'rewrite',
  style: 'style',
  shorten: 'shorten',
  translate: 'translate',
} as const satisfies Record<AiOperation, PricedOperation>;

/** The work type a document operation's result is saved as; selection tools edit an existing work. */
export const AI_OPERATION_WORK_TYPES = {
  ps: 'ps',
  cv: 'cv',
  recommendation: 'rl',
  free: 'free',
  write_by_requirement: 'free',
  revision: 'revision',
  polish: 'polish',
} as const satisfies Record<DocumentOperation, WorkType>;

const L = AI_INPUT_LIMITS;

/** Required text: trimmed, not blank, bounded; `name` reads in the messages ("请填写目标专业"). */
const required = (name: string, max: number) =>
  z
    .string({ error: `请填写${name}` })
    .trim()
    .min(1, `请填写${name}`)
    .max(max, `${name}不能超过${max}个字符`);
/** Optional text: a blank form field counts as not filled in. */
const optional = (name: string, max: number) =>
  z
    .string({ error: `${name}格式不正确` })
    .trim()
    .max(max, `${name}不能超过${max}个字符`)
    .transform((v) => (v ? v : undefined))
    .optional();
const choice = <T extends readonly [string, ...string[]]>(values: T, name: string) => z.enum(values, { error: `请选择${name}` });
const list = (name: string, maxItem: number) =>
  z
    .array(required(name, maxItem), { error: `${name}格式不正确` })
    .max(L.listItems, `${name}最多${L.listItems}项`)
    .default([]);
/** Words for English, characters for Chinese: the prompt says which. */
const wordLimit = (fallback: number) =>
  z.coerce
    .number({ error: '字数要求必须是数字' })
    .int('字数要求必须是整数')
    .min(L.wordLimitMin, `字数要求不能少于${L.wordLimitMin}`)
    .max(L.wordLimitMax, `字数要求不能超过${L.wordLimitMax}`)
    .default(fallback);
/**
 * 继续生成: the text a stopped generation left, which the answer continues exactly where it ends
 * (never repeating it). Not trimmed: a text stopped mid-sentence may end in the space it needs.
 */
const continueFrom = z
  .string({ error: '续写的正文格式不正确' })
  .max(L.continueFrom, `续写的正文不能超过${L.continueFrom}个字符`)
  .transform((v) => (v.trim() ? v : undefined))
  .optional();
const language = (fallback: OutputLanguage) => choice(OUTPUT_LANGUAGES, '输出语言').default(fallback);

export const psInputSchema = z.object({
  documentType: choice(PS_DOCUMENT_TYPES, '文书类型').default('PS'),
  /** Optional: one PS often goes to several schools. */
  targetSchool: optional('目标学校', L.shortText),
  targetProgram: required('目标专业', L.shortText),
  degree: optional('申请学位', 50),
  wordLimit: wordLimit(800),
  /** Experiences to feature: archive entry titles or the consultant's own words. */
  focus: list('重点经历', L.field),
  tone: choice(PS_TONES, '语气').default('sincere'),
  language: language('en'),
  extraRequirements: optional('其他要求', L.requirements),
  continueFrom,
});

export const cvInputSchema = z.object({
  style: choice(CV_STYLES, '简历风格').default('classic'),
  length: choice(CV_LENGTHS, '简历篇幅').default('one_page'),
  language: language('en'),
  sections: z
    .array(choice(CV_SECTIONS, '简历模块'), { error: '请选择简历模块' })
    .min(1, '请至少选择一个简历模块')
    .max(CV_SECTIONS.length, '简历模块重复')
    .refine((s) => new Set(s).size === s.length, '简历模块重复')
    .default([...CV_SECTIONS]),
  targetProgram: optional('目标专业', L.shortText),
  extraRequirements: optional('其他要求', L.requirements),
  continueFrom,
});

export const letterQualitySchema = z.object({
  quality: required('品质', 50),
  /** The concrete episode that shows it; without one the letter asks the consultant for it. */
  example: optional('事例', 1000),
});

export const recommendationInputSchema = z.object({
  recommenderName: required('推荐人姓名', 50),
  recommenderTitle: required('推荐人职称', L.shortText),
  organization: required('推荐人单位', L.shortText),
  relationship: choice(RECOMMENDER_RELATIONSHIPS, '推荐人与学生的关系'),
  /** "《数据结构》授课教师、毕业设计导师": the relationship in the recommender's words. */
  relationshipDetail: optional('关系说明', L.field),
  knownDuration: optional('相识时长', 50),
  courses: list('共同的课程或项目', L.field),
  qualities: z.array(letterQualitySchema, { error: '品质格式不正确' }).max(8, '品质最多8项').default([]),
  voice: choice(LETTER_VOICES, '推荐信语气').default('formal'),
  targetProgram: optional('申请专业', L.shortText),
  language: language('en'),
  wordLimit: wordLimit(600),
  extraRequirements: optional('其他要求', L.requirements),
  continueFrom,
});

export const freeInputSchema = z.object({
  topic: required('题目', L.field),
  prompt: optional('写作提示', L.prompt),
  wordLimit: wordLimit(800),
  language: language('zh'),
  continueFrom,
});

export const writeByRequirementInputSchema = z.object({
  requirement: z
    .string({ error: '请填写写作要求' })
    .trim()
    .min(10, '写作要求至少10个字符')
    .max(L.requirement, `写作要求不能超过${L.requirement}个字符`),
  wordLimit: wordLimit(800),
  language: language('zh'),
  continueFrom,
});

const essay = z
  .string({ error: '请粘贴需要处理的文书' })
  .trim()
  .min(20, '文书内容太短（至少20个字符）')
  .max(L.essay, `文书不能超过${L.essay}个字符`);

export const revisionInputSchema = z.object({
  essay,
  requirements: optional('修改要求', L.requirements),
  /** The language of the comments; suggested edits stay in the essay's language. */
  language: language('zh'),
});

export const polishInputSchema = z.object({
  essay,
  level: choice(POLISH_LEVELS, '润色程度').default('medium'),
  /** The essay's language; omitted, it is read from the essay. Polishing never translates. */
  language: choice(OUTPUT_LANGUAGES, '文书语言').optional(),
});

const selectionBase = z.object({
  selectedText: z
    .string({ error: '请先选中文字' })
    .trim()
    .min(1, '请先选中文字')
    .max(L.selection, `选中的文字不能超过${L.selection}个字符`),
  /** The surrounding paragraphs, so the proposal fits in. */
  context: optional('上下文', L.context),
  instruction: optional('补充说明', 500),
});

export const expandInputSchema = selectionBase;
export const rephraseInputSchema = selectionBase;
export const rewriteInputSchema = selectionBase;
export const shortenInputSchema = selectionBase;
export const styleInputSchema = selectionBase.extend({ style: choice(WRITING_STYLES, '目标风格') });
export const translateInputSchema = selectionBase.extend({ targetLanguage: choice(OUTPUT_LANGUAGES, '目标语言') });

export const operationInputSchemas = {
  ps: psInputSchema,
  cv: cvInputSchema,
  recommendation: recommendationInputSchema,
  free: freeInputSchema,
  write_by_requirement: writeByRequirementInputSchema,
  revision: revisionInputSchema,
  polish: polishInputSchema,
  expand: expandInputSchema,
  rephrase: rephraseInputSchema,
  rewrite: rewriteInputSchema,
  style: styleInputSchema,
  shorten: shortenInputSchema,
  translate: translateInputSchema,
} as const satisfies Record<AiOperation, z.ZodType>;

/** Each operation's input after parsing (defaults filled, blanks gone). */
export type AiOperationInputs = { [K in AiOperation]: z.output<(typeof operationInputSchemas)[K]> };
export type AiOperationInput<K extends AiOperation> = AiOperationInputs[K];
export type PsInput = AiOperationInput<'ps'>;
export type CvInput = AiOperationInput<'cv'>;
export type RecommendationInput = AiOperationInput<'recommendation'>;
export type FreeInput = AiOperationInput<'free'>;
export type WriteByRequirementInput = AiOperationInput<'write_by_requirement'>;
export type RevisionInput = AiOperationInput<'revision'>;
export type PolishInput = AiOperationInput<'polish'>;
export type SelectionInput = z.output<typeof selectionBase>;
export type StyleInput = AiOperationInput<'style'>;
export type TranslateInput = AiOperationInput<'translate'>;

const id = (what: string) => z.string({ error: `${what}不存在` }).uuid(`${what}不存在`);

const requestOf = <K extends AiOperation>(operation: K) =>
  z.object({
    operation: z.literal(operation),
    clientProfileId: id('学生档案').optional(),
    workId: id('作品').optional(),
    input: operationInputSchemas[operation],
    modelId: z.string({ error: '模型不存在' }).trim().min(1, '请选择模型').max(200, '模型不存在').optional(),
  });

/** `POST /api/v1/ai/generate`: the input is validated by the operation's own schema. */
export const generateRequestSchema = z.discriminatedUnion(
  'operation',
  [
    requestOf('ps'),
    requestOf('cv'),
    requestOf('recommendation'),
    requestOf('free'),
    requestOf('write_by_requirement'),
    requestOf('revision'),
    requestOf('polish'),
    requestOf('expand'),
    requestOf('rephrase'),
    requestOf('rewrite'),
    requestOf('style'),
    requestOf('shorten'),
    requestOf('translate'),
  ],
  { error: '不支持的 AI 操作' },
);
export type GenerateRequest = z.output<typeof generateRequestSchema>;
export type GenerateRequestBody = z.input<typeof generateRequestSchema>;

/** One row of GET /api/v1/ai/operations (the generation records, spec §2). */
export const operationRecordSchema = z.object({
  id: z.string(),
  operation: z.string(),
  operationLabel: z.string(),
  clientProfileId: z.string().nullable(),
  clientProfileName: z.string().nullable(),
  workId: z.string().nullable(),
  model: z.string(),
  offline: z.boolean(),
  status: z.enum(AI_OPERATION_STATUSES),
  inputChars: z.number(),
  outputChars: z.number(),
  pointsReserved: z.number(),
  points: z.number(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  promptVersion: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type OperationRecord = z.infer<typeof operationRecordSchema>;
export const operationRecordsPageSchema = z.object({
  items: z.array(operationRecordSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});

/** GET /api/v1/ai/models (spec §3 AI model state): the configured models and the user's choice. */
export const aiModelStateSchema = z.object({
  models: z.array(z.object({ id: z.string(), name: z.string() })),
  selectedModelId: z.string().nullable(),
});
export type AiModelState = z.infer<typeof aiModelStateSchema>;

/** PUT /api/v1/ai/models/selected: the model the user's operations run on from now on. */
export const selectModelSchema = z.object({
  modelId: z.string({ error: '请选择模型' }).trim().min(1, '请选择模型').max(200, '模型不存在'),
});

/**
 * GET /api/v1/ai/prices (ADR 0040): what each paid AI button costs now, from the price table and the
 * engine in use. `available: false` is a tool the offline engine cannot do (refused, never charged);
 * `free` is the offline engine's template work; `note` says why, next to the price.
 */
export const aiPriceSchema = z.object({
  operation: z.enum([...AI_OPERATIONS, 'reduce', 'detect']),
  points: z.number(),
  pointsPer1000Chars: z.number(),
  available: z.boolean(),
  free: z.boolean(),
  note: z.string().nullable(),
});
export type AiPrice = z.infer<typeof aiPriceSchema>;
export const aiPricesSchema = z.object({ offline: z.boolean(), items: z.array(aiPriceSchema) });
export type AiPrices = z.infer<typeof aiPricesSchema>;
