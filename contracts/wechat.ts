import { SCAN_STATUSES } from './realtime';
import { z } from './zod';

/**
 * WeChat login and binding with the Official Account's temporary QR codes (issue 23, ADR 0038).
 * A scene is one QR code: it logs in (or binds) once, only after its scan, only before it expires,
 * and only for the caller holding its secret.
 */

/** How long a QR code is good for: WeChat's `expire_seconds` of the temporary code. */
export const WECHAT_SCENE_TTL_SECONDS = 300;
/** The nickname of a WeChat user whose profile the Official Account may not read. */
export const WECHAT_DEFAULT_NICKNAME = '微信用户';
/** The sandbox phone's prefilled name. */
export const SANDBOX_WECHAT_NICKNAME = '测试微信用户';

export const WECHAT_MESSAGES = {
  NOT_SCANNED: '尚未扫码，请用微信扫描二维码',
  SCENE_INVALID: '二维码无效，请刷新后重试',
  SCENE_EXPIRED: '二维码已过期，请刷新二维码',
  SCENE_USED: '二维码已使用，请刷新二维码',
  PHONE_REQUIRED: '请先绑定手机号后再解绑微信',
  QR_FAILED: '微信二维码获取失败，请稍后重试',
  TOO_MANY_SCENES: '获取二维码过于频繁，请稍后再试',
  SANDBOX_DISABLED: '沙箱微信登录未启用',
} as const;

/** POST /api/v1/auth/wechat/scene and /api/v1/user/wechat/bind-scene. `qrUrl` is what the QR code encodes. */
export const wechatSceneSchema = z.object({
  sceneStr: z.string(),
  qrUrl: z.string(),
  expiresAt: z.string(),
  /** Only for the caller that asked: the web keeps it in its session cookie, never in a page. */
  sceneSecret: z.string(),
});
export type WechatScene = z.infer<typeof wechatSceneSchema>;

const sceneStr = z
  .string({ error: WECHAT_MESSAGES.SCENE_INVALID })
  .trim()
  .min(1, WECHAT_MESSAGES.SCENE_INVALID)
  .max(64, WECHAT_MESSAGES.SCENE_INVALID);

/** POST /api/v1/auth/login/wechat and /api/v1/user/wechat/bind. */
export const wechatSceneUseSchema = z.object({
  sceneStr,
  sceneSecret: z
    .string({ error: WECHAT_MESSAGES.SCENE_INVALID })
    .min(1, WECHAT_MESSAGES.SCENE_INVALID)
    .max(128, WECHAT_MESSAGES.SCENE_INVALID),
});
export type WechatSceneUse = z.infer<typeof wechatSceneUseSchema>;

/** The sandbox phone (/sandbox-wechat/{sceneStr}?t=): `t` is the QR link's signature. */
export const sandboxSceneQuerySchema = z.object({ sceneStr, t: z.string().max(128).default('') });
export const sandboxScanSchema = sandboxSceneQuerySchema.extend({
  nickname: z.string({ error: '请输入微信昵称' }).trim().min(1, '请输入微信昵称').max(32, '微信昵称不能超过32个字符'),
});
export type SandboxScan = z.infer<typeof sandboxScanSchema>;
export const sandboxSceneSchema = z.object({
  sceneStr: z.string(),
  purpose: z.enum(['login', 'bind']),
  status: z.enum(SCAN_STATUSES),
  expiresAt: z.string(),
  /** Who scanned it (the sandbox's own test user), once scanned. */
  nickname: z.string().nullable(),
});
export type SandboxScene = z.infer<typeof sandboxSceneSchema>;
