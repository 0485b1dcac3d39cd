import { Router } from 'express';
import { feedbackSchema } from '../../contracts/feedback';
import { operationLogSchema } from '../../contracts/operation-logs';
import { tooManyRequests } from '../domain/errors';
import { submitFeedback } from '../domain/feedback';
import { recordOperationLog } from '../domain/operation-logs';
import { hitRateLimit } from '../domain/rate-limit';
import { authenticate, authOf, clientIp, locals, ok, parse, route, type ApiDeps } from './kit';

/** /api/v1/user-operation-logs and /api/v1/feedback: what users and the web client report to us. */
export function recordRoutes(deps: ApiDeps) {
  const router = Router();

  router.post(
    '/user-operation-logs',
    authenticate(deps, { optional: true }),
    route(async (req, res) => {
      const input = parse(operationLogSchema, req.body);
      const userId = locals(res).auth?.userId ?? null;
      // Capped per user, and anonymous logs (from the login page) per IP, so nobody can flood the table.
      const [bucket, limit] = userId
        ? [`oplog:user:${userId}`, deps.config.OPERATION_LOGS_PER_USER_PER_HOUR]
        : [`oplog:ip:${clientIp(req)}`, 120];
      if (!(await hitRateLimit(deps.db, bucket, limit, 3600_000))) throw tooManyRequests('日志提交过于频繁');
      const { id } = await recordOperationLog(deps.db, {
        ...input,
        userId,
        requestId: locals(res).requestId,
        sourcePage: locals(res).sourcePage,
      });
      ok(res, { id }, undefined, 201);
    }),
  );

  router.post(
    '/feedback',
    authenticate(deps),
    route(async (req, res) => {
      const input = parse(feedbackSchema, req.body);
      const userId = authOf(res).userId;
      if (!(await hitRateLimit(deps.db, `feedback:user:${userId}`, 20, 24 * 3600_000))) {
        throw tooManyRequests('今天提交的反馈已经很多了，请明天再试');
      }
      ok(res, await submitFeedback(deps.db, userId, input), '感谢反馈，我们会尽快处理', 201);
    }),
  );

  return router;
}
