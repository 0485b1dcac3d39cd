import { FEEDBACK_CATEGORIES } from './constants';
import { z } from './zod';

/** POST /api/v1/feedback and the feedback form. */
export const feedbackSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, { error: '请选择反馈类型' }),
  content: z.string({ error: '请填写反馈内容' }).trim().min(5, '反馈内容至少需要5个字').max(2000, '反馈内容不能超过2000字'),
  // Output must parse as input again: the web validates, then sends the parsed value to the API.
  contact: z
    .string()
    .trim()
    .max(100, '联系方式不能超过100个字符')
    .nullish()
    .transform((v) => v || null),
  page_path: z.string().max(300).optional(),
});
export type FeedbackInput = z.infer<typeof feedbackSchema>;
export const feedbackCreatedSchema = z.object({ id: z.string(), createdAt: z.string() });
