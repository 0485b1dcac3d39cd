import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppLoadContext } from '@remix-run/node';
import { createApiClient } from './client.server';
import type { Tokens } from '../../../contracts/auth';
import { getWebSession } from '~/sessions.server';
import { z } from '../../../contracts/zod';
import { passThrough } from './passthrough.server';
import { loader as shellLoader } from '~/routes/dash/route';

/** A fake /api/v1 whose behaviour each test scripts, counting what it receives. */
type Fake = {
  url: string;
  refreshCalls: number;
  infoTokens: string[];
  logs: Array<Record<string, unknown>>;
  refreshDelayMs: number;
  refreshStatus: number;
  infoResponder: (token: string) => { status: number; body: unknown };
  /** Other paths' answers (method and path as received); a string body is sent as is. */
  routes: Record<string, { status: number; body: unknown; contentType?: string }>;
  /** What the operation log endpoint answers. */
  logStatus: number;
  close: () => Promise<void>;
};

const user = (id = 'u1') => ({
  id,
  name: '张三',
  username: '张三',
  phone: '13800138000',
  email: null,
  avatar: null,
  role: 'user',
  gender: null,
  position: null,
  wechat_nickname: null,
  total_points: 12.5,
  invite_code: 'ABCDEFGH',
  created_at: new Date().toISOString(),
  idVerified: false,
  idRealName: null,
  idNumberMasked: null,
  idVerifiedAt: null,
});

const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
const freshPair = (n: number): Tokens => ({
  accessToken: `access-${n}`,
  refreshToken: `refresh-${n}`,
  accessTokenExpiresAt: soon(2 * 3600_000),
  refreshTokenExpiresAt: soon(30 * 86400_000),
});

