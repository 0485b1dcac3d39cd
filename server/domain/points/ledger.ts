import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { pointsLedger, users } from '../../../db/schema';
import { centsToPoints, type PointsSource, type PointsStatus, type PointsType } from '../../../contracts/constants';
import type { PointsHistoryItem, PointsHistoryPage } from '../../../contracts/points';
import { DomainError, notFound } from '../errors';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type LedgerRow = typeof pointsLedger.$inferSelect;

/** 402 with the shortage in data and in the message (spec §8 parses the message when data lacks it). */
export function insufficientPoints(requiredCents: number, availableCents: number) {
  const required = centsToPoints(requiredCents);
  const available = centsToPoints(availableCents);
  return new DomainError('INSUFFICIENT_POINTS', `积分不足，本次需要${required}积分，当前余额${available}积分`, {
    shortage: { required, available },
  });
}

/** Locks the user's row for the rest of the transaction: balance changes of one user run one at a time. */
export async function lockBalance(tx: Transaction, userId: string): Promise<number> {
  const [row] = await tx.select({ cents: users.pointsCents }).from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw notFound('用户不存在');
  return row.cents;
}

export type Change = {
  userId: string;
  type: PointsType;
  source: PointsSource;
  /** Signed: negative spends. */
  cents: number;
  status?: PointsStatus;
  key?: string;
  description?: string;
  metadata?: Record<string, unknown>;
  errorMessage?: string;
  relatedId?: string;
};

/**
 * Applies one change to a balance and writes its ledger row, inside the caller's transaction. With
 * a key, a repeat returns the first row and changes nothing. A change that would take the balance
 * below zero is refused with 402 (the users_points_nonnegative check backs this up).
 */
export async function applyChange(tx: Transaction, change: Change): Promise<{ row: LedgerRow; repeated: boolean }> {
  if (!Number.isSafeInteger(change.cents)) throw new Error(`points change must be whole hundredths, got ${change.cents}`);
  const balance = await lockBalance(tx, change.userId);
  if (change.key) {
    // Read after the lock: a concurrent first attempt with the same key has committed by now.
    const [existing] = await tx
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, change.userId), eq(pointsLedger.idempotencyKey, change.key)));
    if (existing) return { row: existing, repeated: true };
  }
  const after = balance + change.cents;
  if (after < 0) throw insufficientPoints(-change.cents, balance);
  await tx.update(users).set({ pointsCents: after, updatedAt: new Date() }).where(eq(users.id, change.userId));
  const [row] = await tx
    .insert(pointsLedger)
    .values({
      userId: change.userId,
      type: change.type,
      source: change.source,
      status: change.status ?? 'success',
      pointsCents: change.cents,
      balanceAfterCents: after,
      description: change.description ?? null,
      metadata: change.metadata ?? null,
      errorMessage: change.errorMessage ?? null,
      idempotencyKey: change.key ?? null,
      relatedId: change.relatedId ?? null,
    })
    .returning();
  return { row: row!, repeated: false };
}

/** A credit or debit in its own transaction (rewards, redemptions, adjustments). */
export function recordChange(db: Database, change: Change) {
  return db.transaction((tx) => applyChange(tx, change));
}

export function toHistoryItem(row: LedgerRow): PointsHistoryItem {
  const metadata: PointsHistoryItem['metadata'] = { ...(row.metadata ?? {}) };
  if (row.description) metadata.description = row.description;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    source: row.source,
    points: centsToPoints(row.pointsCents),
    balanceAfter: centsToPoints(row.balanceAfterCents),
    status: row.status,
    metadata,
    aiOperation: row.errorMessage ? { error_message: row.errorMessage } : null,
  };
}

/** GET /api/v1/user/points-history: newest first, spec §3 page shape. */
export async function pointsHistory(db: Database, userId: string, page: number, pageSize: number): Promise<PointsHistoryPage> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, userId))
      .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, userId)),
  ]);
  return { items: rows.map(toHistoryItem), page, pageSize, total: counted?.n ?? 0 };
}

/**
 * `npm run ledger:check`: users whose balance differs from the sum of their ledger rows. Rows are
 * never deleted and every balance change writes one, so this list must be empty.
 */
export async function ledgerMismatches(
  db: Database,
): Promise<{ userId: string; phone: string | null; balanceCents: number; ledgerCents: number }[]> {
  const ledgerSum = sql<string>`coalesce(sum(${pointsLedger.pointsCents}), 0)`;
  const rows = await db
    .select({ userId: users.id, phone: users.phone, balanceCents: users.pointsCents, ledgerCents: ledgerSum })
    .from(users)
    .leftJoin(pointsLedger, eq(pointsLedger.userId, users.id))
    .groupBy(users.id)
    .having(sql`${users.pointsCents} <> ${ledgerSum}`);
  return rows.map((r) => ({ ...r, ledgerCents: Number(r.ledgerCents) }));
}
