import { createHash } from 'node:crypto';
import { and, desc, eq, or } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { aiDetections } from '../../../db/schema';
import { centsToPoints } from '../../../contracts/constants';
import type { AiRate, DetectionResultDto, DetectRequest } from '../../../contracts/detection';
import { detectAsync, type DetectionResult } from '../../ai/detector';
import { DomainError, notFound } from '../errors';
import { getWork, recordAiRate } from '../works/works';
import { resultOrThrow, type AiEngine } from './engine';
import { type Workspace } from '../orgs/workspace';

type Checked = Extract<DetectionResult, { ok: true }>;

/** The detector's refusal (文本过短，无法可靠判断) is a 400 that charges nothing. */
export const TEXT_TOO_SHORT = 'TEXT_TOO_SHORT';

/** The detector's answer for a text long enough to judge, or its refusal as a free 400 (it yields to other requests as it goes). */
export async function judgeable(text: string): Promise<Checked> {
  const result = await detectAsync(text);
  if (!result.ok) {
    throw new DomainError('VALIDATION_ERROR', result.message, {
      field: 'text',
      reason: TEXT_TOO_SHORT,
      minLength: result.minLength,
      wordCount: result.wordCount,
    });
  }
  return result;
}

/**
 * 查AI率, through the paid lifecycle (ADR 0035): the price and balance first, then the detector (a
 * refused text costs nothing), then the charge (AI check) and the check kept (without its text) so
 * the page's or the work's latest rate can be read back.
 */
export async function detectText(
  deps: { db: Database; engine: AiEngine },
  ws: Workspace,
  request: DetectRequest,
  signal?: AbortSignal,
): Promise<DetectionResultDto> {
  const { db, engine } = deps;
  const userId = ws.userId;
  if (request.workId) await getWork(db, ws, request.workId);
  const outcome = await engine.run({
    userId,
    orgId: ws.orgId,
    operation: 'detect',
    source: 'ai_check',
    basis: 'input',
    inputChars: request.text.length,
    model: null,
    workId: request.workId,
    signal,
    metadata: { chars: request.text.length },
    prepare: () => judgeable(request.text),
    work: async ({ operationId, prepared, reservedCents }) => {
      const row = await keepCheck(
        db,
        { id: operationId, ws, workId: request.workId ?? null, pageIdentifier: request.pageIdentifier ?? null },
        request.text,
        prepared,
        reservedCents,
      );
      return toDto(row, prepared);
    },
  });
  return resultOrThrow(outcome, '检测失败，积分已退还，请稍后重试');
}

/**
 * A check kept (without its text) as the latest for its page or work, and a work's stored rate:
 * for 检测 and for the free check of the text a 降AI率 saves, so both read back the same way.
 */
export async function keepCheck(
  db: Database,
  owner: { id?: string; ws: Workspace; workId: string | null; pageIdentifier: string | null },
  text: string,
  result: Checked,
  pointsCents: number,
) {
  const [row] = await db
    .insert(aiDetections)
    .values({
      ...(owner.id ? { id: owner.id } : {}),
      userId: owner.ws.userId,
      workId: owner.workId,
      pageIdentifier: owner.pageIdentifier,
      textHash: createHash('sha256').update(text).digest('hex'),
      chars: text.length,
      aiRatePermille: Math.round(result.aiRate * 10),
      label: result.label,
      language: result.language,
      modelVersion: result.modelVersion,
      pointsCents,
    })
    .returning();
  if (owner.workId) await recordAiRate(db, owner.ws, owner.workId, result.aiRate, result.label);
  return row!;
}

function toDto(row: typeof aiDetections.$inferSelect, result: Checked): DetectionResultDto {
  const { ok: _ok, ...detected } = result;
  return {
    ...detected,
    id: row.id,
    writingId: row.workId ?? row.id,
    workId: row.workId,
    points: centsToPoints(row.pointsCents),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * GET /api/ai-rate/{pageIdentifier}: the caller's latest check for that page, or for the work
 * whose id it is. 404 before any check.
 */
export async function latestAiRate(db: Database, userId: string, pageIdentifier: string): Promise<AiRate> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(pageIdentifier);
  const [row] = await db
    .select()
    .from(aiDetections)
    .where(
      and(
        eq(aiDetections.userId, userId),
        isUuid
          ? or(eq(aiDetections.pageIdentifier, pageIdentifier), eq(aiDetections.workId, pageIdentifier))
          : eq(aiDetections.pageIdentifier, pageIdentifier),
      ),
    )
    .orderBy(desc(aiDetections.createdAt))
    .limit(1);
  if (!row) throw notFound('还没有检测记录');
  return {
    aiRate: row.aiRatePermille / 10,
    writingId: row.workId ?? row.id,
    label: row.label,
    checkedAt: row.createdAt.toISOString(),
  };
}
