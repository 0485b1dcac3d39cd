import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PublicConfig } from '../contracts/public-config';
import { z } from '../contracts/zod';
import { aiBaseUrlSchema, aiModelsSchema } from './config-ai-models';
import { PAYMENT_PROVIDERS as PAYMENT_PROVIDER_KINDS } from '../contracts/payment-constants';

export const SMS_PROVIDERS = ['dev', 'tencent', 'aliyun'] as const;

/**
 * An SMS provider's address: a bare host (`sms.tencentcloudapi.com`, meaning https) or a full
 * `http(s)://host[:port]` URL (a local fake in tests). Parsed to the origin, without a path.
 */
const smsEndpoint = (name: string) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const problem = () => {
        ctx.addIssue({
          code: 'custom',
          message: `${name} 应为主机名（如 ${name.startsWith('TENCENT') ? 'sms.tencentcloudapi.com' : 'dysmsapi.aliyuncs.com'}）或完整网址（如 http://127.0.0.1:8080）`,
        });
        return z.NEVER;
      };
      let url: URL;
      try {
        url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`);
      } catch {
        return problem();
      }
      if (
        (url.protocol !== 'https:' && url.protocol !== 'http:') ||
        url.username ||
        url.password ||
        url.search ||
        url.hash ||
        url.pathname !== '/'
      )
        return problem();
      return url.origin;
    });

/** A comma-separated setting as its trimmed, non-empty parts. */
function commaList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Every setting the process reads, validated once at boot. `APP_ENV=production` is what
 * "production" means here: it forbids the development SMS sender and embedded secrets.
 */
export const envSchema = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL 必须是 postgres:// 或 postgresql:// 开头的连接串')
    .optional(),
  API_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET 至少 32 个字符').optional(),
  /** Comma-separated for rotation: the first signs new cookies, all are accepted; each at least 32 characters. */
  SESSION_SECRET: z
    .string()
    .transform(commaList)
    .pipe(
      z
        .array(z.string().min(32, '每个 SESSION_SECRET 至少 32 个字符（多个密钥用逗号分隔，第一个用于签名）'))
        .min(1, 'SESSION_SECRET 不能为空'),
    )
    .optional(),
  /** dev: the development sender (codes shown on the login page); tencent or aliyun send real SMS (ADR 0036). */
  SMS_PROVIDER: z.enum(SMS_PROVIDERS, { error: 'SMS_PROVIDER 只能是 dev、tencent、aliyun' }).default('dev'),
  /** How long one call to the SMS provider may take before the send is answered 短信发送失败. */
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
  TENCENTCLOUD_SECRET_ID: z.string().trim().min(1).optional(),
  TENCENTCLOUD_SECRET_KEY: z.string().trim().min(1).optional(),
  TENCENT_SMS_SDK_APP_ID: z
    .string()
    .trim()
    .regex(/^\d+$/, 'TENCENT_SMS_SDK_APP_ID 是短信应用的 SDKAppID（数字，如 1400006666）')
    .optional(),
  TENCENT_SMS_SIGN_NAME: z.string().trim().min(1).optional(),
  TENCENT_SMS_TEMPLATE_ID: z.string().trim().regex(/^\d+$/, 'TENCENT_SMS_TEMPLATE_ID 是正文模板 ID（数字，如 1110）').optional(),
  /** What the template's {1} (and {2}) are: `code`, or `code,minutes` for 验证码为{1}，{2}分钟内有效. */
  TENCENT_SMS_TEMPLATE_PARAMS: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.enum(['code', 'code,minutes'], { error: 'TENCENT_SMS_TEMPLATE_PARAMS 只能是 code 或 code,minutes' }))
    .prefault('code'),
  TENCENT_SMS_REGION: z.string().trim().min(1).default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: smsEndpoint('TENCENT_SMS_ENDPOINT').prefault('sms.tencentcloudapi.com'),
  ALIYUN_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().trim().min(1).optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().trim().min(1).optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().trim().min(1).optional(),
  /** The template's variable names: the first gets the code, an optional second the minutes (`code,min`). */
  ALIYUN_SMS_TEMPLATE_PARAMS: z
    .string()
    .transform(commaList)
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'ALIYUN_SMS_TEMPLATE_PARAMS 是模板变量名（字母、数字、下划线），如 code 或 code,min'),
        )
        .min(1, 'ALIYUN_SMS_TEMPLATE_PARAMS 不能为空')
        .max(2, 'ALIYUN_SMS_TEMPLATE_PARAMS 最多两个变量：验证码和有效分钟数')
        .refine((names) => new Set(names).size === names.length, 'ALIYUN_SMS_TEMPLATE_PARAMS 的两个变量名不能相同'),
    )
    .prefault('code'),
  ALIYUN_SMS_ENDPOINT: smsEndpoint('ALIYUN_SMS_ENDPOINT').prefault('dysmsapi.aliyuncs.com'),
  /**
   * SMS abuse limits (ADR 0015). The daily cap per phone counts one network's sends only, so a
   * stranger cannot use up the owner's quota; past the free sends each send needs an image check.
   */
  SMS_DAILY_LIMIT_PER_PHONE_PER_IP: z.coerce.number().int().positive().default(10),
  SMS_DAILY_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  SMS_FREE_SENDS_PER_PHONE: z.coerce.number().int().min(0).default(3),
  SMS_FREE_SENDS_PER_IP: z.coerce.number().int().min(0).default(5),
  SMS_CAPTCHAS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(60),
  LOGIN_ATTEMPTS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(60),
  /** Open /ws sockets per process (ADR 0013): keep it under half the process's open-file limit (`ulimit -n`). */
  REALTIME_MAX_CONNECTIONS: z.coerce.number().int().min(10).max(1_000_000).default(10_000),
  /** Points given at registration and for the first phone login, and for invitations (ADR 0016). */
  WELCOME_POINTS: z.coerce.number().min(0).max(100_000).default(100),
  FIRST_PHONE_LOGIN_POINTS: z.coerce.number().min(0).max(100_000).default(20),
  INVITE_REWARD_INVITER_POINTS: z.coerce.number().min(0).max(100_000).default(50),
  INVITE_REWARD_INVITEE_POINTS: z.coerce.number().min(0).max(100_000).default(20),
  /** Wrong redemption codes a user (and a network) may try per hour before guessing is refused. */
  REDEEM_ATTEMPTS_PER_USER_PER_HOUR: z.coerce.number().int().positive().default(20),
  REDEEM_ATTEMPTS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(60),
  /** The web client logs failures; a few hundred an hour is generous, thousands is abuse. */
  OPERATION_LOGS_PER_USER_PER_HOUR: z.coerce.number().int().positive().default(300),
  /** Days between a user's request to delete their account and the purge (ADR 0055); they may cancel until then. */
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(15),
  /** Proxies in front of us whose X-Forwarded-For we believe: 'false', a hop count, or addresses/CIDRs. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => v !== 'true', 'TRUST_PROXY=true 会让客户端伪造 IP：请填写代理层数（如 1）或代理地址（如 10.0.0.0/8）'),
  SUPPORT_WECHAT_QR_URL: z.string().optional(),
  SUPPORT_WECHAT_ID: z.string().optional(),
  SUPPORT_EMAIL: z.string().email('SUPPORT_EMAIL 必须是有效的邮箱地址').optional(),
  /** The company named in the privacy policy and service agreement. */
  OPERATOR_NAME: z.string().trim().min(1).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * Microsoft Clarity's project id (its 设置 › 概述 page): pages load Clarity's tag, and the page CSP
   * allows its hosts, only when it is set (ADR 0058); never under APP_ENV=test.
   */
  CLARITY_PROJECT_ID: z
    .string()
    .trim()
    .regex(/^[a-z0-9]{6,20}$/i, 'CLARITY_PROJECT_ID 应是 Clarity 项目的 ID（6–20 个字母或数字）')
    .optional(),
  /**
   * Background jobs (server/jobs/, ADR 0054): how often a process looks for due jobs, and the lease a
   * run holds (renewed while it runs; a run whose process died is taken over once it expires).
   * Unset, each job keeps its own lease. Tests shorten both, and the first retry's wait.
   */
  JOBS_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  JOBS_LEASE_MS: z.coerce.number().int().min(50).max(3_600_000).optional(),
  /** A failed run is retried after this, doubled at each further attempt (never later than its next slot). */
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /**
   * GET /metrics (Prometheus, ADR 0056) answers only `Authorization: Bearer {METRICS_TOKEN}`; unset,
   * the endpoint is off (404). At least 24 characters: it is the only thing guarding it.
   */
  METRICS_TOKEN: z.string().trim().min(24, 'METRICS_TOKEN 至少 24 个字符（例如 openssl rand -hex 24）').optional(),
  /**
   * An OpenAI-compatible chat-completions service (ADR 0025). Without AI_BASE_URL and AI_MODELS the
   * built-in offline engine writes drafts; the key is optional for a local Ollama or vLLM.
   */
  AI_BASE_URL: aiBaseUrlSchema.optional(),
  AI_API_KEY: z.string().trim().min(1).optional(),
  AI_MODELS: aiModelsSchema.optional(),
  /** AI operations running at once across every process on this database (ADR 0026). */
  AI_MAX_CONCURRENT: z.coerce.number().int().min(1).max(1000).default(4),
  /** Operations that may wait for a slot; past this the API answers 429 SERVER_BUSY. */
  AI_MAX_QUEUE: z.coerce.number().int().min(0).max(10_000).default(20),
  /** One user's paid AI operations queued or running at once, so one account cannot fill the queue. */
  AI_MAX_QUEUED_PER_USER: z.coerce.number().int().min(1).max(1000).default(3),
  /** One operation's whole limit, time in the queue included (spec §9: 250 s). Tests shorten it. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(250_000),
  /**
   * The CJK font PDF exports embed (ADR 0029): a font file, or `file.ttc#PostScriptName`. Unset:
   * Debian's fonts-noto-cjk (/usr/share/fonts/opentype/noto/NotoSansCJK-{Regular,Bold}.ttc).
   */
  EXPORT_FONT_REGULAR: z.string().optional(),
  EXPORT_FONT_BOLD: z.string().optional(),
  /**
   * Payments (issue 12, ADR 0027): the providers that take money, comma-separated. `sandbox` (the
   * embedded default) plays the gateway and the phone; production refuses it.
   */
  PAYMENT_PROVIDERS: z
    .string()
    .default('sandbox')
    .transform(commaList)
    .pipe(
      z
        .array(z.enum(PAYMENT_PROVIDER_KINDS, { error: 'PAYMENT_PROVIDERS 只能是 sandbox、wechat、alipay（逗号分隔）' }))
        .min(1, 'PAYMENT_PROVIDERS 不能为空'),
    ),
  /** Unpaid orders expire after this many minutes. */
  PAYMENT_ORDER_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** The site's public address: gateways call `{PUBLIC_BASE_URL}/api/v1/payment/notify/…`, the sandbox's QR code points here. */
  PUBLIC_BASE_URL: z.string().url('PUBLIC_BASE_URL 必须是完整的网址，如 https://www.example.com').optional(),
  /** Signs the sandbox's notifications and QR codes (HMAC); derived from JWT_SECRET when empty. */
  PAYMENT_SANDBOX_SECRET: z.string().min(32, 'PAYMENT_SANDBOX_SECRET 至少 32 个字符').optional(),
  WECHATPAY_MCHID: z.string().trim().min(1).optional(),
  WECHATPAY_APPID: z.string().trim().min(1).optional(),
  /** The serial number of the merchant's API certificate. */
  WECHATPAY_MERCHANT_SERIAL: z.string().trim().min(1).optional(),
  /** The merchant's API private key (apiclient_key.pem): PEM text or a file path. */
  WECHATPAY_PRIVATE_KEY: z.string().min(1).optional(),
  /** WeChat Pay's public key (微信支付公钥) and its id (PUB_KEY_ID_…), or a platform certificate's key and serial. */
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY_ID: z.string().trim().min(1).optional(),
  WECHATPAY_APIV3_KEY: z.string().length(32, 'WECHATPAY_APIV3_KEY 必须是 32 个字符').optional(),
  WECHATPAY_BASE_URL: z.string().url().default('https://api.mch.weixin.qq.com/'),
  ALIPAY_APP_ID: z.string().trim().min(1).optional(),
  /** The application's private key (RSA2): PEM text, bare base64, or a file path. */
  ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
  /** Alipay's public key (支付宝公钥), for responses and notifications. */
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  /** The seller's Alipay user id (2088…, 商家PID): when set, trades name it and notifications for another seller are refused. */
  ALIPAY_SELLER_ID: z
    .string()
    .trim()
    .regex(/^2088\d{12}$/, 'ALIPAY_SELLER_ID 是 2088 开头的 16 位数字')
    .optional(),
  /**
   * Real-name verification (ADR 0037): `sandbox` (the embedded default) accepts every number that
   * passes the local check; `http` asks a name + number (二要素) service; production refuses sandbox.
   */
  ID_VERIFY_PROVIDER: z.enum(['sandbox', 'http'], { error: 'ID_VERIFY_PROVIDER 只能是 sandbox 或 http' }).default('sandbox'),
  /** The service's address, called with POST (form fields idcard and name). */
  ID_VERIFY_URL: z.string().url('ID_VERIFY_URL 必须是完整的网址，如 https://verify.example.com/idcard').optional(),
  /** The Aliyun API market AppCode, sent as `Authorization: APPCODE …`. */
  ID_VERIFY_APP_CODE: z.string().trim().min(1).optional(),
  /**
   * WeChat login and binding (issue 23, ADR 0038): `sandbox` (the embedded default) shows a QR code
   * that opens a local page playing the phone; `mp` uses the Official Account's temporary QR codes
   * and its event pushes. Production refuses the sandbox.
   */
  WECHAT_LOGIN: z.enum(['sandbox', 'mp'], { error: 'WECHAT_LOGIN 只能是 sandbox 或 mp' }).default('sandbox'),
  WECHAT_MP_APPID: z.string().trim().min(1).optional(),
  WECHAT_MP_SECRET: z.string().trim().min(1).optional(),
  /** The server token (令牌) entered in the MP console's server configuration: 3–32 letters or digits. */
  WECHAT_MP_TOKEN: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{3,32}$/, 'WECHAT_MP_TOKEN 是公众号后台「服务器配置」中的令牌，3–32 位英文字母或数字')
    .optional(),
  WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
});

