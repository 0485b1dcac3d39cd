import { Router } from 'express';
import { z } from 'zod';
import { revokeAllSessions, revokeSession, rotateRefreshToken } from '../domain/auth/tokens';
import { profileUpdateSchema, toUserDto, updateProfile } from '../domain/users';
import { authenticate, authOf, ok, parse, route, type ApiDeps } from './kit';

const refreshSchema = z.object({ refreshToken: z.string({ error: '缺少刷新令牌' }).min(1, '缺少刷新令牌').max(200) });
const logoutSchema = z.object({ allDevices: z.boolean().optional() });

/** /api/v1/user: session and profile (spec §7). */
export function userRoutes(deps: ApiDeps) {
  const router = Router();
  const auth = authenticate(deps);

  router.post(
    '/refresh-token',
    route(async (req, res) => {
      const { refreshToken } = parse(refreshSchema, req.body);
      ok(res, await rotateRefreshToken({ db: deps.db, secret: deps.config.jwtSecret }, refreshToken));
    }),
  );

  router.post(
    '/logout',
    auth,
    route(async (req, res) => {
      const { allDevices } = parse(logoutSchema, req.body);
      const claims = authOf(res);
      if (allDevices) {
        const revoked = await revokeAllSessions(deps.db, claims.userId, 'logout_all');
        ok(res, { revokedSessions: revoked }, '已退出所有设备');
      } else {
        await revokeSession(deps.db, claims.sessionId, 'logout');
        ok(res, { revokedSessions: 1 }, '已退出登录');
      }
    }),
  );

  router.get(
    '/info',
    auth,
    route(async (_req, res) => {
      ok(res, toUserDto(authOf(res).user));
    }),
  );

  router.put(
    '/profile',
    auth,
    route(async (req, res) => {
      const input = parse(profileUpdateSchema, req.body);
      ok(res, toUserDto(await updateProfile(deps.db, authOf(res).userId, input)), '更新成功');
    }),
  );

  return router;
}
