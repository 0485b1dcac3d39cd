import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { aiOperations, aiReductions, clientProfiles, users } from '../../../db/schema';
import { AI_OPERATION_LABELS, AI_OPERATIONS, type AiOperation } from '../../../contracts/ai-operations';
import type { PricedOperation } from '../../../contracts/constants';
import { centsToPoints, POINTS_SOURCE_LABELS } from '../../../contracts/constants';
import { DomainError, notFound } from '../errors';
import { priceOf } from '../points/prices';
import { refund, reserve, settle, type Reservation } from '../points/spending';

export { AI_OPERATION_STATUSES, type AiOperationStatus } from '../../../contracts/ai-operation-constants';
import type { AiOperationStatus } from '../../../contracts/ai-operation-constants';
import type { OperationRecord } from '../../../contracts/ai-operations';
import { assertCanRead, ownedBy, type Workspace } from '../orgs/workspace';
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

export type Limits = { maxConcurrent: number; maxQueue: number; maxQueuedPerUser: number };

/**
 * What a paid operation is recorded as: one of the writing operations (the 生成记录 list), or local
 * and reading work that is paid the same way (查AI率, 降AI率, 智能建档's CV reading).
 */
export type PaidOperationName = AiOperation | 'detect' | 'reduce' | 'cv_read' | 'school_match';

/** How the price is read: from the input (known before the work), or from the output (settled on what was delivered). */
export type PriceBasis = 'input' | 'output';

export const busyMessage = (ahead: number) => `你前面还有${ahead}人在排队，请稍后再试`;
export const userBusyMessage = (active: number) => `你已有${active}个AI任务正在处理，请等待完成后再试`;

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
/** Rows that hold or wait for one of the model's slots. */
const slotted = eq(aiOperations.usesModel, true);

/**
 * A queue entry, or 429 SERVER_BUSY: when the user already has `maxQueuedPerUser` operations
 * queued or running, or with the real number of waiting operations when the queue is full. Under
 * the slots lock, so two processes cannot both admit the last place. When nobody is waiting and a
 * slot is free the row starts `running` at once: no second transaction before the provider is
 * called. Local work (`usesModel: false`) takes no slot and starts at once.
 */
