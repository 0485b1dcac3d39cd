import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppLoadContext } from '@remix-run/node';
import busboy from 'busboy';
import { createWebHandler, loadRemixBuild } from '../../server/web';
import { createLogger } from '../../server/logger';
import { createApiClient } from '~/services/api/client.server';
import { signedInWebSession } from './web-session';
import { startTestServer, type TestServer } from './harness';

/**
 * The web app's transport over real HTTP: the production Remix build served by the real server,
 * talking to a fake /api/v1 that streams and accepts uploads as later features will.
 */
type Upstream = { url: string; releaseStream: () => void; streamEnded: boolean; requestIds: string[]; close: () => Promise<void> };

async function startUpstream(): Promise<Upstream> {
  let release = () => {};
  const upstream = { streamEnded: false, requestIds: [] as string[] } as Upstream;
  const server = http.createServer((req, res) => {
    upstream.requestIds.push(String(req.headers['x-request-id']));
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== 'Bearer access-1')
      return json(401, { success: false, code: 'TOKEN_INVALID', message: '登录已过期，请重新登录' });
    if (req.url === '/api/v1/ai/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('data: {"delta":"第一段"}\n\n');
      new Promise<void>((r) => (release = r)).then(() => {
        res.end('data: {"delta":"第二段"}\n\ndata: [DONE]\n\n');
        upstream.streamEnded = true;
      });
      return;
    }
    if (req.url === '/api/v1/files' && req.method === 'POST') {
      const fields: Record<string, string> = {};
      const files: Array<{ name: string; filename: string; size: number; mimeType: string }> = [];
      const parser = busboy({ headers: req.headers, defParamCharset: 'utf8' });
      parser.on('field', (name, value) => (fields[name] = value));
      parser.on('file', (name, stream, info) => {
        let size = 0;
        stream.on('data', (c: Buffer) => (size += c.length));
        stream.on('end', () => files.push({ name, filename: info.filename ?? '', size, mimeType: info.mimeType }));
      });
      parser.on('close', () => json(201, { success: true, data: { fields, files } }));
      req.pipe(parser);
      return;
    }
    if (req.url === '/api/v1/works/w1/export?format=pdf') {
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="_.pdf"; filename*=UTF-8''${encodeURIComponent('个人陈述.pdf')}`,
      });
      res.end(Buffer.from('%PDF-1.7 bytes'));
      return;
    }
    if (req.url === '/api/v1/user/info') return json(200, { success: true, data: { ok: true } });
    json(404, { success: false, code: 'NOT_FOUND', message: '接口不存在' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  upstream.releaseStream = () => release();
  upstream.close = () =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return upstream;
}

/** What is left of a stream, as text. */
async function readRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return rest + decoder.decode();
    rest += decoder.decode(value, { stream: true });
  }
}

let upstream: Upstream;
let web: TestServer;
let cookie: string;
let context: () => AppLoadContext;

beforeAll(async () => {
  execFileSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  upstream = await startUpstream();
  const build = await loadRemixBuild();
  web = await startTestServer(
    { API_URL: upstream.url },
    { web: (options) => createWebHandler({ build, ...options, logger: createLogger('silent') }) },
  );
  ({ context, cookie } = await signedInWebSession(upstream.url, web.config));
}, 180_000);
afterAll(async () => {
  await web?.close();
  await upstream?.close();
});

describe('streams through the web app', () => {
  it('passes the first event to the browser before the upstream has finished, uncompressed', async () => {
    const res = await fetch(`${web.url}/resources/api/ai/stream`, {
      headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    expect(first).toContain('第一段');
    expect(upstream.streamEnded).toBe(false);
    upstream.releaseStream();
    const rest = await readRest(reader);
    expect(rest).toContain('第二段');
    expect(rest).toContain('[DONE]');
  });

  it('a stream lasts past the request timeout: that bounds only the wait for its start (the API owns its deadline)', async () => {
    const request = new Request('http://app/dash/ps-writing', { headers: { cookie } });
    const response = await createApiClient(request, context(), '个人陈述').transport.stream('/ai/stream', { timeoutMs: 300 });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toContain('第一段');
    await new Promise((resolve) => setTimeout(resolve, 800));
    upstream.releaseStream();
    expect(await readRest(reader)).toContain('第二段');
  });

  it('refuses calls that would hand tokens to the browser', async () => {
    for (const path of ['auth/login/phone', 'user/refresh-token', 'user/logout', 'x/../auth/sms/send']) {
      const res = await fetch(`${web.url}/resources/api/${path}`, { method: 'POST', headers: { cookie } });
      expect(res.status, path).toBe(404);
    }
  });

  it('answers 401 in JSON, not a login page, when there is no session', async () => {
    const res = await fetch(`${web.url}/resources/api/ai/stream`, { redirect: 'manual' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, code: 'TOKEN_INVALID', message: '登录已过期，请重新登录' });
  });
});

describe('a session the API refuses', () => {
  it('is signed out by a navigation, never by a background request, whose answer may come after a sign-in that replaced it', async () => {
    // The upstream refuses every token but access-1: this cookie holds a revoked session (access-2).
    const revoked = (await signedInWebSession(upstream.url, web.config, 'access-2')).cookie;
    const background = { cookie: revoked, 'sec-fetch-mode': 'cors', 'content-type': 'application/json' };
    const calls = [
      fetch(`${web.url}/resources/api/user/info`, { headers: background, redirect: 'manual' }),
      fetch(`${web.url}/resources/update-logs`, { headers: background, redirect: 'manual' }),
      fetch(`${web.url}/resources/socket-ticket`, { method: 'POST', headers: { ...background, origin: web.url }, redirect: 'manual' }),
      fetch(`${web.url}/resources/analytics`, {
        method: 'POST',
        headers: { ...background, 'sec-fetch-mode': 'no-cors', origin: web.url },
        body: JSON.stringify({
          batchId: 'batch-0001',
          sessionId: 'session-0001',
          events: [{ type: 'page_view', page: '/dash/overview', pageName: '工作台', role: 'user', at: new Date().toISOString() }],
        }),
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status, res.url).not.toBe(500);
      expect(res.headers.get('set-cookie'), res.url).toBeNull();
      // Not sent to the login page: it still sees the old tokens and would send the request back.
      expect(res.headers.get('location'), res.url).toBeNull();
    }
    expect((await fetch(`${web.url}/resources/api/user/info`, { headers: background })).status).toBe(401);

    // A navigation carries the browser's current cookie: that one is signed out, with the notice.
    const page = await fetch(`${web.url}/dash/overview`, {
      headers: { cookie: revoked, 'sec-fetch-mode': 'navigate' },
      redirect: 'manual',
    });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/dash/login?redirectTo=%2Fdash%2Foverview');
    const cleared = page.headers.get('set-cookie')!.split(';')[0]!;
    expect(cleared).toMatch(/^__lx_session=/);
    const login = await fetch(`${web.url}/dash/login`, { headers: { cookie: cleared } });
    expect(await login.text()).toContain('登录已过期，请重新登录');
  });
});

describe('downloads through the web app', () => {
  it('passes a file with its name: the browser saves an exported work under its Chinese title', async () => {
    const res = await fetch(`${web.url}/resources/api/works/w1/export?format=pdf`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="_.pdf"; filename*=UTF-8''${encodeURIComponent('个人陈述.pdf')}`,
    );
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('%PDF-1.7 bytes');
  });
});

