import { z } from 'zod';
import type { Database } from '../../db/client';
import { feedback } from '../../db/schema';

export const feedbackSchema = z.object({
  category: z.enum(['bug', 'feature', 'billing', 'other'], { error: '请选择反馈类型' }),
  content: z.string({ error: '请填写反馈内容' }).trim().min(5, '反馈内容至少需要5个字').max(2000, '反馈内容不能超过2000字'),
  contact: z
    .string()
    .trim()
    .max(100, '联系方式不能超过100个字符')
    .optional()
    .transform((v) => v || null),
  page_path: z.string().max(300).optional(),
});
export type FeedbackInput = z.infer<typeof feedbackSchema>;

export async function submitFeedback(db: Database, userId: string, input: FeedbackInput): Promise<{ id: string; createdAt: string }> {
  const [row] = await db
    .insert(feedback)
    .values({ userId, category: input.category, content: input.content, contact: input.contact, pagePath: input.page_path ?? null })
    .returning({ id: feedback.id, createdAt: feedback.createdAt });
  return { id: row!.id, createdAt: row!.createdAt.toISOString() };
}
