import type { RequestHandler } from 'express';
import { PAGE_BODY_LIMIT_BYTES, PASSTHROUGH_BODY_LIMIT_BYTES } from '../../contracts/limits';
import { readsOnly } from './kit';

/**
 * Web requests with a body must declare its length, within the limit, before Remix reads a byte:
 * browsers always send Content-Length for forms and uploads, and Node stops reading at it.
 */
export const pageBodyLimit: RequestHandler = (req, res, next) => {
  if (readsOnly(req)) return next();
  const text = (status: number, message: string) => {
    res.setHeader('Connection', 'close');
    res.status(status).type('text/plain; charset=utf-8').send(message);
  };
  const declared = req.get('content-length');
  if (declared === undefined) return req.get('transfer-encoding') ? text(411, '请求缺少内容长度，请刷新页面后重试') : next();
  const passthrough = req.path.startsWith('/resources/api/');
  if (Number(declared) > (passthrough ? PASSTHROUGH_BODY_LIMIT_BYTES : PAGE_BODY_LIMIT_BYTES))
    return text(413, '提交的内容过大，请精简后重试');
  // Page actions read forms; anything else (JSON, no body) would only fail inside Remix. Resource
  // routes (/resources/*) are called by client code and decide their own bodies.
  const formOnly = !req.path.startsWith('/resources/');
  if (formOnly && !req.is(['application/x-www-form-urlencoded', 'multipart/form-data'])) return text(415, '请通过页面上的表单提交');
  next();
};
