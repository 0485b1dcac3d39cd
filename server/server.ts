import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/client';
import type { AppConfig } from './config';
import { pruneRateLimitHits } from './domain/rate-limit';
import { authRoutes } from './http/auth';
import { errorHandler, locals, type ApiDeps } from './http/kit';
import { recordRoutes } from './http/records';
import { userRoutes } from './http/user';
import { createDevSmsSender, type SmsSender } from './integrations/sms';
import type { Logger } from './logger';
import { attachRealtime, type RealtimeHub } from './realtime/hub';

export type RunningServer = {
  url: string;
  port: number;
  database: DatabaseHandle;
  realtime: RealtimeHub;
  /** Stop accepting, let in-flight requests finish, close sockets and the database. */
  close: () => Promise<void>;
};

export type ServerOptions = {
  config: AppConfig;
  logger: Logger;
  /** The Remix request handler; absent in API-only tests. */
  web?: (apiUrl: string) => RequestHandler;
  sms?: SmsSender;
};

function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const path = req.originalUrl.split('?')[0];
    const incoming = req.get('x-request-id');
    const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const page = req.get('x-source-page');
    if (page) {
      try {
        locals(res).sourcePage = decodeURIComponent(page).slice(0, 100);
      } catch {
        // A malformed page header is not worth failing the request over.
      }
    }
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info('request', {
        requestId,
        method: req.method,
        path,
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
        userId: locals(res).auth?.userId ?? res.locals.userId ?? null,
      });
    });
    next();
  };
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { config, logger } = options;
  let deps: ApiDeps | null = null;
  let api: RequestHandler | null = null;
  /** Set on shutdown: new page requests get 503, in-flight ones finish (their API calls included). */
  let draining = false;
  let pagesInFlight = 0;

  const app = express();
  app.disable('x-powered-by');
  // Loopback is always trusted: the web layer forwards the browser's address when it calls the API.
  app.set('trust proxy', config.trustProxy);
  app.use(requestLog(logger));

  app.get('/healthz', (_req, res) => {
    if (draining) return void res.status(503).json({ status: 'draining', database: 'closing' });
    if (!deps) return void res.status(503).json({ status: 'starting', database: 'not ready' });
    deps.db
      .execute(sql`select 1`)
      .then(() => res.json({ status: 'ok', database: 'ready' }))
      .catch(() => res.status(503).json({ status: 'unavailable', database: 'unreachable' }));
  });

  // JSON bodies are documents and forms, far under 2 MB; uploads get their own multipart limit.
  app.use('/api/v1', express.json({ limit: '2mb' }), (req, res, next) => {
    if (!api) return void res.status(503).json({ success: false, code: 'STARTING', message: '服务启动中，请稍后重试' });
    api(req, res, next);
  });
  app.use('/api', (_req, res) => void res.status(404).json({ success: false, code: 'NOT_FOUND', message: '接口不存在' }));

  const server = http.createServer(app);
  const realtime = attachRealtime(server, { logger, getDeps: () => deps });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const apiUrl = config.API_URL ?? `http://127.0.0.1:${port}`;

  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      onIdleError: (err) => logger.warn('database.idle_client_error', { err }),
    });
  } catch (error) {
    realtime.close();
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }

  deps = { config, db: database.db, logger, sms: options.sms ?? createDevSmsSender(logger) };
  const router = express.Router();
  router.use('/auth', authRoutes(deps));
  router.use('/user', userRoutes(deps));
  router.use(recordRoutes(deps));
  router.use((_req, res) => void res.status(404).json({ success: false, code: 'NOT_FOUND', message: '接口不存在' }));
  router.use(errorHandler(logger));
  api = router;

  if (options.web) {
    app.use(compression());
    app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }));
    app.use(express.static('public', { maxAge: '1h' }));
    const web = options.web(apiUrl);
    app.use((req, res, next) => {
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
      web(req, res, next);
    });
  }
  app.use(errorHandler(logger));

  const pruneTimer = setInterval(() => void pruneRateLimitHits(database.db).catch(() => {}), 3600_000);
  pruneTimer.unref();

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(pruneTimer);
      // Pages first: their loaders call /api/v1 on this same listener, so it must stay open until
      // they are done (at most 10 s); then stop accepting and let in-flight API requests finish.
      draining = true;
      const deadline = Date.now() + 10_000;
      while (pagesInFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      realtime.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await database.close();
    })());

  logger.info('server.started', { url: `http://localhost:${port}`, database: database.kind, apiUrl, devSms: config.devSmsEnabled });
  return { url: `http://127.0.0.1:${port}`, port, database, realtime, close };
}
