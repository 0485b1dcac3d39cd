import { json, type AppLoadContext } from '@remix-run/node';
import { ERROR_MESSAGES } from '../../../contracts/errors';
import { PASSTHROUGH_BODY_LIMIT_BYTES } from '../../../contracts/limits';
import { ApiRequestError } from '../errors';
import { createTransport, UPLOAD_TIMEOUT_MS } from './transport.server';

/**
 * The browser's door to /api/v1 for what a loader cannot do: streamed AI output and file uploads
 * read by client code. The session's token is added here, so the browser never holds it. Calls
 * that hand out tokens are not reachable this way, nor the payment gateways' notify routes, nor
 * WeChat's: a bind code's secret stays in the session cookie, binding goes through the account
 * page's actions, and the Official Account's pushes come from WeChat (ADR 0038).
 * The rules are matched against the normalised key of `passthroughPath` (lower case, no empty
 * segments): the API's router ignores case and a trailing slash, so the rules must too (ADR 0033).
 */
const NOT_FOR_BROWSERS = [
  /^auth(\/|$)/,
  /^user\/(refresh-token|logout)$/,
  /^payment\/notify(\/|$)/,
  /^user\/wechat(\/|$)/,
  /^wechat(\/|$)/,
];

const PREFIX = /^\/resources\/api(?=\/|$)/i;
/** Encoded slashes, backslashes and dots, and control characters, have no business in an API path. */
const FORBIDDEN_ESCAPES = /%(2f|5c|2e|[01][0-9a-f]|7f)/i;

/**
 * The API path a /resources/api/* URL names, or null when it is not a plain one. `path` is what is
 * forwarded: the segments as sent (still percent-encoded, case kept: order numbers and ids are
 * case-sensitive), empty ones dropped, so `//a//b/` is `a/b`. `key` is what the deny rules see:
 * the same segments decoded and lower-cased. Refused: an encoded slash, backslash or dot, a raw
 * backslash, a `.` or `..` segment (the URL parser has resolved real ones by now), control
 * characters, malformed escapes, and an empty path.
 */
export function passthroughPath(pathname: string): { path: string; key: string } | null {
  const prefix = PREFIX.exec(pathname);
  if (!prefix) return null;
  const rest = pathname.slice(prefix[0].length);
  if (rest.includes('\\') || FORBIDDEN_ESCAPES.test(rest)) return null;
  const segments = rest.split('/').filter((s) => s !== '');
  if (segments.length === 0) return null;
  const decoded: string[] = [];
  for (const segment of segments) {
    let text: string;
    try {
      text = decodeURIComponent(segment);
    } catch {
      return null;
    }
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    if (text === '.' || text === '..' || /[\u0000-\u001f\u007f/\\]/.test(text)) return null;
    decoded.push(text.toLowerCase());
  }
  return { path: segments.join('/'), key: decoded.join('/') };
}

/**
 * Answer headers worth passing on; hop-by-hop and encoding headers are the web server's business.
 * Content-Disposition names a download (a work exported as DOCX or PDF, with its Chinese title).
 */
const PASSED_HEADERS = ['content-type', 'content-disposition', 'cache-control', 'x-request-id', 'retry-after'];

const envelope = (status: number, code: string, message: string) => json({ success: false, code, message }, { status });

async function readLimited(request: Request, limit: number): Promise<ArrayBuffer | null> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return null;
  const reader = request.body?.getReader();
  if (!reader) return new ArrayBuffer(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(Buffer.from(value));
  }
  const all = Buffer.concat(chunks);
  return all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer;
}

/** /resources/api/<path> → /api/v1/<path>; the path is read from the request's own URL (see passthroughPath). */
export async function passThrough(request: Request, context: AppLoadContext, pageName: string): Promise<Response> {
  const url = new URL(request.url);
  const target = passthroughPath(url.pathname);
  if (!target || NOT_FOR_BROWSERS.some((p) => p.test(target.key))) return envelope(404, 'NOT_FOUND', '接口不存在');
  const method = request.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  const body = method === 'GET' ? undefined : await readLimited(request, PASSTHROUGH_BODY_LIMIT_BYTES);
  if (body === null) return envelope(413, 'PAYLOAD_TOO_LARGE', '请求内容过大');
  const contentType = request.headers.get('content-type') ?? undefined;
  const search = url.search;
  try {
    const upstream = await createTransport(request, context, pageName).authorized(`/${target.path}${search}`, {
      method,
      body,
      contentType,
      accept: request.headers.get('accept') ?? undefined,
      signal: request.signal,
      timeoutMs: contentType?.startsWith('multipart/') ? UPLOAD_TIMEOUT_MS : undefined,
    });
    const headers = new Headers();
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    // The body is handed on unread: an event stream reaches the browser chunk by chunk.
    return new Response(upstream.body, { status: upstream.status, headers });
  } catch (error) {
    if (error instanceof ApiRequestError) return envelope(error.status || 502, error.code, error.message);
    // A redirect or a 401 means the API refused the session (the next navigation clears the cookie): say so in JSON.
    if (error instanceof Response && (error.status === 401 || (error.status >= 300 && error.status < 400))) {
      return envelope(401, 'TOKEN_INVALID', ERROR_MESSAGES.TOKEN_INVALID);
    }
    throw error;
  }
}
