import { Router, type Request } from 'express';
import {
  analyticsBatchSchema,
  analyticsSessionIdSchema,
  analyticsSummaryQuerySchema,
  BATCH_ID_HEADER,
  BATCH_SIZE_HEADER,
  batchHeadersSchema,
} from '../../contracts/analytics';
import { tooManyRequests, validationError } from '../domain/errors';
import {
  ANALYTICS_BATCHES_PER_IP_PER_HOUR,
  ANALYTICS_BATCHES_PER_USER_PER_HOUR,
  recordAnalyticsBatch,
  sessionEvents,
} from '../domain/analytics/events';
import { analyticsSummary } from '../domain/analytics/summary';
import { hitRateLimit } from '../domain/rate-limit';
import { authenticate, clientIp, locals, ok, parse, requireRole, route, type ApiDeps } from './kit';

/** The batch headers (spec §7) as sent; absent ones are undefined. */
const batchHeaders = (req: Request) =>
  parse(batchHeadersSchema, { id: req.get(BATCH_ID_HEADER) || undefined, size: req.get(BATCH_SIZE_HEADER) || undefined });

/** /api/v1/analytics: POST /events (issue 28, ADR 0058): signed in or not; the role and account come from the session. */
export function analyticsRoutes(deps: ApiDeps) {
  const router = Router();

  router.post(
    '/events',
    authenticate(deps, { optional: true }),
    route(async (req, res) => {
      const headers = batchHeaders(req);
      const batch = parse(analyticsBatchSchema, req.body);
      if (headers.size !== undefined && headers.size !== batch.events.length) {
        throw validationError(`批次大小与事件数不符（${BATCH_SIZE_HEADER}: ${headers.size}，事件 ${batch.events.length} 个）`, 'events');
      }
      const auth = locals(res).auth;
      const [bucket, limit] = auth
        ? [`analytics:user:${auth.userId}`, ANALYTICS_BATCHES_PER_USER_PER_HOUR]
        : [`analytics:ip:${clientIp(req)}`, ANALYTICS_BATCHES_PER_IP_PER_HOUR];
      if (!(await hitRateLimit(deps.db, bucket, limit, 3600_000))) throw tooManyRequests('统计数据提交过于频繁');
      const result = await recordAnalyticsBatch(deps.db, {
        sessionId: batch.sessionId,
        events: batch.events,
        userId: auth?.userId ?? null,
        role: auth ? auth.user.role : 'guest',
        batchId: headers.id,
      });
      if (headers.id) res.setHeader(BATCH_ID_HEADER, headers.id);
      ok(res, result, undefined, result.duplicate ? 200 : 201);
    }),
  );

  return router;
}

/** GET /api/v1/admin/analytics/summary?days=N and /sessions/{sessionId}: administrators only. */
export function adminAnalyticsRoutes(deps: ApiDeps) {
  const router = Router();
  router.use('/analytics', authenticate(deps), requireRole('admin'));

  router.get(
    '/analytics/summary',
    route(async (req, res) => {
      const { days } = parse(analyticsSummaryQuerySchema, req.query);
      ok(res, await analyticsSummary(deps.db, days));
    }),
  );

  router.get(
    '/analytics/sessions/:sessionId',
    route(async (req, res) => {
      const { sessionId } = parse(analyticsSessionIdSchema, req.params);
      ok(res, await sessionEvents(deps.db, sessionId));
    }),
  );

  return router;
}
