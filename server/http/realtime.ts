import { Router } from 'express';
import { issueSocketTicket } from '../domain/auth/socket-tickets';
import { authenticate, authOf, ok, route, type ApiDeps } from './kit';

/** /api/v1/realtime: what a client needs before it opens /ws. */
export function realtimeRoutes(deps: ApiDeps) {
  const router = Router();
  router.post(
    '/ticket',
    authenticate(deps),
    route(async (_req, res) => {
      const { userId, sessionId } = authOf(res);
      ok(res, await issueSocketTicket(deps.db, { userId, sessionId }), undefined, 201);
    }),
  );
  return router;
}
