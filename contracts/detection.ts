import { AI_INPUT_LIMITS } from './ai-operations';
import { z } from './zod';

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

export const detectRequestSchema = z.object({
  text: z
    .string({ error: '请输入要检测的文本' })
    .trim()
    .min(1, '请输入要检测的文本')
    .max(AI_INPUT_LIMITS.essay, `检测文本不能超过${AI_INPUT_LIMITS.essay}个字符`),
  /** The checked work: its last AI rate is stored, and the check is found by its id. */
  workId: z.string({ error: '作品不存在' }).uuid('作品不存在').optional(),
  pageIdentifier: pageIdentifierSchema.optional(),
});
export type DetectRequest = z.infer<typeof detectRequestSchema>;

export const DETECTION_LABELS = ['human', 'mixed', 'ai'] as const;
export const DETECTION_LANGUAGES = ['en', 'zh', 'mixed'] as const;

const scoredSentence = z.object({ start: z.number(), end: z.number(), text: z.string(), aiRate: z.number() });
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
export const aiRateSchema = z.object({ aiRate: z.number(), writingId: z.string() });
export type AiRate = z.infer<typeof aiRateSchema>;
