/**
 * Error codes of the API envelope `{ success: false, code, message, data? }` (DESIGN §4). The API
 * maps each to an HTTP status (server/http/kit.ts); the web branches on codes, never on message text.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'MALFORMED_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  /** The AI queue is full (429, 你前面还有N人在排队). */
  'SERVER_BUSY',
  'CODE_EXPIRED',
  'CODE_INVALID',
  'CODE_VOIDED',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_INVALID',
  'INVITE_CODE_INVALID',
  'PHONE_IMMUTABLE',
  'SOCKET_TICKET_INVALID',
  'INSUFFICIENT_POINTS',
  'REDEMPTION_CODE_INVALID',
  'REDEMPTION_CODE_EXPIRED',
  'REDEMPTION_CODE_USED_UP',
  'REDEMPTION_CODE_REDEEMED',
  'CONFLICT',
  /** A phone or WeChat being bound has an account of its own: data is the merge preview (ADR 0039). */
  'ACCOUNT_MERGE_REQUIRED',
  'FILE_INVALID',
  'FILE_TYPE_UNSUPPORTED',
  'FILE_ENCRYPTED',
  'CV_NO_TEXT',
  'EXTRACTION_TIMEOUT',
  /** An export too heavy to lay out within its time (文档过大，导出超时). */
  'EXPORT_TIMEOUT',
  /** A payment gateway refused or failed a call (支付失败: …). */
  'PAYMENT_FAILED',
  /** The SMS provider did not take a login code (短信发送失败，请稍后重试); the send counts against no limit. */
  'SMS_SEND_FAILED',
  /** The real-name provider says the name and number do not belong together, or knows no such number. */
  'ID_MISMATCH',
  /** The real-name provider could not be reached or did not answer (实名认证服务暂不可用). */
  'ID_VERIFY_UNAVAILABLE',
  /** WeChat login (ADR 0038): the QR code has not been scanned yet (尚未扫码，请用微信扫描二维码). */
  'WECHAT_NOT_SCANNED',
  /** The QR code is unknown, not this browser's, used or expired: show a new one. */
  'WECHAT_SCENE_INVALID',
  /** Unbinding WeChat would leave the account without a way to log in (请先绑定手机号后再解绑微信). */
  'PHONE_REQUIRED',
  /** The WeChat API failed or refused a call (a QR code could not be made). */
  'WECHAT_FAILED',
  'MAINTENANCE',
  'STARTING',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Failures the web client detects itself, before or instead of an API answer. */
export const CLIENT_ERROR_CODES = ['TIMEOUT', 'NETWORK_ERROR', 'BAD_RESPONSE', 'REFRESH_FAILED'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** Spec §8 error catalogue: the Chinese message a user sees for each kind of failure. */
export const ERROR_MESSAGES = {
  TIMEOUT: '请求超时，请稍后重试',
  TOKEN_INVALID: '登录已过期，请重新登录',
  FORBIDDEN: '没有权限访问',
  SERVER: '服务器错误，请稍后重试',
  NETWORK: '网络连接失败，请检查网络设置',
  OTHER: '请求失败，请稍后重试',
  BUSY: '你前面还有1人在排队，请稍后再试',
  INSUFFICIENT_POINTS: '积分不足',
  /** Spec §8: the shell could not load the signed-in user. */
  USER_INFO_FAILED: '获取用户信息失败',
  /** Spec §8: a profile update the API refused without saying why. */
  UPDATE_FAILED: '更新失败，请重试',
} as const;

/** The catalogue message for a failed call: the server's own message where the spec keeps it. */
export function messageForFailure(status: number, serverMessage?: string): string {
  if (status === 403) return ERROR_MESSAGES.FORBIDDEN;
  if (status === 429) return serverMessage || ERROR_MESSAGES.BUSY;
  if (status >= 500) return serverMessage || ERROR_MESSAGES.SERVER;
  return serverMessage || ERROR_MESSAGES.OTHER;
}

/** The input field an API failure points at (`data.field`), if any. */
export function failureField(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'field' in data && typeof data.field === 'string' && data.field) return data.field;
  return undefined;
}
