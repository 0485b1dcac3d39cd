import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema';
import type { PricedOperation } from '../../../contracts/constants';
import type { AppConfig } from '../../config';
import type { Logger } from '../../logger';
import type { RealtimePublisher } from '../../realtime/bus';
import { createProvider, isProviderError, PROVIDER_ERROR_MESSAGES, type ChatProvider } from '../../ai/providers';
import { DomainError } from '../errors';
import { insufficientPoints } from '../points/ledger';
import {
  admit,
  cancelOperation,
  finish,
  getOperation,
  heartbeat,
  HEARTBEAT_MS,
  positionOf,
  reservedPriceOf,
  reserveFor,
  selectedModelOf,
  sweepStale,
  waitForSlot,
  type Limits,
  type Outcome,
  type PaidOperationName,
  type PriceBasis,
} from './operations';

type OperationRow = Awaited<ReturnType<typeof getOperation>>;

/**
 * The one lifecycle of every paid AI operation (ADR 0035): price → the balance can pay it → admit
 * (the user's cap, the model's queue) → prepare (free, bounded checks: a refusal costs nothing) →
 * reserve → wait for a model slot → work → settle what was delivered, or refund. Generation and the
 * selection tools, 降AI率, 查AI率 and CV reading all run through `run`; nothing else reserves
 * points for AI work.
 */
export type PaidOperation<P, T> = {
  /** Who pays and whose records it is. */
  userId: string;
  /** The organisation it runs in (ADR 0067): its generation records are the organisation's. */
  orgId?: string | null;
  operation: PaidOperationName;
  source: PricedOperation;
  basis: PriceBasis;
  inputChars: number;
  /** The language model the work calls (it then waits for one of AI_MAX_CONCURRENT slots); null for local work. */
  model: string | null;
  /** What the user reads when the work fails for a reason of ours (a provider's error says its own). */
  failureMessage?: string;
  clientProfileId?: string;
  workId?: string;
  promptVersion?: string;
  /** The caller went away (closed page, aborted upload): the work stops and the stop is settled. */
  signal?: AbortSignal;
  /** Ledger metadata of the reservation (what the history shows the charge was for). */
  metadata?: Record<string, unknown>;
  /** Free, bounded checks before any charge (the text is long enough, the file readable). */
  prepare?: (ctx: { operationId: string; signal: AbortSignal }) => Promise<P>;
  /** Reserved and admitted: the stream may tell the page its charge and queue place. */
  onAdmitted?: (op: OperationRow, queuedAhead: number) => void | Promise<void>;
  onRunning?: () => void;
  /** The paid work. `delivered` reports output the caller already has (a stop pays for it). */
  work: (ctx: {
    operationId: string;
    signal: AbortSignal;
    prepared: P;
    reservedCents: number;
    reservationId: string | null;
    delivered: (chars: number) => void;
  }) => Promise<T>;
  /** Characters of output the result carries (what an output-priced operation is charged on). */
  outputChars?: (result: T) => number;
  /** Free work (the offline engine's drafts, ADR 0040): nothing is reserved or charged. */
  free?: boolean;
  /**
   * Why a completed result is not worth its price (a 降AI率 that missed, ADR 0040), or null: the
   * reservation is then refunded with this reason through the ledger's refund.
   */
  unchargedReason?: (result: T) => string | null;
};

export type PaidOutcome<T> =
  | { status: 'succeeded'; result: T; op: OperationRow }
  | { status: 'failed' | 'cancelled'; op: OperationRow; code: string; message: string; error: unknown };

export type AiEngine = {
  provider: ChatProvider;
  limits: Limits;
  /** One operation's whole limit, time in the queue included (AI_TIMEOUT_MS). */
  timeoutMs: number;
  /** The model an operation runs on: the requested one, else the user's choice, else the first configured. */
  modelFor: (userId: string, requested?: string) => Promise<string>;
  run: <P, T>(spec: PaidOperation<P, T>) => Promise<PaidOutcome<T>>;
  cancel: (userId: string, id: string) => Promise<{ row: OperationRow; settling: boolean }>;
  /** Crashed processes' operations: failed and refunded (at start and every few seconds). */
  recover: () => Promise<number>;
};

/**
 * The result of an operation answered as JSON, or its failure thrown: a refusal as it was (400,
 * 409…), anything else as `failureMessage` (the points are back already).
 */
export function resultOrThrow<T>(outcome: PaidOutcome<T>, failureMessage: string): T {
  if (outcome.status === 'succeeded') return outcome.result;
  if (outcome.error instanceof DomainError) throw outcome.error;
  throw new DomainError('INTERNAL_ERROR', failureMessage);
}

