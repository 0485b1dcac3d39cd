import { execFileSync } from 'node:child_process';
import { webConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { createWebHandler, loadRemixBuild } from '../../server/web';
import { getWebSession } from '~/sessions.server';
import { login, startTestServer, type TestServer } from './harness';

/** The real server with the production web build in front of its API (built first when needed). */
export async function startWebTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  execFileSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const build = await loadRemixBuild();
  return startTestServer(env, { web: (options) => createWebHandler({ build, ...options, logger: createLogger('silent') }) });
}

/** The web session cookie of `session` (by default a freshly logged-in user), made by the session module itself. */
export async function webSessionCookie(server: TestServer, session?: Awaited<ReturnType<typeof login>>): Promise<string> {
  const signedIn = session ?? (await login(server.url));
  const { accessToken, refreshToken, accessTokenExpiresAt, refreshTokenExpiresAt, user } = signedIn;
  const finalizers: Array<(h: Headers) => Promise<void>> = [];
  const context = { requestId: 't', apiUrl: server.url, clientIp: '127.0.0.1', finalizers, config: webConfig(server.config) } as never;
  const web = await getWebSession(new Request('http://app/'), context);
  web.signIn({ accessToken, refreshToken, accessTokenExpiresAt, refreshTokenExpiresAt }, { id: user.id, role: 'user' });
  const headers = new Headers();
  for (const finalize of finalizers) await finalize(headers);
  return headers.get('set-cookie')!.split(';')[0]!;
}
