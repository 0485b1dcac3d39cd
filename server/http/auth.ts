import { Router } from 'express';
import { phoneLoginSchema, smsSendSchema } from '../../contracts/auth';
import { loginWithPhone } from '../domain/auth/login';
import { sendLoginCode } from '../domain/auth/sms-codes';
import { clientIp, ok, parse, route, type ApiDeps } from './kit';

/** /api/v1/auth: SMS code login. */
export function authRoutes(deps: ApiDeps) {
  const router = Router();

  router.post(
    '/sms/send',
    route(async (req, res) => {
      const { phone } = parse(smsSendSchema, req.body);
      const result = await sendLoginCode(
        {
          db: deps.db,
          sms: deps.sms,
          secret: deps.config.jwtSecret,
          policy: { dailyPerPhone: deps.config.SMS_DAILY_LIMIT_PER_PHONE, dailyPerIp: deps.config.SMS_DAILY_LIMIT_PER_IP },
        },
        { phone, ip: clientIp(req) },
      );
      ok(res, result, '验证码已发送');
    }),
  );

  router.post(
    '/login/phone',
    route(async (req, res) => {
      const input = parse(phoneLoginSchema, req.body);
      const result = await loginWithPhone(
        { db: deps.db, secret: deps.config.jwtSecret, attemptsPerIpPerHour: deps.config.LOGIN_ATTEMPTS_PER_IP_PER_HOUR },
        { ...input, ip: clientIp(req), userAgent: req.get('user-agent') },
      );
      ok(res, result, '登录成功');
    }),
  );

  return router;
}
