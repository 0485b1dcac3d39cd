import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { captchaChallenges } from '../../db/schema';
import { hashCaptchaAnswer } from '../../server/domain/auth/captcha';
import { createLogger } from '../../server/logger';
import { createWebHandler, loadRemixBuild } from '../../server/web';
import { client, randomIp, randomPhone, startTestServer, type TestServer } from './harness';

/** The login form over real HTTP, as a browser without JavaScript posts it: the production build, the real API. */
let server: TestServer;
beforeAll(async () => {
  execFileSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const build = await loadRemixBuild();
  server = await startTestServer({}, { web: (options) => createWebHandler({ build, ...options, logger: createLogger('silent') }) });
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

const opensDashboard = async (cookie: string) =>
  (await fetch(`${server.url}/dash/overview`, { redirect: 'manual', headers: { cookie } })).status === 200;

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

    const login = await postForm({ intent: 'login', phone, code: code!, redirectTo: '/dash/overview' }, { ip });
    expect(login.status).toBe(302);
    expect(await opensDashboard(sessionCookie(login))).toBe(true);
  });
});
