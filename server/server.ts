import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import { lt, sql } from 'drizzle-orm';
import { PAGE_BODY_LIMIT_BYTES, PASSTHROUGH_BODY_LIMIT_BYTES } from '../contracts/limits';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { healthProbes } from '../db/schema';
import { webConfig, type AppConfig, type WebConfig } from './config';
import { pruneCaptchaChallenges } from './domain/auth/captcha';
import { authenticateSocketToken, pruneSocketTickets } from './domain/auth/socket-tickets';
import { pruneRefreshGrace } from './domain/auth/tokens';
import { sweepStaleReservations } from './domain/points/spending';
import { createAiEngine } from './domain/ai/engine';
import { pruneReductionSegments } from './domain/ai/reduction';
import { pruneRateLimitHits } from './domain/rate-limit';
import { authRoutes } from './http/auth';
import { jsonBody, rawBody } from './http/body';
import { trackConnections } from './http/drain';
import { errorHandler, fail, locals, type ApiDeps } from './http/kit';
import { archiveRoutes } from './http/archives';
import { workRoutes } from './http/works';
import { adminPointsRoutes, pointsRoutes } from './http/points';
import { realtimeRoutes } from './http/realtime';
import { adminSystemRoutes, maintenanceGuard, systemRoutes } from './http/system';
import { securityHeaders } from './http/security-headers';
import { recordRoutes } from './http/records';
import { aiRoutes } from './http/ai';
import { detectionRoutes } from './http/detection';
import { adminPaymentRoutes, paymentNotifyRoutes, paymentRoutes } from './http/payments';
import { createGateways } from './integrations/payments';
import { expireOverdueOrders, orderOwner } from './domain/payments/orders';
import { pruneUnverifiedNotifications } from './domain/payments/notifications';
import { userRoutes } from './http/user';
import { wechatAuthRoutes, wechatRoutes, wechatUserRoutes } from './http/wechat';
import { pruneWechatScenes, sceneStatus } from './domain/wechat/scenes';
import { createWechatLogin } from './integrations/wechat';
import { createSmsSender, type SmsSender } from './integrations/sms';
import { loadFactDictionary } from './domain/ai/fact-dictionary';
import type { Logger } from './logger';
import { startEventBus, type EventBus } from './realtime/bus';
import { attachRealtime, type RealtimeHub } from './realtime/hub';

export type RunningServer = {
  url: string;
  port: number;
  database: DatabaseHandle;
  realtime: RealtimeHub;
  events: EventBus;
  /** Names this process's row in health_probes (and its log lines). */
  instanceId: string;
  /** Stop accepting, let in-flight requests finish, close sockets and the database. */
  close: () => Promise<void>;
};

export type ServerOptions = {
  config: AppConfig;
  logger: Logger;
  /** The Remix request handler; absent in API-only tests. */
  web?: (options: { apiUrl: string; config: WebConfig; events: EventBus }) => RequestHandler;
  sms?: SmsSender;
  /** Smaller /ws limits for tests (server/realtime/limits.ts); production uses the defaults. */
  realtimeLimits?: Parameters<typeof attachRealtime>[1]['limits'];
  /** Tests: an in-memory database starts from this migrated copy (db/client.ts createPgliteTemplate). */
  pgliteTemplate?: Blob;
};

/** How often a process looks for operations whose owner stopped beating (STALE_MS is 30 s). */
const RECOVER_EVERY_MS = 5_000;

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

/**
 * Web requests with a body must declare its length, within the limit, before Remix reads a byte:
 * browsers always send Content-Length for forms and uploads, and Node stops reading at it.
 */
