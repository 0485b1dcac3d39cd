import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { redemptionBatches, redemptionCodes, redemptions } from '../../../db/schema';
import { centsToPoints, pointsToCents } from '../../../contracts/constants';
import type { RedemptionBatch } from '../../../contracts/points';
import { DomainError, notFound, tooManyRequests } from '../errors';
import { hitRateLimit, rateLimitReached } from '../rate-limit';
import { applyChange } from './ledger';
import { recordAdminAction, type AdminActor } from '../admin-audit';

/** No 0/O or 1/I/L: codes are read aloud and typed from screenshots. 12 characters ≈ 59 bits. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;
const newCode = () => Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** POST /api/v1/admin/redemption-codes and `npm run admin -- codes`: a batch of fresh codes. */
export async function createRedemptionBatch(
  db: Database,
  actor: AdminActor,
  input: { points: number; count: number; maxUses: number; expiresAt?: Date; note?: string },
): Promise<{ batchId: string; codes: string[] }> {
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) {
    throw new DomainError('VALIDATION_ERROR', '过期时间必须晚于现在', { field: 'expiresAt' });
  }
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(redemptionBatches)
      .values({
        pointsCents: pointsToCents(input.points),
        codeCount: input.count,
        maxUses: input.maxUses,
        expiresAt: input.expiresAt ?? null,
        note: input.note || null,
        createdBy: actor.adminId,
      })
      .returning({ id: redemptionBatches.id });
    const codes: string[] = [];
    while (codes.length < input.count) {
      const wanted = Array.from({ length: input.count - codes.length }, newCode);
      // A collision with an existing code (about 1 in 10^17 per code) is simply drawn again.
      const inserted = await tx
        .insert(redemptionCodes)
        .values(wanted.map((code) => ({ batchId: batch!.id, code })))
        .onConflictDoNothing()
        .returning({ code: redemptionCodes.code });
      codes.push(...inserted.map((r) => r.code));
    }
    // The codes themselves are secrets: the log names the batch, never a code.
    await recordAdminAction(tx, actor, {
      action: 'codes.create',
      targetType: 'redemption_batch',
      targetId: batch!.id,
      after: {
        points: input.points,
        count: input.count,
        maxUses: input.maxUses,
        expiresAt: input.expiresAt?.toISOString() ?? null,
        note: input.note || null,
      },
    });
    return { batchId: batch!.id, codes };
  });
}

/** Codes as users type them: spaces and dashes dropped, upper case. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** What a user sees for a second code of a batch they already redeemed from (the console's rule). */
export const BATCH_ALREADY_REDEEMED = '你已兑换过同一批次的兑换码，每个用户对同一批兑换码只能兑换一次';

/**
 * POST /api/v1/redemption-codes/redeem. One redemption per user per batch (so per code too), at most
 * maxUses per code: the code row is locked, so concurrent redemptions of one code are counted one at
 * a time, and the unique index on (batch, user) settles two codes of one batch redeemed at once by
 * one user: the second insert finds the first and its transaction, ledger row included, is undone.
 * Only failed attempts count toward the guessing limits (per user and per network).
 */
