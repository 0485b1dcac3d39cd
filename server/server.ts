import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { analyzeStaleTables, type DatabaseHandle } from '../db/client';
import type { AppConfig } from './config';
import { authenticateSocketToken } from './domain/auth/socket-tickets';
import { createAiEngine } from './domain/ai/engine';
import { orderOwner } from './domain/payments/orders';
import { sceneStatus } from './domain/wechat/scenes';
import { healthz, readyz } from './http/healthz';
import { metricsEndpoint } from './http/metrics';
import type { ApiDeps } from './http/kit';
import { createSmsSender, type SmsSender } from './integrations/sms';
import { loadFactDictionary } from './domain/ai/fact-dictionary';
import { loadCatalogue } from './domain/school-match/catalogue';
import { createGateways } from './integrations/payments';
import { newInstanceId, startJobs } from './jobs';
import { drainState, listen, openBackends, shutdown } from './lifecycle';
import type { Logger } from './logger';
import { apiRouter, mountFront, mountWeb, type WebFactory } from './mounts';
import type { EventBus } from './realtime/bus';
import { attachRealtime, type RealtimeHub } from './realtime/hub';

export type RunningServer = {
  url: string;
  port: number;
  database: DatabaseHandle;
  realtime: RealtimeHub;
  events: EventBus;
  /** Names this process (hostname, pid, a random part): its row in health_probes, its log lines, its job runs. */
  instanceId: string;
  /** Stop accepting, let in-flight requests finish, close sockets and the database. */
  close: () => Promise<void>;
};

export type ServerOptions = {
  config: AppConfig;
  logger: Logger;
  /** The Remix request handler; absent in API-only tests. */
  web?: WebFactory;
  sms?: SmsSender;
  /** Smaller /ws limits for tests (server/realtime/limits.ts); production uses the defaults. */
  realtimeLimits?: Parameters<typeof attachRealtime>[1]['limits'];
  /** Tests: an in-memory database starts from this migrated copy (db/client.ts createPgliteTemplate). */
  pgliteTemplate?: Blob;
};

/**
 * One process's server: it listens at once (answering "starting"), opens the database and the
 * event bus, mounts the API and the pages (server/mounts.ts), starts the periodic jobs
 * (server/jobs/) and returns a graceful `close` (server/lifecycle.ts).
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { config, logger } = options;
  let deps: ApiDeps | null = null;
  let api: RequestHandler | null = null;
  const drain = drainState();
  // One name per process: its health probe row, its log lines, and its job runs and leases.
  const instanceId = newInstanceId();

  const app = express();
  const health = healthz({ instanceId, logger, db: () => deps?.db ?? null, draining: drain.isDraining });
  const ready = readyz({ logger, db: () => deps?.db ?? null, draining: drain.isDraining });

  const server = http.createServer(app);
  // Idle keep-alive sockets stay open longer than a client or proxy would wait before reusing
  // one (load balancers idle out at 60 s): otherwise the server may close a socket just as the
  // peer sends on it, and that request is reset. headersTimeout must exceed it.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const realtime = attachRealtime(server, {
    logger,
    authenticate: (token) => (deps ? authenticateSocketToken({ db: deps.db, secret: deps.config.jwtSecret }, token) : null),
    trustProxy: config.trustProxy,
    limits: { maxConnections: config.REALTIME_MAX_CONNECTIONS, ...options.realtimeLimits },
    orderOwner: (orderNo) => (deps ? orderOwner(deps.db, orderNo) : Promise.resolve(null)),
    sceneStatus: (sceneStr) => (deps ? sceneStatus(deps.db, sceneStr) : Promise.resolve('expired' as const)),
  });
  const metrics = metricsEndpoint({ token: config.METRICS_TOKEN, logger, db: () => deps?.db ?? null, realtime });
  mountFront(app, { config, logger, drain, healthz: health, readyz: ready, metrics, api: () => api });
  // The fact check's dictionary is parsed here, before any request, never during one (ADR 0042).
  await loadFactDictionary();
  await listen(server, config);
  const port = (server.address() as AddressInfo).port;
  const apiUrl = config.API_URL ?? `http://127.0.0.1:${port}`;

  const { database, events } = await openBackends({ config, logger, server, realtime, pgliteTemplate: options.pgliteTemplate });
  realtime.attachBus(events);
  // The 选校 catalogue, before the API is mounted (it answers "starting" meanwhile): a current
  // database costs one read; the first start, or a newer shipped version, loads it (ADR 0050).
  const catalogue = await loadCatalogue(database.db).catch(async (error: unknown) => {
    realtime.close();
    await new Promise((resolve) => server.close(resolve));
    await events.close();
    await database.close();
    throw error;
  });
  if (catalogue.loaded)
    logger.info('school_match.catalogue_loaded', { version: catalogue.version, rows: catalogue.rows, ms: Math.round(catalogue.ms) });
  // Planner statistics for what changed while no server ran (PGlite gathers none by itself, ADR 0066).
  const analyzing = performance.now();
  await analyzeStaleTables(database.db).then(
    (tables) => tables.length > 0 && logger.info('database.analyzed', { tables, ms: Math.round(performance.now() - analyzing) }),
    (err: unknown) => logger.warn('database.analyze_failed', { err }),
  );

  // The language model is created once: every paid operation shares its queue and limits (ADR 0035).
  const ai = createAiEngine({ db: database.db, config, logger, events });
  deps = { config, db: database.db, logger, sms: options.sms ?? createSmsSender(config, logger), events, ai };
  // Built once: the payment routes and the reconciliation job share them.
  const gateways = createGateways(config);
  api = apiRouter(deps, { apiUrl, events, gateways });
  mountWeb(app, { config, logger, drain, apiUrl, events, web: options.web });

  const jobs = startJobs({ db: database.db, ai, events, logger, gateways, config, instanceId });
  const close = shutdown({ server, drain, realtime, events, database, stopJobs: jobs.stop });

  logger.info('server.started', {
    url: `http://localhost:${port}`,
    instanceId,
    database: database.kind,
    apiUrl,
    devSms: config.devSmsEnabled,
    smsProvider: config.SMS_PROVIDER,
  });
  return { url: `http://127.0.0.1:${port}`, port, database, realtime, events, instanceId, close };
}
