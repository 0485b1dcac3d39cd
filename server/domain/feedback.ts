import type { FeedbackInput } from '../../contracts/feedback';
import type { Database } from '../../db/client';
import { feedback } from '../../db/schema';

export async function submitFeedback(db: Database, userId: string, input: FeedbackInput): Promise<{ id: string; createdAt: string }> {
  const [row] = await db
    .insert(feedback)
    .values({ userId, category: input.category, content: input.content, contact: input.contact, pagePath: input.page_path ?? null })
    .returning({ id: feedback.id, createdAt: feedback.createdAt });
  return { id: row!.id, createdAt: row!.createdAt.toISOString() };
}