export type Env = z.infer<typeof envSchema>;

export type AppConfig = Env & {
  jwtSecret: string;
  sessionSecrets: string[];
  apiUrl: string;
  isProduction: boolean;
  devSmsEnabled: boolean;
  /** The value for Express's `trust proxy`: loopback (the web layer) always, plus TRUST_PROXY. */
  trustProxy: number | string;
  /** PUBLIC_BASE_URL without its trailing slash (http://localhost:PORT in development). */
  publicBaseUrl: string;
  paymentSandboxSecret: string;
  /** Signs the WeChat sandbox's QR links (HMAC), derived from JWT_SECRET. */
  wechatSandboxSecret: string;
};

export function publicConfig(config: AppConfig): PublicConfig {
  return {
    devSms: config.devSmsEnabled,
    wechatLogin: config.WECHAT_LOGIN,
    supportWechatQrUrl: config.SUPPORT_WECHAT_QR_URL ?? null,
    supportWechatId: config.SUPPORT_WECHAT_ID ?? null,
    supportEmail: config.SUPPORT_EMAIL ?? null,
    operatorName: config.OPERATOR_NAME ?? '本平台运营方',
    accountDeletionGraceDays: String(config.ACCOUNT_DELETION_GRACE_DAYS),
    clarityProjectId: config.APP_ENV === 'test' ? null : (config.CLARITY_PROJECT_ID ?? null),
  };
}

