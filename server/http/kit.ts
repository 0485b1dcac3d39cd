import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ErrorCode } from '../../contracts/errors';
import type { z } from '../../contracts/zod';
import type { Role } from '../../contracts/constants';
import type { Database } from '../../db/client';
import type { AppConfig } from '../config';
import { DomainError, forbidden, tooManyRequests, validationError } from '../domain/errors';
import { contentDisposition } from '../domain/works/export';
import { hitRateLimit } from '../domain/rate-limit';
import type { AiEngine } from '../domain/ai/engine';
import { workspaceOf, type Workspace } from '../domain/orgs/workspace';
import { authenticateVerified, sessionCacheOf, verifyAccessToken, type AuthenticatedRequest } from '../domain/auth/tokens';
import type { Logger } from '../logger';
import type { SmsSender } from '../integrations/sms';
import type { EventBus, RealtimePublisher } from '../realtime/bus';
import type { AdminActor } from '../domain/admin-audit';

export type ApiDeps = {
  config: AppConfig;
  db: Database;
  logger: Logger;
  sms: SmsSender;
  events: RealtimePublisher;
  /** The language model and the paid-operation lifecycle, created once per process (ADR 0035). */
  ai: AiEngine;
};

export type ApiLocals = { requestId: string; sourcePage?: string; auth?: AuthenticatedRequest };
export const locals = (res: Response) => res.locals as ApiLocals;

/** The HTTP status of each domain error code: the only place the API decides statuses for errors. */
const STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  MALFORMED_JSON: 400,
  CODE_EXPIRED: 400,
  CODE_INVALID: 400,
  CODE_VOIDED: 400,
  CAPTCHA_REQUIRED: 400,
  CAPTCHA_INVALID: 400,
  INVITE_CODE_INVALID: 400,
  PHONE_IMMUTABLE: 400,
  REDEMPTION_CODE_INVALID: 400,
  REDEMPTION_CODE_EXPIRED: 400,
  REDEMPTION_CODE_USED_UP: 400,
  REDEMPTION_CODE_REDEEMED: 400,
  INSUFFICIENT_POINTS: 402,
  TOKEN_INVALID: 401,
  TOKEN_EXPIRED: 401,
  SOCKET_TICKET_INVALID: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ACCOUNT_MERGE_REQUIRED: 409,
  FILE_INVALID: 400,
  FILE_TYPE_UNSUPPORTED: 415,
  FILE_ENCRYPTED: 422,
  CV_NO_TEXT: 422,
  EXTRACTION_TIMEOUT: 422,
  EXPORT_TIMEOUT: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVER_BUSY: 429,
  PAYMENT_FAILED: 502,
  SMS_SEND_FAILED: 502,
  ID_MISMATCH: 422,
  ID_VERIFY_UNAVAILABLE: 503,
  WECHAT_NOT_SCANNED: 400,
  WECHAT_SCENE_INVALID: 400,
  PHONE_REQUIRED: 400,
  WECHAT_FAILED: 502,
  INTERNAL_ERROR: 500,
  STARTING: 503,
  MAINTENANCE: 503,
};
export const statusOf = (code: ErrorCode) => STATUS[code];

/** Express 4 does not catch rejected promises: every async handler goes through here. */
export const route =
  (handler: (req: Request, res: Response) => Promise<unknown>): RequestHandler =>
  (req, res, next) => {
    handler(req, res).catch(next);
  };

export function ok(res: Response, data: unknown, message?: string, status = 200) {
  res.status(status).json(message === undefined ? { success: true, data } : { success: true, data, message });
}

export function fail(res: Response, code: ErrorCode, message: string, data?: unknown) {
  res.status(statusOf(code)).json(data === undefined ? { success: false, code, message } : { success: false, code, message, data });
}

/** zod at the boundary: the first issue's (Chinese) message, and the field it is about. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  let issue = result.error.issues[0];
  // A union none of whose shapes fit: the message of the shape that came closest (fewest issues).
  while (issue?.code === 'invalid_union' && issue.errors.length > 0) {
    issue = [...issue.errors].sort((a, b) => a.length - b.length)[0]![0];
  }
  throw validationError(issue?.message || '请求参数无效', issue?.path.join('.') || undefined);
}

export function clientIp(req: Request): string {
  return (req.ip ?? req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}

export const bearer = (req: Request) => {
  const header = req.get('authorization') ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : null;
};

const signInFirst = () => new DomainError('TOKEN_INVALID', '请先登录');

/** Methods that change nothing: their requests may be answered from the session cache (ADR 0064). */
export const readsOnly = (req: Request) => req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS';

/**
 * Sets `locals(res).auth`; with `optional`, a request without a token passes as anonymous. A
 * request that may change things reads its user afresh, and while it runs (until its response
 * closes) so does every other request of that user; then the process forgets what it had read of
 * the user (of everyone, after an administrator's).
 */
