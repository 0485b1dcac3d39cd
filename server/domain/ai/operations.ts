import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { aiOperations, clientProfiles, users } from '../../../db/schema';
import { AI_OPERATION_LABELS, AI_OPERATION_SOURCES, type AiOperation } from '../../../contracts/ai-operations';
import { centsToPoints, POINTS_SOURCE_LABELS } from '../../../contracts/constants';
import { DomainError, notFound } from '../errors';
import { priceOf } from '../points/prices';
import { refund, reserve, settle, type Reservation } from '../points/spending';

export { AI_OPERATION_STATUSES, type AiOperationStatus } from '../../../contracts/ai-operation-constants';
import type { AiOperationStatus } from '../../../contracts/ai-operation-constants';
import type { OperationRecord } from '../../../contracts/ai-operations';
type OperationRow = typeof aiOperations.$inferSelect;

/** How often the owning process proves it is alive; a row silent for STALE_MS was left by a crash. */
export const HEARTBEAT_MS = 2_000;
export const STALE_MS = 30_000;
/** Waiting operations look for a slot this often (other processes' finishes are seen by polling). */
const POLL_MS = 250;
/** Every process takes this one advisory lock to count and claim slots: admission is serialised across processes. */
const SLOTS_LOCK = 'ai-operation-slots';
/** Reserved for per-character prices when the output length is unknown: a 1,000-character text, or 1.5 × the input. */
const estimateOutputChars = (inputChars: number) => Math.max(1000, Math.ceil(inputChars * 1.5));

export type Limits = { maxConcurrent: number; maxQueue: number };

export const busyMessage = (ahead: number) => `你前面还有${ahead}人在排队，请稍后再试`;

/** Characters of every string in the input: what the request asks the model to read. */
export function inputCharsOf(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + inputCharsOf(v), 0);
  if (value && typeof value === 'object') return Object.values(value).reduce((n: number, v) => n + inputCharsOf(v), 0);
  return 0;
}

/**
 * Rows queued before this one. Compared in SQL with the row's own timestamp: a JavaScript Date
 * keeps milliseconds only and would misorder two requests within one millisecond.
 */
const aheadOf = (id: string) =>
  sql`(${aiOperations.createdAt}, ${aiOperations.id}) < (select o.created_at, o.id from ai_operations o where o.id = ${id}::uuid)`;

const fresh = sql`${aiOperations.heartbeatAt} > now() - make_interval(secs => ${STALE_MS / 1000})`;

/** Stale rows are swept by admissions at most this often per database (they stop counting at once anyway). */
const SWEEP_EVERY_MS = 5_000;
const lastSweep = new WeakMap<Database, number>();

/**
 * A queue entry, or 429 SERVER_BUSY with the real number of waiting operations. Under the slots
 * lock, so two processes cannot both admit the last place. When nobody is waiting and a slot is
 * free the row starts `running` at once: no second transaction before the provider is called.
 */
