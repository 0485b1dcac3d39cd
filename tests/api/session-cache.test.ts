import { setRole } from '../../server/domain/users';
import { client, login, startTestServer, type TestServer, startSecondApiProcess } from './harness';

// ADR 0064: a request that changes nothing reads its session and user from the process's cache;
// these are the ways that must never show a user something older than what they or others changed.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the session cache', () => {
  it('a change of the user’s own shows in /user/info at once', async () => {
    const me = await login(server.url);
    const api = client(server.url);
    for (const username of ['第一个名字', '第二个名字', '第三个名字']) {
      expect((await api.get('/user/info', me.accessToken)).status).toBe(200);
      expect((await api.put('/user/profile', { username }, me.accessToken)).status).toBe(200);
      expect((await api.get('/user/info', me.accessToken)).body.data.username).toBe(username);
    }
  });

  it('an administrator’s change of another user shows in that user’s /user/info at once', async () => {
    const boss = await login(server.url);
    await setRole(server.database.db, boss.phone, 'admin');
    const user = await login(server.url);
    const api = client(server.url);
    const before = (await api.get('/user/info', user.accessToken)).body.data.total_points as number;
    const adjusted = await api.post('/admin/points/adjust', { phone: user.phone, points: 7, reason: '测试缓存' }, boss.accessToken);
    expect(adjusted.status).toBe(200);
    expect((await api.get('/user/info', user.accessToken)).body.data.total_points).toBe(before + 7);
  });

  it('a logout is refused at once', async () => {
    const me = await login(server.url);
    const api = client(server.url);
    expect((await api.get('/user/info', me.accessToken)).status).toBe(200);
    expect((await api.post('/user/logout', {}, me.accessToken)).status).toBe(200);
    expect((await api.get('/user/info', me.accessToken)).body.code).toBe('TOKEN_INVALID');
  });

  // Two processes need a shared database: PostgreSQL (CI sets TEST_DATABASE_URL and runs this suite on it).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a session revoked on one process is refused on another within a second',
    async () => {
      const other = await startSecondApiProcess({ DATABASE_URL: process.env.TEST_DATABASE_URL, JWT_SECRET: server.config.jwtSecret });
      try {
        const otherUrl = other.url;
        const here = client(server.url);
        const there = client(otherUrl);
        for (const allDevices of [false, true]) {
          const me = await login(server.url);
          // The other process has read the session (and keeps it for its requests that change nothing).
          expect((await there.get('/user/info', me.accessToken)).status).toBe(200);
          expect((await there.get('/user/info', me.accessToken)).status).toBe(200);
          expect((await here.post('/user/logout', { allDevices }, me.accessToken)).status).toBe(200);
          const revokedAt = performance.now();
          let refusedAfter = Number.POSITIVE_INFINITY;
          while (performance.now() - revokedAt < 3_000) {
            if ((await there.get('/user/info', me.accessToken)).body.code === 'TOKEN_INVALID') {
              refusedAfter = performance.now() - revokedAt;
              break;
            }
          }
          expect(refusedAfter).toBeLessThan(1_000);
        }
      } finally {
        await other.stop();
      }
    },
    60_000,
  );
});