export function authenticate(deps: ApiDeps, options: { optional?: boolean } = {}): RequestHandler {
  return (req, res, next) => {
    // Already authenticated by an outer router (admin routers are stacked under /admin).
    if (locals(res).auth) return next();
    const token = bearer(req);
    if (!token) return options.optional ? next() : next(signInFirst());
    let verified: { userId: string; sessionId: string };
    try {
      verified = verifyAccessToken(deps.config.jwtSecret, token);
    } catch (error) {
      return next(error);
    }
    if (!readsOnly(req)) {
      const sessions = sessionCacheOf(deps.db);
      sessions.beginChange(verified.userId);
      res.once('close', () => {
        sessions.endChange(verified.userId);
        if (locals(res).auth?.user.role === 'admin') sessions.clear();
      });
    }
    authenticateVerified(deps, verified).then((claims) => {
      locals(res).auth = claims;
      next();
    }, next);
  };
}

/**
 * Keeps the process's session cache true (ADR 0064): each event to a user (a charge or refund, a
 * paid order) forgets that user, and a request that may change things without a signed-in user (a
 * payment gateway's notification, a login, a refresh) forgets everyone when it ends.
 */
export function sessionCacheUpkeep(deps: Pick<ApiDeps, 'db'>, bus: EventBus): RequestHandler {
  const sessions = sessionCacheOf(deps.db);
  bus.subscribe((event) => sessions.forgetAudience(event.audience));
  return (req, res, next) => {
    if (!readsOnly(req)) {
      res.once('close', () => {
        if (!locals(res).auth) sessions.clear();
      });
    }
    next();
  };
}

/** After `authenticate`: the role is read from the database with the session, never from the token. */
export function requireRole(role: Role): RequestHandler {
  return (_req, res, next) => {
    const auth = locals(res).auth;
    if (!auth) return next(signInFirst());
    next(auth.user.role === role ? undefined : forbidden());
  };
}

/** Free tools (fact check, text extraction, export) per user and minute: cheap each, not free in bulk. */
export const FREE_TOOL_LIMIT_PER_MINUTE = 30;

/** After `authenticate`: 429 操作过于频繁 once the user has used `tool` FREE_TOOL_LIMIT_PER_MINUTE times this minute. */
export function freeToolLimit(deps: Pick<ApiDeps, 'db'>, tool: string): RequestHandler {
  return (_req, res, next) => {
    const userId = locals(res).auth?.userId;
    if (!userId) return next(signInFirst());
    hitRateLimit(deps.db, `free-tool:${tool}:${userId}`, FREE_TOOL_LIMIT_PER_MINUTE, 60_000).then(
      (allowed) => next(allowed ? undefined : tooManyRequests('操作过于频繁，请稍后再试')),
      next,
    );
  };
}

/** Aborts when the client goes away before the answer is written (a closed page, a cancelled upload). */
export function abortOnClose(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The administrator behind an admin route, for the audit log: account, address (TRUST_PROXY) and browser. */
export const adminActor = (req: Request, res: Response): AdminActor => ({
  adminId: authOf(res).userId,
  ip: clientIp(req),
  userAgent: req.get('user-agent') ?? null,
});

/** The space the signed-in user works in (ADR 0067): the membership is read afresh on every request. */
export const workspaceFor = (deps: Pick<ApiDeps, 'db'>, res: Response): Promise<Workspace> => workspaceOf(deps.db, authOf(res).user);

/** For handlers behind `authenticate(deps)`. */
export const authOf = (res: Response): AuthenticatedRequest => {
  const auth = locals(res).auth;
  if (!auth) throw signInFirst();
  return auth;
};

export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return void res.destroy();
    if (err instanceof DomainError) return fail(res, err.code, err.message, err.data);
    const type = (err as { type?: string }).type;
    if (type === 'entity.parse.failed') return fail(res, 'MALFORMED_JSON', '请求格式错误：不是有效的 JSON');
    if (type === 'entity.too.large') return fail(res, 'PAYLOAD_TOO_LARGE', '请求内容过大');
    if (type === 'charset.unsupported' || type === 'encoding.unsupported')
      return fail(res, 'UNSUPPORTED_MEDIA_TYPE', '请求编码不受支持，请使用 UTF-8');
    logger.error('request.unhandled_error', { requestId: locals(res).requestId, path: req.path, err });
    fail(res, 'INTERNAL_ERROR', '服务器错误，请稍后重试');
  };
}

/** A generated file for download (a work, a 选校 run): named for Chinese titles, never cached. */
export function sendDownload(res: Response, file: { contentType: string; filename: string; body: Buffer | Uint8Array }) {
  res
    .status(200)
    .setHeader('Content-Type', file.contentType)
    .setHeader('Content-Disposition', contentDisposition(file.filename))
    .setHeader('Cache-Control', 'private, no-store')
    .end(file.body);
}