export async function admit(
  db: Database,
  limits: Limits,
  input: {
    userId: string;
    operation: AiOperation;
    clientProfileId?: string;
    workId?: string;
    model: string;
    providerKind: string;
    inputChars: number;
    promptVersion?: string;
  },
): Promise<OperationRow> {
  if (Date.now() - (lastSweep.get(db) ?? 0) >= SWEEP_EVERY_MS) {
    lastSweep.set(db, Date.now());
    await sweepStale(db);
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SLOTS_LOCK}))`);
    const [counts] = await tx
      .select({
        running: sql<number>`count(*) filter (where ${aiOperations.status} = 'running')`.mapWith(Number),
        queued: sql<number>`count(*) filter (where ${aiOperations.status} = 'queued')`.mapWith(Number),
      })
      .from(aiOperations)
      .where(and(inArray(aiOperations.status, ['queued', 'running']), fresh));
    const free = Math.max(0, limits.maxConcurrent - counts!.running);
    if (counts!.queued >= free + limits.maxQueue) {
      throw new DomainError('SERVER_BUSY', busyMessage(counts!.queued), { ahead: counts!.queued });
    }
    const startsNow = counts!.queued === 0 && free > 0;
    const [row] = await tx
      .insert(aiOperations)
      .values({
        userId: input.userId,
        operation: input.operation,
        clientProfileId: input.clientProfileId ?? null,
        workId: input.workId ?? null,
        model: input.model,
        providerKind: input.providerKind,
        inputChars: input.inputChars,
        promptVersion: input.promptVersion ?? null,
        ...(startsNow && { status: 'running' as const, startedAt: new Date(), heartbeatAt: sql`now()` }),
      })
      .returning();
    return row!;
  });
}

/** Reserves the operation's price (402 INSUFFICIENT_POINTS), keyed by the operation: a retry charges nothing more. */
export async function reserveFor(db: Database, op: OperationRow, inputChars: number): Promise<Reservation> {
  const source = AI_OPERATION_SOURCES[op.operation as AiOperation];
  const cents = await priceOf(db, source, estimateOutputChars(inputChars));
  const reservation = await reserve(db, {
    userId: op.userId,
    source,
    cents,
    key: `ai-operation:${op.id}`,
    description: POINTS_SOURCE_LABELS[source],
    metadata: { operationId: op.id },
  });
  await db
    .update(aiOperations)
    .set({ reservationId: reservation.id, pointsReservedCents: reservation.cents })
    .where(eq(aiOperations.id, op.id));
  return reservation;
}

/** What a finished operation costs: the base price plus the per-character part of what was delivered, never more than reserved. */
export async function chargeFor(db: Database, op: Pick<OperationRow, 'operation'>, outputChars: number, reservedCents: number) {
  const source = AI_OPERATION_SOURCES[op.operation as AiOperation];
  return Math.min(reservedCents, await priceOf(db, source, outputChars));
}

/**
 * What a stopped operation costs: only the per-character part of what it delivered; its flat part is
 * refunded (with the default prices, which charge no generation per character, all of it).
 */
export async function stoppedChargeFor(db: Database, op: Pick<OperationRow, 'operation'>, outputChars: number, reservedCents: number) {
  const source = AI_OPERATION_SOURCES[op.operation as AiOperation];
  if (outputChars <= 0) return 0;
  const perCharacter = (await priceOf(db, source, outputChars)) - (await priceOf(db, source, 0));
  return Math.max(0, Math.min(reservedCents, perCharacter));
}

/** Spec §3 points history metadata: the characters the operation delivered. */
const settleMetadata = (operationId: string, outputChars: number) => ({ operationId, text_stats: { output: { chars: outputChars } } });

/**
 * Claims a running slot when the operation is at the head of the queue and a slot is free. The same
 * SQL on PGlite and PostgreSQL; on PostgreSQL the advisory lock makes the count-and-claim atomic
 * across processes.
 */
export async function tryClaim(db: Database, limits: Limits, op: Pick<OperationRow, 'id'>): Promise<'claimed' | 'waiting' | 'gone'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SLOTS_LOCK}))`);
    const [mine] = await tx.select({ status: aiOperations.status }).from(aiOperations).where(eq(aiOperations.id, op.id));
    if (!mine || mine.status !== 'queued') return 'gone';
    const [counts] = await tx
      .select({
        running: sql<number>`count(*) filter (where ${aiOperations.status} = 'running')`.mapWith(Number),
        ahead: sql<number>`count(*) filter (where ${aiOperations.status} = 'queued' and ${aheadOf(op.id)})`.mapWith(Number),
      })
      .from(aiOperations)
      .where(and(inArray(aiOperations.status, ['queued', 'running']), fresh));
    // In order: only as many of the oldest waiting operations as there are free slots may start.
    if (counts!.running + counts!.ahead >= limits.maxConcurrent) return 'waiting';
    await tx
      .update(aiOperations)
      .set({ status: 'running', startedAt: new Date(), heartbeatAt: sql`now()` })
      .where(and(eq(aiOperations.id, op.id), eq(aiOperations.status, 'queued')));
    return 'claimed';
  });
}

/** Waiting operations ahead of this one (for the queue position the page may show); 0 once it runs. */
export async function positionOf(db: Database, op: Pick<OperationRow, 'id' | 'status'>): Promise<number> {
  if (op.status !== 'queued') return 0;
  const [row] = await db
    .select({ n: count() })
    .from(aiOperations)
    .where(and(eq(aiOperations.status, 'queued'), fresh, aheadOf(op.id)));
  return row?.n ?? 0;
}

/** Waits for a slot; false when the operation stopped waiting (cancelled, or `signal`). */
export async function waitForSlot(
  db: Database,
  limits: Limits,
  op: Pick<OperationRow, 'id' | 'status'>,
  signal: AbortSignal,
  wake: { next: () => Promise<void> },
): Promise<boolean> {
  // Admitted straight into a slot.
  if (op.status === 'running') return !signal.aborted;
  for (;;) {
    if (signal.aborted) return false;
    const result = await tryClaim(db, limits, op);
    if (result === 'claimed') return true;
    if (result === 'gone') return false;
    // A finish on this process wakes us at once; other processes' finishes are seen by the poll.
    await Promise.race([wake.next(), new Promise((resolve) => setTimeout(resolve, POLL_MS))]);
  }
}

