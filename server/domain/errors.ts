/**
 * The one error type the domain throws. The HTTP layer turns it into the API envelope
 * `{ success: false, code, message, data? }` with `status`.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST', data?: unknown) => new AppError(400, code, message, data);
export const tooManyRequests = (message: string, data?: unknown) => new AppError(429, 'RATE_LIMITED', message, data);
export const tokenInvalid = () => new AppError(401, 'TOKEN_INVALID', '登录已过期，请重新登录');
export const tokenExpired = () => new AppError(401, 'TOKEN_EXPIRED', '登录已过期，请重新登录');
export const forbidden = () => new AppError(403, 'FORBIDDEN', '没有权限访问');
export const notFound = (message = '请求的资源不存在') => new AppError(404, 'NOT_FOUND', message);