describe('uploads through the web app', () => {
  it('passes a multipart upload to the API, file and fields intact', async () => {
    const form = new FormData();
    form.append('nickname', '小明');
    form.append('file', new Blob([Buffer.alloc(300_000, 7)], { type: 'application/pdf' }), '简历.pdf');
    const res = await fetch(`${web.url}/resources/api/files`, { method: 'POST', headers: { cookie }, body: form });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.data).toEqual({
      fields: { nickname: '小明' },
      files: [{ name: 'file', filename: '简历.pdf', size: 300_000, mimeType: 'application/pdf' }],
    });
  });

  it('the web client uploads with one request id per call, unique across loaders of one request', async () => {
    const ctx = context();
    const request = new Request('http://app/dash/client-archives', { headers: { cookie } });
    const before = upstream.requestIds.length;
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'a.txt');
    const [uploaded] = await Promise.all([
      createApiClient(request, ctx, '学生档案').transport.upload('/files', form, (await import('zod')).z.unknown()),
      createApiClient(request, ctx, '学生档案').transport.json('/user/info', { schema: (await import('zod')).z.unknown() }),
    ]);
    expect(uploaded).toMatchObject({ files: [{ filename: 'a.txt', size: 5 }] });
    const ids = upstream.requestIds.slice(before);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((id) => /^req\.\d+$/.test(id))).toBe(true);
  });
});
