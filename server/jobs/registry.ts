import { lt } from 'drizzle-orm';
import { analyzeStaleTables } from '../../db/client';
import { healthProbes, jobRuns } from '../../db/schema';
import { purgeDueAccountDeletions } from '../domain/account/deletion';
import { pruneCaptchaChallenges } from '../domain/auth/captcha';
import { pruneSocketTickets } from '../domain/auth/socket-tickets';
import { pruneRefreshGrace } from '../domain/auth/tokens';
import { pruneReductionSegments } from '../domain/ai/reduction';
import { pruneUnverifiedNotifications } from '../domain/payments/notifications';
import { expireOverdueOrders } from '../domain/payments/orders';
import { reconcilePendingOrders } from '../domain/payments/reconcile';
import { ledgerMismatches } from '../domain/points/ledger';
import { sweepStaleReservations } from '../domain/points/spending';
import { pruneRateLimitHits } from '../domain/rate-limit';
import { pruneWechatScenes } from '../domain/wechat/scenes';
import { pruneAnalyticsEvents } from '../domain/analytics/events';
import type { ApiDeps } from '../http/kit';
import type { Gateways } from '../integrations/payments';
import type { Logger } from '../logger';
import type { EventBus } from '../realtime/bus';
import type { JobDefinition } from './runner';

export type JobDeps = { db: ApiDeps['db']; events: EventBus; logger: Logger; gateways: Gateways };
export type Job = JobDefinition<JobDeps>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long job_runs keeps a run. */
export const JOB_RUNS_RETENTION_MS = 30 * DAY;
/** Users named in a drifted ledger check's result and log line (the CLI lists them all). */
const DRIFT_USERS_SHOWN = 20;

/**
 * Every periodic job, run once per slot across all instances (server/jobs/runner.ts, ADR 0054).
 * Adding one is one entry here; its scheduled_jobs row is written at the next start. Intervals
 * count from the end of a run; the lease is how soon another instance takes over a run whose
 * process died.
 */
export const JOBS: readonly Job[] = [
  {
    // Expired rows of short-lived tables (rate limits, tickets, challenges…), day-old health probes
    // and month-old job runs.
    name: 'database.prune',
    everyMs: HOUR,
    leaseMs: MINUTE,
    maxAttempts: 3,
    run: async ({ db }) => {
      await Promise.all([
        pruneRateLimitHits(db),
        pruneSocketTickets(db),
        pruneRefreshGrace(db),
        pruneCaptchaChallenges(db),
        pruneReductionSegments(db),
        pruneUnverifiedNotifications(db),
        pruneWechatScenes(db),
        pruneAnalyticsEvents(db),
        db.delete(healthProbes).where(lt(healthProbes.checkedAt, new Date(Date.now() - DAY))),
      ]);
      const runs = await db
        .delete(jobRuns)
        .where(lt(jobRuns.startedAt, new Date(Date.now() - JOB_RUNS_RETENTION_MS)))
        .returning({ id: jobRuns.id });
      return { jobRunsPruned: runs.length };
    },
  },
  {
    // Planner statistics of tables whose size moved by a tenth (ADR 0066): embedded PGlite has no
    // autovacuum to gather them; on PostgreSQL autovacuum normally leaves nothing to do.
    name: 'database.analyze',
    everyMs: 10 * MINUTE,
    leaseMs: 5 * MINUTE,
    maxAttempts: 3,
    run: async ({ db }) => ({ analyzed: await analyzeStaleTables(db) }),
  },
  {
    // Reservations a crashed process left pending are refunded: nobody pays for work that died.
    name: 'points.sweep_stale_reservations',
    everyMs: 5 * MINUTE,
    leaseMs: MINUTE,
    maxAttempts: 3,
    run: async ({ db, logger }) => {
      const refunded = await sweepStaleReservations(db);
      if (refunded > 0) logger.warn('points.stale_reservations_refunded', { refunded });
      return { refunded };
    },
  },
  {
    // Unpaid orders past their time expire (their pages hear of it); a late payment still credits.
    name: 'payments.expire_orders',
    everyMs: MINUTE,
    leaseMs: MINUTE,
    maxAttempts: 3,
    run: async ({ db, events }) => ({ expired: await expireOverdueOrders(db, events) }),
  },
  {
    // Every balance against the sum of its ledger rows (`npm run ledger:check`'s query). A drift is
    // a finding, not a failure to retry: logged as an error and kept in the run's result.
    name: 'points.ledger_check',
    everyMs: DAY,
    leaseMs: 5 * MINUTE,
    maxAttempts: 3,
    run: async ({ db, logger }) => {
      const mismatches = await ledgerMismatches(db);
      const users = mismatches.slice(0, DRIFT_USERS_SHOWN).map((m) => ({
        userId: m.userId,
        balanceCents: m.balanceCents,
        ledgerCents: m.ledgerCents,
      }));
      if (mismatches.length > 0) logger.error('points.ledger_drift', { mismatches: mismatches.length, users });
      return { mismatches: mismatches.length, users };
    },
  },
  {
    // Orders still pending (or expired in the last 48 h) that the gateway reports paid are credited
    // through the notification path (`npm run admin -- reconcile`'s code), so a lost notification
    // costs a user a day at most. An order the gateway could not answer for fails the run: retried.
    name: 'payments.reconcile',
    everyMs: DAY,
    leaseMs: 5 * MINUTE,
    maxAttempts: 3,
    run: async ({ db, events, logger, gateways }) => {
      const report = await reconcilePendingOrders({ db, events, logger }, gateways, 48);
      if (report.credited.length > 0) logger.warn('payments.reconciled', { credited: report.credited });
      if (report.failed.length > 0) {
        throw new Error(`${report.failed.length} 个订单未能核对：${report.failed.map((f) => `${f.orderNo}（${f.error}）`).join('；')}`);
      }
      return { checked: report.checked, credited: report.credited };
    },
  },
  {
    // Accounts past their deletion grace period (ADR 0055): 50 a run, each in its own transaction;
    // one still running AI work is postponed to the next hour.
    name: 'accounts.deletion_purge',
    everyMs: HOUR,
    leaseMs: 5 * MINUTE,
    maxAttempts: 3,
    run: async ({ db }) => {
      const outcome = await purgeDueAccountDeletions(db, new Date());
      return { purged: outcome.purged.length, postponed: outcome.postponed.length };
    },
  },
];
