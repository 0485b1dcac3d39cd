import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import type { AppLoadContext } from '@remix-run/node';
import { webConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { createWebHandler, loadRemixBuild } from '../../server/web';
import { getWebSession } from '~/sessions.server';
import { login, startTestServer, type TestServer } from './harness';

/**
 * ADR 0014 over real HTTP: the production Remix build served by the real server. Pages get a
 * per-response nonce on their CSP, scripts and styles; everything gets the common headers; the
 * cache policy differs for pages, the API and static files.
 */
let web: TestServer;
let cookie: string;

beforeAll(async () => {
  execFileSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const build = await loadRemixBuild();
  web = await startTestServer({}, { web: (options) => createWebHandler({ build, ...options, logger: createLogger('silent') }) });
  // A signed-in session cookie for a real user, made by the session module itself.
  const user = await login(web.url);
  const ctx: AppLoadContext = {
    requestId: 'req',
    apiUrl: web.url,
    clientIp: '127.0.0.1',
    finalizers: [],
    noticesVersion: 0,
    config: webConfig(web.config),
  };
  const session = await getWebSession(new Request('http://app/'), ctx);
  session.signIn(user, { id: String(user.user.id), role: user.user.role ?? 'user' });
  const headers = new Headers();
  for (const finalize of ctx.finalizers) await finalize(headers);
  cookie = headers.get('set-cookie')!.split(';')[0]!;
}, 180_000);
afterAll(async () => {
  await web?.close();
});

const COMMON = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};

function expectCommon(res: Response, what: string) {
  for (const [name, value] of Object.entries(COMMON)) expect(res.headers.get(name), `${what}: ${name}`).toBe(value);
  expect(res.headers.get('strict-transport-security'), `${what}: no HSTS over plain HTTP`).toBeNull();
}

const nonceOf = (res: Response) =>
  /script-src 'self' 'nonce-([A-Za-z0-9+/]+={0,2})'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${web.url}${path}`, { headers, redirect: 'manual' });
  return { res, html: await res.text() };
}

describe('pages', () => {
  it('send the page CSP with a fresh nonce, the same nonce on every script and style tag', async () => {
    const { res, html } = await page('/login');
    expect(res.status).toBe(200);
    expectCommon(res, '/login');
    const csp = res.headers.get('content-security-policy')!;
    const nonce = nonceOf(res)!;
    expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(csp).toBe(
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "script-src-attr 'none'",
        `style-src 'self' 'nonce-${nonce}'`,
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        `connect-src 'self' ws://${new URL(web.url).host} wss://${new URL(web.url).host}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join(';'),
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');

    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    const styles = [...html.matchAll(/<style\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles.length).toBeGreaterThan(0);
    for (const tag of [...scripts, ...styles]) expect(tag).toContain(`nonce="${nonce}"`);
    // No other nonce anywhere in the page.
    expect(new Set([...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]))).toEqual(new Set([nonce]));

    const again = await page('/login');
    expect(nonceOf(again.res)).toBeDefined();
    expect(nonceOf(again.res)).not.toBe(nonce);
    expect(again.html).toContain(`nonce="${nonceOf(again.res)}"`);
    expect(again.html).not.toContain(nonce);
  });

  it('a signed-in page is private and never stored', async () => {
    const { res, html } = await page('/dash/overview', { cookie });
    expect(res.status).toBe(200);
    expect(html).toContain('data-analytics-role="user"');
    expectCommon(res, '/dash/overview');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(nonceOf(res)).toBeDefined();
  });

  it('redirects and public pages get the same headers', async () => {
    const redirect = await page('/dash/overview');
    expect(redirect.res.status).toBe(302);
    expectCommon(redirect.res, 'redirect');
    expect(redirect.res.headers.get('cache-control')).toBe('private, no-store');
    const policy = await page('/privacy-policy');
    expect(policy.res.status).toBe(200);
    expectCommon(policy.res, '/privacy-policy');
    expect(policy.res.headers.get('cache-control')).toBe('private, no-store');
    expect(policy.html).toContain(`nonce="${nonceOf(policy.res)}"`);
  });

  it('HSTS only when the request came over HTTPS (through a trusted proxy)', async () => {
    const { res } = await page('/login', { 'x-forwarded-proto': 'https' });
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+$/);
  });
});

describe('the API and static files', () => {
  it('API answers carry the common headers, no-store and a CSP that allows nothing', async () => {
    for (const path of ['/api/v1/user/info', '/api/v1/nope', '/healthz']) {
      const res = await fetch(`${web.url}${path}`);
      expectCommon(res, path);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('content-security-policy'), path).toBe(
        "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
      );
    }
  });

  it('static files keep their caching: /build for a year (immutable), public files for an hour', async () => {
    const asset = readdirSync('public/build').find((f) => /^entry\.client-.*\.js$/.test(f))!;
    const built = await fetch(`${web.url}/build/${asset}`);
    expect(built.status).toBe(200);
    expectCommon(built, asset);
    expect(built.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${web.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expectCommon(icon, 'favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});
