import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobRuns, scheduledJobs } from '../../db/schema';
import type { Logger } from '../logger';

/**
 * One periodic job. `run` gets the job's dependencies and a signal that aborts when this process
 * loses the lease (another instance took the job over) or when a shutdown's drain time is up; what it
 * returns (small) is kept in its job_runs row. Throwing fails the attempt: it is retried with backoff
 * up to `maxAttempts`, then the job waits for its next slot.
 */
export type JobDefinition<D> = {
  name: string;
  everyMs: number;
  /** How long a run holds the job without renewing; renewed every third of it while the run goes on. */
  leaseMs: number;
  maxAttempts: number;
  /**
   * When a job new to the database is first due, from its first registration: by default one
   * interval (a fresh database, and each test server, starts without a burst of every job).
   */
  firstRunInMs?: number;
  run: (deps: D, signal: AbortSignal) => Promise<Record<string, unknown> | void>;
};

export type JobRunnerOptions<D> = {
  db: Database;
  jobs: readonly JobDefinition<D>[];
  deps: D;
  logger: Logger;
  instanceId?: string;
  /** How often this process looks for due jobs. */
  tickMs: number;
  /** Replaces every job's own lease (tests shorten it). */
  leaseMs?: number;
  /** The first retry's wait, doubled at each further attempt, never later than the job's next slot. */
  retryBaseMs: number;
};

export type JobRunner = {
  instanceId: string;
  /** Registers the jobs and starts looking for due ones every tick; the timer never keeps the process alive. */
  start: () => void;
  /** One look for due jobs: claims them and starts their runs (which it does not wait for). */
  tick: () => Promise<void>;
  /** The runs of this process in progress, as promises settled when each is recorded. */
  idle: () => Promise<void>;
  /**
   * Stops claiming; lets running jobs finish within `drainMs`, then aborts them and releases their
   * leases (the run recorded as abandoned, the job left due for any instance).
   */
  stop: (drainMs: number) => Promise<void>;
};

/** Names one process in job_runs and scheduled_jobs.lease_owner. */
export const newInstanceId = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

type Claimed<D> = { job: JobDefinition<D>; runId: string; attempt: number };
type Running = { controller: AbortController; done: Promise<void>; runId: string; stopped: boolean };

const ms = (value: number) => sql`(${Math.max(0, Math.round(value))}::integer * interval '1 millisecond')`;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);
const ABANDONED_LEASE = '租约过期：运行它的进程已退出或失联，由其他实例接手';
const ABANDONED_SHUTDOWN = '进程关闭时运行未完成，已交还给其他实例';

type Context<D> = {
  db: Database;
  logger: Logger;
  instanceId: string;
  byName: Map<string, JobDefinition<D>>;
  leaseOf: (job: JobDefinition<D>) => number;
  retryBaseMs: number;
};

/** Due jobs whose lease is free or expired, locked (others skip them), leased to this instance and recorded as running. */
async function claimDue<D>(ctx: Context<D>, names: string[]): Promise<Claimed<D>[]> {
  const { db, logger, instanceId } = ctx;
  if (names.length === 0) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ name: scheduledJobs.name, runId: scheduledJobs.runId, attempt: scheduledJobs.attempt })
      .from(scheduledJobs)
      .where(
        and(
          inArray(scheduledJobs.name, names),
          lte(scheduledJobs.nextRunAt, sql`now()`),
          or(isNull(scheduledJobs.leaseExpiresAt), lt(scheduledJobs.leaseExpiresAt, sql`now()`)),
        ),
      )
      .orderBy(scheduledJobs.nextRunAt)
      .for('update', { skipLocked: true });
    const claimed: Claimed<D>[] = [];
    for (const row of due) {
      const job = ctx.byName.get(row.name)!;
      if (row.runId) {
        // Its lease expired: the process running it died or lost the database.
        await tx
          .update(jobRuns)
          .set({ status: 'abandoned', finishedAt: sql`now()`, error: ABANDONED_LEASE })
          .where(and(eq(jobRuns.id, row.runId), eq(jobRuns.status, 'running')));
        logger.warn('jobs.run_abandoned', { job: job.name, runId: row.runId, attempt: row.attempt });
      }
      const attempt = row.attempt >= job.maxAttempts ? 1 : row.attempt + 1;
      const [run] = await tx.insert(jobRuns).values({ jobName: job.name, instanceId, attempt }).returning({ id: jobRuns.id });
      await tx
        .update(scheduledJobs)
        .set({
          leaseOwner: instanceId,
          leaseExpiresAt: sql`now() + ${ms(ctx.leaseOf(job))}`,
          runId: run!.id,
          attempt,
          updatedAt: sql`now()`,
        })
        .where(eq(scheduledJobs.name, job.name));
      claimed.push({ job, runId: run!.id, attempt });
    }
    return claimed;
  });
}

