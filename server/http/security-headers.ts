import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Response headers that protect pages and the API (ADR 0014).
 *
 * - `securityHeaders` runs first for every response (pages, /api, /healthz, static files):
 *   nosniff, X-Frame-Options DENY, Referrer-Policy, COOP, CORP, HSTS on HTTPS requests only, a
 *   locked-down CSP for anything that is not a page, and `Cache-Control: no-store` for /api and
 *   /healthz (a route may set its own).
 * - `pageSecurityHeaders` runs per page request inside the web handler: a fresh nonce and the
 *   page CSP that lets through only scripts and <style> elements carrying it.
 */

/** 128 random bits, as CSP nonces should have; one per page response, never reused. */
export const newCspNonce = () => randomBytes(16).toString('base64');

const nonceSource = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`;

/** host[:port] as browsers send it; anything else is left out of the policy. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The realtime client connects to /ws on the page's own host. CSP3 lets 'self' match ws:/wss: on
 * the same host (Chromium, Firefox); WebKit did not until 2022, so the host is named explicitly too.
 */
const sameHostSockets = (req: unknown) => {
  const host = (req as Request).get('host') ?? '';
  return HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
};

export const PAGE_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // Remix's inline hydration scripts carry the nonce; route modules load from /build ('self').
  scriptSrc: ["'self'", nonceSource],
  scriptSrcAttr: ["'none'"],
  // Emotion's <style> elements (server-extracted and runtime-inserted) carry the nonce.
  styleSrc: ["'self'", nonceSource],
  // Chakra/Ark components render style="" attributes on the server (the toaster's fixed
  // positioning, popover positioners); attributes cannot select or read other elements.
  styleSrcAttr: ["'unsafe-inline'"],
  // Payment QR codes: data: URIs or blobs made in the page, or images from this origin.
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", sameHostSockets],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const pageCsp = helmet.contentSecurityPolicy({ useDefaults: false, directives: PAGE_CSP_DIRECTIVES });

/**
 * Microsoft Clarity's hosts (ADR 0058), allowed only when CLARITY_PROJECT_ID is set: its tag
 * (www.clarity.ms/tag/{id}) and the script it loads (scripts.clarity.ms), the collection endpoints
 * (*.clarity.ms) and Bing's pixel. Without the setting the page policy names no other site.
 */
export const CLARITY_CSP_SOURCES = {
  scriptSrc: ['https://www.clarity.ms', 'https://scripts.clarity.ms'],
  connectSrc: ['https://*.clarity.ms', 'https://c.bing.com'],
  imgSrc: ['https://*.clarity.ms', 'https://c.bing.com'],
};
const pageCspWithClarity = helmet.contentSecurityPolicy({
  useDefaults: false,
  directives: {
    ...PAGE_CSP_DIRECTIVES,
    scriptSrc: [...PAGE_CSP_DIRECTIVES.scriptSrc, ...CLARITY_CSP_SOURCES.scriptSrc],
    connectSrc: [...PAGE_CSP_DIRECTIVES.connectSrc, ...CLARITY_CSP_SOURCES.connectSrc],
    imgSrc: [...PAGE_CSP_DIRECTIVES.imgSrc, ...CLARITY_CSP_SOURCES.imgSrc],
  },
});

/** Anything that is not a page (JSON, text, SVG, scripts): nothing may run or embed it. */
const resourceCsp = helmet.contentSecurityPolicy({
  useDefaults: false,
  directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
});

const common = helmet({
  contentSecurityPolicy: false,
  // Only over HTTPS (below): on http://localhost it would be ignored at best.
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  // Would require every embedded resource to opt in; nothing needs cross-origin isolation.
  crossOriginEmbedderPolicy: false,
});

const hsts = helmet.strictTransportSecurity({ maxAge: 180 * 24 * 3600, includeSubDomains: false });

const NO_STORE_PATHS = /^\/(?:api(?:\/|$)|healthz$)/;

export const securityHeaders: RequestHandler = (req, res, next) => {
  common(req, res, (err?: unknown) => {
    if (err) return next(err);
    // `req.secure` honours X-Forwarded-Proto from trusted proxies only (TRUST_PROXY).
    if (req.secure) hsts(req, res, () => {});
    resourceCsp(req, res, () => {});
    // API answers are per user: never stored. A route may still set its own Cache-Control.
    if (NO_STORE_PATHS.test(req.path)) res.setHeader('Cache-Control', 'no-store');
    next();
  });
};

/**
 * For a page request: a new nonce in `res.locals.cspNonce` and the page CSP built with it
 * (replacing the resource policy), with Clarity's hosts when it is configured. Returns the nonce
 * for the Remix load context.
 */
export function pageSecurityHeaders(req: Request, res: Response, options: { clarity?: boolean } = {}): string {
  const nonce = newCspNonce();
  res.locals.cspNonce = nonce;
  let failure: unknown;
  (options.clarity ? pageCspWithClarity : pageCsp)(req, res, (err?: unknown) => (failure = err));
  if (failure) throw failure;
  return nonce;
}

/**
 * Pages carry a nonce and per-user data: HTML is never stored anywhere. Other web responses
 * (redirects, loader data, resource routes) get the same unless they chose their own.
 */
export function pageCacheControl(headers: Headers) {
  const html = /text\/html/i.test(headers.get('content-type') ?? '');
  if (html || !headers.has('cache-control')) headers.set('Cache-Control', 'private, no-store');
}
