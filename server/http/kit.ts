import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { AppConfig } from '../config';
import { AppError, badRequest } from '../domain/errors';
import { authenticateAccessToken, type AuthenticatedRequest } from '../domain/auth/tokens';
import type { Logger } from '../logger';
import type { SmsSender } from '../integrations/sms';

export type ApiDeps = { config: AppConfig; db: Database; logger: Logger; sms: SmsSender };

export type ApiLocals = { requestId: string; sourcePage?: string; auth?: AuthenticatedRequest };
export const locals = (res: Response) => res.locals as ApiLocals;

/** Express 4 does not catch rejected promises: every async handler goes through here. */
export const route =
  (handler: (req: Request, res: Response) => Promise<unknown>): RequestHandler =>
  (req, res, next) => {
    handler(req, res).catch(next);
  };

export function ok(res: Response, data: unknown, message?: string, status = 200) {
  res.status(status).json(message === undefined ? { success: true, data } : { success: true, data, message });
}

/** zod at the boundary: the first issue's message is the Chinese message the user sees. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue && !issue.message.startsWith('Invalid') ? issue.message : '请求参数无效';
  throw badRequest(message, 'VALIDATION_ERROR', { field: issue?.path.join('.') });
}

export function clientIp(req: Request): string {
  return (req.ip ?? req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}

const bearer = (req: Request) => {
  const header = req.get('authorization') ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : null;
};

/** Sets `locals(res).auth`; with `optional`, a request without a token passes as anonymous. */
export function authenticate(deps: ApiDeps, options: { optional?: boolean } = {}): RequestHandler {
  return (req, res, next) => {
    const token = bearer(req);
    if (!token) return options.optional ? next() : next(new AppError(401, 'TOKEN_INVALID', '请先登录'));
    authenticateAccessToken({ db: deps.db, secret: deps.config.jwtSecret }, token).then((claims) => {
      locals(res).auth = claims;
      next();
    }, next);
  };
}

/** For handlers behind `authenticate(deps)`. */
export const authOf = (res: Response): AuthenticatedRequest => {
  const auth = locals(res).auth;
  if (!auth) throw new AppError(401, 'TOKEN_INVALID', '请先登录');
  return auth;
};

export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof AppError) {
      const body: Record<string, unknown> = { success: false, code: err.code, message: err.message };
      if (err.data !== undefined) body.data = err.data;
      res.status(err.status).json(body);
      return;
    }
    const type = (err as { type?: string }).type;
    if (type === 'entity.parse.failed') {
      res.status(400).json({ success: false, code: 'MALFORMED_JSON', message: '请求格式错误：不是有效的 JSON' });
      return;
    }
    if (type === 'entity.too.large') {
      res.status(413).json({ success: false, code: 'PAYLOAD_TOO_LARGE', message: '请求内容过大' });
      return;
    }
    logger.error('request.unhandled_error', { requestId: locals(res).requestId, path: req.path, err });
    res.status(500).json({ success: false, code: 'INTERNAL_ERROR', message: '服务器错误，请稍后重试' });
  };
}
