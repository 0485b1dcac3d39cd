import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable } from '@remix-run/node';
import type { ServerBuild } from '@remix-run/node';
import type { Logger } from './logger';

/**
 * What every Remix loader/action receives as `context`. `finalizers` run after the route
 * handlers and may add response headers: the session module commits the cookie there once,
 * whichever loader refreshed the tokens.
 */
export type WebLoadContext = {
  requestId: string;
  apiUrl: string;
  /** The browser's address, forwarded to the API so per-IP limits see users, not this process. */
  clientIp: string;
  finalizers: Array<(headers: Headers) => Promise<void>>;
  /** Set by the session module so the request log can name the user. */
  userId?: string;
};

export const BUILD_PATH = path.resolve('build/index.js');

export async function loadRemixBuild(): Promise<ServerBuild> {
  if (!existsSync(BUILD_PATH)) throw new Error(`找不到 Remix 构建产物 ${BUILD_PATH}，请先运行 npm run build`);
  return (await import(pathToFileURL(BUILD_PATH).href)) as ServerBuild;
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  return new Request(new URL(req.originalUrl, origin), init);
}

async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    if (key === 'set-cookie') continue;
    res.append(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('set-cookie', cookies);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * SameSite=Lax keeps our cookie off cross-site POSTs, but a forged POST could still log a visitor
 * out (wiping drafts) or into an attacker's account. Browsers say where a request came from
 * (Sec-Fetch-Site, Origin): state-changing requests from another site are refused.
 */
export function isCrossSiteWrite(req: ExpressRequest): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  const site = req.get('sec-fetch-site');
  if (site) return site === 'cross-site' || site === 'same-site';
  const origin = req.get('origin');
  if (!origin || origin === 'null') return Boolean(origin);
  try {
    return new URL(origin).host !== req.get('host');
  } catch {
    return true;
  }
}

export function createWebHandler(options: { build: ServerBuild; apiUrl: string; logger: Logger }): RequestHandler {
  const handle = createRequestHandler(options.build, 'production');
  return (req, res, next) => {
    if (isCrossSiteWrite(req)) {
      res.status(403).type('text/plain; charset=utf-8').send('没有权限访问：拒绝来自其他网站的提交');
      return;
    }
    const context: WebLoadContext = {
      requestId: String(res.locals.requestId),
      apiUrl: options.apiUrl,
      clientIp: (req.ip ?? req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
      finalizers: [],
    };
    (async () => {
      const response = await handle(toFetchRequest(req, res), context);
      const headers = new Headers(response.headers);
      for (const finalize of context.finalizers) await finalize(headers);
      res.locals.userId = context.userId;
      await sendFetchResponse(res, new Response(response.body, { status: response.status, statusText: response.statusText, headers }));
    })().catch(next);
  };
}