const isProviderCode = (code: string): code is keyof typeof PROVIDER_ERROR_MESSAGES => code in PROVIDER_ERROR_MESSAGES;

/** A refusal before the work: thrown to the caller as it is (400, 402, 429), nothing is charged. */
const isRefusal = (error: unknown): error is DomainError => error instanceof DomainError;

/** Wakes this process's waiting operations when one of its own finishes (others are polled). */
function createWakeup() {
  let waiters: Array<() => void> = [];
  return {
    next: () => new Promise<void>((resolve) => waiters.push(resolve)),
    wakeAll: () => {
      const now = waiters;
      waiters = [];
      for (const w of now) w();
    },
  };
}

/**
 * The operation's own abort: the caller leaving, a cancel from another process (seen at the row's
 * heartbeat), the cancel endpoint here (through `running`) or the whole limit running out ('timeout').
 */
function watchOperation(
  ctx: { db: Database; logger: Logger; running: Map<string, AbortController>; timeoutMs: number },
  operationId: string,
  callerSignal: AbortSignal | undefined,
) {
  const controller = new AbortController();
  ctx.running.set(operationId, controller);
  const onCallerGone = () => controller.abort();
  if (callerSignal?.aborted) controller.abort();
  callerSignal?.addEventListener('abort', onCallerGone);
  const rowBeat = setInterval(() => {
    heartbeat(ctx.db, operationId).then(
      (alive) => {
        // Cancelled through the endpoint on another process.
        if (!alive) controller.abort();
      },
      (err: unknown) => ctx.logger.warn('ai.heartbeat_failed', { operationId, err }),
    );
  }, HEARTBEAT_MS);
  const deadline = setTimeout(() => controller.abort('timeout'), ctx.timeoutMs);
  const cleanUp = () => {
    clearInterval(rowBeat);
    clearTimeout(deadline);
    ctx.running.delete(operationId);
    callerSignal?.removeEventListener('abort', onCallerGone);
  };
  return { controller, cleanUp };
}

/** How work that threw ends: its code (a time-out, the provider's, a cancel, a refusal, ours) and what the user reads. */
function failedOutcome(
  error: unknown,
  signal: AbortSignal,
  delivered: number,
  failureMessage: string | undefined,
): Extract<Outcome, { errorCode: string }> {
  const timedOut = signal.reason === 'timeout';
  const code = timedOut
    ? 'TIMEOUT'
    : isProviderError(error)
      ? error.code
      : signal.aborted
        ? 'CANCELLED'
        : isRefusal(error)
          ? error.code
          : 'INTERNAL';
  const message = isProviderCode(code)
    ? PROVIDER_ERROR_MESSAGES[code]
    : isRefusal(error)
      ? error.message
      : (failureMessage ?? 'AI 处理失败，请稍后重试');
  return { status: code === 'CANCELLED' ? 'cancelled' : 'failed', outputChars: delivered, errorCode: code, errorMessage: message };
}

