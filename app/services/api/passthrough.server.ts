import { json, type AppLoadContext } from '@remix-run/node';
import { ERROR_MESSAGES } from '../../../contracts/errors';
import { PASSTHROUGH_BODY_LIMIT_BYTES } from '../../../contracts/limits';
import { ApiRequestError } from '../errors';
import { createTransport, UPLOAD_TIMEOUT_MS } from './transport.server';

/**
 * The browser's door to /api/v1 for what a loader cannot do: streamed AI output and file uploads
 * read by client code. The session's token is added here, so the browser never holds it. Calls
 * that hand out tokens are not reachable this way, nor the payment gateways' notify routes.
 */
const NOT_FOR_BROWSERS = [/^auth\//, /^user\/(refresh-token|logout)$/, /^payment\/notify\//];
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

export async function passThrough(request: Request, context: AppLoadContext, apiPath: string, pageName: string): Promise<Response> {
  if (!apiPath || apiPath.includes('..') || NOT_FOR_BROWSERS.some((p) => p.test(apiPath))) {
    return envelope(404, 'NOT_FOUND', '接口不存在');
  }
  const method = request.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  const body = method === 'GET' ? undefined : await readLimited(request, PASSTHROUGH_BODY_LIMIT_BYTES);
  if (body === null) return envelope(413, 'PAYLOAD_TOO_LARGE', '请求内容过大');
  const contentType = request.headers.get('content-type') ?? undefined;
  const search = new URL(request.url).search;
  try {
    const upstream = await createTransport(request, context, pageName).authorized(`/${apiPath}${search}`, {
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
    // A redirect means the session ended (its cookie is cleared by the session module): say so in JSON.
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      return envelope(401, 'TOKEN_INVALID', ERROR_MESSAGES.TOKEN_INVALID);
    }
    throw error;
  }
}
