import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { aiReductions } from '../../../db/schema';
import { centsToPoints } from '../../../contracts/constants';
import type { ReduceEvent, ReduceRequest, ReduceSave, ReduceSegment } from '../../../contracts/detection';
import { REDUCE_MIN_DROP } from '../../../contracts/detection-constants';
import { detectAsync } from '../../ai/detector';
import { modelRewriter } from '../../ai/reducer/model-rewriter';
import { reduceAiRate, type ReduceProgress, type ReduceResult } from '../../ai/reducer/reduce';
import { DomainError, notFound } from '../errors';
import { documentFromText } from '../works/document-from-text';
import { createWork, getWork, updateWork } from '../works/works';
import { judgeable, keepCheck } from './detection';
import type { AiEngine } from './engine';
import { type Workspace } from '../orgs/workspace';

/** A reduction's result may be saved into a work for this long (the page keeps it a day too). */
const SAVE_WINDOW_MS = 24 * 3600_000;

/** Why a finished run keeps no points (it lowered the rate by < 10 points and missed the target), or null. */
export function reductionMissed(result: ReduceResult): string | null {
  const before = result.before.aiRate;
  const after = result.after.aiRate;
  if (after <= result.target || before - after >= REDUCE_MIN_DROP) return null;
  return `降AI率未达标（AI率 ${before.toFixed(1)}% → ${after.toFixed(1)}%，降幅不足${REDUCE_MIN_DROP}个百分点且未达到目标${result.target}%），未扣积分，预扣的积分已退还`;
}

export type ReductionOutcome =
  | { status: 'succeeded'; reductionId: string; points: number; result: ReduceResult; uncharged?: string }
  | { status: 'failed' | 'cancelled'; code: string; message: string; pointsRefunded: number };

/**
 * 降AI率 through the paid lifecycle (ADR 0035): a text too short to judge is refused free (400), the
 * price is reserved (402), a model rewrite waits for a model slot like any generation, and a run
 * that fails or is stopped is refunded. Progress reaches the listener; the outcome is returned.
 */
export async function reduceText(
  deps: { db: Database; engine: AiEngine },
  ws: Workspace,
  request: ReduceRequest,
  listener: { onStart: (data: Extract<ReduceEvent, { event: 'start' }>['data']) => void; onProgress: (event: ReduceProgress) => void },
  signal: AbortSignal,
): Promise<ReductionOutcome> {
  const { db, engine } = deps;
  const userId = ws.userId;
  if (request.workId) await getWork(db, ws, request.workId);
  // With a language model configured, it rewrites; without one, the local rewriter does (issue 14).
  const model = engine.provider.kind === 'offline' ? null : await engine.modelFor(userId);
  const outcome = await engine.run({
    userId,
    orgId: ws.orgId,
    operation: 'reduce',
    source: 'ai_reduce',
    basis: 'input',
    inputChars: request.text.length,
    model,
    workId: request.workId,
    signal,
    failureMessage: '降AI率失败，请稍后重试',
    metadata: { mode: request.mode, chars: request.text.length },
    prepare: () => judgeable(request.text),
    unchargedReason: reductionMissed,
    onAdmitted: (op) => listener.onStart({ reductionId: op.id, pointsReserved: centsToPoints(op.pointsReservedCents), mode: request.mode }),
    work: async ({ operationId, signal: stop, prepared, reservedCents }) => {
      await db.insert(aiReductions).values({
        id: operationId,
        userId,
        workId: request.workId ?? null,
        mode: request.mode,
        engine: model ? 'model' : 'local',
        chars: request.text.length,
        beforePermille: Math.round(prepared.aiRate * 10),
        pointsCents: reservedCents,
      });
      const result = await reduceAiRate(request.text, {
        mode: request.mode,
        target: request.target,
        protectedTerms: request.protectedTerms,
        model: model ? modelRewriter(engine.provider, model, engine.timeoutMs) : undefined,
        signal: stop,
        onEvent: listener.onProgress,
      });
      await db
        .update(aiReductions)
        .set({
          status: 'succeeded',
          afterPermille: Math.round(result.after.aiRate * 10),
          changedSentences: result.changedSentences,
          segments: result.segments,
          finishedAt: new Date(),
        })
        .where(and(eq(aiReductions.id, operationId), eq(aiReductions.status, 'running')));
      return result;
    },
  });
  if (outcome.status === 'succeeded') {
    const missed = reductionMissed(outcome.result);
    if (missed) await db.update(aiReductions).set({ pointsCents: 0 }).where(eq(aiReductions.id, outcome.op.id));
    return {
      status: 'succeeded',
      reductionId: outcome.op.id,
      points: centsToPoints(outcome.op.pointsChargedCents),
      result: outcome.result,
      ...(missed && { uncharged: missed }),
    };
  }
  const refunded = centsToPoints(outcome.op.pointsReservedCents - outcome.op.pointsChargedCents);
  const message =
    outcome.status === 'cancelled'
      ? '已停止，积分已退还'
      : outcome.code === 'INTERNAL'
        ? '降AI率失败，积分已退还，请稍后重试'
        : `${outcome.message}，积分已退还`;
  await db
    .update(aiReductions)
    .set({ status: outcome.status, errorMessage: message, pointsCents: 0, finishedAt: new Date() })
    .where(and(eq(aiReductions.id, outcome.op.id), eq(aiReductions.status, 'running')));
  return {
    status: outcome.status,
    code: outcome.status === 'cancelled' ? 'CANCELLED' : 'INTERNAL',
    message,
    pointsRefunded: refunded,
  };
}

