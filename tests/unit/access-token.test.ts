import { SignJWT } from 'jose';
import { verifyAccessToken } from '../../server/domain/auth/tokens';

const secret = 's'.repeat(64);
const ids = { userId: '3f1e2d4c-5b6a-4978-8a9b-0c1d2e3f4a5b', sessionId: '9a8b7c6d-5e4f-4321-8765-4321fedcba98' };
const sign = (alg: string, expSec: number, key = secret, claims: Record<string, unknown> = { sid: ids.sessionId }) =>
  new SignJWT(claims).setProtectedHeader({ alg }).setSubject(ids.userId).setExpirationTime(expSec).sign(new TextEncoder().encode(key));
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const code = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return (e as { code: string }).code;
  }
};

describe('verifyAccessToken', () => {
  it('accepts a token signed with the secret', async () => {
    expect(verifyAccessToken(secret, await sign('HS256', inAnHour()))).toEqual(ids);
  });

  it('reports expiry separately so clients refresh', async () => {
    const expired = await sign('HS256', Math.floor(Date.now() / 1000) - 1);
    expect(code(() => verifyAccessToken(secret, expired))).toBe('TOKEN_EXPIRED');
  });

  it('rejects another secret, another algorithm, alg none, tampering and junk', async () => {
    const good = await sign('HS256', inAnHour());
    const [h, p, s] = good.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ sid: ids.sessionId, sub: '00000000-0000-4000-8000-000000000000', exp: inAnHour() }),
    ).toString('base64url');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    for (const token of [
      await sign('HS256', inAnHour(), 'another-secret-of-sufficient-length-0123456789'),
      await sign('HS512', inAnHour()),
      none,
      `${h}.${forged}.${s}`,
      `${h}.${p}`,
      'not-a-token',
      await sign('HS256', inAnHour(), secret, { sid: 'not-a-uuid' }),
    ]) {
      expect(code(() => verifyAccessToken(secret, token))).toBe('TOKEN_INVALID');
    }
  });
});