async function startFake(): Promise<Fake> {
  let issued = 1;
  const fake = {
    refreshCalls: 0,
    infoTokens: [] as string[],
    logs: [] as Array<Record<string, unknown>>,
    refreshDelayMs: 50,
    refreshStatus: 200,
    infoResponder: (_token: string) => ({ status: 200, body: { success: true, data: user() } }),
    routes: {},
    logStatus: 201,
  } as Fake;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const token = (req.headers.authorization ?? '').replace('Bearer ', '');
      if (req.url === '/api/v1/user/refresh-token') {
        fake.refreshCalls++;
        setTimeout(() => {
          if (fake.refreshStatus === 401) return send(401, { success: false, code: 'TOKEN_INVALID', message: '登录已过期，请重新登录' });
          if (fake.refreshStatus !== 200) return send(fake.refreshStatus, { success: false, code: 'UNAVAILABLE' });
          send(200, { success: true, data: freshPair(++issued) });
        }, fake.refreshDelayMs);
        return;
      }
      if (req.url === '/api/v1/user/info') {
        fake.infoTokens.push(token);
        const { status, body } = fake.infoResponder(token);
        return send(status, body);
      }
      if (req.url === '/api/v1/user-operation-logs') {
        fake.logs.push({ ...JSON.parse(raw), page: decodeURIComponent(String(req.headers['x-source-page'])) });
        if (fake.logStatus !== 201) return send(fake.logStatus, { success: false, code: 'RATE_LIMITED' });
        return send(201, { success: true, data: { id: 'log' } });
      }
      const route = fake.routes[`${req.method} ${req.url}`];
      if (route) {
        res.writeHead(route.status, { 'content-type': route.contentType ?? 'application/json' });
        return res.end(typeof route.body === 'string' ? route.body : JSON.stringify(route.body));
      }
      send(404, { success: false, code: 'NOT_FOUND', message: '接口不存在' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((r) => server.close(() => r()));
  return fake;
}

const config: AppLoadContext['config'] = {
  appEnv: 'test',
  sessionSecrets: ['test-session-secret-with-at-least-32-chars!!'],
  public: {
    devSms: true,
    wechatLogin: 'sandbox',
    supportWechatQrUrl: null,
    supportWechatId: null,
    supportEmail: null,
    operatorName: '本平台运营方',
    accountDeletionGraceDays: '15',
    clarityProjectId: null,
  },
};
const newContext = (apiUrl: string): AppLoadContext => ({
  requestId: 'req',
  apiUrl,
  clientIp: '127.0.0.1',
  finalizers: [],
  noticesVersion: 0,
  config,
});

async function runFinalizers(context: AppLoadContext): Promise<Headers> {
  const headers = new Headers();
  for (const f of context.finalizers) await f(headers);
  return headers;
}

/** A cookie header for a signed-in session holding `tokens`. */
async function cookieFor(tokens: Tokens, apiUrl: string): Promise<string> {
  const context = newContext(apiUrl);
  const web = await getWebSession(new Request('http://app/'), context);
  web.signIn(tokens, { id: 'u1', role: 'user' });
  return (await runFinalizers(context)).get('set-cookie')!.split(';')[0]!;
}

async function sessionFromSetCookie(headers: Headers, apiUrl: string) {
  const cookie = headers.get('set-cookie')!.split(';')[0]!;
  return getWebSession(new Request('http://app/', { headers: { cookie } }), newContext(apiUrl));
}

let fake: Fake;
beforeEach(async () => {
  fake = await startFake();
});
afterEach(() => fake.close());

describe('token refresh', () => {
  it('refreshes once for 10 concurrent loaders whose token expires within 15 minutes', async () => {
    const expiring = { ...freshPair(100), accessTokenExpiresAt: soon(10 * 60_000) };
    const cookie = await cookieFor(expiring, fake.url);
    const contexts = Array.from({ length: 10 }, () => newContext(fake.url));
    const results = await Promise.all(
      contexts.map((context) =>
        createApiClient(new Request('http://app/dash/overview', { headers: { cookie } }), context, '概览').user.info(),
      ),
    );
    expect(results.every((u) => u.id === 'u1')).toBe(true);
    expect(fake.refreshCalls).toBe(1);
    expect(new Set(fake.infoTokens)).toEqual(new Set(['access-2']));
    // Every response carries the rotated tokens, so whichever cookie the browser keeps is valid.
    for (const context of contexts) {
      const web = await sessionFromSetCookie(await runFinalizers(context), fake.url);
      expect(web.tokens?.refreshToken).toBe('refresh-2');
    }
  });

  it('shares one refresh between parallel loaders of the same request', async () => {
    const cookie = await cookieFor({ ...freshPair(200), accessTokenExpiresAt: soon(60_000) }, fake.url);
    const context = newContext(fake.url);
    const request = new Request('http://app/dash/overview', { headers: { cookie } });
    await Promise.all([1, 2, 3].map(() => createApiClient(request, context, '概览').user.info()));
    expect(fake.refreshCalls).toBe(1);
    expect((await runFinalizers(context)).get('set-cookie')).toBeTruthy();
  });

  it('does not refresh a token with more than 15 minutes left', async () => {
    const cookie = await cookieFor(freshPair(300), fake.url);
    await createApiClient(new Request('http://app/', { headers: { cookie } }), newContext(fake.url), '概览').user.info();
    expect(fake.refreshCalls).toBe(0);
    expect(fake.infoTokens).toEqual(['access-300']);
  });

  it('retries once after a 401 with a refreshed token', async () => {
    fake.infoResponder = (token) =>
      token === 'access-400'
        ? { status: 401, body: { success: false, code: 'TOKEN_EXPIRED', message: '登录已过期，请重新登录' } }
        : { status: 200, body: { success: true, data: user() } };
    const cookie = await cookieFor(freshPair(400), fake.url);
    const info = await createApiClient(new Request('http://app/', { headers: { cookie } }), newContext(fake.url), '概览').user.info();
    expect(info.id).toBe('u1');
    expect(fake.refreshCalls).toBe(1);
    expect(fake.infoTokens).toEqual(['access-400', 'access-2']);
  });

  it('signs out and redirects to login on a second 401', async () => {
    fake.infoResponder = () => ({ status: 401, body: { success: false, code: 'TOKEN_EXPIRED', message: 'x' } });
    const cookie = await cookieFor(freshPair(500), fake.url);
    const context = newContext(fake.url);
    const thrown = await createApiClient(new Request('http://app/dash/profile', { headers: { cookie } }), context, '个人资料')
      .user.info()
      .catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.headers.get('location')).toBe('/dash/login?redirectTo=%2Fdash%2Fprofile');
    const web = await sessionFromSetCookie(await runFinalizers(context), fake.url);
    expect(web.tokens).toBeNull();
    expect(web.readFlash().notice).toBe('登录已过期，请重新登录');
  });

  it('signs out at once on TOKEN_INVALID, without refreshing', async () => {
    fake.infoResponder = () => ({ status: 401, body: { success: false, code: 'TOKEN_INVALID', message: '登录已过期，请重新登录' } });
    const cookie = await cookieFor(freshPair(600), fake.url);
    const context = newContext(fake.url);
    const thrown = await createApiClient(new Request('http://app/dash/account', { headers: { cookie } }), context, '账户')
      .user.info()
      .catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(302);
    expect(fake.refreshCalls).toBe(0);
    expect((await sessionFromSetCookie(await runFinalizers(context), fake.url)).tokens).toBeNull();
  });

  it('signs out when the refresh itself is refused', async () => {
    fake.refreshStatus = 401;
    const cookie = await cookieFor({ ...freshPair(700), accessTokenExpiresAt: soon(1000) }, fake.url);
    const context = newContext(fake.url);
    const thrown = await createApiClient(new Request('http://app/dash/overview', { headers: { cookie } }), context, '概览')
      .user.info()
      .catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect(fake.infoTokens).toEqual([]);
    expect((await sessionFromSetCookie(await runFinalizers(context), fake.url)).tokens).toBeNull();
  });

  it('keeps the session when the refresh fails with a server error', async () => {
    fake.refreshStatus = 503;
    const cookie = await cookieFor({ ...freshPair(750), accessTokenExpiresAt: soon(1000) }, fake.url);
    const context = newContext(fake.url);
    const thrown = await createApiClient(new Request('http://app/dash/overview', { headers: { cookie } }), context, '概览')
      .user.info()
      .catch((e) => e);
    expect(thrown).not.toBeInstanceOf(Response);
    expect(thrown.message).toBe('服务器错误，请稍后重试');
    expect(context.finalizers).toHaveLength(0);
  });

  it('redirects a visitor without a session to login, keeping the path', async () => {
    const thrown = await createApiClient(new Request('http://app/dash/faq?x=1'), newContext(fake.url), '常见问题')
      .user.info()
      .catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.headers.get('location')).toBe('/dash/login?redirectTo=%2Fdash%2Ffaq%3Fx%3D1');
  });
});

