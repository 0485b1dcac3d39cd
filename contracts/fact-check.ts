import { AI_INPUT_LIMITS } from './ai-operation-constants';
import { FACT_KINDS } from './fact-check-constants';
import { z } from './zod';

export * from './fact-check-constants';

/**
 * POST /api/v1/ai/fact-check {text, clientProfileId?, context?}: `context` is what the page's form
 * says (target school, recommender…), which counts as known alongside the archive. Free: no model.
 */
export const factCheckRequestSchema = z.object({
  text: z.string({ error: '请提供需要核查的文本' }).max(AI_INPUT_LIMITS.essay, `文本不能超过${AI_INPUT_LIMITS.essay}个字符`),
  clientProfileId: z.string({ error: '学生档案不存在' }).uuid('学生档案不存在').optional(),
  context: z
    .array(z.string({ error: '表单内容格式不正确' }).max(AI_INPUT_LIMITS.requirements, '表单内容过长'), { error: '表单内容格式不正确' })
    .max(50, '表单内容过多')
    .default([]),
});
export type FactCheckRequest = z.infer<typeof factCheckRequestSchema>;

export const factCheckResultSchema = z.object({
  unsupported: z.array(z.object({ text: z.string(), kind: z.enum(FACT_KINDS) })),
});
export type FactCheckResult = z.infer<typeof factCheckResultSchema>;