/** What the web layer needs: the cookie secrets, the mode and the public subset. */
export type WebConfig = { appEnv: AppConfig['APP_ENV']; sessionSecrets: string[]; public: PublicConfig };
export const webConfig = (config: AppConfig): WebConfig => ({
  appEnv: config.APP_ENV,
  sessionSecrets: config.sessionSecrets,
  public: publicConfig(config),
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Development secrets live in DATA_DIR so sessions survive restarts without being guessable. */
function devSecrets(dataDir: string): { jwt: string; session: string } {
  const file = path.join(dataDir, 'dev-secrets.json');
  if (existsSync(file)) {
    const parsed = z.object({ jwt: z.string(), session: z.string() }).safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
  }
  const secrets = { jwt: randomBytes(32).toString('hex'), session: randomBytes(32).toString('hex') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** Reads `.env` in the working directory, if any; real environment variables win. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/**
 * A hop count trusts that many proxies nearest to us (the web layer's loopback hop included, since
 * it sets X-Forwarded-For itself); an address list is trusted by address, always with loopback.
 */
function trustProxySetting(value: string): number | string {
  if (value === 'false' || value === '0') return 'loopback';
  if (/^\d+$/.test(value)) return Number(value);
  return ['loopback', ...commaList(value)].join(', ');
}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const blankToUndefined = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === '' ? undefined : v]));
  const parsed = envSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`配置无效:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.APP_ENV === 'production';
  const devSmsEnabled = env.SMS_PROVIDER === 'dev';

  const idVerifyProblems: string[] = [];
  if (env.ID_VERIFY_PROVIDER === 'http') {
    const absent = (['ID_VERIFY_URL', 'ID_VERIFY_APP_CODE'] as const).filter((n) => !env[n]);
    if (absent.length) idVerifyProblems.push(`已启用 http，但缺少 ${absent.join('、')}`);
  } else {
    // Settings for a service that is not enabled: a forgotten ID_VERIFY_PROVIDER=http, not a wish for the sandbox.
    const present = (['ID_VERIFY_URL', 'ID_VERIFY_APP_CODE'] as const).filter((n) => env[n]);
    if (present.length) idVerifyProblems.push(`已设置 ${present.join('、')}，但 ID_VERIFY_PROVIDER 不是 http`);
  }

  if (isProduction) {
    const problems: string[] = [];
    if (devSmsEnabled)
      problems.push('SMS_PROVIDER=dev（开发短信发送器会把验证码返回给浏览器），生产环境请设置 SMS_PROVIDER=tencent 或 aliyun 及其配置');
    if (!env.JWT_SECRET) problems.push('JWT_SECRET 未设置');
    if (!env.SESSION_SECRET) problems.push('SESSION_SECRET 未设置');
    if (!env.DATABASE_URL) problems.push('DATABASE_URL 未设置（生产环境使用 PostgreSQL）');
    if (env.PAYMENT_PROVIDERS.includes('sandbox'))
      problems.push('PAYMENT_PROVIDERS 含 sandbox（沙箱支付不收钱），生产环境请配置 wechat 和/或 alipay');
    if (!env.PUBLIC_BASE_URL) problems.push('PUBLIC_BASE_URL 未设置（支付通知地址需要公网网址）');
    if (env.SMS_PROVIDER === 'tencent' && env.TENCENT_SMS_ENDPOINT.startsWith('http:'))
      problems.push('TENCENT_SMS_ENDPOINT 是 http 地址（验证码会明文传输），生产环境请使用 https');
    if (env.SMS_PROVIDER === 'aliyun' && env.ALIYUN_SMS_ENDPOINT.startsWith('http:'))
      problems.push('ALIYUN_SMS_ENDPOINT 是 http 地址（验证码会明文传输），生产环境请使用 https');
    if (env.ID_VERIFY_PROVIDER === 'sandbox')
      problems.push('ID_VERIFY_PROVIDER=sandbox（沙箱实名认证不核验身份），生产环境请配置 http 并填写 ID_VERIFY_URL、ID_VERIFY_APP_CODE');
    if (env.ID_VERIFY_URL && !env.ID_VERIFY_URL.startsWith('https://'))
      problems.push('ID_VERIFY_URL 必须是 https:// 地址（请求中含身份证号）');
    problems.push(...idVerifyProblems.map((p) => `实名认证：${p}`));
    if (env.WECHAT_LOGIN === 'sandbox')
      problems.push('WECHAT_LOGIN=sandbox（沙箱微信登录可以任意冒充微信用户），生产环境请配置 WECHAT_LOGIN=mp');
    if (problems.length) throw new ConfigError(`APP_ENV=production 时拒绝启动:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }

  // Half a provider configuration is a typo, not a wish for the offline engine: say so at boot.
  const aiProblems: string[] = [];
  if (env.AI_BASE_URL && !env.AI_MODELS) aiProblems.push('已设置 AI_BASE_URL，但缺少 AI_MODELS（例如 deepseek-chat:DeepSeek V3）');
  if (env.AI_MODELS && !env.AI_BASE_URL) aiProblems.push('已设置 AI_MODELS，但缺少 AI_BASE_URL（例如 https://api.deepseek.com/v1）');
  if (env.AI_API_KEY && !env.AI_BASE_URL) aiProblems.push('已设置 AI_API_KEY，但缺少 AI_BASE_URL');
  if (aiProblems.length) throw new ConfigError(`AI 服务配置不完整:\n${aiProblems.map((p) => `  - ${p}`).join('\n')}`);

  const missing = (names: (keyof Env)[]) => names.filter((n) => !env[n]);
  // A real SMS provider needs every one of its settings, in development too: half of them is a typo.
  const smsAbsent =
    env.SMS_PROVIDER === 'tencent'
      ? missing([
          'TENCENTCLOUD_SECRET_ID',
          'TENCENTCLOUD_SECRET_KEY',
          'TENCENT_SMS_SDK_APP_ID',
          'TENCENT_SMS_SIGN_NAME',
          'TENCENT_SMS_TEMPLATE_ID',
        ])
      : env.SMS_PROVIDER === 'aliyun'
        ? missing(['ALIYUN_ACCESS_KEY_ID', 'ALIYUN_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'])
        : [];
  if (smsAbsent.length) throw new ConfigError(`短信配置不完整:\n  - SMS_PROVIDER=${env.SMS_PROVIDER}，但缺少 ${smsAbsent.join('、')}`);

  const paymentProblems: string[] = [];
  if (env.PAYMENT_PROVIDERS.includes('wechat')) {
    const absent = missing([
      'WECHATPAY_MCHID',
      'WECHATPAY_APPID',
      'WECHATPAY_MERCHANT_SERIAL',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_PLATFORM_PUBLIC_KEY',
      'WECHATPAY_PLATFORM_PUBLIC_KEY_ID',
      'WECHATPAY_APIV3_KEY',
    ]);
    if (absent.length) paymentProblems.push(`已启用 wechat，但缺少 ${absent.join('、')}`);
  }
  if (env.PAYMENT_PROVIDERS.includes('alipay')) {
    const absent = missing(['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY']);
    if (absent.length) paymentProblems.push(`已启用 alipay，但缺少 ${absent.join('、')}`);
  }
  if (paymentProblems.length) throw new ConfigError(`支付配置不完整:\n${paymentProblems.map((p) => `  - ${p}`).join('\n')}`);
  if (idVerifyProblems.length) throw new ConfigError(`实名认证配置不完整:\n${idVerifyProblems.map((p) => `  - ${p}`).join('\n')}`);

  if (env.WECHAT_LOGIN === 'mp') {
    const absent = missing(['WECHAT_MP_APPID', 'WECHAT_MP_SECRET', 'WECHAT_MP_TOKEN']);
    if (absent.length) throw new ConfigError(`微信登录配置不完整:\n  - 已设置 WECHAT_LOGIN=mp，但缺少 ${absent.join('、')}`);
  }

  const needsDevSecrets = !env.JWT_SECRET || !env.SESSION_SECRET;
  const generated = needsDevSecrets
    ? env.APP_ENV === 'test'
      ? { jwt: randomBytes(32).toString('hex'), session: randomBytes(32).toString('hex') }
      : devSecrets(env.DATA_DIR)
    : null;

  return {
    ...env,
    jwtSecret: env.JWT_SECRET ?? generated!.jwt,
    sessionSecrets: env.SESSION_SECRET ?? [generated!.session],
    apiUrl: env.API_URL ?? `http://127.0.0.1:${env.PORT}`,
    isProduction,
    devSmsEnabled,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    paymentSandboxSecret:
      env.PAYMENT_SANDBOX_SECRET ??
      createHmac('sha256', env.JWT_SECRET ?? generated!.jwt)
        .update('payment-sandbox')
        .digest('hex'),
    wechatSandboxSecret: createHmac('sha256', env.JWT_SECRET ?? generated!.jwt)
      .update('wechat-sandbox')
      .digest('hex'),
  };
}
