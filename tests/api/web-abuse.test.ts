import http from 'node:http';
import { safeRedirectTarget } from '~/sessions.server';
import { type TestServer } from './harness';
import { startWebTestServer, webSessionCookie } from './web-server';

/** The web app under hostile input, served by the real server and the production build. */
let server: TestServer;
beforeAll(async () => {
  server = await startWebTestServer();
}, 180_000);
afterAll(() => server?.close());

const signedInCookie = () => webSessionCookie(server);

/** A raw request, so the test controls Content-Length and Transfer-Encoding. */
function rawPost(path: string, headers: Record<string, string | number>, body: Buffer | null) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    if (body) req.end(body);
    else {
      req.write('phone=1');
      req.end();
    }
  });
}

describe('web form bodies', () => {
  it('refuses an oversized form post with 413 before Remix reads it', async () => {
    const body = Buffer.from(`phone=${'1'.repeat(5 * 1024 * 1024)}`);
    const started = Date.now();
    const res = await rawPost('/login', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length }, body);
    expect(res.status).toBe(413);
    expect(res.text).toBe('提交的内容过大，请精简后重试');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a form post of undeclared length with 411', async () => {
    const res = await rawPost('/login', { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' }, null);
    expect(res.status).toBe(411);
    expect(res.text).toMatch(/内容长度/);
  });

  it('answers a JSON or empty post to a form action with 415, not a server error', async () => {
    const json = Buffer.from('{"phone":"13800138000"}');
    expect((await rawPost('/login', { 'content-type': 'application/json', 'content-length': json.length }, json)).status).toBe(415);
    const empty = await rawPost('/dash/feedback', { 'content-length': 0 }, Buffer.alloc(0));
    expect(empty.status).toBe(415);
    expect(empty.text).toBe('请通过页面上的表单提交');
  });

  it('lets client code post to resource routes without a form body', async () => {
    const cookie = await signedInCookie();
    const res = await fetch(`${server.url}/resources/socket-ticket`, { method: 'POST', headers: { cookie } });
    expect(res.status).toBe(200);
    expect((await res.json()).ticket).toMatch(/^wst_/);
  });

  it('still accepts an ordinary form post', async () => {
    const body = Buffer.from('intent=send-code&phone=123');
    const res = await rawPost('/login', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length }, body);
    expect(res.status).toBe(200);
    expect(res.text).toContain('请输入正确的11位中国大陆手机号');
  });
});

const PAYLOADS = [
  '/.%2E/%2Fevil.example/phish',
  '/.//evil.example',
  '/a/..//evil.example',
  '/./%2Fevil.example',
  '//evil.example',
  '/\\evil.example',
  '/%5Cevil.example',
];

describe('the login redirect stays on this site', () => {
  it.each(PAYLOADS)('safeRedirectTarget(%s) is a same-site path', (payload) => {
    const target = safeRedirectTarget(payload);
    expect(target).toMatch(/^\/(?![/\\])/);
    expect(new URL(target, 'https://app.example.cn').host).toBe('app.example.cn');
  });

  it('a signed-in visitor is redirected on-site for every payload, on both login routes', async () => {
    const cookie = await signedInCookie();
    for (const route of ['/login', '/dash/login']) {
      for (const payload of PAYLOADS) {
        const res = await fetch(`${server.url}${route}?redirectTo=${encodeURIComponent(payload)}`, {
          headers: { cookie },
          redirect: 'manual',
        });
        expect(res.status, `${route} ${payload}`).toBe(302);
        const location = res.headers.get('location')!;
        expect(new URL(location, server.url).host, `${route} ${payload} → ${location}`).toBe(new URL(server.url).host);
      }
    }
  });
});
