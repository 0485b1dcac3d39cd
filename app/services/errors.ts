/** Spec §8 error catalogue: the Chinese message a user sees for each failure. */
export const ERROR_MESSAGES = {
  TIMEOUT: '请求超时，请稍后重试',
  TOKEN_INVALID: '登录已过期，请重新登录',
  FORBIDDEN: '没有权限访问',
  SERVER: '服务器错误，请稍后重试',
  NETWORK: '网络连接失败，请检查网络设置',
  OTHER: '请求失败，请稍后重试',
  BUSY: '你前面还有1人在排队，请稍后再试',
  INSUFFICIENT_POINTS: '积分不足',
} as const;

/** A failed API call, already mapped to the catalogue. Safe to show `message` to the user. */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function messageForFailure(status: number, serverMessage?: string): string {
  if (status === 403) return ERROR_MESSAGES.FORBIDDEN;
  if (status === 429) return serverMessage || ERROR_MESSAGES.BUSY;
  if (status >= 500) return serverMessage || ERROR_MESSAGES.SERVER;
  return serverMessage || ERROR_MESSAGES.OTHER;
}
