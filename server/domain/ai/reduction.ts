import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { aiReductions } from '../../../db/schema';
import { POINTS_SOURCE_LABELS } from '../../../contracts/constants';
import type { ReduceRequest, ReduceSave } from '../../../contracts/detection';
import { detectAsync } from '../../ai/detector';
import type { ReduceResult } from '../../ai/reducer/reduce';
import { DomainError, notFound } from '../errors';
import { priceOf } from '../points/prices';
import { refund, reserve, settle, type Reservation } from '../points/spending';
import { documentFromText } from '../works/document-from-text';
import { createWork, getWork, updateWork } from '../works/works';
import { keepCheck, TEXT_TOO_SHORT } from './detection';

type ReductionRow = typeof aiReductions.$inferSelect;

/** A reduction's result may be saved into a work for this long (the page keeps it a day too). */
const SAVE_WINDOW_MS = 24 * 3600_000;

/**
 * Before the stream opens: the work is the caller's, the text long enough to judge (a refusal is
 * free), and 降AI率 is reserved (402 here, as JSON). The row records the run.
 */
export async function startReduction(
  db: Database,
  userId: string,
  request: ReduceRequest,
  engine: 'local' | 'model',
): Promise<{ row: ReductionRow; reservation: Reservation | null }> {
  if (request.workId) await getWork(db, userId, request.workId);
  const checked = await detectAsync(request.text);
  if (!checked.ok) {
    throw new DomainError('VALIDATION_ERROR', checked.message, { field: 'text', reason: TEXT_TOO_SHORT, minLength: checked.minLength });
  }
  const id = randomUUID();
  const cents = await priceOf(db, 'ai_reduce', request.text.length);
  const reservation =
    cents > 0
      ? await reserve(db, {
          userId,
          source: 'ai_reduce',
          cents,
          key: `ai-reduction:${id}`,
          description: POINTS_SOURCE_LABELS.ai_reduce,
          metadata: { reductionId: id, mode: request.mode, chars: request.text.length },
        })
      : null;
  const [row] = await db
    .insert(aiReductions)
    .values({
      id,
      userId,
      workId: request.workId ?? null,
      mode: request.mode,
      engine,
      chars: request.text.length,
      beforePermille: Math.round(checked.aiRate * 10),
      pointsCents: reservation?.cents ?? 0,
    })
    .returning();
  return { row: row!, reservation };
}

/** Settles a finished run, or refunds one that failed or was stopped; exactly once (the status flip is conditional). */
export async function finishReduction(
  db: Database,
  started: { row: ReductionRow; reservation: Reservation | null },
  outcome: { status: 'succeeded'; result: ReduceResult } | { status: 'failed' | 'cancelled'; message: string },
) {
  const { row, reservation } = started;
  const [done] = await db
    .update(aiReductions)
    .set(
      outcome.status === 'succeeded'
        ? {
            status: 'succeeded',
            afterPermille: Math.round(outcome.result.after.aiRate * 10),
            changedSentences: outcome.result.changedSentences,
            finishedAt: new Date(),
          }
        : { status: outcome.status, errorMessage: outcome.message, pointsCents: 0, finishedAt: new Date() },
    )
    .where(and(eq(aiReductions.id, row.id), eq(aiReductions.status, 'running')))
    .returning();
  if (!done || !reservation) return;
  if (outcome.status === 'succeeded') await settle(db, { userId: row.userId, reservationId: reservation.id });
  else await refund(db, { userId: row.userId, reservationId: reservation.id, reason: outcome.message, status: outcome.status });
}

/**
 * The text the user kept (each rewrite accepted or rejected) into a work: a new version of the
 * given work, or a new work. Its rate comes from a local check of exactly that text, free: the
 * reduction paid for it.
 */
export async function saveReduction(db: Database, userId: string, reductionId: string, input: ReduceSave) {
  const [row] = await db
    .select()
    .from(aiReductions)
    .where(
      and(
        eq(aiReductions.id, reductionId),
        eq(aiReductions.userId, userId),
        eq(aiReductions.status, 'succeeded'),
        gt(aiReductions.createdAt, sql`now() - make_interval(secs => ${SAVE_WINDOW_MS / 1000})`),
      ),
    );
  if (!row) throw notFound('降AI率结果不存在或已过期，请重新处理');
  const content = documentFromText(input.text);
  const work = input.workId
    ? await updateWork(db, userId, input.workId, { content })
    : await createWork(db, userId, { title: input.title!, type: input.type, content });
  const checked = await detectAsync(input.text);
  const aiRate = checked.ok ? checked.aiRate : null;
  const aiLabel = checked.ok ? checked.label : null;
  // Kept as the work's latest check too: GET /api/ai-rate/{workId} then agrees with the work.
  if (checked.ok) await keepCheck(db, { userId, workId: work.id, pageIdentifier: null }, input.text, checked, 0);
  return { workId: work.id, title: work.title, aiRate, aiLabel };
}
