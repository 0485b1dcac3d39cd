import { eq } from 'drizzle-orm';
import { socketTickets } from '../../db/schema';
import { client, login, startTestServer, type TestServer, startSecondApiProcess } from './harness';
import { authenticateSocket, openSocket } from './socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ticketFor = async (accessToken: string) => {
  const res = await client(server.url).post('/realtime/ticket', {}, accessToken);
  expect(res.status).toBe(201);
  return res.body.data as { ticket: string; expiresAt: string };
};

describe('socket tickets', () => {
  it('are issued to a signed-in session only', async () => {
    const res = await client(server.url).post('/realtime/ticket', {});
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TOKEN_INVALID');
  });

  it('authenticate a socket once; a used ticket is refused', async () => {
    const { accessToken } = await login(server.url);
    const { ticket, expiresAt } = await ticketFor(accessToken);
    expect(ticket).toMatch(/^wst_/);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);

    const first = await openSocket(server.url);
    expect((await authenticateSocket(first, ticket)).data).toEqual({ success: true });
    const second = await openSocket(server.url);
    expect((await authenticateSocket(second, ticket)).data).toMatchObject({ success: false });
    first.close();
    second.close();
  });

  it('refuses an expired ticket and one whose session has ended', async () => {
    const session = await login(server.url);
    const expired = await ticketFor(session.accessToken);
    await server.database.db
      .update(socketTickets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(socketTickets.userId, session.user.id));
    const ws = await openSocket(server.url);
    expect((await authenticateSocket(ws, expired.ticket)).data).toMatchObject({ success: false });

    const live = await ticketFor(session.accessToken);
    await client(server.url).post('/user/logout', {}, session.accessToken);
    expect((await authenticateSocket(ws, live.ticket)).data).toMatchObject({ success: false });
    ws.close();
  });

  it('an access token still authenticates API clients', async () => {
    const { accessToken } = await login(server.url);
    const ws = await openSocket(server.url);
    expect((await authenticateSocket(ws, accessToken)).data).toEqual({ success: true });
    ws.close();
  });
});

describe('the socket endpoint', () => {
  it('refuses pages of other sites and accepts its own', async () => {
    await expect(openSocket(server.url, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
    const own = await openSocket(server.url, { origin: server.url });
    own.close();
  });
});

describe('event bus', () => {
  it('delivers to the addressed user only, and public notices to every socket', async () => {
    const alice = await login(server.url);
    const bob = await login(server.url);
    const aliceWs = await openSocket(server.url);
    const bobWs = await openSocket(server.url);
    const anonymousWs = await openSocket(server.url);
    await authenticateSocket(aliceWs, (await ticketFor(alice.accessToken)).ticket);
    await authenticateSocket(bobWs, (await ticketFor(bob.accessToken)).ticket);

    await server.events.publish({
      audience: { kind: 'user', userId: alice.user.id },
      type: 'SYSTEM_NOTIFICATION',
      data: { title: '只给 Alice' },
    });
    await server.events.publish({ audience: { kind: 'everyone' }, type: 'SYSTEM_MAINTENANCE', data: { title: '公告' } });

    const got = await aliceWs.next((m) => m.type === 'SYSTEM_NOTIFICATION');
    expect(got.data).toEqual({ title: '只给 Alice' });
    expect(got.meta.eventId).toMatch(/^[0-9a-f-]{36}$/);
    await bobWs.next((m) => m.type === 'SYSTEM_MAINTENANCE');
    await anonymousWs.next((m) => m.type === 'SYSTEM_MAINTENANCE');
    expect(bobWs.messages.some((m) => m.type === 'SYSTEM_NOTIFICATION')).toBe(false);
    expect(anonymousWs.messages.some((m) => m.type === 'SYSTEM_NOTIFICATION')).toBe(false);
    for (const ws of [aliceWs, bobWs, anonymousWs]) ws.close();
  });

  // Two processes need a shared database: PostgreSQL (CI sets TEST_DATABASE_URL and runs this suite on it).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a message published in one process reaches a socket connected to another process',
    async () => {
      const other = await startSecondApiProcess({ DATABASE_URL: process.env.TEST_DATABASE_URL, JWT_SECRET: server.config.jwtSecret });
      try {
        const otherUrl = other.url;
        const user = await login(server.url);
        // The ticket is issued by this process and redeemed by the other: tickets live in the database.
        const ws = await openSocket(otherUrl);
        expect((await authenticateSocket(ws, (await ticketFor(user.accessToken)).ticket)).data).toEqual({ success: true });
        await server.events.publish({ audience: { kind: 'user', userId: user.user.id }, type: 'SYSTEM_NOTIFICATION', data: { n: 1 } });
        expect((await ws.next((m) => m.type === 'SYSTEM_NOTIFICATION')).data).toEqual({ n: 1 });
        ws.close();
      } finally {
        await other.stop();
      }
    },
    60_000,
  );
});
