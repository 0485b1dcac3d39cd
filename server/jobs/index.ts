import type { AppConfig } from '../config';
import type { AiEngine } from '../domain/ai/engine';
import { JOBS, type JobDeps } from './registry';
import { createJobRunner } from './runner';

export { JOBS, type Job, type JobDeps } from './registry';
export { createJobRunner, newInstanceId, type JobDefinition, type JobRunner } from './runner';

/** How often a process looks for operations whose owner stopped beating (STALE_MS is 30 s). */
const RECOVER_EVERY_MS = 5_000;

/**
 * The background work of one server process, started once its database is open: the shared jobs
 * through the runner (each runs once per slot across instances, ADR 0054), and the AI engine's
 * recovery check, which stays a per-process timer (it is one conditional update, safe on every
 * instance at once, and must notice a dead process within seconds). `stop` stops claiming and
 * drains (server/lifecycle.ts calls it first on shutdown and waits for it before closing the database).
 */
export function startJobs(
  deps: JobDeps & {
    instanceId: string;
    ai: Pick<AiEngine, 'recover'>;
    config: Pick<AppConfig, 'JOBS_TICK_MS' | 'JOBS_LEASE_MS' | 'JOBS_RETRY_BASE_MS'>;
  },
): { instanceId: string; stop: (drainMs: number) => Promise<void> } {
  const { ai, config, logger, instanceId, ...jobDeps } = deps;
  const runner = createJobRunner({
    db: deps.db,
    jobs: JOBS,
    deps: { ...jobDeps, logger },
    logger,
    instanceId,
    tickMs: config.JOBS_TICK_MS,
    leaseMs: config.JOBS_LEASE_MS,
    retryBaseMs: config.JOBS_RETRY_BASE_MS,
  });
  runner.start();
  // Operations a crashed process left (their heartbeat stopped) are failed and refunded within
  // seconds, on whichever process looks first: nobody waits for another user's request.
  const recover = () =>
    ai.recover().then(
      (failed) => failed > 0 && logger.warn('ai.stale_operations_recovered', { failed }),
      (err) => logger.warn('ai.recover_failed', { err }),
    );
  void recover();
  const recovering = setInterval(() => void recover(), RECOVER_EVERY_MS);
  recovering.unref();
  return {
    instanceId: runner.instanceId,
    stop: (drainMs) => {
      clearInterval(recovering);
      return runner.stop(drainMs);
    },
  };
}
