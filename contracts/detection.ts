import { AI_INPUT_LIMITS } from './ai-operation-constants';
import { WORK_TYPES } from './work-constants';
import { checkDetectInput, DEFAULT_REDUCE_MODE, DETECTION_LABELS, DETECTION_LANGUAGES, REDUCE_MODES } from './detection-constants';
import { z } from './zod';

export * from './detection-constants';

/**
 * AI-content detection (查AI率, issue 14): `POST /api/v1/ai/detect` and
 * `GET /api/ai-rate/{pageIdentifier}` (spec §7, outside /v1 as the spec has it; also under /v1).
 */

/** A page (`reduce-ai`, `ps-writing`) or a work's id: what the client's AI rate cache is keyed by. */
export const pageIdentifierSchema = z
  .string({ error: '页面标识无效' })
  .trim()
  .min(1, '页面标识无效')
  .max(100, '页面标识无效')
  .regex(/^[A-Za-z0-9_:.-]+$/, '页面标识无效');

const checkedText = z
  .string({ error: '请输入要检测的文本' })
  .trim()
  .min(1, '请输入要检测的文本')
  .max(AI_INPUT_LIMITS.essay, `检测文本不能超过${AI_INPUT_LIMITS.essay}个字符`);

/** A text to check or reduce: also at most MAX_DETECT_SENTENCES sentences, refused before any work (issue 22). */
const checkableText = checkedText.superRefine((text, ctx) => {
  const refusal = checkDetectInput(text);
  if (refusal) ctx.addIssue({ code: 'custom', message: refusal.message });
});

export const detectRequestSchema = z.object({
  text: checkableText,
  /** The checked work: its last AI rate is stored, and the check is found by its id. */
  workId: z.string({ error: '作品不存在' }).uuid('作品不存在').optional(),
  pageIdentifier: pageIdentifierSchema.optional(),
});
export type DetectRequest = z.infer<typeof detectRequestSchema>;

const scoredSentence = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  aiRate: z.number(),
  /** The sentence's own verdict by the model's thresholds: what its highlight colour shows. */
  label: z.enum(DETECTION_LABELS),
  /** Why a sentence labelled mixed or ai scored so, in plain Chinese (absent for human sentences). */
  reasons: z.array(z.string()).optional(),
});
const scoredParagraph = z.object({ start: z.number(), end: z.number(), aiRate: z.number(), label: z.enum(DETECTION_LABELS) });

/** What a check answers (the detector's result, plus the record it was kept as). */
export const detectionResultSchema = z
  .object({
    id: z.string(),
    aiRate: z.number(),
    label: z.enum(DETECTION_LABELS),
    band: z.object({ low: z.number(), high: z.number() }),
    sentences: z.array(scoredSentence),
    paragraphs: z.array(scoredParagraph),
    reasons: z.array(z.string()),
    /** The AI rates (0–100) from which the model labels a text mixed and ai (its calibrated thresholds, detector.json). */
    thresholds: z.object({ mixed: z.number(), ai: z.number() }),
    /** How far the label can be trusted for this text (short, mixed-language or unusual text: less), and why, in Chinese. */
    reliability: z.enum(['high', 'medium', 'low']),
    caveats: z.array(z.string()),
    language: z.enum(DETECTION_LANGUAGES),
    wordCount: z.number(),
    modelVersion: z.string(),
    /** The work checked, else this check's own id: what the AI rate cache keeps. */
    writingId: z.string(),
    workId: z.string().nullable(),
    points: z.number(),
    created_at: z.string(),
  })
  .passthrough();
export type DetectionResultDto = z.infer<typeof detectionResultSchema>;

/** GET /api/ai-rate/{pageIdentifier}: the latest check for that page or work. */
export const aiRateSchema = z.object({
  aiRate: z.number(),
  writingId: z.string(),
  /** Added to the spec's two fields: that check's label and when it ran (the page says how old it is). */
  label: z.enum(DETECTION_LABELS).optional(),
  checkedAt: z.string().optional(),
});
export type AiRate = z.infer<typeof aiRateSchema>;

/** POST /api/v1/ai/reduce: answered as an event stream (round, sentence, score, done or error). */
export const reduceRequestSchema = z.object({
  text: checkableText,
  mode: z.enum(REDUCE_MODES, { error: '请选择降AI率模式' }).default(DEFAULT_REDUCE_MODE),
  target: z.coerce
    .number({ error: '目标 AI 率必须是数字' })
    .int('目标 AI 率必须是整数')
    .min(5, '目标 AI 率不能低于5')
    .max(90, '目标 AI 率不能高于90')
    .optional(),
  /** Terms that must come through unchanged (names, schools, course titles…). */
  protectedTerms: z
    .array(z.string({ error: '保护词格式不正确' }).trim().min(1, '保护词不能为空').max(100, '保护词不能超过100个字符'), {
      error: '保护词格式不正确',
    })
    .max(50, '保护词最多50个')
    .default([]),
  workId: z.string({ error: '作品不存在' }).uuid('作品不存在').optional(),
});
export type ReduceRequest = z.infer<typeof reduceRequestSchema>;

/** POST /api/v1/ai/reduce/{reductionId}/save: the text the user kept, into a work (a new version) or a new work. */
export const reduceSaveSchema = z
  .object({
    text: checkedText,
    workId: z.string({ error: '作品不存在' }).uuid('作品不存在').optional(),
    title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(200, '标题不能超过200个字符').optional(),
    type: z.enum(WORK_TYPES, { error: '请选择作品类型' }).default('reduce'),
  })
  .refine((v) => v.workId || v.title, { message: '请输入标题', path: ['title'] });
export type ReduceSave = z.infer<typeof reduceSaveSchema>;

export const reduceSavedSchema = z.object({
  workId: z.string(),
  title: z.string(),
  aiRate: z.number().nullable(),
  /** The label of that check (null when the kept text was too short to check). */
  aiLabel: z.enum(DETECTION_LABELS).nullable().optional(),
});

/** POST /api/v1/ai/extract-text (multipart `file`): an uploaded document's text, for checking (free). */
export const extractedDocumentSchema = z.object({
  text: z.string(),
  format: z.string(),
  /** The document was longer than a check takes: `text` is its first part. */
  truncated: z.boolean(),
});
export type ExtractedDocument = z.infer<typeof extractedDocumentSchema>;
