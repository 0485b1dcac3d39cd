import type { ErrorCode } from '../../contracts/errors';

/**
 * The one error type the domain throws: a code from contracts/errors.ts, the Chinese message the
 * user sees and optional data (`field` names the input it is about). The domain knows no HTTP:
 * server/http/kit.ts maps codes to statuses.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const validationError = (message: string, field?: string) =>
  new DomainError('VALIDATION_ERROR', message, field ? { field } : undefined);
export const tooManyRequests = (message: string, data?: Record<string, unknown>) => new DomainError('RATE_LIMITED', message, data);
export const tokenInvalid = () => new DomainError('TOKEN_INVALID', '登录已过期，请重新登录');
export const tokenExpired = () => new DomainError('TOKEN_EXPIRED', '登录已过期，请重新登录');
export const forbidden = () => new DomainError('FORBIDDEN', '没有权限访问');
export const notFound = (message = '请求的资源不存在') => new DomainError('NOT_FOUND', message);