/** How the run ended, and when the job is next due: its next slot, or a retry with backoff. */
async function record<D>(
  ctx: Context<D>,
  { job, runId, attempt }: Claimed<D>,
  outcome: { ok: true; result: Record<string, unknown> | null } | { ok: false; error: string },
) {
  const retry = !outcome.ok && attempt < job.maxAttempts;
  const waitMs = retry ? Math.min(job.everyMs, ctx.retryBaseMs * 2 ** (attempt - 1)) : job.everyMs;
  await ctx.db.transaction(async (tx) => {
    const [held] = await tx
      .select({ name: scheduledJobs.name })
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.name, job.name), eq(scheduledJobs.runId, runId)))
      .for('update');
    if (!held) {
      // Another instance took the job over after this lease expired; it marked this run abandoned.
      ctx.logger.warn('jobs.finished_after_takeover', { job: job.name, runId, ok: outcome.ok });
      return;
    }
    await tx
      .update(jobRuns)
      .set(
        outcome.ok
          ? { status: 'succeeded', finishedAt: sql`now()`, result: outcome.result }
          : { status: 'failed', finishedAt: sql`now()`, error: outcome.error },
      )
      .where(eq(jobRuns.id, runId));
    await tx
      .update(scheduledJobs)
      .set({
        leaseOwner: null,
        leaseExpiresAt: null,
        runId: null,
        attempt: retry ? attempt : 0,
        nextRunAt: sql`now() + ${ms(waitMs)}`,
        lastError: outcome.ok ? null : outcome.error,
        lastFinishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(scheduledJobs.name, job.name));
  });
}

/** Gives the job back unfinished: the run is abandoned and the job due now, for any instance. */
async function release<D>(ctx: Context<D>, job: JobDefinition<D>, runId: string, why: string) {
  // The job's row first, then its run, as a claim and a record lock them (no deadlock between them).
  await ctx.db.transaction(async (tx) => {
    const held = await tx
      .update(scheduledJobs)
      .set({ leaseOwner: null, leaseExpiresAt: null, runId: null, updatedAt: sql`now()` })
      .where(and(eq(scheduledJobs.name, job.name), eq(scheduledJobs.runId, runId)))
      .returning({ name: scheduledJobs.name });
    // Taken over meanwhile: the other instance has marked the run abandoned already.
    if (held.length === 0) return;
    await tx
      .update(jobRuns)
      .set({ status: 'abandoned', finishedAt: sql`now()`, error: why })
      .where(and(eq(jobRuns.id, runId), eq(jobRuns.status, 'running')));
  });
  ctx.logger.warn('jobs.run_released', { job: job.name, runId, why });
}

/**
 * The job runner (ADR 0054): every process runs one; each due job runs on one of them. A tick claims
 * due jobs with `FOR UPDATE SKIP LOCKED` and a lease in one transaction, records a `job_runs` row,
 * runs the job, renews the lease while it runs, and records how it ended and when the job is next
 * due. A job whose lease expired (its process died) is due again: the next claim marks that run
 * abandoned and runs the next attempt. Plain SQL, so it works on PostgreSQL and PGlite alike.
 */
