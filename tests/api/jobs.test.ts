import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobRuns, pointsLedger, scheduledJobs, users } from '../../db/schema';
import { reserve } from '../../server/domain/points/spending';
import { createGateways } from '../../server/integrations/payments';
import { JOBS, createJobRunner, type JobDefinition, type JobRunner } from '../../server/jobs';
import { createLogger, type Logger } from '../../server/logger';
import { client, login, startIsolatedServer, type TestServer } from './harness';

/**
 * The job runner (server/jobs/, ADR 0054) over a real database: on PostgreSQL the other instances are
 * processes of their own (tests/fixtures/job-runner.ts) killed with SIGKILL; on PGlite, which one
 * process owns, they are runners in this process, one of them losing its database as a dead process would.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const TICK_MS = 10;
/** Long enough for a renewal to get through a busy database (PGlite serves one query at a time), short enough to wait out. */
const LEASE_MS = 1000;
const SWEEP = 'points.sweep_stale_reservations';
const silent = createLogger('silent');

let server: TestServer;
let db: Database;
const runners: JobRunner[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  // A database of its own (the sweep must not be claimed by other files' servers); its own runner
  // registers the jobs at start, first due an interval later, and then does not look for a minute.
  server = await startIsolatedServer({ JOBS_TICK_MS: '60000' });
  db = server.database.db;
  await waitFor(async () => (await db.select().from(scheduledJobs)).length === JOBS.length);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop(0)));
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => server?.close());

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await delay(20);
  }
};
const uniqueName = (what: string) => `test.${what}.${randomInt(0, 1e9)}`;
const runsOf = (name: string) => db.select().from(jobRuns).where(eq(jobRuns.jobName, name)).orderBy(asc(jobRuns.startedAt));
const jobRow = async (name: string) => (await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name)))[0]!;

/** A runner in this process on the test database. */
function inProcess<D>(jobs: JobDefinition<D>[], deps: D, options: { db?: Database; logger?: Logger; start?: boolean } = {}) {
  const runner = createJobRunner({
    db: options.db ?? db,
    jobs,
    deps,
    logger: options.logger ?? silent,
    tickMs: TICK_MS,
    leaseMs: LEASE_MS,
    retryBaseMs: 40,
  });
  if (options.start !== false) runner.start();
  runners.push(runner);
  return runner;
}

/** A job runner in a process of its own (PostgreSQL only), once it looks for due jobs. */
async function childRunner(env: Record<string, string>) {
  // Node itself with tsx's loader (not tsx's CLI, which runs the script in a child of its own): SIGKILL reaches the runner.
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/job-runner.ts'], {
    env: { ...process.env, DATABASE_URL: server.config.DATABASE_URL, JOB_TICK_MS: String(TICK_MS), JOB_LEASE_MS: String(LEASE_MS), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const instanceId = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`job runner process exited with ${code}`)));
  });
  return { instanceId, child };
}

