import { sql } from 'drizzle-orm';
import type { RequestHandler } from 'express';
import { migrationState } from '../../db/client';
import { healthProbes } from '../../db/schema';
import type { Logger } from '../logger';
import type { ApiDeps } from './kit';

/**
 * /healthz also proves that writes succeed, at most once per WRITE_PROBE_INTERVAL_MS (probes
 * come every few seconds from each balancer); a failure is not remembered, so recovery shows at once.
 */
const WRITE_PROBE_INTERVAL_MS = 5_000;
function writeHealthProbe(name: string, db: () => ApiDeps['db'] | null, logger: Logger) {
  let lastSuccess = 0;
  let inFlight: Promise<{ ok: boolean }> | null = null;
  return () => {
    if (Date.now() - lastSuccess < WRITE_PROBE_INTERVAL_MS) return Promise.resolve({ ok: true });
    const handle = db();
    if (!handle) return Promise.resolve({ ok: false });
    return (inFlight ??= handle
      .insert(healthProbes)
      .values({ name, checkedAt: new Date() })
      .onConflictDoUpdate({ target: healthProbes.name, set: { checkedAt: new Date() } })
      .then(
        () => ((lastSuccess = Date.now()), { ok: true }),
        (err: unknown) => (logger.warn('healthz.write_failed', { err }), { ok: false }),
      )
      .finally(() => (inFlight = null)));
  };
}

/**
 * GET /healthz: 200 only when the database reads and writes; 503 while starting, draining, or
 * when either fails. `instanceId` names this process's row in health_probes.
 */
export function healthz(options: {
  instanceId: string;
  logger: Logger;
  db: () => ApiDeps['db'] | null;
  draining: () => boolean;
}): RequestHandler {
  const writeHealth = writeHealthProbe(options.instanceId, options.db, options.logger);
  return (_req, res) => {
    if (options.draining()) return void res.status(503).json({ status: 'draining', database: 'closing' });
    const db = options.db();
    if (!db) return void res.status(503).json({ status: 'starting', database: 'not ready' });
    db.execute(sql`select 1`)
      .then(
        () => writeHealth(),
        () => null,
      )
      .then((writes) => {
        if (writes === null) return void res.status(503).json({ status: 'unavailable', database: 'unreachable' });
        if (writes.ok) return void res.json({ status: 'ok', database: 'ready', writes: 'ok' });
        // Reads work but writes fail (a full disk, a read-only replica): not fit for traffic.
        res.status(503).json({ status: 'degraded', database: 'ready', writes: 'failing' });
      });
  };
}

/** How long /readyz waits for the database before answering 503: a balancer's probe times out at a few seconds. */
const READY_TIMEOUT_MS = 2_000;

/**
 * GET /readyz, for the balancer: 200 when this process should get traffic: the database answers
 * within READY_TIMEOUT_MS and has every migration this code ships (db/client.ts migrationState;
 * a database a newer release has already migrated is ready, so a rolling deploy keeps the old
 * instances in service). 503 with a short reason while starting, draining after SIGTERM, when the
 * database is unreachable or slow, or when migrations are behind. One small read, no writes, no auth.
 */
export function readyz(options: { logger: Logger; db: () => ApiDeps['db'] | null; draining: () => boolean }): RequestHandler {
  return (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (options.draining()) return void res.status(503).json({ status: 'draining' });
    const db = options.db();
    if (!db) return void res.status(503).json({ status: 'starting' });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS)));
    Promise.race([migrationState(db), timeout])
      .then(
        (state) => {
          if (state === 'timeout') return void res.status(503).json({ status: 'unavailable', database: 'timeout' });
          if (options.draining()) return void res.status(503).json({ status: 'draining' });
          const migrations = { state: state.state, applied: state.applied, shipped: state.shipped };
          if (state.state === 'behind') return void res.status(503).json({ status: 'migrations_pending', migrations });
          res.json({ status: 'ready', database: 'ready', migrations });
        },
        (err: unknown) => {
          options.logger.warn('readyz.database_failed', { err });
          res.status(503).json({ status: 'unavailable', database: 'unreachable' });
        },
      )
      .finally(() => clearTimeout(timer));
  };
}
