import { Router, type RequestHandler } from 'express';
import {
  activeNotificationsQuerySchema,
  dismissInputSchema,
  notificationInputSchema,
  updateLogInputSchema,
  updateLogReadsInputSchema,
  updateLogReadsQuerySchema,
  updateLogsLatestQuerySchema,
  updateLogsPublicQuerySchema,
} from '../../contracts/notifications';
import { z } from '../../contracts/zod';
import { authenticateAccessToken } from '../domain/auth/tokens';
import { DomainError } from '../domain/errors';
import {
  activeNotifications,
  allNotifications,
  createNotification,
  deleteNotification,
  expireNotification,
  maintenanceInForce,
  notificationById,
  publishNotification,
  updateNotification,
} from '../domain/notices/notifications';
import { dismissNotification, listDismissals } from '../domain/notices/dismissals';
import {
  allUpdateLogs,
  createUpdateLog,
  deleteUpdateLog,
  latestUpdateLogs,
  markUpdateLogsRead,
  publicUpdateLogs,
  readUpdateLogIds,
  updateLogDetail,
  updateUpdateLog,
} from '../domain/notices/update-logs';
import type { EventBus } from '../realtime/bus';
import { jsonBody } from './body';
import { adminActor, authenticate, authOf, bearer, ok, parse, readsOnly, requireRole, route, type ApiDeps } from './kit';

const idParams = z.object({ id: z.string().uuid('记录不存在') });
const adminPageQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});

/** Spec §7/§9: the latest update logs are cached 5 minutes (public: the same for everybody). */
export const LATEST_UPDATE_LOGS_MAX_AGE_S = 300;

/**
 * /api/v1/system: active notices and update logs (spec §7), readable without signing in; and, for
 * a signed-in user, their dismissals of notices and which update logs they have read (issue 28).
 */
export function systemRoutes(deps: ApiDeps) {
  const router = Router();
  const { db } = deps;
  const auth = authenticate(deps);
  const json = jsonBody();

  router.get(
    '/notifications/dismissals',
    auth,
    route(async (_req, res) => {
      ok(res, { dismissals: await listDismissals(db, authOf(res).userId) });
    }),
  );

  router.post(
    '/notifications/:id/dismiss',
    auth,
    json,
    route(async (req, res) => {
      const { id } = parse(idParams, req.params);
      const { surface, announcementUpdatedAt } = parse(dismissInputSchema, req.body);
      ok(res, await dismissNotification(db, authOf(res).userId, id, surface, announcementUpdatedAt));
    }),
  );

  router.get(
    '/update-logs/reads',
    auth,
    route(async (req, res) => {
      const { ids } = parse(updateLogReadsQuerySchema, req.query);
      ok(res, { readIds: await readUpdateLogIds(db, authOf(res).user, ids) });
    }),
  );

  router.post(
    '/update-logs/reads',
    auth,
    json,
    route(async (req, res) => {
      const { ids } = parse(updateLogReadsInputSchema, req.body);
      ok(res, { readIds: await markUpdateLogsRead(db, authOf(res).user, ids) });
    }),
  );

  router.get(
    '/notifications/active/list',
    route(async (req, res) => {
      const { type } = parse(activeNotificationsQuerySchema, req.query);
      ok(res, await activeNotifications(db, type));
    }),
  );

  router.get(
    '/update-logs/latest',
    route(async (req, res) => {
      const { limit } = parse(updateLogsLatestQuerySchema, req.query);
      const updateLogs = await latestUpdateLogs(db, limit);
      res.set('Cache-Control', `public, max-age=${LATEST_UPDATE_LOGS_MAX_AGE_S}`);
      ok(res, { updateLogs });
    }),
  );

  router.get(
    '/update-logs/public',
    route(async (req, res) => {
      ok(res, await publicUpdateLogs(db, parse(updateLogsPublicQuerySchema, req.query)));
    }),
  );

  router.get(
    '/update-logs/detail/:id',
    route(async (req, res) => {
      const { id } = parse(idParams, req.params);
      ok(res, { updateLog: await updateLogDetail(db, id) });
    }),
  );

  return router;
}