/** A job that never ends on its own, run by an instance that then dies without a word. */
async function dyingInstance(name: string, everyMs: number): Promise<{ instanceId: string; kill: () => void }> {
  if (onPostgres) {
    const { instanceId, child } = await childRunner({ JOB_NAME: name, JOB_EVERY_MS: String(everyMs), JOB_HANG: '1' });
    return { instanceId, kill: () => void child.kill('SIGKILL') };
  }
  // A process that died and one that lost its database look the same to the others: its lease is not renewed.
  let dead = false;
  const dying = new Proxy(db, {
    get(target, prop) {
      if (dead) throw new Error('进程已终止');
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const hang: JobDefinition<object> = {
    name,
    everyMs,
    leaseMs: LEASE_MS,
    maxAttempts: 3,
    firstRunInMs: 0,
    run: (_deps, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
  };
  const runner = inProcess([hang], {}, { db: dying });
  return { instanceId: runner.instanceId, kill: () => void (dead = true) };
}

describe('a job runs once across instances', () => {
  it('two runners trying one due job many times at once run it once, and once more for its next slot', async () => {
    const name = uniqueName('once');
    const calls: string[] = [];
    const job = (who: string): JobDefinition<object> => ({
      name,
      everyMs: 3600_000,
      leaseMs: LEASE_MS,
      maxAttempts: 3,
      firstRunInMs: 0,
      run: async () => {
        calls.push(who);
        await delay(30);
        return { who };
      },
    });
    const a = inProcess([job('a')], {}, { start: false });
    const b = inProcess([job('b')], {}, { start: false });
    const hammer = async () => {
      for (let i = 0; i < 15; i++) {
        await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
        // PGlite answers without leaving the microtask queue: let timers (the job's own, the lease's renewal) run between rounds.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all([a.idle(), b.idle()]);
    };
    await hammer();
    expect(calls).toHaveLength(1);
    let runs = await runsOf(name);
    expect(runs.map((r) => [r.status, r.attempt])).toEqual([['succeeded', 1]]);
    expect(runs[0]!.result).toEqual({ who: calls[0] });
    expect([a.instanceId, b.instanceId]).toContain(runs[0]!.instanceId);
    const next = await jobRow(name);
    expect(next.leaseOwner).toBeNull();
    expect(next.nextRunAt.getTime() - runs[0]!.finishedAt!.getTime()).toBe(3600_000);

    // Its next slot, brought forward: one more run, not two.
    await db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now()` })
      .where(eq(scheduledJobs.name, name));
    await hammer();
    expect(calls).toHaveLength(2);
    runs = await runsOf(name);
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('two instances ticking on their own never overlap a run and run it an interval apart', async () => {
    const name = uniqueName('interval');
    const everyMs = 150;
    const instances = onPostgres
      ? await Promise.all([0, 1].map(() => childRunner({ JOB_NAME: name, JOB_EVERY_MS: String(everyMs), JOB_WORK_MS: '40' })))
      : [0, 1].map(() =>
          inProcess(
            [
              {
                name,
                everyMs,
                leaseMs: LEASE_MS,
                maxAttempts: 3,
                firstRunInMs: 0,
                run: async () => void (await delay(40)),
              } as JobDefinition<object>,
            ],
            {},
          ),
        );
    await waitFor(async () => (await runsOf(name)).filter((r) => r.status === 'succeeded').length >= 5);
    const ids = instances.map((i) => i.instanceId);
    const runs = (await runsOf(name)).filter((r) => r.status !== 'running');
    expect(runs.every((r) => r.status === 'succeeded' && ids.includes(r.instanceId))).toBe(true);
    for (let i = 1; i < runs.length; i++) {
      // Database timestamps, to the microsecond; as Dates to the millisecond.
      expect(runs[i]!.startedAt.getTime() - runs[i - 1]!.finishedAt!.getTime()).toBeGreaterThanOrEqual(everyMs - 1);
    }
  });
});

describe('a run whose process died', () => {
  it('is marked abandoned once its lease expires and run again by another instance', async () => {
    const name = uniqueName('crash');
    const dying = await dyingInstance(name, 3600_000);
    await waitFor(async () => (await runsOf(name)).some((r) => r.status === 'running'));
    dying.kill();
    const startedAgain: number[] = [];
    const survivor = inProcess(
      [
        {
          name,
          everyMs: 3600_000,
          leaseMs: LEASE_MS,
          maxAttempts: 3,
          firstRunInMs: 0,
          run: async () => void startedAgain.push(Date.now()),
        } as JobDefinition<object>,
      ],
      {},
    );
    await waitFor(async () => (await runsOf(name)).some((r) => r.status === 'succeeded'));
    const runs = await runsOf(name);
    expect(runs.map((r) => [r.instanceId, r.attempt, r.status])).toEqual([
      [dying.instanceId, 1, 'abandoned'],
      [survivor.instanceId, 2, 'succeeded'],
    ]);
    expect(runs[0]!.error).toContain('租约过期');
    expect(startedAgain).toHaveLength(1);
    // The dead run's lease was held to its end: not taken over early.
    expect(runs[1]!.startedAt.getTime() - runs[0]!.startedAt.getTime()).toBeGreaterThanOrEqual(LEASE_MS - 1);
    expect(await jobRow(name)).toMatchObject({ leaseOwner: null, runId: null, attempt: 0 });
  });

  it('a pending reservation it left is refunded by the surviving instance’s sweep', async () => {
    // Only the instances below run the sweep: the server's own runner does not look again for a minute.
    const me = await login(server.url);
    const userId = me.user.id as string;
    const before = (await client(server.url).get('/user/info', me.accessToken)).body.data.total_points as number;
    const reservation = await reserve(db, { userId, source: 'ai_check', cents: 500, key: `jobs-${randomInt(0, 1e9)}` });
    // Left by the dead process a while ago (STALE_RESERVATION_MS is 15 minutes).
    await db
      .update(pointsLedger)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(pointsLedger.id, reservation.id));
    await db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now()` })
      .where(eq(scheduledJobs.name, SWEEP));

    // The instance holding the sweep dies in the middle of it.
    const sweep = JOBS.find((j) => j.name === SWEEP)!;
    const dying = await dyingInstance(SWEEP, sweep.everyMs);
    await waitFor(async () => (await runsOf(SWEEP)).some((r) => r.status === 'running' && r.instanceId === dying.instanceId));
    dying.kill();

    const survivor = inProcess([...JOBS], {
      db,
      events: server.events,
      logger: silent,
      gateways: createGateways(server.config),
    });
    await waitFor(async () => {
      const [row] = await db.select({ status: pointsLedger.status }).from(pointsLedger).where(eq(pointsLedger.id, reservation.id));
      return row!.status === 'failed';
    });
    await survivor.idle();
    const runs = await runsOf(SWEEP);
    expect(runs.slice(-2).map((r) => [r.instanceId, r.status])).toEqual([
      [dying.instanceId, 'abandoned'],
      [survivor.instanceId, 'succeeded'],
    ]);
    expect(runs.at(-1)!.result).toEqual({ refunded: 1 });
    expect((await client(server.url).get('/user/info', me.accessToken)).body.data.total_points).toBe(before);
  });
});

describe('failures and shutdown', () => {
  it('a failing job is retried with backoff, each attempt recorded with its error, then waits for its next slot', async () => {
    const name = uniqueName('fails');
    const warnings: string[] = [];
    const logger = { ...silent, warn: (msg: string) => void warnings.push(msg), error: (msg: string) => void warnings.push(msg) };
    inProcess(
      [
        {
          name,
          everyMs: 3600_000,
          leaseMs: LEASE_MS,
          maxAttempts: 3,
          firstRunInMs: 0,
          run: async () => {
            throw new Error('支付网关超时');
          },
        } as JobDefinition<object>,
      ],
      {},
      { logger },
    );
    await waitFor(async () => (await runsOf(name)).filter((r) => r.status === 'failed').length === 3);
    const runs = await runsOf(name);
    expect(runs.map((r) => [r.attempt, r.status, r.error])).toEqual([
      [1, 'failed', '支付网关超时'],
      [2, 'failed', '支付网关超时'],
      [3, 'failed', '支付网关超时'],
    ]);
    // 40 ms after the first failure, 80 ms after the second (retryBaseMs doubled).
    expect(runs[1]!.startedAt.getTime() - runs[0]!.finishedAt!.getTime()).toBeGreaterThanOrEqual(39);
    expect(runs[2]!.startedAt.getTime() - runs[1]!.finishedAt!.getTime()).toBeGreaterThanOrEqual(79);
    const row = await jobRow(name);
    expect(row).toMatchObject({ attempt: 0, lastError: '支付网关超时', leaseOwner: null });
    expect(row.nextRunAt.getTime() - runs[2]!.finishedAt!.getTime()).toBe(3600_000);
    expect(warnings).toEqual(['jobs.run_failed', 'jobs.run_failed', 'jobs.run_gave_up']);
  });

  it('a shutdown lets a running job finish within the drain time, and hands back one that does not', async () => {
    const quick = uniqueName('drain-quick');
    const slow = uniqueName('drain-slow');
    let quickStarted = false;
    const runner = inProcess(
      [
        {
          name: quick,
          everyMs: 3600_000,
          leaseMs: LEASE_MS,
          maxAttempts: 3,
          firstRunInMs: 0,
          run: async () => {
            quickStarted = true;
            await delay(100);
            return { done: true };
          },
        },
        {
          name: slow,
          everyMs: 3600_000,
          leaseMs: LEASE_MS,
          maxAttempts: 3,
          firstRunInMs: 0,
          run: (_deps, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
        },
      ] as JobDefinition<object>[],
      {},
    );
    await waitFor(async () => quickStarted && (await runsOf(slow)).length === 1);
    await runner.stop(300);
    expect((await runsOf(quick)).map((r) => [r.status, r.result])).toEqual([['succeeded', { done: true }]]);
    const [slowRun] = await runsOf(slow);
    expect(slowRun).toMatchObject({ status: 'abandoned', instanceId: runner.instanceId });
    expect(slowRun!.error).toContain('进程关闭');
    // Handed back: due at once for any other instance, its attempt counted.
    const row = await jobRow(slow);
    expect(row).toMatchObject({ leaseOwner: null, runId: null, attempt: 1 });
    expect(row.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });
});

describe('the daily ledger check', () => {
  it('logs a drift as an error and keeps it in the run’s result', async () => {
    const me = await login(server.url);
    const userId = me.user.id as string;
    // A balance changed without its ledger row (what the check exists to find).
    await db
      .update(users)
      .set({ pointsCents: sql`${users.pointsCents} + 700` })
      .where(eq(users.id, userId));
    const errors: { msg: string; fields?: Record<string, unknown> }[] = [];
    const logger = { ...silent, error: (msg: string, fields?: Record<string, unknown>) => void errors.push({ msg, fields }) };
    const check = JOBS.find((j) => j.name === 'points.ledger_check')!;
    await db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now()` })
      .where(eq(scheduledJobs.name, check.name));
    const runner = inProcess([check], { db, events: server.events, logger, gateways: createGateways(server.config) }, { logger });
    await waitFor(async () => (await runsOf(check.name)).some((r) => r.instanceId === runner.instanceId && r.status === 'succeeded'));
    const [run] = await db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.jobName, check.name), eq(jobRuns.instanceId, runner.instanceId)));
    expect(run!.result).toMatchObject({ mismatches: 1, users: [{ userId, ledgerCents: expect.any(Number) }] });
    expect(errors.map((e) => e.msg)).toEqual(['points.ledger_drift']);
    // Put right, so the database's own ledger check passes again.
    await db
      .update(users)
      .set({ pointsCents: sql`${users.pointsCents} - 700` })
      .where(eq(users.id, userId));
  });
});
