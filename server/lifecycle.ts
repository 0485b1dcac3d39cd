import type http from 'node:http';
import net from 'node:net';
import type { RequestHandler } from 'express';
import { openDatabase, type DatabaseHandle } from '../db/client';
import type { AppConfig } from './config';
import { trackConnections } from './http/drain';
import type { Logger } from './logger';
import { startEventBus, type EventBus } from './realtime/bus';
import type { RealtimeHub } from './realtime/hub';

/** How long a shutdown keeps an idle keep-alive connection open for a request already on its way (see shutdown()). */
const SHUTDOWN_KEEP_ALIVE_GRACE_MS = 1_000;
/** When a shutdown stops waiting for answers in flight (before scripts' 15 s forced exit). */
const SHUTDOWN_DEADLINE_MS = 13_000;
/** How long a shutdown waits for pages in flight before closing the listener they call /api/v1 on. */
const PAGES_DEADLINE_MS = 10_000;
/** How long a shutdown lets a running background job finish before aborting it and handing it back (ADR 0054). */
const JOBS_DRAIN_MS = 8_000;

/**
 * Set on shutdown: new page requests get 503, in-flight ones finish (their API calls included),
 * and every response ends its connection.
 */
export function drainState() {
  let draining = false;
  let pagesInFlight = 0;
  return {
    isDraining: () => draining,
    pagesInFlight: () => pagesInFlight,
    start: () => void (draining = true),
    /**
     * Keep-alive clients learn from the response itself not to send another request on a socket
     * that is about to close.
     */
    connectionClose: ((_req, res, next) => {
      if (draining) res.setHeader('Connection', 'close');
      next();
    }) as RequestHandler,
    /** In front of the web handler: refuses new pages while draining, counts the ones in flight. */
    pageGate: ((_req, res, next) => {
      if (draining) {
        res.setHeader('Connection', 'close');
        return void res.status(503).type('text/plain; charset=utf-8').send('服务正在重启，请稍后刷新页面');
      }
      pagesInFlight++;
      let counted = true;
      const done = () => {
        if (counted) pagesInFlight--;
        counted = false;
      };
      res.on('finish', done);
      res.on('close', done);
      next();
    }) as RequestHandler,
  };
}
export type DrainState = ReturnType<typeof drainState>;

export function listen(server: http.Server, config: Pick<AppConfig, 'PORT' | 'HOST'>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
}

/**
 * The database and the event bus, opened after the listener (so /healthz answers "starting"
 * meanwhile). If either fails, what was opened is closed again, the listener included.
 */
export async function openBackends(options: {
  config: AppConfig;
  logger: Logger;
  server: http.Server;
  realtime: RealtimeHub;
  pgliteTemplate?: Blob;
}): Promise<{ database: DatabaseHandle; events: EventBus }> {
  const { config, logger, server, realtime } = options;
  const closeListener = async () => {
    realtime.close();
    await new Promise((resolve) => server.close(resolve));
  };
  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      pgliteTemplate: options.pgliteTemplate,
      onIdleError: (err) => logger.warn('database.idle_client_error', { err }),
    });
  } catch (error) {
    await closeListener();
    throw error;
  }
  try {
    return { database, events: await startEventBus(database, logger) };
  } catch (error) {
    await closeListener();
    await database.close();
    throw error;
  }
}

/**
 * The graceful shutdown, once however often it is called: jobs stop claiming, pages in flight finish,
 * then the listener closes without resetting a request, running jobs end (or are handed back),
 * then the bus and the database close.
 */
export function shutdown(options: {
  server: http.Server;
  drain: DrainState;
  realtime: RealtimeHub;
  events: EventBus;
  database: DatabaseHandle;
  /** Stops claiming jobs at once; settles once running ones finished or were handed back. */
  stopJobs: (drainMs: number) => Promise<void>;
}): () => Promise<void> {
  const { server, drain, realtime, events, database } = options;
  const connections = trackConnections(server);
  let closing: Promise<void> | null = null;
  return () =>
    (closing ??= (async () => {
      // Jobs stop claiming at once; a running one may finish meanwhile, before the database closes.
      const jobsStopped = options.stopJobs(JOBS_DRAIN_MS);
      // From here every response ends its connection (Connection: close, see drainState).
      drain.start();
      const started = Date.now();
      // Pages first: their loaders call /api/v1 on this same listener, so it stays open until they
      // are done (at most PAGES_DEADLINE_MS).
      while (drain.pagesInFlight() > 0 && Date.now() < started + PAGES_DEADLINE_MS) await new Promise((r) => setTimeout(r, 25));
      realtime.close();
      // Stop accepting, without http's immediate close of idle sockets: from here a new connection
      // is refused before its client sends a byte, which any client can tell from a reset.
      const stopped = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      // Open connections: a request in flight, or already arriving, is answered (with Connection:
      // close, so its connection closes after it); an idle keep-alive connection is closed only
      // after a grace in which its client could still send one more request (server/http/drain.ts).
      await connections.drain({ graceMs: SHUTDOWN_KEEP_ALIVE_GRACE_MS, deadline: started + SHUTDOWN_DEADLINE_MS });
      // Any connection the tracker never saw (accepted while the database was opening).
      server.closeAllConnections();
      await stopped;
      await jobsStopped;
      await events.close();
      await database.close();
    })());
}