/** Keeps the row fresh; false when it is no longer active here (cancelled by the endpoint, maybe on another process). */
export async function heartbeat(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(aiOperations)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(aiOperations.id, id), inArray(aiOperations.status, ['queued', 'running'])))
    .returning({ id: aiOperations.id });
  return rows.length > 0;
}

export type Outcome =
  | { status: 'succeeded'; outputChars: number }
  | { status: 'failed' | 'cancelled'; outputChars: number; errorCode: string; errorMessage: string };

/**
 * Ends an operation exactly once: the status flip is conditional, so a cancel that won the race
 * makes a success a cancellation. Settles what it cost, or refunds. Returns the final row.
 */
export async function finish(db: Database, op: OperationRow, outcome: Outcome): Promise<OperationRow> {
  if (outcome.status === 'succeeded') {
    const reserved = op.pointsReservedCents;
    const charged = op.reservationId ? await chargeFor(db, op, outcome.outputChars, reserved) : 0;
    const [done] = await db
      .update(aiOperations)
      .set({ status: 'succeeded', outputChars: outcome.outputChars, pointsChargedCents: charged, finishedAt: new Date() })
      .where(and(eq(aiOperations.id, op.id), inArray(aiOperations.status, ['queued', 'running'])))
      .returning();
    if (done) {
      if (op.reservationId) {
        await settle(db, {
          userId: op.userId,
          reservationId: op.reservationId,
          actualCents: charged,
          metadata: settleMetadata(op.id, outcome.outputChars),
        });
      }
      return done;
    }
    // Cancelled meanwhile: charged as a stop, with the row as the cancel left it.
  } else {
    await db
      .update(aiOperations)
      .set({
        status: outcome.status,
        outputChars: outcome.outputChars,
        errorCode: outcome.errorCode,
        errorMessage: outcome.errorMessage.slice(0, 500),
        finishedAt: new Date(),
      })
      .where(and(eq(aiOperations.id, op.id), inArray(aiOperations.status, ['queued', 'running'])));
  }
  const [row] = await db.select().from(aiOperations).where(eq(aiOperations.id, op.id));
  if (row!.status === 'cancelled') return settleStopped(db, op, row!, outcome.outputChars);
  if (op.reservationId) await refundQuietly(db, op.userId, op.reservationId, row!.errorMessage ?? '已取消', false);
  return row!;
}

/**
 * A stopped operation (停止, a closed page, the cancel endpoint) pays the per-character part of what
 * it delivered, the page keeps that text; without such a part it is refunded in full. Only the
 * owning process knows what was delivered, so it settles; the cancel endpoint refunds at once only
 * when nothing can be owed (cancelOperation). Whichever ends the reservation first wins: a settle
 * after a refund is refused, and so is a refund after a settle.
 */
async function settleStopped(db: Database, op: OperationRow, row: OperationRow, outputChars: number): Promise<OperationRow> {
  const charged = op.reservationId ? await stoppedChargeFor(db, op, outputChars, op.pointsReservedCents) : 0;
  let settled = false;
  if (op.reservationId && charged > 0) {
    settled = await settle(db, {
      userId: op.userId,
      reservationId: op.reservationId,
      actualCents: charged,
      metadata: settleMetadata(op.id, outputChars),
    }).then(
      () => true,
      (error: unknown) => {
        // Refunded first (the endpoint, or the crash sweep): nothing is owed.
        if (!(error instanceof DomainError)) throw error;
        return false;
      },
    );
  } else if (op.reservationId) {
    await refundQuietly(db, op.userId, op.reservationId, row.errorMessage ?? '已停止生成', true);
  }
  // The endpoint's flip did not know what was delivered: the owner records it.
  const [updated] = await db
    .update(aiOperations)
    .set({ outputChars, ...(settled && { pointsChargedCents: charged }) })
    .where(and(eq(aiOperations.id, op.id), eq(aiOperations.status, 'cancelled')))
    .returning();
  return updated ?? row;
}

async function refundQuietly(db: Database, userId: string, reservationId: string, reason: string, cancelled: boolean) {
  await refund(db, { userId, reservationId, reason, status: cancelled ? 'cancelled' : 'failed' }).catch((error: unknown) => {
    // Settled first by the winner of a race: the operation is already paid for and done.
    if (!(error instanceof DomainError)) throw error;
  });
}

/** Whether a stop may owe something: the operation's price has a per-character part. */
async function chargesPerCharacter(db: Database, row: OperationRow): Promise<boolean> {
  return (await stoppedChargeFor(db, row, 1000, Number.MAX_SAFE_INTEGER)) > 0;
}

