import { eq } from 'drizzle-orm';
import { captchaChallenges } from '../../db/schema';
import { webConfig } from '../../server/config';
import { hashCaptchaAnswer } from '../../server/domain/auth/captcha';
import { getWebSession } from '~/sessions.server';
import { client, randomIp, randomPhone, type TestServer } from './harness';
import { startWebTestServer } from './web-server';

/** The login form over real HTTP, as a browser without JavaScript posts it: the production build, the real API. */
let server: TestServer;
beforeAll(async () => {
  server = await startWebTestServer();
}, 180_000);
afterAll(() => server?.close());

function postForm(fields: Record<string, string>, options: { ip: string; cookie?: string }) {
  return fetch(`${server.url}/dash/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': options.ip,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

const sessionCookie = (res: Response) => {
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie?.startsWith('__lx_session=')) throw new Error(`no session cookie (status ${res.status})`);
  return cookie;
};

/** What the cookie holds, read by the session module itself. */
async function readSession(cookie: string) {
  const context = { requestId: 't', apiUrl: server.url, clientIp: '127.0.0.1', finalizers: [], config: webConfig(server.config) } as never;
  return getWebSession(new Request('http://app/', { headers: { cookie } }), context);
}

/** Logs in through the form with a code the API sent; returns the response's session cookie. */
async function loginThroughForm(phone: string, cookie?: string) {
  const ip = randomIp();
  const sent = await client(server.url, { ip }).post('/auth/sms/send', { phone });
  expect(sent.status).toBe(200);
  const res = await postForm(
    { intent: 'login', phone, code: sent.body.data.devCode, agree: 'on', redirectTo: '/dash/overview' },
    { ip, cookie },
  );
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe('/dash/overview');
  return sessionCookie(res);
}

const opensDashboard = async (cookie: string) =>
  (await fetch(`${server.url}/dash/overview`, { redirect: 'manual', headers: { cookie } })).status === 200;

describe('logging in over a signed-in session', () => {
  it('revokes the earlier session: its refresh token and its cookie stop working', async () => {
    const cookieA = await loginThroughForm(randomPhone());
    const tokensA = (await readSession(cookieA)).tokens!;
    expect(await opensDashboard(cookieA)).toBe(true);

    const cookieB = await loginThroughForm(randomPhone(), cookieA);
    expect(await opensDashboard(cookieB)).toBe(true);

    const api = client(server.url);
    const refreshed = await api.post('/user/refresh-token', { refreshToken: tokensA.refreshToken });
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.code).toBe('TOKEN_INVALID');
    expect((await api.get('/user/info', tokensA.accessToken)).body.code).toBe('TOKEN_INVALID');
    expect(await opensDashboard(cookieA)).toBe(false);
  });

  it('an earlier session the API already ended does not get in the way, nor leave a notice behind', async () => {
    const cookieA = await loginThroughForm(randomPhone());
    const tokensA = (await readSession(cookieA)).tokens!;
    expect((await client(server.url).post('/user/logout', {}, tokensA.accessToken)).status).toBe(200);

    const phoneB = randomPhone();
    const cookieB = await loginThroughForm(phoneB, cookieA);
    const sessionB = await readSession(cookieB);
    expect(sessionB.readFlash().notice).toBeNull();
    const info = await client(server.url).get('/user/info', sessionB.tokens!.accessToken);
    expect(info.body.data.phone).toBe(phoneB);
  });
});

describe('consent to the service agreement and the privacy policy (issue 28)', () => {
  it('the box starts unticked; a login without it is refused in Chinese before the code is spent, and goes through ticked', async () => {
    const page = await (await fetch(`${server.url}/dash/login`)).text();
    const box = /<input[^>]*name="agree"[^>]*>/.exec(page)?.[0];
    expect(box).toBeDefined();
    expect(box).not.toMatch(/checked/);
    expect(page).toContain('我已阅读并同意');
    expect(page).not.toContain('登录即表示');

    const ip = randomIp();
    const phone = randomPhone();
    const sent = await client(server.url, { ip }).post('/auth/sms/send', { phone });
    const code = sent.body.data.devCode as string;
    const refused = await postForm({ intent: 'login', phone, code, redirectTo: '/dash/overview' }, { ip });
    expect(refused.status).toBe(200);
    // Not signed in (the cookie may hold the page's WeChat code, never tokens).
    const held = refused.headers.get('set-cookie')?.split(';')[0];
    if (held) expect((await readSession(held)).tokens).toBeNull();
    const answer = await refused.text();
    expect(answer).toContain('请先阅读并勾选同意《服务协议》和《隐私政策》');
    // What was typed stays in the form.
    expect(answer).toContain(`value="${phone}"`);
    // The same code then logs in: the refusal never reached the API, so nothing was spent.
    const login = await postForm({ intent: 'login', phone, code, agree: 'on', redirectTo: '/dash/overview' }, { ip });
    expect(login.status).toBe(302);
    expect(await opensDashboard(sessionCookie(login))).toBe(true);
  });
});

describe('the image check in the login form, without JavaScript', () => {
  it('shows a challenge when the API asks for one, and a solved one sends the code', async () => {
    const ip = randomIp();
    const api = client(server.url, { ip });
    for (let i = 0; i < 5; i++) expect((await api.post('/auth/sms/send', { phone: randomPhone() })).status).toBe(200);

    const phone = randomPhone();
    const asked = await postForm({ intent: 'send-code', phone, redirectTo: '/dash/overview' }, { ip });
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toContain('请先完成图形验证');
    expect(page).toMatch(/<img [^>]*src="data:image\/svg\+xml;base64,/);
    const captchaId = /name="captchaId" value="([0-9a-f-]{36})"/.exec(page)![1]!;
    await server.database.db
      .update(captchaChallenges)
      .set({ answerHash: hashCaptchaAnswer(server.config.jwtSecret, captchaId, 'K7PQ') })
      .where(eq(captchaChallenges.id, captchaId));

    const solved = await postForm({ intent: 'send-code', phone, captchaId, captchaAnswer: 'k7pq', redirectTo: '/dash/overview' }, { ip });
    const sentPage = await solved.text();
    const code = /data-testid="dev-code"[^>]*>(\d{6})</.exec(sentPage)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(sentPage).not.toContain('name="captchaId"');

    const login = await postForm({ intent: 'login', phone, code: code!, agree: 'on', redirectTo: '/dash/overview' }, { ip });
    expect(login.status).toBe(302);
    expect(await opensDashboard(sessionCookie(login))).toBe(true);
  });
});
