import { and, asc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { pointsLedger } from '../../../db/schema';
import { POINTS_SOURCE_LABELS, centsToPoints, type PointsSource } from '../../../contracts/constants';
import { DomainError, notFound } from '../errors';
import { applyChange, lockBalance, type LedgerRow, type Transaction } from './ledger';

/**
 * Spending for AI work: reserve before the work starts, then settle what it cost or refund it.
 * A reservation is a pending consumption row (shown as 处理中); settle makes it a success, refund
 * marks it failed or cancelled and writes the refund row. Every step is idempotent.
 */
export type Reservation = { id: string; userId: string; source: PointsSource; cents: number; status: LedgerRow['status'] };

const toReservation = (row: LedgerRow): Reservation => ({
  id: row.id,
  userId: row.userId,
  source: row.source,
  cents: -row.pointsCents,
  status: row.status,
});

/**
 * Takes `cents` from the balance, or refuses with 402 INSUFFICIENT_POINTS. A repeat with the same
 * key (a retried request) returns the first reservation and charges nothing more.
 */
export async function reserve(
  db: Database,
  input: { userId: string; source: PointsSource; cents: number; key: string; description?: string; metadata?: Record<string, unknown> },
): Promise<Reservation> {
  if (!(input.cents > 0)) throw new Error('a reservation must be positive');
  const { row } = await db.transaction((tx) =>
    applyChange(tx, {
      userId: input.userId,
      type: 'consumption',
      source: input.source,
      cents: -input.cents,
      status: 'pending',
      key: `reserve:${input.key}`,
      description: input.description ?? POINTS_SOURCE_LABELS[input.source],
      metadata: input.metadata,
    }),
  );
  return toReservation(row);
}

/** The reservation, locked (after its owner's balance, the order every balance change takes). */
async function lockReservation(tx: Transaction, userId: string, reservationId: string): Promise<LedgerRow> {
  await lockBalance(tx, userId);
  const [row] = await tx
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.id, reservationId), eq(pointsLedger.userId, userId), eq(pointsLedger.type, 'consumption')))
    .for('update');
  if (!row) throw notFound('扣费记录不存在');
  return row;
}

/**
 * The work succeeded: the reservation becomes a success. When it cost less than reserved
 * (`actualCents`), the difference goes back in its own refund row. Settling twice changes nothing.
 */
export async function settle(
  db: Database,
  input: { userId: string; reservationId: string; actualCents?: number; metadata?: Record<string, unknown> },
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    const row = await lockReservation(tx, input.userId, input.reservationId);
    if (row.status === 'success') return toReservation(row);
    if (row.status !== 'pending') throw new DomainError('CONFLICT', '该操作已取消，积分已退还');
    const reserved = -row.pointsCents;
    const actual = input.actualCents ?? reserved;
    if (!Number.isSafeInteger(actual) || actual < 0 || actual > reserved) {
      throw new Error(`settle ${actual} of a ${reserved} reservation`);
    }
    const [settled] = await tx
      .update(pointsLedger)
      .set({ status: 'success', metadata: { ...(row.metadata ?? {}), ...(input.metadata ?? {}) }, updatedAt: new Date() })
      .where(eq(pointsLedger.id, row.id))
      .returning();
    if (actual < reserved) {
      await applyChange(tx, {
        userId: input.userId,
        type: 'refund',
        source: row.source,
        cents: reserved - actual,
        key: `settle-refund:${row.id}`,
        relatedId: row.id,
        description: `${POINTS_SOURCE_LABELS[row.source]}：实际消耗${centsToPoints(actual)}积分，多预留的积分已退还`,
      });
    }
    return toReservation(settled!);
  });
}

/**
 * The work failed or was cancelled: nobody pays for it. The reservation is marked with the reason
 * (shown in the history as the operation's error) and its points return in a refund row.
 */
export async function refund(
  db: Database,
  input: { userId: string; reservationId: string; reason: string; status?: 'failed' | 'cancelled'; description?: string },
): Promise<Reservation> {
  return db.transaction((tx) => refundLocked(tx, input));
}

async function refundLocked(
  tx: Transaction,
  input: { userId: string; reservationId: string; reason: string; status?: 'failed' | 'cancelled'; description?: string },
): Promise<Reservation> {
  const row = await lockReservation(tx, input.userId, input.reservationId);
  if (row.status === 'failed' || row.status === 'cancelled') return toReservation(row);
  if (row.status === 'success') throw new DomainError('CONFLICT', '该操作已完成，不能退还积分');
  const [marked] = await tx
    .update(pointsLedger)
    .set({ status: input.status ?? 'failed', errorMessage: input.reason.slice(0, 500), updatedAt: new Date() })
    .where(eq(pointsLedger.id, row.id))
    .returning();
  await applyChange(tx, {
    userId: input.userId,
    type: 'refund',
    source: row.source,
    cents: -row.pointsCents,
    key: `refund:${row.id}`,
    relatedId: row.id,
    description: input.description ?? `${POINTS_SOURCE_LABELS[row.source]}${input.status === 'cancelled' ? '已取消' : '失败'}，积分已退还`,
  });
  return toReservation(marked!);
}

/** Reservations older than this were left by a crash (AI work answers within 300 s, spec §9). */
export const STALE_RESERVATION_MS = 15 * 60_000;

/** Refunds reservations a crashed process left pending; run at start-up and every few minutes. */
export async function sweepStaleReservations(db: Database, olderThanMs = STALE_RESERVATION_MS): Promise<number> {
  const stale = await db
    .select({ id: pointsLedger.id, userId: pointsLedger.userId })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.status, 'pending'), lt(pointsLedger.createdAt, new Date(Date.now() - olderThanMs))))
    .orderBy(asc(pointsLedger.createdAt))
    .limit(500);
  let refunded = 0;
  for (const { id, userId } of stale) {
    const result = await db.transaction((tx) =>
      refundLocked(tx, { userId, reservationId: id, reason: '处理中断，积分已自动退还' }).catch((error: unknown) => {
        // Settled or refunded by its own process in the meantime: nothing to do.
        if (error instanceof DomainError) return null;
        throw error;
      }),
    );
    if (result) refunded++;
  }
  return refunded;
}