/**
 * POST /api/v1/ai/operations/{id}/cancel: the owner's queued or running operation becomes cancelled.
 * Nothing delivered yet (queued) or nothing owed for what was (no per-character price): refunded at
 * once. Otherwise `settling`: the owning process settles the delivered characters' part when it
 * sees the cancel (at once here, within a heartbeat elsewhere); if that process died, the stale
 * reservation sweep refunds it.
 */
export async function cancelOperation(db: Database, userId: string, id: string): Promise<{ row: OperationRow; settling: boolean }> {
  const cancelled = { status: 'cancelled' as const, errorCode: 'CANCELLED', errorMessage: '已停止生成', finishedAt: new Date() };
  const mine = and(eq(aiOperations.id, id), eq(aiOperations.userId, userId));
  const [queued] = await db
    .update(aiOperations)
    .set(cancelled)
    .where(and(mine, eq(aiOperations.status, 'queued')))
    .returning();
  const [running] = queued
    ? []
    : await db
        .update(aiOperations)
        .set(cancelled)
        .where(and(mine, eq(aiOperations.status, 'running')))
        .returning();
  const row = queued ?? running;
  if (!row) {
    const [existing] = await db.select().from(aiOperations).where(mine);
    if (!existing) throw notFound('操作记录不存在');
    if (existing.status === 'cancelled') return { row: existing, settling: false };
    throw new DomainError('CONFLICT', '该操作已结束，无法取消');
  }
  const settling = !!running && !!row.reservationId && (await chargesPerCharacter(db, row));
  if (row.reservationId && !settling) await refundQuietly(db, userId, row.reservationId, '已停止生成', true);
  return { row, settling };
}

/** Rows a crashed process left queued or running: failed, and their reservations refunded. */
export async function sweepStale(db: Database): Promise<number> {
  const stale = await db
    .update(aiOperations)
    .set({ status: 'failed', errorCode: 'INTERRUPTED', errorMessage: '处理中断，积分已自动退还', finishedAt: new Date() })
    .where(
      and(
        inArray(aiOperations.status, ['queued', 'running']),
        sql`${aiOperations.heartbeatAt} <= now() - make_interval(secs => ${STALE_MS / 1000})`,
      ),
    )
    .returning();
  for (const row of stale) {
    if (row.reservationId) await refundQuietly(db, row.userId, row.reservationId, '处理中断，积分已自动退还', false);
  }
  return stale.length;
}

/** The contract's record (contracts/ai-operations.ts), so the web validates exactly this. */
export type OperationDto = OperationRecord;

export function toOperationDto(row: OperationRow, clientProfileName: string | null = null): OperationDto {
  return {
    id: row.id,
    operation: row.operation,
    operationLabel: AI_OPERATION_LABELS[row.operation as AiOperation] ?? row.operation,
    clientProfileId: row.clientProfileId,
    clientProfileName,
    workId: row.workId,
    model: row.model,
    offline: row.providerKind === 'offline',
    status: row.status,
    inputChars: row.inputChars,
    outputChars: row.outputChars,
    pointsReserved: centsToPoints(row.pointsReservedCents),
    points: centsToPoints(row.pointsChargedCents),
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    promptVersion: row.promptVersion,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** GET /api/v1/ai/operations: the user's own operations, newest first. */
export async function listOperations(
  db: Database,
  userId: string,
  query: { page: number; pageSize: number; operation?: string; status?: AiOperationStatus },
): Promise<{ items: OperationDto[]; page: number; pageSize: number; total: number }> {
  const where = and(
    eq(aiOperations.userId, userId),
    query.operation ? eq(aiOperations.operation, query.operation) : undefined,
    query.status ? eq(aiOperations.status, query.status) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(aiOperations).where(where);
  const rows = await db
    .select({ op: aiOperations, profileName: clientProfiles.name })
    .from(aiOperations)
    .leftJoin(clientProfiles, eq(clientProfiles.id, aiOperations.clientProfileId))
    .where(where)
    .orderBy(desc(aiOperations.createdAt), desc(aiOperations.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map((r) => toOperationDto(r.op, r.profileName)),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}

export async function getOperation(db: Database, userId: string, id: string): Promise<OperationRow> {
  const [row] = await db
    .select()
    .from(aiOperations)
    .where(and(eq(aiOperations.id, id), eq(aiOperations.userId, userId)));
  if (!row) throw notFound('操作记录不存在');
  return row;
}

export async function selectedModelOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: users.selectedModelId }).from(users).where(eq(users.id, userId));
  return row?.id ?? null;
}

export async function selectModel(db: Database, userId: string, modelId: string): Promise<void> {
  await db.update(users).set({ selectedModelId: modelId }).where(eq(users.id, userId));
}
