import { Router } from 'express';
import { detectRequestSchema, pageIdentifierSchema } from '../../contracts/detection';
import { z } from '../../contracts/zod';
import { detectText, latestAiRate } from '../domain/ai/detection';
import { authenticate, authOf, ok, parse, route, type ApiDeps } from './kit';

const pageParams = z.object({ pageIdentifier: pageIdentifierSchema });

/** 查AI率 (issue 14): check a text (charged as AI check, refused texts free) and read a page's latest rate. */
export function detectionRoutes(deps: ApiDeps) {
  const router = Router();
  const { db } = deps;
  const auth = authenticate(deps);

  router.post(
    '/ai/detect',
    auth,
    route(async (req, res) => {
      ok(res, await detectText(db, authOf(res).userId, parse(detectRequestSchema, req.body)), '检测完成');
    }),
  );

  // Also answered at /api/ai-rate/{pageIdentifier}, the address spec §7 names (server.ts).
  router.get(
    '/ai-rate/:pageIdentifier',
    auth,
    route(async (req, res) => {
      ok(res, await latestAiRate(db, authOf(res).userId, parse(pageParams, req.params).pageIdentifier));
    }),
  );

  return router;
}