/**
 * Whether `text` is this run's result with each rewrite taken or left (the page's keptText,
 * trimmed as the request schema trims). Walks the segments once, keeping the positions the text
 * may have reached (a rewrite and its original can both fit where one begins the other).
 */
export function isKeptText(segments: ReduceSegment[], text: string): boolean {
  const whole = segments.map((s) => (s.kind === 'text' ? s.text : s.original)).join('');
  // The trim took the same white space off either end whichever rewrites were kept: sentences
  // neither begin nor end with it, the stretches between them are the same in every choice.
  const padded = whole.slice(0, whole.length - whole.trimStart().length) + text + whole.slice(whole.trimEnd().length);
  let positions = new Set([0]);
  for (const s of segments) {
    const options = s.kind === 'text' ? [s.text] : [s.original, s.rewritten];
    const next = new Set<number>();
    for (const p of positions) for (const o of options) if (padded.startsWith(o, p)) next.add(p + o.length);
    if (next.size === 0) return false;
    positions = next;
  }
  return positions.has(padded.length);
}

/**
 * The text the user kept (each rewrite accepted or rejected) into a work: a new version of the
 * given work, or a new work. Only this run's own result can be saved: its rate comes from a local
 * check of exactly that text, free because the reduction paid for it (it is no free checker).
 */
export async function saveReduction(db: Database, ws: Workspace, reductionId: string, input: ReduceSave) {
  const userId = ws.userId;
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
  if (!row || !row.segments) throw notFound('降AI率结果不存在或已过期，请重新处理');
  if (!isKeptText(row.segments, input.text)) {
    throw new DomainError('VALIDATION_ERROR', '保存的文本与降AI率结果不一致，请重新处理', { field: 'text' });
  }
  const content = documentFromText(input.text);
  const work = input.workId
    ? await updateWork(db, ws, input.workId, { content })
    : await createWork(db, ws, { title: input.title!, type: input.type, content });
  const checked = await detectAsync(input.text);
  const aiRate = checked.ok ? checked.aiRate : null;
  const aiLabel = checked.ok ? checked.label : null;
  // Kept as the work's latest check too: GET /api/ai-rate/{workId} then agrees with the work.
  if (checked.ok) await keepCheck(db, { ws, workId: work.id, pageIdentifier: null }, input.text, checked, 0);
  return { workId: work.id, title: work.title, aiRate, aiLabel };
}

/** Results past their save window keep their figures, not their sentences (the hourly prune). */
export async function pruneReductionSegments(db: Database): Promise<void> {
  await db
    .update(aiReductions)
    .set({ segments: null })
    .where(and(isNotNull(aiReductions.segments), lt(aiReductions.createdAt, new Date(Date.now() - SAVE_WINDOW_MS))));
}