export function createJobRunner<D>(options: JobRunnerOptions<D>): JobRunner {
  const { db, jobs, deps, logger } = options;
  const instanceId = options.instanceId ?? newInstanceId();
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const leaseOf = (job: JobDefinition<D>) => options.leaseMs ?? job.leaseMs;
  const ctx: Context<D> = { db, logger, instanceId, byName, leaseOf, retryBaseMs: options.retryBaseMs };
  const running = new Map<string, Running>();
  let registered = false;
  let stopping = false;
  let ticking: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let claimFailing = false;

  /** Each job gets its row once; a shorter interval in a newer release takes effect at once. */
  async function register() {
    if (registered || jobs.length === 0) return;
    await db
      .insert(scheduledJobs)
      .values(jobs.map((job) => ({ name: job.name, everyMs: job.everyMs, nextRunAt: sql`now() + ${ms(job.firstRunInMs ?? job.everyMs)}` })))
      .onConflictDoUpdate({
        target: scheduledJobs.name,
        set: {
          everyMs: sql`excluded.every_ms`,
          nextRunAt: sql`least(${scheduledJobs.nextRunAt}, now() + excluded.every_ms * interval '1 millisecond')`,
        },
      });
    registered = true;
  }

  async function execute(claimed: Claimed<D>, entry: Running) {
    const { job, runId, attempt } = claimed;
    const lease = leaseOf(job);
    let leaseUntil = Date.now() + lease;
    let finished = false;
    const renew = async () => {
      try {
        const kept = await db
          .update(scheduledJobs)
          .set({ leaseExpiresAt: sql`now() + ${ms(lease)}`, updatedAt: sql`now()` })
          .where(and(eq(scheduledJobs.name, job.name), eq(scheduledJobs.runId, runId)))
          .returning({ name: scheduledJobs.name });
        if (finished) return;
        if (kept.length === 0) {
          logger.warn('jobs.lease_lost', { job: job.name, runId });
          entry.controller.abort(new Error('租约已被其他实例接手'));
        } else leaseUntil = Date.now() + lease;
      } catch (err) {
        if (finished) return;
        logger.warn('jobs.lease_renew_failed', { job: job.name, runId, err });
        // Past the lease another instance may take the job over: stop rather than run it twice.
        if (Date.now() >= leaseUntil) entry.controller.abort(new Error('无法续租'));
      }
    };
    const renewal = setInterval(() => void renew(), Math.max(5, Math.floor(lease / 3)));
    renewal.unref();
    const started = performance.now();
    let outcome: { ok: true; result: Record<string, unknown> | null } | { ok: false; error: string };
    try {
      if (entry.controller.signal.aborted) throw entry.controller.signal.reason;
      outcome = { ok: true, result: (await job.run(deps, entry.controller.signal)) ?? null };
    } catch (error) {
      outcome = { ok: false, error: message(error) };
    } finally {
      finished = true;
      clearInterval(renewal);
    }
    const tookMs = Math.round(performance.now() - started);
    if (entry.stopped && !outcome.ok) return release(ctx, job, runId, ABANDONED_SHUTDOWN);
    await record(ctx, claimed, outcome);
    if (outcome.ok) logger.debug('jobs.run_succeeded', { job: job.name, attempt, ms: tookMs, result: outcome.result });
    else if (attempt < job.maxAttempts) logger.warn('jobs.run_failed', { job: job.name, attempt, ms: tookMs, error: outcome.error });
    else logger.error('jobs.run_gave_up', { job: job.name, attempt, ms: tookMs, error: outcome.error });
  }

  async function lookForDueJobs() {
    try {
      await register();
      const claimed = await claimDue(
        ctx,
        jobs.map((job) => job.name).filter((name) => !running.has(name)),
      );
      claimFailing = false;
      for (const c of claimed) {
        const entry: Running = { controller: new AbortController(), done: Promise.resolve(), runId: c.runId, stopped: false };
        running.set(c.job.name, entry);
        entry.done = execute(c, entry)
          .catch((err) => logger.warn('jobs.record_failed', { job: c.job.name, runId: c.runId, err }))
          .finally(() => running.delete(c.job.name));
      }
    } catch (err) {
      // Once per outage, not once per tick.
      if (!claimFailing) logger.warn('jobs.claim_failed', { err });
      claimFailing = true;
    }
  }

  const tick = () => {
    if (stopping) return Promise.resolve();
    return (ticking ??= lookForDueJobs().finally(() => (ticking = null)));
  };
  const idle = async () => {
    while (running.size > 0) await Promise.all([...running.values()].map((r) => r.done));
  };

  return {
    instanceId,
    tick,
    idle,
    start: () => {
      if (timer || stopping) return;
      void tick();
      timer = setInterval(() => void tick(), options.tickMs);
      timer.unref();
    },
    stop: async (drainMs) => {
      stopping = true;
      if (timer) clearInterval(timer);
      await ticking;
      const drained = idle();
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([drained, new Promise((resolve) => (timeout = setTimeout(resolve, drainMs)))]);
      clearTimeout(timeout);
      if (running.size === 0) return;
      // Past the drain time: abort what still runs; a job that ends on the signal is released.
      for (const entry of running.values()) {
        entry.stopped = true;
        entry.controller.abort(new Error('进程正在关闭'));
      }
      await Promise.race([drained, new Promise((resolve) => (timeout = setTimeout(resolve, Math.min(1000, drainMs))))]);
      clearTimeout(timeout);
      // One that ignores the signal is released anyway: the database closes after this.
      await Promise.all(
        [...running.entries()].map(([name, entry]) =>
          release(ctx, byName.get(name)!, entry.runId, ABANDONED_SHUTDOWN).catch((err) =>
            logger.warn('jobs.release_failed', { job: name, err }),
          ),
        ),
      );
    },
  };
}
