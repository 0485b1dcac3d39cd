import { Router } from 'express';
import { phoneLoginSchema, smsSendSchema } from '../../contracts/auth';
import { createCaptcha } from '../domain/auth/captcha';
import { loginWithPhone } from '../domain/auth/login';
import { sendLoginCode } from '../domain/auth/sms-codes';
import { rewardPolicy } from '../domain/points/rewards';
import { clientIp, ok, parse, route, type ApiDeps } from './kit';

/** /api/v1/auth: SMS code login, and the image challenge asked before SMS sends past the free ones. */
export function authRoutes(deps: ApiDeps) {
  const router = Router();
  const { config } = deps;
  const rewards = rewardPolicy(config);

  router.post(
    '/captcha',
    route(async (req, res) => {
      const result = await createCaptcha(
        { db: deps.db, secret: config.jwtSecret, perIpPerHour: config.SMS_CAPTCHAS_PER_IP_PER_HOUR },
        { ip: clientIp(req) },
      );
      ok(res, result);
    }),
  );

  router.post(
    '/sms/send',
    route(async (req, res) => {
      const { phone, captchaId, captchaAnswer } = parse(smsSendSchema, req.body);
      const result = await sendLoginCode(
        {
          db: deps.db,
          sms: deps.sms,
          logger: deps.logger,
          secret: config.jwtSecret,
          policy: {
            dailyPerPhonePerIp: config.SMS_DAILY_LIMIT_PER_PHONE_PER_IP,
            dailyPerIp: config.SMS_DAILY_LIMIT_PER_IP,
            freePerPhone: config.SMS_FREE_SENDS_PER_PHONE,
            freePerIp: config.SMS_FREE_SENDS_PER_IP,
          },
        },
        { phone, ip: clientIp(req), captcha: captchaId && captchaAnswer ? { id: captchaId, answer: captchaAnswer } : undefined },
      );
      ok(res, result, '验证码已发送');
    }),
  );

  router.post(
    '/login/phone',
    route(async (req, res) => {
      const input = parse(phoneLoginSchema, req.body);
      const result = await loginWithPhone(
        { db: deps.db, secret: config.jwtSecret, attemptsPerIpPerHour: config.LOGIN_ATTEMPTS_PER_IP_PER_HOUR, rewards },
        { ...input, ip: clientIp(req), userAgent: req.get('user-agent') },
      );
      ok(res, result, '登录成功');
    }),
  );

  return router;
}