const pageBodyLimit: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
  const text = (status: number, message: string) => {
    res.setHeader('Connection', 'close');
    res.status(status).type('text/plain; charset=utf-8').send(message);
  };
  const declared = req.get('content-length');
  if (declared === undefined) return req.get('transfer-encoding') ? text(411, '请求缺少内容长度，请刷新页面后重试') : next();
  const passthrough = req.path.startsWith('/resources/api/');
  if (Number(declared) > (passthrough ? PASSTHROUGH_BODY_LIMIT_BYTES : PAGE_BODY_LIMIT_BYTES))
    return text(413, '提交的内容过大，请精简后重试');
  // Page actions read forms; anything else (JSON, no body) would only fail inside Remix. Resource
  // routes (/resources/*) are called by client code and decide their own bodies.
  const formOnly = !req.path.startsWith('/resources/');
  if (formOnly && !req.is(['application/x-www-form-urlencoded', 'multipart/form-data'])) return text(415, '请通过页面上的表单提交');
  next();
};

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

/** How long a shutdown keeps an idle keep-alive connection open for a request already on its way (see close()). */
const SHUTDOWN_KEEP_ALIVE_GRACE_MS = 1_000;
/** When a shutdown stops waiting for answers in flight (before scripts' 15 s forced exit). */
const SHUTDOWN_DEADLINE_MS = 13_000;

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { config, logger } = options;
  let deps: ApiDeps | null = null;
  let api: RequestHandler | null = null;
  /** Set on shutdown: new page requests get 503, in-flight ones finish (their API calls included). */
  let draining = false;
  let pagesInFlight = 0;

  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders);
  // Loopback is always trusted: the web layer forwards the browser's address when it calls the API.
  app.set('trust proxy', config.trustProxy);
  app.use(requestLog(logger));
  // While draining, every response ends its connection: keep-alive clients learn from the
  // response itself not to send another request on a socket that is about to close.
  app.use((_req, res, next) => {
    if (draining) res.setHeader('Connection', 'close');
    next();
  });

  const instanceId = randomUUID();
  const writeHealth = writeHealthProbe(instanceId, () => deps?.db ?? null, logger);
  app.get('/healthz', (_req, res) => {
    if (draining) return void res.status(503).json({ status: 'draining', database: 'closing' });
    if (!deps) return void res.status(503).json({ status: 'starting', database: 'not ready' });
    deps.db
      .execute(sql`select 1`)
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
  });

  app.use('/api/v1', (req, res, next) => {
    if (!api) return fail(res, 'STARTING', '服务启动中，请稍后重试');
    api(req, res, next);
  });
  // Spec §7 names GET /api/ai-rate/{pageIdentifier} outside /v1: the same route as /api/v1/ai-rate/….
  app.get('/api/ai-rate/:pageIdentifier', (req, res, next) => {
    if (!api) return fail(res, 'STARTING', '服务启动中，请稍后重试');
    req.url = `/ai-rate/${encodeURIComponent(req.params.pageIdentifier)}`;
    api(req, res, next);
  });
  app.use('/api', (_req, res) => fail(res, 'NOT_FOUND', '接口不存在'));

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
  // The fact check's dictionary is parsed here, before any request, never during one (ADR 0042).
  await loadFactDictionary();
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
      pgliteTemplate: options.pgliteTemplate,
      onIdleError: (err) => logger.warn('database.idle_client_error', { err }),
    });
  } catch (error) {
    realtime.close();
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }

  let events: EventBus;
  try {
    events = await startEventBus(database, logger);
  } catch (error) {
    realtime.close();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
    throw error;
  }
  realtime.attachBus(events);

  // The language model is created once: every paid operation shares its queue and limits (ADR 0035).
  const ai = createAiEngine({ db: database.db, config, logger, events });
  deps = { config, db: database.db, logger, sms: options.sms ?? createSmsSender(config, logger), events, ai };
  // Each area chooses its body parser where it is mounted (server/http/body.ts).
  const json = jsonBody();
  const router = express.Router();
  router.use(maintenanceGuard(deps, events));
  router.use('/system', systemRoutes(deps));
  const wechat = { ...deps, wechat: createWechatLogin({ config, db: database.db, logger }) };
  router.use('/auth', json, authRoutes(deps), wechatAuthRoutes(wechat));
  router.use('/user', json, userRoutes(deps), wechatUserRoutes(wechat));
  // The Official Account's pushes get the raw body (parsed as XML there); the sandbox phone's calls JSON.
  router.use('/wechat', wechatRoutes(wechat));
  router.use('/realtime', json, realtimeRoutes(deps));
  const payments = { ...deps, gateways: createGateways(config), selfUrl: apiUrl };
  // Gateways sign the bytes they send: notifications get the raw body, not the JSON parser.
  router.use('/payment/notify', rawBody(), paymentNotifyRoutes(payments));
  router.use('/admin', json, adminPointsRoutes(deps), adminSystemRoutes(deps), adminPaymentRoutes(deps));
  router.use(json, pointsRoutes(deps));
  router.use(json, archiveRoutes(deps));
  router.use(json, workRoutes(deps));
  router.use(json, recordRoutes(deps));
  router.use(json, aiRoutes(deps));
  router.use(json, detectionRoutes(deps));
  router.use(json, paymentRoutes(payments));
  router.use((_req, res) => fail(res, 'NOT_FOUND', '接口不存在'));
  router.use(errorHandler(logger));
  api = router;

  if (options.web) {
    // Event streams are passed through chunk by chunk: compressing them would buffer.
    app.use(
      compression({
        filter: (req, res) => !/text\/event-stream/i.test(String(res.getHeader('Content-Type') ?? '')) && compression.filter(req, res),
      }),
    );
    app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }));
    app.use(express.static('public', { maxAge: '1h' }));
    const web = options.web({ apiUrl, config: webConfig(config), events });
    app.use(pageBodyLimit);
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

  const prune = () =>
    Promise.all([
      pruneRateLimitHits(database.db),
      pruneSocketTickets(database.db),
      pruneRefreshGrace(database.db),
      pruneCaptchaChallenges(database.db),
      pruneReductionSegments(database.db),
      pruneUnverifiedNotifications(database.db),
      pruneWechatScenes(database.db),
      database.db.delete(healthProbes).where(lt(healthProbes.checkedAt, new Date(Date.now() - 24 * 3600_000))),
    ]);
  const pruneTimer = setInterval(() => void prune().catch((err) => logger.warn('database.prune_failed', { err })), 3600_000);
  pruneTimer.unref();
  // Reservations a crashed process left pending are refunded: nobody pays for work that died.
  const sweep = () =>
    sweepStaleReservations(database.db).then(
      (refunded) => refunded > 0 && logger.warn('points.stale_reservations_refunded', { refunded }),
      (err) => logger.warn('points.sweep_failed', { err }),
    );
  void sweep();
  const sweepTimer = setInterval(() => void sweep(), 5 * 60_000);
  sweepTimer.unref();
  // Operations a crashed process left (their heartbeat stopped) are failed and refunded within
  // seconds, on whichever process looks first: nobody waits for another user's request.
  const recover = () =>
    ai.recover().then(
      (failed) => failed > 0 && logger.warn('ai.stale_operations_recovered', { failed }),
      (err) => logger.warn('ai.recover_failed', { err }),
    );
  void recover();
  const recoverTimer = setInterval(() => void recover(), RECOVER_EVERY_MS);
  recoverTimer.unref();
  // Unpaid orders past their time expire (their pages hear of it); a late payment still credits.
  const expireTimer = setInterval(
    () => void expireOverdueOrders(database.db, events).catch((err) => logger.warn('payments.expire_failed', { err })),
    60_000,
  );
  expireTimer.unref();

  const connections = trackConnections(server);
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(pruneTimer);
      clearInterval(sweepTimer);
      clearInterval(recoverTimer);
      clearInterval(expireTimer);
      // From here every response ends its connection (Connection: close, see above).
      draining = true;
      const started = Date.now();
      // Pages first: their loaders call /api/v1 on this same listener, so it stays open until they
      // are done (at most 10 s).
      while (pagesInFlight > 0 && Date.now() < started + 10_000) await new Promise((r) => setTimeout(r, 25));
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
      await events.close();
      await database.close();
    })());

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
