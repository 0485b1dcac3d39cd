import { lt } from 'drizzle-orm';
import { healthProbes } from '../db/schema';
import { pruneCaptchaChallenges } from './domain/auth/captcha';
import { pruneSocketTickets } from './domain/auth/socket-tickets';
import { pruneRefreshGrace } from './domain/auth/tokens';
import type { AiEngine } from './domain/ai/engine';
import { pruneReductionSegments } from './domain/ai/reduction';
import { pruneUnverifiedNotifications } from './domain/payments/notifications';
import { expireOverdueOrders } from './domain/payments/orders';
import { sweepStaleReservations } from './domain/points/spending';
import { pruneRateLimitHits } from './domain/rate-limit';
import { pruneWechatScenes } from './domain/wechat/scenes';
import type { ApiDeps } from './http/kit';
import type { Logger } from './logger';
import type { EventBus } from './realtime/bus';

/** How often a process looks for operations whose owner stopped beating (STALE_MS is 30 s). */
const RECOVER_EVERY_MS = 5_000;
const PRUNE_EVERY_MS = 3600_000;
const SWEEP_EVERY_MS = 5 * 60_000;
const EXPIRE_EVERY_MS = 60_000;

type JobDeps = { db: ApiDeps['db']; ai: Pick<AiEngine, 'recover'>; events: EventBus; logger: Logger };

/** Expired rows of short-lived tables (rate limits, tickets, challenges…) and day-old health probes. */
function prune({ db }: JobDeps) {
  return Promise.all([
    pruneRateLimitHits(db),
    pruneSocketTickets(db),
    pruneRefreshGrace(db),
    pruneCaptchaChallenges(db),
    pruneReductionSegments(db),
    pruneUnverifiedNotifications(db),
    pruneWechatScenes(db),
    db.delete(healthProbes).where(lt(healthProbes.checkedAt, new Date(Date.now() - 24 * 3600_000))),
  ]);
}

/**
 * The periodic work every server process does, started once its database is open. Each job
 * logs its own failures and runs again at its next tick; the timers never keep the process alive.
 * Returns `stop`, which a shutdown calls first.
 */
export function startJobs(deps: JobDeps): { stop: () => void } {
  const { db, ai, events, logger } = deps;
  // Reservations a crashed process left pending are refunded: nobody pays for work that died.
  const sweep = () =>
    sweepStaleReservations(db).then(
      (refunded) => refunded > 0 && logger.warn('points.stale_reservations_refunded', { refunded }),
      (err) => logger.warn('points.sweep_failed', { err }),
    );
  // Operations a crashed process left (their heartbeat stopped) are failed and refunded within
  // seconds, on whichever process looks first: nobody waits for another user's request.
  const recover = () =>
    ai.recover().then(
      (failed) => failed > 0 && logger.warn('ai.stale_operations_recovered', { failed }),
      (err) => logger.warn('ai.recover_failed', { err }),
    );
  void sweep();
  void recover();
  const timers = [
    setInterval(() => void prune(deps).catch((err) => logger.warn('database.prune_failed', { err })), PRUNE_EVERY_MS),
    setInterval(() => void sweep(), SWEEP_EVERY_MS),
    setInterval(() => void recover(), RECOVER_EVERY_MS),
    // Unpaid orders past their time expire (their pages hear of it); a late payment still credits.
    setInterval(() => void expireOverdueOrders(db, events).catch((err) => logger.warn('payments.expire_failed', { err })), EXPIRE_EVERY_MS),
  ];
  for (const timer of timers) timer.unref();
  return { stop: () => timers.forEach(clearInterval) };
}
