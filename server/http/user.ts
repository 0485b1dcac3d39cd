import { Router } from 'express';
import { logoutRequestSchema, refreshRequestSchema } from '../../contracts/auth';
import { accountDeletionRequestSchema, idVerificationSchema, profileUpdateSchema } from '../../contracts/user';
import { accountMergeSchema, bindPhoneSchema } from '../../contracts/account-merge';
import { bindPhone, confirmMerge } from '../domain/auth/phone-binding';
import { revokeAllSessions, revokeSession, rotateRefreshToken } from '../domain/auth/tokens';
import { ID_VERIFY_MESSAGES, verifyIdentity } from '../domain/id-verification';
import { createIdVerifier } from '../integrations/id-verify';
import { activeOrgRef, workspaceOf } from '../domain/orgs/workspace';
import { toUserDto, updateProfile } from '../domain/users';
import { buildDataExport, DATA_EXPORTS_PER_HOUR } from '../domain/account/data-export';
import { cancelDeletion, deletionState, requestDeletion } from '../domain/account/deletion';
import { hitRateLimit } from '../domain/rate-limit';
import { tooManyRequests } from '../domain/errors';
import { authenticate, authOf, clientIp, ok, parse, route, sendDownload, type ApiDeps } from './kit';

/** /api/v1/user: session and profile (spec §7). */
export function userRoutes(deps: ApiDeps) {
  const router = Router();
  const auth = authenticate(deps);
  const idVerification = {
    db: deps.db,
    verifier: createIdVerifier(deps.config, deps.logger),
    serverSecret: deps.config.jwtSecret,
    logger: deps.logger,
  };

  router.post(
    '/refresh-token',
    route(async (req, res) => {
      const { refreshToken } = parse(refreshRequestSchema, req.body);
      ok(res, await rotateRefreshToken({ db: deps.db, secret: deps.config.jwtSecret }, refreshToken));
    }),
  );

  router.post(
    '/logout',
    auth,
    route(async (req, res) => {
      const { allDevices } = parse(logoutRequestSchema, req.body);
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
      const { user } = authOf(res);
      // Without an organisation nothing is read: the hottest route of the API stays one cache hit.
      const activeOrg = user.activeOrgId ? activeOrgRef(await workspaceOf(deps.db, user)) : null;
      ok(res, { ...toUserDto(user), activeOrg });
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

  // Binding (ADR 0039): a WeChat-only user binds a phone; a phone or WeChat with an account of its
  // own answers 409 ACCOUNT_MERGE_REQUIRED, confirmed below with the ticket it carries.
  router.post(
    '/phone/bind',
    auth,
    route(async (req, res) => {
      const input = parse(bindPhoneSchema, req.body);
      const user = await bindPhone({ db: deps.db, secret: deps.config.jwtSecret }, { userId: authOf(res).userId, ...input });
      ok(res, toUserDto(user), '手机号绑定成功');
    }),
  );

  router.post(
    '/account-merge',
    auth,
    route(async (req, res) => {
      const { mergeTicket } = parse(accountMergeSchema, req.body);
      const { user, tokens } = await confirmMerge(
        { db: deps.db, secret: deps.config.jwtSecret },
        { userId: authOf(res).userId, mergeTicket, ip: clientIp(req), userAgent: req.get('user-agent') },
      );
      ok(res, { user: toUserDto(user), ...(tokens ?? {}) }, '账号已合并');
    }),
  );

  /** Real-name verification (ADR 0037): the answer is the user object, masks only. */
  router.post(
    '/id-verification',
    auth,
    route(async (req, res) => {
      const user = await verifyIdentity(idVerification, authOf(res).user, () => parse(idVerificationSchema, req.body));
      ok(res, toUserDto(user), ID_VERIFY_MESSAGES.verified);
    }),
  );

  // Personal information rights (issue 27, ADR 0055): a copy of everything, and deleting the account.
  router.get(
    '/data-export',
    auth,
    route(async (_req, res) => {
      const { userId } = authOf(res);
      if (!(await hitRateLimit(deps.db, `data-export:${userId}`, DATA_EXPORTS_PER_HOUR, 3600_000))) {
        throw tooManyRequests(`数据导出每小时最多${DATA_EXPORTS_PER_HOUR}次，请稍后再试`);
      }
      sendDownload(res, await buildDataExport(deps.db, userId));
    }),
  );

  const graceDays = deps.config.ACCOUNT_DELETION_GRACE_DAYS;
  router.get(
    '/deletion',
    auth,
    route(async (_req, res) => {
      ok(res, await deletionState(deps.db, authOf(res).userId, graceDays));
    }),
  );

  router.post(
    '/deletion',
    auth,
    route(async (req, res) => {
      parse(accountDeletionRequestSchema, req.body);
      const state = await requestDeletion(deps.db, authOf(res).userId, graceDays);
      const date = new Date(state.scheduledFor!).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' });
      ok(res, state, `已申请注销账户，将于${date}执行；在此之前可随时撤销`, 202);
    }),
  );

  router.delete(
    '/deletion',
    auth,
    route(async (_req, res) => {
      ok(res, await cancelDeletion(deps.db, authOf(res).userId, graceDays), '已撤销注销申请');
    }),
  );

  return router;
}
