import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, or } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { aiDetections } from '../../../db/schema';
import { centsToPoints, POINTS_SOURCE_LABELS } from '../../../contracts/constants';
import type { AiRate, DetectionResultDto, DetectRequest } from '../../../contracts/detection';
import { detectAsync, type DetectionResult } from '../../ai/detector';
import { DomainError, notFound } from '../errors';
import { priceOf } from '../points/prices';
import { refund, reserve, settle } from '../points/spending';
import { getWork, recordAiRate } from '../works/works';

type Checked = Extract<DetectionResult, { ok: true }>;

/** The detector's refusal (文本过短，无法可靠判断) is a 400 that charges nothing. */
export const TEXT_TOO_SHORT = 'TEXT_TOO_SHORT';

/**
 * 查AI率: the detector runs first (in-process, a few ms); only a result is charged (AI check), so
 * a refused text costs nothing and a failed charge returns nothing. The check is kept (without
 * its text) so the page's or the work's latest rate can be read back.
 */
export async function detectText(db: Database, userId: string, request: DetectRequest): Promise<DetectionResultDto> {
  if (request.workId) await getWork(db, userId, request.workId);
  const result = await detectAsync(request.text);
  if (!result.ok) {
    throw new DomainError('VALIDATION_ERROR', result.message, {
      field: 'text',
      reason: TEXT_TOO_SHORT,
      minLength: result.minLength,
      wordCount: result.wordCount,
    });
  }
  const id = randomUUID();
  const cents = await priceOf(db, 'ai_check', request.text.length);
  const reservation =
    cents > 0
      ? await reserve(db, {
          userId,
          source: 'ai_check',
          cents,
          key: `ai-detection:${id}`,
          description: POINTS_SOURCE_LABELS.ai_check,
          metadata: { detectionId: id, chars: request.text.length },
        })
      : null;
  try {
    const row = await keepCheck(
      db,
      { id, userId, workId: request.workId ?? null, pageIdentifier: request.pageIdentifier ?? null },
      request.text,
      result,
      reservation?.cents ?? 0,
    );
    if (reservation) await settle(db, { userId, reservationId: reservation.id });
    return toDto(row!, result);
  } catch (error) {
    if (reservation) await refund(db, { userId, reservationId: reservation.id, reason: '检测失败，积分已退还' });
    throw error;
  }
}

/**
 * A check kept (without its text) as the latest for its page or work, and a work's stored rate:
 * for 检测 and for the free check of the text a 降AI率 saves, so both read back the same way.
 */
export async function keepCheck(
  db: Database,
  owner: { id?: string; userId: string; workId: string | null; pageIdentifier: string | null },
  text: string,
  result: Checked,
  pointsCents: number,
) {
  const [row] = await db
    .insert(aiDetections)
    .values({
      ...(owner.id ? { id: owner.id } : {}),
      userId: owner.userId,
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
  if (owner.workId) await recordAiRate(db, owner.userId, owner.workId, result.aiRate, result.label);
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
