import { z } from './zod';
import { mainlandPhone, userSchema } from './user';

/** Spec §3 auth tokens; ISO timestamps. */
export const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  accessTokenExpiresAt: z.string(),
  refreshTokenExpiresAt: z.string(),
});
export type Tokens = z.infer<typeof tokensSchema>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * POST /api/v1/auth/sms/send. Past the free sends the API answers CAPTCHA_REQUIRED, and the send
 * is repeated with a challenge from POST /api/v1/auth/captcha and its answer (ADR 0015).
 */
export const smsSendSchema = z.object({
  phone: mainlandPhone,
  captchaId: z.preprocess(blankToUndefined, z.uuid('图形验证码已失效，请重新输入').optional()),
  captchaAnswer: z.preprocess(blankToUndefined, z.string().trim().max(16, '图形验证码错误，请重新输入').optional()),
});
export type SmsSend = z.infer<typeof smsSendSchema>;
export const smsSentSchema = z.object({
  expiresInSeconds: z.number(),
  resendAfterSeconds: z.number(),
  /** Only ever present with the development sender. */
  devCode: z.string().optional(),
});

/** POST /api/v1/auth/captcha: an image to show in an <img> (a data: URI, allowed by the page CSP). */
export const captchaChallengeSchema = z.object({
  captchaId: z.string(),
  image: z.string().startsWith('data:image/svg+xml;base64,'),
  expiresInSeconds: z.number(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

/** POST /api/v1/auth/login/phone */
export const phoneLoginSchema = z.object({
  phone: mainlandPhone,
  code: z
    .string({ error: '请输入验证码' })
    .trim()
    .regex(/^\d{6}$/, '请输入6位数字验证码'),
  inviteCode: z
    .string()
    .trim()
    .max(32, '邀请码无效，请检查后重试')
    .optional()
    .transform((v) => v || undefined),
});
export type PhoneLogin = z.infer<typeof phoneLoginSchema>;
/** `welcomePoints`: the points a new account received at registration (0 for an existing one): the welcome notice's amount. */
export const loginResultSchema = tokensSchema.extend({ user: userSchema, isNewUser: z.boolean(), welcomePoints: z.number() });

/** POST /api/v1/user/refresh-token */
export const refreshRequestSchema = z.object({
  refreshToken: z.string({ error: '缺少刷新令牌' }).min(1, '缺少刷新令牌').max(200),
});

/** POST /api/v1/user/logout */
export const logoutRequestSchema = z.object({ allDevices: z.boolean().optional() });
export const logoutResultSchema = z.object({ revokedSessions: z.number() });
