import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { operationCounts } from '../domain/ai/operations';
import { jobRunCounts } from '../domain/job-runs';
import { orderCounts } from '../domain/payments/orders';
import type { Logger } from '../logger';
import {
  aiOperations,
  aiQueueDepth,
  collectProcessMetrics,
  httpDuration,
  httpRequests,
  jobRuns,
  paymentOrders,
  realtimeSockets,
  registry,
  scrapeFailures,
} from '../metrics';
import type { RealtimeHub } from '../realtime/hub';
import type { ApiDeps } from './kit';

/** What a scrape-time collector reads: this process's database (null while starting) and socket hub. */
export type ScrapeContext = { db: ApiDeps['db'] | null; realtime: Pick<RealtimeHub, 'stats'> };
export type ScrapeCollector = { name: string; collect: (context: ScrapeContext) => Promise<void> | void };

/**
 * The gauges set at each scrape, in order (ADR 0056). A collector that needs the database is
 * skipped while the database is not open yet.
 */
export const SCRAPE_COLLECTORS: ScrapeCollector[] = [
  {
    name: 'realtime',
    collect: ({ realtime }) => {
      const { connections, anonymous } = realtime.stats();
      realtimeSockets.set({ auth: 'signed_in' }, connections - anonymous);
      realtimeSockets.set({ auth: 'anonymous' }, anonymous);
    },
  },
  {
    name: 'ai_operations',
    collect: async ({ db }) => {
      if (!db) return;
      const { queueDepth, byStatus } = await operationCounts(db);
      aiQueueDepth.set(queueDepth);
      for (const [status, n] of Object.entries(byStatus)) aiOperations.set({ status }, n);
    },
  },
  {
    name: 'payment_orders',
    collect: async ({ db }) => {
      if (!db) return;
      for (const [status, n] of Object.entries(await orderCounts(db))) paymentOrders.set({ status }, n);
    },
  },
  {
    name: 'job_runs',
    collect: async ({ db }) => {
      if (!db) return;
      // Reset first: a job with no run in the window reads 0, not its last figure.
      jobRuns.reset();
      for (const { job, status, n } of await jobRunCounts(db)) jobRuns.set({ job, status }, n);
    },
  },
];

/** How long one collector may take before the scrape answers without it (its gauges keep their last value). */
const COLLECTOR_TIMEOUT_MS = 2_000;

/**
 * The route label of a request: Express's matched pattern (`/api/v1/works/:id`), `web` for what
 * the Remix handler and the static files answered (mountWeb marks those), `unmatched` for the
 * rest (an unknown /api path, a 404). Never the raw path, so the label's values are bounded.
 */
function routeOf(req: Request, res: Response): string {
  if (req.route?.path && typeof req.route.path === 'string') return `${req.baseUrl}${req.route.path}`;
  if (typeof res.locals.metricsRoute === 'string') return res.locals.metricsRoute;
  return 'unmatched';
}

/** Counts and times every HTTP request when its answer ends (one whose connection dropped first: status `aborted`). */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    let done = false;
    const record = (status: string) => {
      if (done) return;
      done = true;
      const labels = { method: req.method, route: routeOf(req, res), status };
      httpRequests.inc(labels);
      httpDuration.observe(labels, (performance.now() - started) / 1000);
    };
    res.once('finish', () => record(String(res.statusCode)));
    res.once('close', () => record('aborted'));
    next();
  };
}

/** Marks a request as answered by the web app (pages or static files) for the route label. */
export const webRoute =
  (label: 'web' | 'static'): RequestHandler =>
  (_req, res, next) => {
    res.locals.metricsRoute = label;
    next();
  };

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics in Prometheus text format. Off (404) without METRICS_TOKEN; with it, only a request
 * carrying `Authorization: Bearer {METRICS_TOKEN}` is answered (compared in constant time), 401
 * otherwise. The collectors run side by side, each bounded by COLLECTOR_TIMEOUT_MS.
 */
export function metricsEndpoint(options: {
  token: string | undefined;
  logger: Logger;
  db: () => ApiDeps['db'] | null;
  realtime: Pick<RealtimeHub, 'stats'>;
}): RequestHandler {
  if (options.token) collectProcessMetrics();
  const expected = options.token ? digest(options.token) : null;
  return (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!expected) return void res.status(404).type('text/plain; charset=utf-8').send('未启用指标接口（未设置 METRICS_TOKEN）');
    const presented = /^Bearer\s+(.+)$/i.exec(req.get('authorization') ?? '')?.[1]?.trim() ?? '';
    if (!timingSafeEqual(digest(presented), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return void res.status(401).type('text/plain; charset=utf-8').send('需要有效的指标访问令牌（Authorization: Bearer …）');
    }
    const context: ScrapeContext = { db: options.db(), realtime: options.realtime };
    Promise.all(SCRAPE_COLLECTORS.map((collector) => runCollector(collector, context, options.logger)))
      .then(() => registry.metrics())
      .then(
        // Exactly Prometheus's content type (res.send would add a charset in the middle).
        (text) => res.setHeader('Content-Type', registry.contentType).end(text),
        (err: unknown) => {
          options.logger.error('metrics.scrape_failed', { err });
          res.status(500).type('text/plain; charset=utf-8').send('指标生成失败');
        },
      );
  };
}

async function runCollector(collector: ScrapeCollector, context: ScrapeContext, logger: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`超过 ${COLLECTOR_TIMEOUT_MS} ms`)), COLLECTOR_TIMEOUT_MS);
  });
  try {
    await Promise.race([Promise.resolve().then(() => collector.collect(context)), timeout]);
  } catch (err) {
    scrapeFailures.inc({ collector: collector.name });
    logger.warn('metrics.collector_failed', { collector: collector.name, err });
  } finally {
    clearTimeout(timer);
  }
}