describe('error catalogue', () => {
  const call = async () => {
    const cookie = await cookieFor(freshPair(800), fake.url);
    return createApiClient(new Request('http://app/', { headers: { cookie } }), newContext(fake.url), '概览')
      .user.info()
      .catch((e) => e);
  };
  it.each([
    [403, { success: false, code: 'FORBIDDEN', message: 'nope' }, '没有权限访问'],
    [500, { success: false, code: 'INTERNAL_ERROR' }, '服务器错误，请稍后重试'],
    [500, { success: false, code: 'INTERNAL_ERROR', message: '数据库繁忙' }, '数据库繁忙'],
    [429, { success: false, code: 'RATE_LIMITED' }, '你前面还有1人在排队，请稍后再试'],
    [418, { success: false, code: 'TEAPOT' }, '请求失败，请稍后重试'],
  ])('maps HTTP %i to the spec message', async (status, body, message) => {
    fake.infoResponder = () => ({ status, body });
    const error = await call();
    expect(error.message).toBe(message);
  });

  it('reports a network failure in Chinese and logs failures to the operation log', async () => {
    fake.infoResponder = () => ({ status: 500, body: { success: false, code: 'INTERNAL_ERROR' } });
    await call();
    await vi.waitFor(() => expect(fake.logs).toHaveLength(1));
    expect(fake.logs[0]).toMatchObject({
      operation_type: 'GET /user/info',
      operation_result: 'fail',
      error_message: '服务器错误，请稍后重试',
      page: '概览',
    });

    const cookie = await cookieFor(freshPair(900), fake.url);
    const deadContext = newContext('http://127.0.0.1:1');
    const error = await createApiClient(new Request('http://app/', { headers: { cookie } }), deadContext, '概览')
      .user.info()
      .catch((e) => e);
    expect(error.message).toBe('网络连接失败，请检查网络设置');
    expect(error.code).toBe('NETWORK_ERROR');
  });
});