export function createAiEngine(deps: {
  db: Database;
  config: AppConfig;
  logger: Logger;
  events: RealtimePublisher;
  provider?: ChatProvider;
}): AiEngine {
  const { db, config, logger, events } = deps;
  const provider = deps.provider ?? createProvider(config);
  const limits: Limits = {
    maxConcurrent: config.AI_MAX_CONCURRENT,
    maxQueue: config.AI_MAX_QUEUE,
    maxQueuedPerUser: config.AI_MAX_QUEUED_PER_USER,
  };
  const wakeup = createWakeup();
  /** This process's operations, so the cancel endpoint can abort at once (others notice at their heartbeat). */
  const running = new Map<string, AbortController>();
  const modelIds = () => provider.models().map((m) => m.id);

  async function modelFor(userId: string, requested?: string): Promise<string> {
    if (requested && !modelIds().includes(requested)) throw new DomainError('VALIDATION_ERROR', '模型不存在', { field: 'modelId' });
    const chosen = requested ?? (await selectedModelOf(db, userId));
    const model = chosen && modelIds().includes(chosen) ? chosen : modelIds()[0];
    if (!model) throw new DomainError('INTERNAL_ERROR', 'AI 服务未配置模型');
    return model;
  }

  async function assertAffordable(userId: string, cents: number) {
    if (cents <= 0) return;
    const [row] = await db.select({ cents: users.pointsCents }).from(users).where(eq(users.id, userId));
    if ((row?.cents ?? 0) < cents) throw insufficientPoints(cents, row?.cents ?? 0);
  }

  async function run<P, T>(spec: PaidOperation<P, T>): Promise<PaidOutcome<T>> {
    const pricing = { source: spec.source, basis: spec.basis };
    // The price and the balance before anything runs: a user who cannot pay costs one query.
    const cents = spec.free ? 0 : await reservedPriceOf(db, spec.source, spec.basis, spec.inputChars);
    await assertAffordable(spec.userId, cents);
    let op = await admit(db, limits, {
      id: randomUUID(),
      userId: spec.userId,
      orgId: spec.orgId ?? null,
      operation: spec.operation,
      usesModel: spec.model !== null,
      clientProfileId: spec.clientProfileId,
      workId: spec.workId,
      model: spec.model ?? 'local',
      providerKind: spec.model !== null ? provider.kind : 'local',
      inputChars: spec.inputChars,
      promptVersion: spec.promptVersion,
    });

    const { controller, cleanUp } = watchOperation({ db, logger, running, timeoutMs: config.AI_TIMEOUT_MS }, op.id, spec.signal);

    // Refusals before the reservation end the row and reach the caller as JSON; nothing was charged.
    let prepared: P;
    try {
      prepared = spec.prepare ? await spec.prepare({ operationId: op.id, signal: controller.signal }) : (undefined as P);
      if (controller.signal.aborted) throw new DomainError('CONFLICT', '已取消');
      if (cents > 0) {
        const reservation = await reserveFor(db, op, spec.source, cents, spec.metadata);
        op = { ...op, reservationId: reservation.id, pointsReservedCents: reservation.cents };
      }
    } catch (error) {
      cleanUp();
      const refused = isRefusal(error);
      await finish(
        db,
        op,
        {
          status: controller.signal.aborted ? 'cancelled' : 'failed',
          outputChars: 0,
          errorCode: refused ? error.code : 'INTERNAL',
          errorMessage: refused ? error.message : '处理失败',
        },
        pricing,
      );
      wakeup.wakeAll();
      throw error;
    }

    let delivered = 0;
    let outcome: Outcome;
    let result: T | undefined;
    let failure: unknown = null;
    try {
      await spec.onAdmitted?.(op, await positionOf(db, op));
      const started = await waitForSlot(db, limits, op, controller.signal, wakeup);
      if (!started) throw new DomainError('CONFLICT', PROVIDER_ERROR_MESSAGES.CANCELLED);
      spec.onRunning?.();
      result = await spec.work({
        operationId: op.id,
        signal: controller.signal,
        prepared,
        reservedCents: op.pointsReservedCents,
        reservationId: op.reservationId,
        delivered: (chars) => {
          delivered += chars;
        },
      });
      // Work that completed is a success even if the caller left at the last moment: it was done.
      outcome = {
        status: 'succeeded',
        outputChars: spec.outputChars ? spec.outputChars(result) : delivered,
        unchargedReason: spec.unchargedReason?.(result) ?? null,
      };
    } catch (error) {
      failure = error;
      outcome = failedOutcome(error, controller.signal, delivered, spec.failureMessage);
      if (outcome.errorCode === 'INTERNAL')
        logger.error('ai.operation_failed', { operationId: op.id, operation: spec.operation, err: error });
    } finally {
      cleanUp();
    }

    const done = await finish(db, op, outcome, pricing);
    wakeup.wakeAll();
    // pointsChanged: the header refetches the balance (spec §4); the reservation moved it, whatever the end.
    events
      .publish({
        audience: { kind: 'user', userId: spec.userId },
        type: 'AI_OPERATION_FINISHED',
        data: { operationId: op.id, status: done.status, pointsChanged: done.pointsReservedCents > 0 },
      })
      .catch((err: unknown) => logger.warn('ai.publish_failed', { operationId: op.id, err }));
    if (done.status === 'succeeded') return { status: 'succeeded', result: result as T, op: done };
    return {
      status: done.status === 'cancelled' ? 'cancelled' : 'failed',
      op: done,
      code: done.errorCode ?? 'INTERNAL',
      message: done.errorMessage ?? 'AI 处理失败，请稍后重试',
      error: failure,
    };
  }

  async function cancel(userId: string, id: string) {
    const cancelled = await cancelOperation(db, userId, id);
    running.get(id)?.abort();
    return cancelled;
  }

  return { provider, limits, timeoutMs: config.AI_TIMEOUT_MS, modelFor, run, cancel, recover: () => sweepStale(db) };
}
