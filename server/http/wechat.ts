import { Router, type Request, type Response } from 'express';
import { sandboxScanSchema, sandboxSceneQuerySchema, wechatSceneUseSchema } from '../../contracts/wechat';
import { rewardPolicy } from '../domain/points/rewards';
import { toUserDto } from '../domain/users';
import { bindWechat, loginWithWechat, unbindWechat, type WechatAccountDeps } from '../domain/wechat/accounts';
import { sandboxScan, sandboxScene } from '../domain/wechat/sandbox';
import { createScene, recordScan } from '../domain/wechat/scenes';
import type { WechatLogin } from '../integrations/wechat';
import { CALLBACK_BODY_LIMIT, callbackVerified, parseWechatXml, sceneScanOf } from '../integrations/wechat/callback';
import { jsonBody, rawBody } from './body';
import { authenticate, authOf, clientIp, ok, parse, route, type ApiDeps } from './kit';

/** WeChat login and binding (issue 23, ADR 0038). Rules live in server/domain/wechat. */
export type WechatRouteDeps = ApiDeps & { wechat: WechatLogin };

const accountDeps = (deps: WechatRouteDeps): WechatAccountDeps => ({
  db: deps.db,
  events: deps.events,
  wechat: deps.wechat,
  logger: deps.logger,
  secret: deps.config.jwtSecret,
  rewards: rewardPolicy(deps.config),
});

/** Under /auth: a login QR code, and the login with a scanned one. */
export function wechatAuthRoutes(deps: WechatRouteDeps) {
  const router = Router();
  const account = accountDeps(deps);
  router.post(
    '/wechat/scene',
    route(async (req, res) => {
      ok(res, await createScene(account, { purpose: 'login', ip: clientIp(req) }));
    }),
  );
  router.post(
    '/login/wechat',
    route(async (req, res) => {
      const input = parse(wechatSceneUseSchema, req.body);
      ok(res, await loginWithWechat(account, { ...input, ip: clientIp(req), userAgent: req.get('user-agent') }), '登录成功');
    }),
  );
  return router;
}

/** Under /user: binding the signed-in account's WeChat, and unbinding it. */
export function wechatUserRoutes(deps: WechatRouteDeps) {
  const router = Router();
  const auth = authenticate(deps);
  const account = accountDeps(deps);
  router.post(
    '/wechat/bind-scene',
    auth,
    route(async (req, res) => {
      ok(res, await createScene(account, { purpose: 'bind', userId: authOf(res).userId, ip: clientIp(req) }));
    }),
  );
  router.post(
    '/wechat/bind',
    auth,
    route(async (req, res) => {
      const input = parse(wechatSceneUseSchema, req.body);
      ok(res, toUserDto(await bindWechat(account, authOf(res).userId, input)), '微信绑定成功');
    }),
  );
  router.post(
    '/wechat/unbind',
    auth,
    route(async (_req, res) => {
      ok(res, toUserDto(await unbindWechat(account, authOf(res).userId)), '已解绑微信');
    }),
  );
  return router;
}

const text = (res: Response, status: number, body: string) => void res.status(status).type('text/plain; charset=utf-8').send(body);

/**
 * /wechat: the Official Account's server URL (`/wechat/mp/callback`, answered as WeChat expects,
 * never with our envelope), and the sandbox phone's two calls.
 */
export function wechatRoutes(deps: WechatRouteDeps) {
  const router = Router();
  const { wechat, logger } = deps;
  const account = accountDeps(deps);
  const json = jsonBody({ limit: '8kb' });

  const verified = (req: Request) => wechat.kind === 'mp' && callbackVerified(wechat.callbackToken, req.query);

  // The console's URL check: the echo proves we hold the token.
  router.get('/mp/callback', (req, res) => {
    if (wechat.kind !== 'mp') return text(res, 404, 'not found');
    const echostr = req.query.echostr;
    if (!verified(req) || typeof echostr !== 'string' || !/^[\w-]{1,128}$/.test(echostr)) return text(res, 403, 'invalid signature');
    text(res, 200, echostr);
  });

  router.post(
    '/mp/callback',
    rawBody({ limit: CALLBACK_BODY_LIMIT }),
    route(async (req, res) => {
      if (wechat.kind !== 'mp') return text(res, 404, 'not found');
      if (!verified(req)) {
        logger.warn('wechat.callback_refused', { ip: clientIp(req) });
        return text(res, 403, 'invalid signature');
      }
      const fields = parseWechatXml(Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '');
      // Anything signed that we do not act on (a text message, a menu click, an unreadable body) is
      // still acknowledged: WeChat would otherwise retry it and tell the user the service failed.
      if (!fields) logger.warn('wechat.callback_unreadable', {});
      const scan = fields && sceneScanOf(fields);
      if (scan) {
        const outcome = await recordScan(account, scan, wechat.profile);
        logger.info('wechat.scan', { outcome, event: fields.Event });
      }
      text(res, 200, 'success');
    }),
  );

  router.get(
    '/sandbox/scene',
    route(async (req, res) => {
      ok(res, await sandboxScene(account, parse(sandboxSceneQuerySchema, req.query)));
    }),
  );
  router.post(
    '/sandbox/scan',
    json,
    route(async (req, res) => {
      ok(res, await sandboxScan(account, parse(sandboxScanSchema, req.body)), '已扫码');
    }),
  );
  return router;
}
