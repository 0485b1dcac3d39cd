import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request as ExpressRequest, RequestHandler } from 'express';
// The adapter's own request/response helpers (its index exports only createRequestHandler; ADR 0010).
import { createRemixRequest, sendRemixResponse } from '@remix-run/express/dist/server.js';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import type { WebConfig } from './config';
import { pageCacheControl, pageSecurityHeaders } from './http/security-headers';
import type { Logger } from './logger';
import type { EventBus } from './realtime/bus';

/**
 * What every Remix loader/action receives as `context`. `finalizers` run after the route
 * handlers and may add response headers: the session module commits the cookie there once,
 * whichever loader refreshed the tokens (ADR 0002). That step is why this adapter composes
 * @remix-run/express's request and response helpers instead of its createRequestHandler (ADR 0010).
 */
export type WebLoadContext = {
  requestId: string;
  apiUrl: string;
  config: WebConfig;
  /** The browser's address, forwarded to the API so per-IP limits see users, not this process. */
  clientIp: string;
  /** The browser's User-Agent, forwarded to the API for the administrators' audit log (ADR 0053). */
  userAgent?: string;
  finalizers: Array<(headers: Headers) => Promise<void>>;
  /** Set by the session module so the request log can name the user. */
  userId?: string;
  /**
   * This response's CSP nonce (ADR 0014): Remix's scripts and Emotion's styles carry it. Always
   * set for page requests; absent only in contexts tests build by hand for loaders.
   */
  cspNonce?: string;
  /**
   * Goes up with every notice this process hears of on the event bus: the web's short cache of the
   * active notices (app/services/pages/notices.server.ts) is keyed by it, so a page opened right after a
   * publish shows the notice even though the push that announced it came before the page.
   */
  noticesVersion: number;
  /** The process's logger for the web's unexpected errors (entry.server.tsx handleError): redacted like every line. */
  logError?: (msg: string, fields: Record<string, unknown>) => void;
};

/** Socket messages that change the active notices. */
const NOTICE_EVENTS = new Set(['SYSTEM_NOTIFICATION', 'SYSTEM_MAINTENANCE', 'MAINTENANCE_NOTIFICATION', 'MAINTENANCE_END_NOTIFICATION']);

export const BUILD_PATH = path.resolve('build/index.js');

async function importBuild(version: number): Promise<ServerBuild> {
  if (!existsSync(BUILD_PATH)) throw new Error(`找不到 Remix 构建产物 ${BUILD_PATH}，请先运行 npm run build`);
  return (await import(`${pathToFileURL(BUILD_PATH).href}?v=${version}`)) as ServerBuild;
}

/**
 * The build, loaded once; with `watch` (npm run dev) it is loaded again whenever `remix watch`
 * rewrites it, so a change to app/ shows on the next request without a restart.
 */
export async function loadRemixBuild(options: { watch?: boolean } = {}): Promise<() => Promise<ServerBuild>> {
  const mtime = () => statSync(BUILD_PATH).mtimeMs;
  let version = mtime();
  let build = importBuild(version);
  await build;
  if (!options.watch) return () => build;
  return () => {
    const current = existsSync(BUILD_PATH) ? mtime() : version;
    if (current !== version) {
      version = current;
      build = importBuild(version);
    }
    return build;
  };
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

/** Remix's server mode follows APP_ENV: production hides error details from responses. */
const remixMode = (appEnv: WebConfig['appEnv']) => (appEnv === 'production' ? 'production' : appEnv === 'test' ? 'test' : 'development');

export function createWebHandler(options: {
  build: () => Promise<ServerBuild>;
  apiUrl: string;
  config: WebConfig;
  logger: Logger;
  /** The process's event bus, when the API runs in the same process (the default). */
  events?: Pick<EventBus, 'subscribe'>;
}): RequestHandler {
  const mode = remixMode(options.config.appEnv);
  let noticesVersion = 0;
  options.events?.subscribe((event) => {
    if (NOTICE_EVENTS.has(event.type)) noticesVersion++;
  });
  let handlerFor: { build: ServerBuild; handle: ReturnType<typeof createRequestHandler> } | null = null;
  return (req, res, next) => {
    if (isCrossSiteWrite(req)) {
      res.status(403).type('text/plain; charset=utf-8').send('没有权限访问：拒绝来自其他网站的提交');
      return;
    }
    const context: WebLoadContext = {
      requestId: String(res.locals.requestId),
      apiUrl: options.apiUrl,
      config: options.config,
      clientIp: (req.ip ?? req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
      userAgent: req.get('user-agent'),
      finalizers: [],
      cspNonce: pageSecurityHeaders(req, res, { clarity: Boolean(options.config.public.clarityProjectId) }),
      noticesVersion,
      logError: (msg, fields) => options.logger.error(msg, { requestId: String(res.locals.requestId), ...fields }),
    };
    (async () => {
      const build = await options.build();
      if (handlerFor?.build !== build) handlerFor = { build, handle: createRequestHandler(build, mode) };
      const response = await handlerFor.handle(createRemixRequest(req, res), context);
      // A copy: some responses' headers are immutable.
      const headers = new Headers(response.headers);
      for (const finalize of context.finalizers) await finalize(headers);
      pageCacheControl(headers);
      res.locals.userId = context.userId;
      await sendRemixResponse(res, new Response(response.body, { status: response.status, statusText: response.statusText, headers }));
    })().catch(next);
  };
}
