import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import { webConfig, type AppConfig, type WebConfig } from './config';
import { authRoutes } from './http/auth';
import { jsonBody, rawBody } from './http/body';
import { errorHandler, fail, sessionCacheUpkeep, type ApiDeps } from './http/kit';
import { adminOrgRoutes, orgRoutes } from './http/orgs';
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
import { httpMetrics, webRoute } from './http/metrics';
import { pageBodyLimit } from './http/page-body-limit';
import { requestLog } from './http/request-log';
import { adminSchoolMatchRoutes, schoolMatchRoutes } from './http/school-match';
import { adminAuditRoutes } from './http/admin-audit';
import { adminAnalyticsRoutes, analyticsRoutes } from './http/analytics';
import { userRoutes } from './http/user';
import { wechatAuthRoutes, wechatRoutes, wechatUserRoutes } from './http/wechat';
import type { Gateways } from './integrations/payments';
import { createWechatLogin } from './integrations/wechat';
import type { DrainState } from './lifecycle';
import type { Logger } from './logger';
import type { EventBus } from './realtime/bus';

/**
 * What is mounted where, in order. The app is built in two steps: `mountFront` before the
 * database opens (so /healthz and /api answer "starting" meanwhile), `mountApi` and `mountWeb`
 * once it is open.
 */

/** Headers, the request log and metrics, /healthz, /readyz, /metrics and the /api gate; `api()` is null until the API is mounted. */
export function mountFront(
  app: Express,
  options: {
    config: AppConfig;
    logger: Logger;
    drain: DrainState;
    healthz: RequestHandler;
    readyz: RequestHandler;
    metrics: RequestHandler;
    api: () => RequestHandler | null;
  },
) {
  const { config, logger, drain, api } = options;
  app.disable('x-powered-by');
  app.use(securityHeaders);
  // Loopback is always trusted: the web layer forwards the browser's address when it calls the API.
  app.set('trust proxy', config.trustProxy);
  app.use(requestLog(logger));
  app.use(httpMetrics());
  app.use(drain.connectionClose);
  app.get('/healthz', options.healthz);
  app.get('/readyz', options.readyz);
  app.get('/metrics', options.metrics);

  app.use('/api/v1', (req, res, next) => {
    const handler = api();
    if (!handler) return fail(res, 'STARTING', '服务启动中，请稍后重试');
    handler(req, res, next);
  });
  // Spec §7 names GET /api/ai-rate/{pageIdentifier} outside /v1: the same route as /api/v1/ai-rate/….
  app.get('/api/ai-rate/:pageIdentifier', (req, res, next) => {
    const handler = api();
    if (!handler) return fail(res, 'STARTING', '服务启动中，请稍后重试');
    req.url = `/ai-rate/${encodeURIComponent(req.params.pageIdentifier)}`;
    handler(req, res, next);
  });
  app.use('/api', (_req, res) => fail(res, 'NOT_FOUND', '接口不存在'));
  // Pages and assets before mountWeb (it runs in the same step that sets `api`): 503, which a
  // balancer passes on to another instance, not Express's 404 "Cannot GET" (seen in the scale test
  // while an instance restarted under load).
  app.use((_req, res, next) => {
    if (api()) return next();
    res.setHeader('Retry-After', '1');
    res.status(503).type('text/plain; charset=utf-8').send('服务启动中，请稍后刷新页面');
  });
}

/** The /api/v1 router. Each area chooses its body parser where it is mounted (server/http/body.ts). */
export function apiRouter(deps: ApiDeps, options: { apiUrl: string; events: EventBus; gateways: Gateways }): RequestHandler {
  const json = jsonBody();
  const router = express.Router();
  router.use(maintenanceGuard(deps, options.events));
  router.use(sessionCacheUpkeep(deps, options.events));
  router.use('/system', systemRoutes(deps));
  const wechat = { ...deps, wechat: createWechatLogin({ config: deps.config, db: deps.db, logger: deps.logger }) };
  router.use('/auth', json, authRoutes(deps), wechatAuthRoutes(wechat));
  router.use('/user', json, userRoutes(deps), wechatUserRoutes(wechat));
  // The Official Account's pushes get the raw body (parsed as XML there); the sandbox phone's calls JSON.
  router.use('/wechat', wechatRoutes(wechat));
  router.use('/realtime', json, realtimeRoutes(deps));
  const payments = { ...deps, gateways: options.gateways, selfUrl: options.apiUrl };
  // Gateways sign the bytes they send: notifications get the raw body, not the JSON parser.
  router.use('/payment/notify', rawBody(), paymentNotifyRoutes(payments));
  router.use(
    '/admin',
    json,
    adminPointsRoutes(deps),
    adminSystemRoutes(deps),
    adminPaymentRoutes(deps),
    adminSchoolMatchRoutes(deps),
    adminAuditRoutes(deps),
    adminAnalyticsRoutes(deps),
    adminOrgRoutes(deps),
  );
  // Batches of page events: small bodies (50 events at most), their own limit.
  router.use('/analytics', jsonBody({ limit: '128kb' }), analyticsRoutes(deps));
  router.use(json, pointsRoutes(deps));
  router.use(json, orgRoutes(deps));
  router.use(json, archiveRoutes(deps));
  router.use(json, workRoutes(deps));
  router.use(json, recordRoutes(deps));
  router.use(json, aiRoutes(deps));
  router.use(json, detectionRoutes(deps));
  router.use(json, paymentRoutes(payments));
  router.use(json, schoolMatchRoutes(deps));
  router.use((_req, res) => fail(res, 'NOT_FOUND', '接口不存在'));
  router.use(errorHandler(deps.logger));
  return router;
}

export type WebFactory = (options: { apiUrl: string; config: WebConfig; events: EventBus }) => RequestHandler;

/** Compression, static files and the Remix pages (absent in API-only tests), then the last error handler. */
export function mountWeb(
  app: Express,
  options: { config: AppConfig; logger: Logger; drain: DrainState; apiUrl: string; events: EventBus; web?: WebFactory },
) {
  if (options.web) {
    // Event streams are passed through chunk by chunk: compressing them would buffer.
    app.use(
      compression({
        filter: (req, res) => !/text\/event-stream/i.test(String(res.getHeader('Content-Type') ?? '')) && compression.filter(req, res),
      }),
    );
    app.use('/build', webRoute('static'), express.static('public/build', { immutable: true, maxAge: '1y' }));
    app.use(webRoute('static'), express.static('public', { maxAge: '1h' }));
    const web = options.web({ apiUrl: options.apiUrl, config: webConfig(options.config), events: options.events });
    // Pages are counted under one route label, `web` (ADR 0056): their paths are user-chosen.
    app.use(webRoute('web'), pageBodyLimit);
    app.use(options.drain.pageGate, web);
  }
  app.use(errorHandler(options.logger));
}