describe('the operation log (spec §8): every failed call, from one place', () => {
  const client = async (page = '概览', n = 1000) => {
    const cookie = await cookieFor(freshPair(n), fake.url);
    const request = new Request('http://app/dash/x', { headers: { cookie } });
    return { api: createApiClient(request, newContext(fake.url), page), request };
  };
  const settle = () => new Promise((r) => setTimeout(r, 150));

  it('logs a failed JSON call under its method and path, ids as :id', async () => {
    const id = '3f1c2a9e-0b7d-4c1e-9a55-1f2e3d4c5b6a';
    fake.routes[`GET /api/v1/works/${id}/versions`] = { status: 404, body: { success: false, code: 'NOT_FOUND', message: '作品不存在' } };
    const { api } = await client('我的作品');
    const error = await api.works.versions(id).catch((e) => e);
    expect(error.message).toBe('作品不存在');
    await vi.waitFor(() => expect(fake.logs).toHaveLength(1));
    expect(fake.logs[0]).toMatchObject({
      operation_type: 'GET /works/:id/versions',
      operation_result: 'fail',
      error_message: '作品不存在',
      metadata: { status: 404, code: 'NOT_FOUND' },
      page: '我的作品',
    });
  });

  it('logs a refused stream (AI), an answer of the wrong shape, and a network failure', async () => {
    fake.routes['POST /api/v1/ai/generate'] = { status: 402, body: { success: false, code: 'INSUFFICIENT_POINTS', message: '积分不足' } };
    fake.routes['GET /api/v1/user/points-history?page=1&pageSize=20'] = { status: 200, body: { success: true, data: { nope: 1 } } };
    const { api } = await client();
    const refused = await api.transport
      .stream('/ai/generate', { method: 'POST', body: '{}', contentType: 'application/json' })
      .catch((e) => e);
    expect(refused.message).toBe('积分不足');
    const garbled = await api.points.history(1, 20).catch((e) => e);
    expect(garbled.code).toBe('BAD_RESPONSE');
    await vi.waitFor(() => expect(fake.logs).toHaveLength(2));
    expect(fake.logs.map((l) => [l.operation_type, (l.metadata as { code: string }).code]).sort()).toEqual([
      ['GET /user/points-history', 'BAD_RESPONSE'],
      ['POST /ai/generate', 'INSUFFICIENT_POINTS'],
    ]);
  });

  it("logs the browser passthrough's failures (detection, uploads), passing the answer on untouched", async () => {
    fake.routes['POST /api/v1/ai/detect'] = { status: 400, body: { success: false, code: 'VALIDATION_ERROR', message: '文本太短' } };
    const { request } = await client('查AI率 / 降AI率');
    const browser = new Request('http://app/resources/api/ai/detect', {
      method: 'POST',
      headers: { cookie: request.headers.get('cookie')!, 'content-type': 'application/json' },
      body: '{"text":"短"}',
    });
    const answer = await passThrough(browser, newContext(fake.url), '查AI率 / 降AI率');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: '文本太短' });
    await vi.waitFor(() => expect(fake.logs).toHaveLength(1));
    expect(fake.logs[0]).toMatchObject({ operation_type: 'POST /ai/detect', error_message: '文本太短', page: '查AI率 / 降AI率' });
  });

  it('never logs a failure of the log call itself', async () => {
    fake.logStatus = 429;
    fake.infoResponder = () => ({ status: 500, body: { success: false, code: 'INTERNAL_ERROR' } });
    const { api } = await client();
    await api.user.info().catch(() => {});
    await vi.waitFor(() => expect(fake.logs).toHaveLength(1));
    await settle();
    expect(fake.logs).toHaveLength(1);
    // Called directly, a failing log call is not reported either.
    await api.transport
      .json('/user-operation-logs', { method: 'POST', body: { operation_type: 'x', operation_result: 'fail' }, schema: z.unknown() })
      .catch(() => {});
    await settle();
    expect(fake.logs).toHaveLength(2);
  });

  it("says 更新失败，请重试 when a profile update fails without a message, and the API's own message otherwise", async () => {
    fake.routes['PUT /api/v1/user/profile'] = { status: 500, body: { success: false, code: 'INTERNAL_ERROR' } };
    const { api } = await client('个人资料');
    expect((await api.user.updateProfile({ username: '李四' }).catch((e) => e)).message).toBe('更新失败，请重试');
    fake.routes['PUT /api/v1/user/profile'] = { status: 400, body: { success: false, code: 'VALIDATION_ERROR', message: '昵称不能为空' } };
    expect((await api.user.updateProfile({ username: '李四' }).catch((e) => e)).message).toBe('昵称不能为空');
    await vi.waitFor(() => expect(fake.logs).toHaveLength(2));
    expect(fake.logs.map((l) => l.error_message)).toEqual(['更新失败，请重试', '昵称不能为空']);
  });

  it('the shell says 获取用户信息失败 when it cannot load the user', async () => {
    fake.infoResponder = () => ({ status: 500, body: { success: false, code: 'INTERNAL_ERROR' } });
    const { request } = await client('工作台');
    const thrown = await shellLoader({ request, context: newContext(fake.url), params: {} }).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(500);
    expect(await thrown.json()).toBe('获取用户信息失败');
  });
});
