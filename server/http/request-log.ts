import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';
import { locals } from './kit';

/** One log line per request, under a request id the client may supply (X-Request-Id) or we make up. */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const path = req.originalUrl.split('?')[0];
    const incoming = req.get('x-request-id');
    const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const page = req.get('x-source-page');
    if (page) {
      try {
        locals(res).sourcePage = decodeURIComponent(page).slice(0, 100);
      } catch {
        // A malformed page header is not worth failing the request over.
      }
    }
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info('request', {
        requestId,
        method: req.method,
        path,
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
        userId: locals(res).auth?.userId ?? res.locals.userId ?? null,
      });
    });
    next();
  };
}
