import { DomainError } from '../errors';

export { DomainError };

export const validationError = (message: string, field?: string) =>
  new DomainError('VALIDATION_ERROR', message, field ? { field } : undefined);
export const tooManyRequests = (message: string, data?: Record<string, unknown>) => new DomainError('RATE_LIMITED', message, data);
export const tokenInvalid = () => new DomainError('TOKEN_INVALID', '登录已过期，请重新登录');
export const tokenExpired = () => new DomainError('TOKEN_EXPIRED', '登录已过期，请重新登录');
export const forbidden = () => new DomainError('FORBIDDEN', '没有权限访问');
export const notFound = (message = '请求的资源不存在') => new DomainError('NOT_FOUND', message);
