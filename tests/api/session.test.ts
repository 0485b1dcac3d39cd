import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { refreshTokens } from '../../db/schema';
import { pruneRefreshGrace, REFRESH_GRACE_MS } from '../../server/domain/auth/tokens';
import { client, login, signAccessToken, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Moves a token's rotation into the past, as if the grace window had run out. */
const ageRotation = (refreshToken: string, ms: number) =>
  server.database.db
    .update(refreshTokens)
    .set({ rotatedAt: new Date(Date.now() - ms) })
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));

const sessionIdOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid as string;

describe('refresh-token rotation', () => {
  it('rotates: the new pair works and the old refresh token is spent', async () => {
    const first = await login(server.url);
    const api = client(server.url);
    const refreshed = await api.post('/user/refresh-token', { refreshToken: first.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(Object.keys(refreshed.body.data).sort()).toEqual([
      'accessToken',
      'accessTokenExpiresAt',
      'refreshToken',
      'refreshTokenExpiresAt',
    ]);
    expect(refreshed.body.data.refreshToken).not.toBe(first.refreshToken);
    expect((await api.get('/user/info', refreshed.body.data.accessToken)).status).toBe(200);
  });

  it('a repeat within the grace window gets the same new pair, from any process', async () => {
    const first = await login(server.url);
    const api = client(server.url);
    const second = (await api.post('/user/refresh-token', { refreshToken: first.refreshToken })).body.data;
    const repeat = await api.post('/user/refresh-token', { refreshToken: first.refreshToken });
    expect(repeat.status).toBe(200);
    expect(repeat.body.data).toEqual(second);
    expect((await api.get('/user/info', second.accessToken)).status).toBe(200);
  });

  it('reuse after the grace window revokes the whole family', async () => {
    const first = await login(server.url);
    const api = client(server.url);
    const second = (await api.post('/user/refresh-token', { refreshToken: first.refreshToken })).body.data;
    await ageRotation(first.refreshToken, REFRESH_GRACE_MS + 1000);

    const replay = await api.post('/user/refresh-token', { refreshToken: first.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ success: false, code: 'TOKEN_INVALID', message: '登录已过期，请重新登录' });

    // The legitimate holder's newer tokens die with the family.
    expect((await api.post('/user/refresh-token', { refreshToken: second.refreshToken })).body.code).toBe('TOKEN_INVALID');
    const info = await api.get('/user/info', second.accessToken);
    expect(info.status).toBe(401);
    expect(info.body.code).toBe('TOKEN_INVALID');
  });

  it('concurrent refreshes with one token all receive the one new pair; the family stays live', async () => {
    const first = await login(server.url);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => client(server.url).post('/user/refresh-token', { refreshToken: first.refreshToken })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.data.refreshToken)).size).toBe(1);
    const rows = await server.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, sessionIdOf(first.accessToken)));
    expect(rows).toHaveLength(2);
    expect((await client(server.url).get('/user/info', results[0]!.body.data.accessToken)).status).toBe(200);
  });

  it('drops the sealed successor once the grace window is over', async () => {
    const first = await login(server.url);
    await client(server.url).post('/user/refresh-token', { refreshToken: first.refreshToken });
    await ageRotation(first.refreshToken, REFRESH_GRACE_MS + 1000);
    await pruneRefreshGrace(server.database.db);
    const [row] = await server.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(first.refreshToken)));
    expect(row!.successorSealed).toBeNull();
  });

  it('rejects unknown and malformed refresh tokens', async () => {
    const api = client(server.url);
    expect((await api.post('/user/refresh-token', { refreshToken: 'not-a-token' })).body.code).toBe('TOKEN_INVALID');
    const missing = await api.post('/user/refresh-token', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('缺少刷新令牌');
  });
});

describe('access tokens', () => {
  it('reports an expired token as TOKEN_EXPIRED so clients refresh', async () => {
    const { user, accessToken } = await login(server.url);
    const expired = await signAccessToken(
      server.config,
      { userId: user.id, sessionId: sessionIdOf(accessToken) },
      Math.floor(Date.now() / 1000) - 5,
    );
    const res = await client(server.url).get('/user/info', expired);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TOKEN_EXPIRED');
  });

  it('rejects a tampered or foreign-signed token as TOKEN_INVALID', async () => {
    const { accessToken } = await login(server.url);
    const [h, p, s] = accessToken.split('.');
    const tampered = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('A') ? 'BB' : 'AA'}`;
    for (const token of [tampered, 'abc', `${h}.${p}.`]) {
      const res = await client(server.url).get('/user/info', token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('TOKEN_INVALID');
    }
    expect((await client(server.url).get('/user/info')).status).toBe(401);
  });
});

describe('logout', () => {
  it('ends the current session only', async () => {
    const a = await login(server.url);
    const api = client(server.url);
    const b = (await api.post('/auth/sms/send', { phone: a.phone })).status; // 429: same phone within 60 s
    expect(b).toBe(429);
    const res = await api.post('/user/logout', {}, a.accessToken);
    expect(res.status).toBe(200);
    expect((await api.get('/user/info', a.accessToken)).body.code).toBe('TOKEN_INVALID');
    expect((await api.post('/user/refresh-token', { refreshToken: a.refreshToken })).body.code).toBe('TOKEN_INVALID');
  });

  it('allDevices ends every session of the user and no one else’s', async () => {
    const first = await login(server.url);
    const { eq } = await import('drizzle-orm');
    const { smsCodes } = await import('../../db/schema');
    await server.database.db
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(smsCodes.phone, first.phone));
    const second = await login(server.url, first.phone);
    const stranger = await login(server.url);
    const api = client(server.url);
    const res = await api.post('/user/logout', { allDevices: true }, second.accessToken);
    expect(res.body.data.revokedSessions).toBe(2);
    expect((await api.get('/user/info', first.accessToken)).body.code).toBe('TOKEN_INVALID');
    expect((await api.get('/user/info', second.accessToken)).body.code).toBe('TOKEN_INVALID');
    expect((await api.get('/user/info', stranger.accessToken)).status).toBe(200);
  });
});
