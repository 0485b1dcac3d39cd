import http from 'node:http';
import { passthroughPath } from '~/services/api/passthrough.server';
import { randomPhone, type TestServer } from './harness';
import { startWebTestServer, webSessionCookie } from './web-server';

/**
 * Issue 22: /resources/api/* compared its blocked paths as written, so `user/logout/` and
 * `Auth/sms/send` reached handlers the browser must not reach (the API's router ignores case and a
 * trailing slash). The path is now normalised before the allow/deny check (ADR 0033).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startWebTestServer();
}, 180_000);
afterAll(() => server?.close());

const signedInCookie = () => webSessionCookie(server);

/** The path exactly as written (fetch would resolve dot segments and turn backslashes into slashes). */
function send(method: string, path: string, cookie: string, body?: string) {
  return new Promise<{ status: number; json: Record<string, unknown> | null }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path,
        headers: { cookie, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode!, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const LOGOUT_VARIANTS = [
  '/resources/api/user/logout/',
  '/resources/api/User/Logout',
  '/resources/api/USER/LOGOUT/',
  '/resources/api//user/logout',
  '/resources/api/user//logout//',
  '/resources/api/user/logout/.',
  '/resources/api/user%2Flogout',
  '/resources/api/user%2flogout',
  '/resources/api/user%5Clogout',
  '/resources/api/user/%6Cogout',
  '/resources/api/user/logout%2F',
  '/resources/api/user/x/%2e%2e/logout',
  '/resources/api/user/x/%2E./logout',
  '/resources/api/user/refresh-token/',
  '/resources/api/User/Refresh-Token',
];
const SMS_VARIANTS = [
  '/resources/api/Auth/sms/send',
  '/resources/api/AUTH/SMS/SEND/',
  '/resources/api/auth/sms/send/',
  '/resources/api//auth//sms/send',
  '/resources/api/%61uth/sms/send',
  '/resources/api/auth%2Fsms%2Fsend',
  '/resources/api/Payment/Notify/sandbox',
  '/resources/api/payment/notify/sandbox/',
];
/** A bind code's secret stays in the session; WeChat's pushes and the sandbox phone are not the browser's (ADR 0038). */
const WECHAT_VARIANTS = [
  '/resources/api/user/wechat/bind-scene',
  '/resources/api/User/WeChat/Bind-Scene/',
  '/resources/api/wechat/sandbox/scan',
  '/resources/api//WECHAT/mp/callback',
];

describe('the passthrough refuses every spelling of a blocked path', () => {
  it.each(LOGOUT_VARIANTS)('POST %s: 404, and the session still works', async (path) => {
    const cookie = await signedInCookie();
    const res = await send('POST', path, cookie, '{}');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
    // Had the logout been reached, the session's refresh token would be gone and this a 401.
    const after = await send('GET', '/resources/api/user/info', cookie);
    expect(after.status).toBe(200);
  });

  it.each(SMS_VARIANTS)('POST %s: 404, no code sent', async (path) => {
    const cookie = await signedInCookie();
    const res = await send('POST', path, cookie, JSON.stringify({ phone: randomPhone() }));
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it.each(WECHAT_VARIANTS)('POST %s: 404, no QR code handed out', async (path) => {
    const cookie = await signedInCookie();
    const res = await send('POST', path, cookie, '{}');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('allowed paths still pass in their plain, trailing-slash and doubled-slash spellings', async () => {
    const cookie = await signedInCookie();
    for (const path of [
      '/resources/api/user/info',
      '/resources/api/user/info/',
      '/resources/api//user//info',
      '/resources/api/packages?x=1',
    ]) {
      expect((await send('GET', path, cookie)).status, path).toBe(200);
    }
  });
});

describe('passthroughPath', () => {
  it('collapses slashes, drops the trailing one, keeps case for the API but compares without it', () => {
    expect(passthroughPath('/resources/api//works/AbC//versions/')).toEqual({ path: 'works/AbC/versions', key: 'works/abc/versions' });
    expect(passthroughPath('/resources/api/payment/orders/LX2026')).toEqual({
      path: 'payment/orders/LX2026',
      key: 'payment/orders/lx2026',
    });
    expect(passthroughPath('/resources/api/works/%E4%B8%AD')).toEqual({ path: 'works/%E4%B8%AD', key: 'works/中' });
  });

  it('refuses encoded slashes, backslashes and dots, dot segments, and an empty path', () => {
    for (const bad of [
      '/resources/api/',
      '/resources/api//',
      '/resources/api/a%2Fb',
      '/resources/api/a%5cb',
      '/resources/api/a\\b',
      '/resources/api/a/%2e%2e/b',
      '/resources/api/a/%2E/b',
      '/resources/api/a/../b',
      '/resources/api/a/./b',
      '/resources/api/a%00b',
      '/resources/api/a%zz',
      '/elsewhere/a',
    ]) {
      expect(passthroughPath(bad), bad).toBeNull();
    }
  });
});
