import type { AppLoadContext } from '@remix-run/node';
import { webConfig, type AppConfig } from '../../server/config';
import { getWebSession } from '~/sessions.server';

/**
 * For tests of the web layer against a stand-in /api/v1 at `apiUrl`: a load context per call and the
 * cookie of a signed-in session (tokens access-1 / refresh-1 unless told, user u1) made by the session module itself.
 */
export async function signedInWebSession(apiUrl: string, config: AppConfig, accessToken = 'access-1') {
  const web = webConfig(config);
  const context = (): AppLoadContext => ({
    requestId: 'req',
    apiUrl,
    clientIp: '127.0.0.1',
    finalizers: [],
    noticesVersion: 0,
    config: web,
  });
  const ctx = context();
  const session = await getWebSession(new Request('http://app/'), ctx);
  const far = (ms: number) => new Date(Date.now() + ms).toISOString();
  session.signIn(
    {
      accessToken,
      refreshToken: accessToken.replace('access', 'refresh'),
      accessTokenExpiresAt: far(7200_000),
      refreshTokenExpiresAt: far(86400_000),
    },
    { id: 'u1', role: 'user' },
  );
  const headers = new Headers();
  for (const finalize of ctx.finalizers) await finalize(headers);
  return { context, cookie: headers.get('set-cookie')!.split(';')[0]! };
}