export async function redeemCode(
  db: Database,
  limits: { perUserPerHour: number; perIpPerHour: number },
  input: { userId: string; code: string; ip: string },
): Promise<{ points: number; balance: number }> {
  const code = normalizeCode(input.code);
  const buckets = [
    [`redeem:user:${input.userId}`, limits.perUserPerHour],
    [`redeem:ip:${input.ip}`, limits.perIpPerHour],
  ] as const;
  const refused = () => tooManyRequests('兑换码错误次数过多，请一小时后再试');
  // Someone already over a limit is refused before the code is even looked at.
  for (const [bucket, limit] of buckets) if (await rateLimitReached(db, bucket, limit, 3600_000)) throw refused();
  try {
    return await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ code: redemptionCodes, batch: redemptionBatches })
        .from(redemptionCodes)
        .innerJoin(redemptionBatches, eq(redemptionBatches.id, redemptionCodes.batchId))
        .where(eq(redemptionCodes.code, code))
        .for('update', { of: redemptionCodes });
      if (!found || found.batch.disabledAt)
        throw new DomainError('REDEMPTION_CODE_INVALID', '兑换码不存在，请检查后重试', { field: 'code' });
      if (found.batch.expiresAt && found.batch.expiresAt.getTime() <= Date.now()) {
        throw new DomainError('REDEMPTION_CODE_EXPIRED', '兑换码已过期', { field: 'code' });
      }
      const [already] = await tx
        .select({ id: redemptions.id })
        .from(redemptions)
        .where(and(eq(redemptions.codeId, found.code.id), eq(redemptions.userId, input.userId)));
      if (already) throw new DomainError('REDEMPTION_CODE_REDEEMED', '你已经使用过这个兑换码', { field: 'code' });
      const batchRedeemed = () => new DomainError('REDEMPTION_CODE_REDEEMED', BATCH_ALREADY_REDEEMED, { field: 'code' });
      const [sameBatch] = await tx
        .select({ id: redemptions.id })
        .from(redemptions)
        .where(and(eq(redemptions.batchId, found.batch.id), eq(redemptions.userId, input.userId)));
      if (sameBatch) throw batchRedeemed();
      if (found.code.uses >= found.batch.maxUses) throw new DomainError('REDEMPTION_CODE_USED_UP', '兑换码已被领完', { field: 'code' });

      const { row } = await applyChange(tx, {
        userId: input.userId,
        type: 'reward',
        source: 'redemption_code',
        cents: found.batch.pointsCents,
        key: `redeem:${found.code.id}`,
        relatedId: found.code.id,
        description: `兑换码 ${code.slice(0, 4)}****${code.slice(-2)} 兑换`,
      });
      // A concurrent redemption of another code of this batch by this user committed first: nothing here stays.
      const [inserted] = await tx
        .insert(redemptions)
        .values({ codeId: found.code.id, batchId: found.batch.id, userId: input.userId, ledgerId: row.id })
        .onConflictDoNothing()
        .returning({ id: redemptions.id });
      if (!inserted) throw batchRedeemed();
      await tx
        .update(redemptionCodes)
        .set({ uses: sql`${redemptionCodes.uses} + 1` })
        .where(eq(redemptionCodes.id, found.code.id));
      return { points: centsToPoints(found.batch.pointsCents), balance: centsToPoints(row.balanceAfterCents) };
    });
  } catch (error) {
    if (error instanceof DomainError && error.code.startsWith('REDEMPTION_CODE')) {
      let within = true;
      for (const [bucket, limit] of buckets) within = (await hitRateLimit(db, bucket, limit, 3600_000)) && within;
      if (!within) throw refused();
    }
    throw error;
  }
}

/** The admin list: batches newest first, with how many redemptions their codes have had. */
export async function listRedemptionBatches(db: Database, limit = 100): Promise<RedemptionBatch[]> {
  const batches = await db.select().from(redemptionBatches).orderBy(desc(redemptionBatches.createdAt)).limit(limit);
  if (batches.length === 0) return [];
  const uses = await db
    .select({ batchId: redemptionCodes.batchId, uses: sql<number>`coalesce(sum(${redemptionCodes.uses}), 0)::int` })
    .from(redemptionCodes)
    .where(
      inArray(
        redemptionCodes.batchId,
        batches.map((b) => b.id),
      ),
    )
    .groupBy(redemptionCodes.batchId);
  const usesOf = new Map(uses.map((u) => [u.batchId, Number(u.uses)]));
  return batches.map((b) => ({
    id: b.id,
    points: centsToPoints(b.pointsCents),
    count: b.codeCount,
    maxUses: b.maxUses,
    expiresAt: b.expiresAt?.toISOString() ?? null,
    note: b.note,
    disabledAt: b.disabledAt?.toISOString() ?? null,
    createdAt: b.createdAt.toISOString(),
    uses: usesOf.get(b.id) ?? 0,
  }));
}

/** CSV of a batch's codes with their use counts (the admin export). */
export async function exportBatchCsv(db: Database, batchId: string): Promise<string> {
  const [batch] = await db.select().from(redemptionBatches).where(eq(redemptionBatches.id, batchId));
  if (!batch) throw notFound('兑换码批次不存在');
  const codes = await db.select().from(redemptionCodes).where(eq(redemptionCodes.batchId, batchId)).orderBy(redemptionCodes.code);
  const lines = ['code,points,max_uses,uses,expires_at'];
  for (const c of codes)
    lines.push([c.code, centsToPoints(batch.pointsCents), batch.maxUses, c.uses, batch.expiresAt?.toISOString() ?? ''].join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export async function disableRedemptionBatch(db: Database, actor: AdminActor, batchId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ disabledAt: redemptionBatches.disabledAt })
      .from(redemptionBatches)
      .where(eq(redemptionBatches.id, batchId))
      .for('update');
    if (!before) throw notFound('兑换码批次不存在');
    const disabledAt = new Date();
    await tx.update(redemptionBatches).set({ disabledAt }).where(eq(redemptionBatches.id, batchId));
    await recordAdminAction(tx, actor, {
      action: 'codes.disable',
      targetType: 'redemption_batch',
      targetId: batchId,
      before: { disabledAt: before.disabledAt?.toISOString() ?? null },
      after: { disabledAt: disabledAt.toISOString() },
    });
  });
}