export async function admit(
  db: Database,
  limits: Limits,
  input: {
    id?: string;
    userId: string;
    orgId?: string | null;
    operation: PaidOperationName;
    usesModel: boolean;
    clientProfileId?: string;
    workId?: string;
    model: string;
    providerKind: string;
    inputChars: number;
    promptVersion?: string;
  },
): Promise<OperationRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SLOTS_LOCK}))`);
    const [counts] = await tx
      .select({
        running: sql<number>`count(*) filter (where ${aiOperations.status} = 'running' and ${slotted})`.mapWith(Number),
        queued: sql<number>`count(*) filter (where ${aiOperations.status} = 'queued' and ${slotted})`.mapWith(Number),
        mine: sql<number>`count(*) filter (where ${aiOperations.userId} = ${input.userId})`.mapWith(Number),
      })
      .from(aiOperations)
      .where(and(inArray(aiOperations.status, ['queued', 'running']), fresh));
    if (counts!.mine >= limits.maxQueuedPerUser) {
      throw new DomainError('SERVER_BUSY', userBusyMessage(counts!.mine), { active: counts!.mine });
    }
    const free = Math.max(0, limits.maxConcurrent - counts!.running);
    if (input.usesModel && counts!.queued >= free + limits.maxQueue) {
      throw new DomainError('SERVER_BUSY', busyMessage(counts!.queued), { ahead: counts!.queued });
    }
    const startsNow = !input.usesModel || (counts!.queued === 0 && free > 0);
    const [row] = await tx
      .insert(aiOperations)
      .values({
        ...(input.id && { id: input.id }),
        usesModel: input.usesModel,
        userId: input.userId,
        orgId: input.orgId ?? null,
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

/** The price reserved before the work: of the input, or of an estimate of the output. */
export async function reservedPriceOf(db: Database, source: PricedOperation, basis: PriceBasis, inputChars: number): Promise<number> {
  return priceOf(db, source, basis === 'input' ? inputChars : estimateOutputChars(inputChars));
}

/** Reserves `cents` (402 INSUFFICIENT_POINTS), keyed by the operation: a retry charges nothing more. */
export async function reserveFor(
  db: Database,
  op: OperationRow,
  source: PricedOperation,
  cents: number,
  metadata: Record<string, unknown> = {},
): Promise<Reservation> {
  const reservation = await reserve(db, {
    userId: op.userId,
    source,
    cents,
    key: `ai-operation:${op.id}`,
    description: POINTS_SOURCE_LABELS[source],
    metadata: { ...metadata, operationId: op.id },
  });
  await db
    .update(aiOperations)
    .set({ reservationId: reservation.id, pointsReservedCents: reservation.cents })
    .where(eq(aiOperations.id, op.id));
  return reservation;
}

/**
 * What a finished operation costs: priced by its input, what was reserved; by its output, the
 * base price plus the per-character part of what was delivered. Never more than reserved.
 */
export async function chargeFor(db: Database, source: PricedOperation, basis: PriceBasis, outputChars: number, reservedCents: number) {
  if (basis === 'input') return reservedCents;
  return Math.min(reservedCents, await priceOf(db, source, outputChars));
}

/**
 * What a stopped operation costs (ADR 0035): nothing before its first delivered character; once
 * output has started, its flat part plus the per-character part of what it delivered, as a
 * finished operation of that length would. Work priced by its input delivers nothing usable
 * before it ends, so stopping it is free.
 */
export async function stoppedChargeFor(
  db: Database,
  source: PricedOperation,
  basis: PriceBasis,
  outputChars: number,
  reservedCents: number,
) {
  if (basis === 'input' || outputChars <= 0) return 0;
  return Math.min(reservedCents, await priceOf(db, source, outputChars));
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
        running: sql<number>`count(*) filter (where ${aiOperations.status} = 'running' and ${slotted})`.mapWith(Number),
        ahead: sql<number>`count(*) filter (where ${aiOperations.status} = 'queued' and ${slotted} and ${aheadOf(op.id)})`.mapWith(Number),
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
    .where(and(eq(aiOperations.status, 'queued'), slotted, fresh, aheadOf(op.id)));
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
  /** `unchargedReason`: the work ended but delivered nothing worth its price (ADR 0040); refunded with this reason. */
  | { status: 'succeeded'; outputChars: number; unchargedReason?: string | null }
  | { status: 'failed' | 'cancelled'; outputChars: number; errorCode: string; errorMessage: string };

/**
 * Ends an operation exactly once: the status flip is conditional, so a cancel that won the race
 * makes a success a cancellation. Settles what it cost, or refunds. Returns the final row.
 */
export type Pricing = { source: PricedOperation; basis: PriceBasis };

export async function finish(db: Database, op: OperationRow, outcome: Outcome, pricing: Pricing): Promise<OperationRow> {
  if (outcome.status === 'succeeded') {
    const reserved = op.pointsReservedCents;
    const uncharged = outcome.unchargedReason ?? null;
    const charged = op.reservationId && !uncharged ? await chargeFor(db, pricing.source, pricing.basis, outcome.outputChars, reserved) : 0;
    const [done] = await db
      .update(aiOperations)
      .set({ status: 'succeeded', outputChars: outcome.outputChars, pointsChargedCents: charged, finishedAt: new Date() })
      .where(and(eq(aiOperations.id, op.id), inArray(aiOperations.status, ['queued', 'running'])))
      .returning();
    if (done) {
      if (op.reservationId && uncharged) {
        await refundQuietly(db, op.userId, op.reservationId, uncharged, false, uncharged);
      } else if (op.reservationId) {
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
  if (row!.status === 'cancelled') return settleStopped(db, op, row!, outcome.outputChars, pricing);
  if (op.reservationId) await refundQuietly(db, op.userId, op.reservationId, row!.errorMessage ?? '已取消', false);
  return row!;
}

/**
 * A stopped operation (停止, a closed page, the cancel endpoint) pays for what it delivered
 * (stoppedChargeFor), the page keeps that text; before any output it is refunded in full. Only
 * the owning process knows what was delivered, so it settles; the cancel endpoint refunds at once
 * only a queued operation (cancelOperation). Whichever ends the reservation first wins: a settle
 * after a refund is refused, and so is a refund after a settle.
 */
async function settleStopped(
  db: Database,
  op: OperationRow,
  row: OperationRow,
  outputChars: number,
  pricing: Pricing,
): Promise<OperationRow> {
  const charged = op.reservationId ? await stoppedChargeFor(db, pricing.source, pricing.basis, outputChars, op.pointsReservedCents) : 0;
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

async function refundQuietly(
  db: Database,
  userId: string,
  reservationId: string,
  reason: string,
  cancelled: boolean,
  description?: string,
) {
  await refund(db, { userId, reservationId, reason, status: cancelled ? 'cancelled' : 'failed', description }).catch((error: unknown) => {
    // Settled first by the winner of a race: the operation is already paid for and done.
    if (!(error instanceof DomainError)) throw error;
  });
}

/**
 * POST /api/v1/ai/operations/{id}/cancel: the owner's queued or running operation becomes cancelled.
 * Nothing delivered yet (queued): refunded at once. Running: `settling`, the owning process settles
 * what was delivered when it sees the cancel (at once here, within a heartbeat elsewhere); if that
 * process died, the crash sweep refunds it.
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
  const settling = !!running && !!row.reservationId;
  if (row.reservationId && !settling) await refundQuietly(db, userId, row.reservationId, '已停止生成', true);
  return { row, settling };
}

/**
 * Rows a crashed process left queued or running: failed, their reservations refunded, and a
 * 降AI率 run they belonged to (the same id) marked failed too. Run when a process starts and every
 * few seconds after (server.ts), so nothing waits for another user's request.
 */
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
  const reductions = stale.filter((row) => row.operation === 'reduce').map((row) => row.id);
  if (reductions.length > 0) {
    await db
      .update(aiReductions)
      .set({ status: 'failed', errorMessage: '处理中断，积分已自动退还', pointsCents: 0, finishedAt: new Date() })
      .where(and(inArray(aiReductions.id, reductions), eq(aiReductions.status, 'running')));
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

/** GET /api/v1/ai/operations: the space's operations (the user's own, or all its members' in an organisation), newest first. */
export async function listOperations(
  db: Database,
  ws: Workspace,
  query: { page: number; pageSize: number; operation?: string; status?: AiOperationStatus },
): Promise<{ items: OperationDto[]; page: number; pageSize: number; total: number }> {
  assertCanRead(ws);
  const where = and(
    ownedBy(ws, aiOperations),
    // The writing operations' records; 查AI率, 降AI率 and CV reading have their own pages.
    query.operation ? eq(aiOperations.operation, query.operation) : inArray(aiOperations.operation, [...AI_OPERATIONS]),
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

/**
 * For GET /metrics (ADR 0056), across every process on this database: the operations waiting for a
 * model slot, those queued and running now (the partial index of active rows), and those that
 * ended in the last hour by status (ai_operations_finished_idx). Both reads are bounded by the
 * queue's limits and an hour's traffic, however long the table grows.
 */
export async function operationCounts(db: Database): Promise<{ queueDepth: number; byStatus: Record<AiOperationStatus, number> }> {
  const [active, ended] = await Promise.all([
    db
      .select({
        status: aiOperations.status,
        n: count(),
        waiting: sql<number>`count(*) filter (where ${slotted} and ${fresh})`.mapWith(Number),
      })
      .from(aiOperations)
      .where(inArray(aiOperations.status, ['queued', 'running']))
      .groupBy(aiOperations.status),
    db
      .select({ status: aiOperations.status, n: count() })
      .from(aiOperations)
      .where(
        and(
          sql`${aiOperations.finishedAt} > now() - interval '1 hour'`,
          inArray(aiOperations.status, ['succeeded', 'failed', 'cancelled']),
        ),
      )
      .groupBy(aiOperations.status),
  ]);
  const byStatus: Record<AiOperationStatus, number> = { queued: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 };
  for (const row of [...active, ...ended]) byStatus[row.status] = row.n;
  return { queueDepth: active.find((row) => row.status === 'queued')?.waiting ?? 0, byStatus };
}
