import { z } from 'zod';

/**
 * What the web layer reads from the environment. The process entry (server/index.ts) resolves
 * SESSION_SECRET before the build loads, generating a development one when none is set.
 */
const schema = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET 至少 32 个字符'),
  SMS_PROVIDER: z.string().default('dev'),
  SUPPORT_WECHAT_QR_URL: z.string().optional(),
  SUPPORT_WECHAT_ID: z.string().optional(),
  SUPPORT_EMAIL: z.string().default('support@example.com'),
  OPERATOR_NAME: z.string().default('本平台运营方'),
});

let cached: z.infer<typeof schema> | null = null;
export function webEnv() {
  cached ??= schema.parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
  return cached;
}

/** Values the browser may see (root loader → window). Never secrets. */
export function publicEnv() {
  const env = webEnv();
  return {
    devSms: env.SMS_PROVIDER === 'dev',
    supportWechatQrUrl: env.SUPPORT_WECHAT_QR_URL ?? null,
    supportWechatId: env.SUPPORT_WECHAT_ID ?? null,
    supportEmail: env.SUPPORT_EMAIL,
    operatorName: env.OPERATOR_NAME,
  };
}
export type PublicEnv = ReturnType<typeof publicEnv>;