/** /api/v1/admin: notices and update logs for the console (administrators only). */
export function adminSystemRoutes(deps: ApiDeps) {
  const router = Router();
  const { db } = deps;
  router.use(authenticate(deps), requireRole('admin'));

  router.get(
    '/notifications',
    route(async (req, res) => {
      const { page, pageSize } = parse(adminPageQuery, req.query);
      ok(res, await allNotifications(db, page, pageSize));
    }),
  );
  router.get(
    '/notifications/:id',
    route(async (req, res) => {
      ok(res, await notificationById(db, parse(idParams, req.params).id));
    }),
  );
  router.post(
    '/notifications',
    route(async (req, res) => {
      const input = parse(notificationInputSchema, req.body);
      ok(res, await createNotification(deps, adminActor(req, res), input), input.status === 'PUBLISHED' ? '通知已发布' : '草稿已保存', 201);
    }),
  );
  router.put(
    '/notifications/:id',
    route(async (req, res) => {
      const { id } = parse(idParams, req.params);
      ok(res, await updateNotification(deps, adminActor(req, res), id, parse(notificationInputSchema, req.body)), '通知已更新');
    }),
  );
  router.delete(
    '/notifications/:id',
    route(async (req, res) => {
      await deleteNotification(deps, adminActor(req, res), parse(idParams, req.params).id);
      ok(res, null, '通知已删除');
    }),
  );
  router.post(
    '/notifications/:id/publish',
    route(async (req, res) => {
      ok(res, await publishNotification(deps, adminActor(req, res), parse(idParams, req.params).id), '通知已发布');
    }),
  );
  router.post(
    '/notifications/:id/expire',
    route(async (req, res) => {
      ok(res, await expireNotification(deps, adminActor(req, res), parse(idParams, req.params).id), '通知已结束');
    }),
  );

  router.get(
    '/update-logs',
    route(async (req, res) => {
      const { page, pageSize } = parse(adminPageQuery, req.query);
      ok(res, await allUpdateLogs(db, page, pageSize));
    }),
  );
  router.get(
    '/update-logs/:id',
    route(async (req, res) => {
      ok(res, { updateLog: await updateLogDetail(db, parse(idParams, req.params).id, { includeDrafts: true }) });
    }),
  );
  router.post(
    '/update-logs',
    route(async (req, res) => {
      ok(res, { updateLog: await createUpdateLog(db, adminActor(req, res), parse(updateLogInputSchema, req.body)) }, '更新日志已保存', 201);
    }),
  );
  router.put(
    '/update-logs/:id',
    route(async (req, res) => {
      const { id } = parse(idParams, req.params);
      ok(res, { updateLog: await updateUpdateLog(db, adminActor(req, res), id, parse(updateLogInputSchema, req.body)) }, '更新日志已保存');
    }),
  );
  router.delete(
    '/update-logs/:id',
    route(async (req, res) => {
      await deleteUpdateLog(db, adminActor(req, res), parse(idParams, req.params).id);
      ok(res, null, '更新日志已删除');
    }),
  );

  return router;
}

/**
 * Writes that stay open during maintenance: signing in (so the operator can), tokens, logs, the
 * socket ticket, payment notifications (money already taken is credited whatever the state), and
 * WeChat scans (the other half of a WeChat login).
 */
const OPEN_DURING_MAINTENANCE = [
  /^\/auth\//,
  /^\/user\/(refresh-token|logout)$/,
  /^\/user-operation-logs$/,
  /^\/analytics\/events$/,
  /^\/realtime\/ticket$/,
  /^\/payment\/notify\//,
  // WeChat's pushes and the sandbox phone's scan: the scan half of a login, which stays open.
  /^\/wechat\//,
];
const MAINTENANCE_CACHE_MS = 2_000;

/**
 * During maintenance (a published MAINTENANCE notice that has started and not ended) the API
 * refuses writes with 503 MAINTENANCE, except an administrator's (who must be able to end it).
 * The state is cached briefly per process and dropped on every maintenance event from the bus.
 */
export function maintenanceGuard(deps: ApiDeps, bus: EventBus): RequestHandler {
  let cached: { at: number; inForce: Promise<boolean> } | null = null;
  bus.subscribe((event) => {
    if (event.type.includes('MAINTENANCE')) cached = null;
  });
  const inForce = () => {
    if (!cached || Date.now() - cached.at > MAINTENANCE_CACHE_MS) {
      const lookup = maintenanceInForce(deps.db).then(Boolean, () => false);
      cached = { at: Date.now(), inForce: lookup };
    }
    return cached.inForce;
  };
  const refuse = () => new DomainError('MAINTENANCE', '系统维护中，暂时无法提交，请稍后再试');
  return (req, _res, next) => {
    if (readsOnly(req)) return next();
    if (OPEN_DURING_MAINTENANCE.some((p) => p.test(req.path))) return next();
    inForce().then(async (maintenance) => {
      if (!maintenance) return next();
      const token = bearer(req);
      if (!token) return next(refuse());
      try {
        const claims = await authenticateAccessToken({ db: deps.db, secret: deps.config.jwtSecret }, token);
        next(claims.user.role === 'admin' ? undefined : refuse());
      } catch {
        next(refuse());
      }
    }, next);
  };
}
