import { spawn } from 'node:child_process';
import os from 'node:os';
import { createInterface } from 'node:readline';
import express from 'express';
import WebSocket from 'ws';
import { addressKey, compileTrust } from '../../server/realtime/hub';
import { DEFAULT_REALTIME_LIMITS } from '../../server/realtime/limits';
import { client, login, randomIp, startTestServer, type TestServer } from './harness';
import { authenticateSocket, openSocket } from './socket';

/**
 * /ws under abuse (ADR 0013): sockets per address and per process, a smaller share for sockets that
 * have not authenticated, a message rate per socket, and a heartbeat. The default server runs the
 * production limits; the others shrink them so a test opens a handful of sockets, not thousands.
 */

type Attempt = { status: number; socket?: WebSocket };

/** Opens a raw socket; resolves with 101 and the socket, or with the HTTP status that refused it. */
function attempt(baseUrl: string, headers: Record<string, string> = {}, options: WebSocket.ClientOptions = {}): Promise<Attempt> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers, ...options });
    socket.once('open', () => resolve({ status: 101, socket }));
    socket.once('error', (err) => resolve({ status: Number(/Unexpected server response: (\d+)/.exec(err.message)?.[1] ?? 0) }));
  });
}

const closeOf = (socket: WebSocket) =>
  socket.readyState === WebSocket.CLOSED
    ? Promise.resolve(-1)
    : new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

/** Waits for a condition the server reaches asynchronously (a socket's slot is freed when its TCP connection closes). */
async function until(condition: () => boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function closeAll(server: TestServer, sockets: (WebSocket | undefined)[]) {
  for (const socket of sockets) socket?.terminate();
  await until(() => server.realtime.stats().connections === 0, 'every socket to be released');
}

/** A non-loopback address of this machine: a peer connecting from it is not a trusted proxy by default. */
const externalIp = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

/**
 * The attacker is another process, as it would be: this one serves and measures. It opens `count`
 * sockets at once from `ip` (X-Forwarded-For, trusted from loopback), prints how each attempt ended
 * and holds the accepted ones until its stdin closes.
 */
const FLOOD = `
const WebSocket = require('ws');
const [url, ip, count] = process.argv.slice(1);
const statuses = {};
let settled = 0;
const settle = (status) => {
  statuses[status] = (statuses[status] || 0) + 1;
  if (++settled === Number(count)) process.stdout.write(JSON.stringify(statuses) + '\\n');
};
for (let i = 0; i < Number(count); i++) {
  const socket = new WebSocket(url, { headers: { 'x-forwarded-for': ip } });
  let done = false;
  socket.once('open', () => { if (!done) { done = true; settle(101); } });
  socket.on('error', (err) => { if (!done) { done = true; settle(Number((/: (\\d{3})/.exec(err.message) || [])[1] || 0)); } });
}
process.stdout.write('started\\n');
process.stdin.on('end', () => process.exit(0)).resume();
`;

function flood(baseUrl: string, ip: string, count: number) {
  const child = spawn(process.execPath, ['-e', FLOOD, `${baseUrl.replace(/^http/, 'ws')}/ws`, ip, String(count)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const nextLine = async () => String((await lines.next()).value);
  return { nextLine, stop: () => new Promise<void>((resolve) => child.once('exit', () => resolve()).stdin!.end()) };
}

let defaults: TestServer;
/** Small caps and a quick heartbeat and close; its message rate is the production one. */
let shrunk: TestServer;
const smallLimits = {
  maxConnections: 6,
  maxConnectionsPerIp: 4,
  maxAnonymous: 3,
  maxAnonymousPerIp: 2,
  heartbeatMs: 300,
  closeTimeoutMs: 300,
};
beforeAll(async () => {
  [defaults, shrunk] = await Promise.all([
    // On every interface, so a test can connect from an address that is not loopback.
    startTestServer({ HOST: '0.0.0.0' }),
    startTestServer({}, { realtimeLimits: smallLimits }),
  ]);
});
afterAll(() => Promise.all([defaults.close(), shrunk.close()]));

describe('connection caps at the production defaults', () => {
  let server: TestServer;
  beforeAll(() => void (server = defaults));
  afterEach(() => until(() => server.realtime.stats().connections === 0, 'every socket to be released'));

  it('of 1,000 sockets opened at once from one address, only its share is accepted; /healthz and the API answer meanwhile', async () => {
    const { accessToken } = await login(server.url);
    const attacker = flood(server.url, randomIp(), 1000);
    try {
      expect(await attacker.nextLine()).toBe('started');
      const outcome = attacker.nextLine();
      let finished = false;
      void outcome.then(() => (finished = true));

      // Both answer while the attempts arrive (they take milliseconds idle). The broken build refused
      // connections for 40 s; the bound leaves room for a loaded 2-core CI running two test workers.
      const latencies: number[] = [];
      do {
        const started = performance.now();
        const [health, info] = await Promise.all([fetch(`${server.url}/healthz`), client(server.url).get('/user/info', accessToken)]);
        latencies.push(performance.now() - started);
        expect([health.status, info.status]).toEqual([200, 200]);
      } while (!finished);
      expect(Math.max(...latencies)).toBeLessThan(3000);

      const cap = DEFAULT_REALTIME_LIMITS.maxAnonymousPerIp;
      expect(JSON.parse(await outcome)).toEqual({ 101: cap, 429: 1000 - cap });
      expect(server.realtime.stats()).toEqual({ connections: cap, anonymous: cap });

      // The cap is the address's, not the server's: another address still gets in.
      const other = await openSocket(server.url, { 'x-forwarded-for': randomIp() });
      other.close();
    } finally {
      // Whatever failed above, the flood's sockets go, so the next tests start from zero.
      await attacker.stop();
    }
  });

  it('counts IPv6 clients per /64', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    const results: Attempt[] = [];
    for (let i = 0; i <= DEFAULT_REALTIME_LIMITS.maxAnonymousPerIp; i++) {
      results.push(await attempt(server.url, { 'x-forwarded-for': `${prefix}:${i.toString(16)}::1` }));
    }
    expect(results.slice(0, -1).every((r) => r.status === 101)).toBe(true);
    expect(results.at(-1)!.status).toBe(429);
    await closeAll(
      server,
      results.map((r) => r.socket),
    );
  });

  it.runIf(Boolean(externalIp))('a peer that is not a trusted proxy gets no fresh quota from a spoofed X-Forwarded-For', async () => {
    const viaNetwork = `http://${externalIp}:${server.port}`;
    const results: Attempt[] = [];
    for (let i = 0; i <= DEFAULT_REALTIME_LIMITS.maxAnonymousPerIp; i++) {
      results.push(await attempt(viaNetwork, { 'x-forwarded-for': randomIp() }));
    }
    expect(results.slice(0, -1).every((r) => r.status === 101)).toBe(true);
    expect(results.at(-1)!.status).toBe(429);
    // From loopback (the web layer, always trusted) the forwarded address is the client's.
    const forwarded = await openSocket(server.url, { 'x-forwarded-for': randomIp() });
    forwarded.close();
    await closeAll(
      server,
      results.map((r) => r.socket),
    );
  });

  it('reads the client address as Express does for every kind of trust proxy setting', () => {
    const app = express();
    for (const setting of [1, 2, 'loopback', 'loopback, 10.0.0.0/8', 'loopback, 192.0.2.1']) {
      app.set('trust proxy', setting);
      const expressTrust = app.get('trust proxy fn') as (addr: string, i: number) => boolean;
      const ours = compileTrust(setting);
      for (const addr of ['127.0.0.1', '::1', '10.1.2.3', '192.0.2.1', '203.0.113.9']) {
        for (const hop of [0, 1, 2]) expect([setting, addr, hop, ours(addr, hop)]).toEqual([setting, addr, hop, expressTrust(addr, hop)]);
      }
    }
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:0:7::1')).toBe(addressKey('2001:0db8:0000:0007:ffff:1:2:3'));
    expect(addressKey('2001:db8:0:7::1')).not.toBe(addressKey('2001:db8:0:8::1'));
  });
});

describe('message rate per socket (production rate)', () => {
  let server: TestServer;
  beforeAll(() => void (server = shrunk));
  afterEach(() => until(() => server.realtime.stats().connections === 0, 'every socket to be released'));
  const fresh = () => ({ 'x-forwarded-for': randomIp() });

  it('a socket flooding PINGs is told RATE_LIMITED and closed with 1008; nothing after that is answered', async () => {
    const bystander = await openSocket(server.url, fresh());
    const flooder = await openSocket(server.url, fresh());
    const closed = closeOf(flooder.socket);
    for (let i = 0; i < 5000; i++) flooder.send('PING');

    const error = await flooder.next((m) => m.type === 'ERROR');
    expect(error.data).toEqual({ code: 'RATE_LIMITED', message: '消息过于频繁，连接已断开' });
    expect(await closed).toBe(1008);
    const pongs = flooder.messages.filter((m) => m.type === 'PONG').length;
    // The burst, plus at most a token or two refilled while the flood arrived.
    expect(pongs).toBeGreaterThanOrEqual(DEFAULT_REALTIME_LIMITS.messageBurst);
    expect(pongs).toBeLessThanOrEqual(DEFAULT_REALTIME_LIMITS.messageBurst + 2);
    // The last message is the ERROR: nothing was answered after the decision.
    expect(flooder.messages.at(-1)!.type).toBe('ERROR');

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    bystander.send('PING');
    await bystander.next((m) => m.type === 'PONG');
    bystander.close();
  });

  it('ping frames count too', async () => {
    const flooder = await openSocket(server.url, fresh());
    let pongFrames = 0;
    flooder.socket.on('pong', () => pongFrames++);
    const closed = closeOf(flooder.socket);
    for (let i = 0; i < 5000; i++) flooder.socket.ping();
    expect(await closed).toBe(1008);
    expect(flooder.messages.at(-1)!.data).toMatchObject({ code: 'RATE_LIMITED' });
    expect(pongFrames).toBeLessThanOrEqual(DEFAULT_REALTIME_LIMITS.messageBurst + 2);
  });

  it('a client at the pace of the spec (AUTH once, a PING every 15 s) is never limited', async () => {
    const { accessToken } = await login(server.url);
    const ws = await openSocket(server.url, fresh());
    expect((await authenticateSocket(ws, accessToken)).data).toEqual({ success: true });
    // Even a whole burst at once (a reconnect with its subscriptions) passes.
    for (let i = 1; i < DEFAULT_REALTIME_LIMITS.messageBurst; i++) ws.send('PING');
    await ws.next(
      (m) => m.type === 'PONG' && ws.messages.filter((x) => x.type === 'PONG').length === DEFAULT_REALTIME_LIMITS.messageBurst - 1,
    );
    expect(ws.messages.some((m) => m.type === 'ERROR')).toBe(false);
    expect(ws.socket.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });
});

describe('connection caps with small limits', () => {
  const limits = smallLimits;
  let server: TestServer;
  let accessToken: string;
  beforeAll(async () => {
    server = shrunk;
    ({ accessToken } = await login(server.url));
  });
  afterEach(() => until(() => server.realtime.stats().connections === 0, 'every socket to be released'));

  const signedIn = async (ip = randomIp()) => {
    const ws = await openSocket(server.url, { 'x-forwarded-for': ip });
    expect((await authenticateSocket(ws, accessToken)).data).toEqual({ success: true });
    return ws;
  };

  it('the answer to the server’s heartbeat ping is not charged: a full burst right after it passes', async () => {
    const ws = await signedIn();
    const ping = () => new Promise<void>((resolve) => ws.socket.once('ping', () => resolve()));
    // By the second heartbeat the bucket is full again after AUTH.
    await ping();
    await ping();
    // ws answered the ping with a pong before this line runs; then a whole burst of PINGs.
    for (let i = 0; i < DEFAULT_REALTIME_LIMITS.messageBurst; i++) ws.send('PING');
    await ws.next(
      (m) => m.type === 'ERROR' || ws.messages.filter((x) => x.type === 'PONG').length === DEFAULT_REALTIME_LIMITS.messageBurst,
    );
    expect(ws.messages.filter((m) => m.type === 'ERROR')).toEqual([]);
    expect(ws.socket.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });

  it('an address has a small share of unauthenticated sockets; signed-in ones count toward its larger cap only', async () => {
    const ip = randomIp();
    const headers = { 'x-forwarded-for': ip };
    const first = await openSocket(server.url, headers);
    const second = await openSocket(server.url, headers);
    expect((await attempt(server.url, headers)).status).toBe(429);

    // Once they authenticate, they no longer use the unauthenticated share.
    expect((await authenticateSocket(first, accessToken)).data).toEqual({ success: true });
    expect((await authenticateSocket(second, accessToken)).data).toEqual({ success: true });
    const third = await signedIn(ip);
    const fourth = await openSocket(server.url, headers);
    expect(server.realtime.stats()).toEqual({ connections: 4, anonymous: 1 });
    expect((await attempt(server.url, headers)).status).toBe(429);
    await closeAll(
      server,
      [first, second, third, fourth].map((w) => w.socket),
    );
  });

  it("over the process's total, upgrades are refused with 503 until a socket closes", async () => {
    const sockets = [];
    for (let i = 0; i < limits.maxConnections; i++) sockets.push(await signedIn());
    expect(server.realtime.stats()).toEqual({ connections: limits.maxConnections, anonymous: 0 });
    expect((await attempt(server.url, { 'x-forwarded-for': randomIp() })).status).toBe(503);

    sockets.pop()!.close();
    await until(() => server.realtime.stats().connections < limits.maxConnections, 'a slot to free');
    const again = await attempt(server.url, { 'x-forwarded-for': randomIp() });
    expect(again.status).toBe(101);
    await closeAll(server, [...sockets.map((w) => w.socket), again.socket]);
  });

  it('when unauthenticated sockets fill their share, the oldest is closed with 1013 to make room; signed-in ones stay', async () => {
    const member = await signedIn();
    const anonymous = [];
    for (let i = 0; i < limits.maxAnonymous; i++) anonymous.push(await openSocket(server.url, { 'x-forwarded-for': randomIp() }));
    const oldestClosed = closeOf(anonymous[0]!.socket);

    const newcomer = await openSocket(server.url, { 'x-forwarded-for': randomIp() });
    expect(await oldestClosed).toBe(1013);
    expect(anonymous[0]!.messages.at(-1)!.data).toEqual({ code: 'TOO_MANY_CONNECTIONS', message: '连接数过多，请稍后重连' });
    for (const ws of [member, anonymous[1]!, newcomer]) {
      ws.send('PING');
      await ws.next((m) => m.type === 'PONG');
    }
    expect(server.realtime.stats().anonymous).toBe(limits.maxAnonymous);
    await closeAll(
      server,
      [member, ...anonymous, newcomer].map((w) => w.socket),
    );
  });
});

describe('heartbeat (every 300 ms here)', () => {
  let server: TestServer;
  beforeAll(() => void (server = shrunk));
  const fresh = () => ({ 'x-forwarded-for': randomIp() });

  const pingsOf = (socket: WebSocket) => {
    let n = 0;
    socket.on('ping', () => n++);
    return () => n;
  };

  it('drops a socket that stops answering pings; keeps one that answers with pong frames or with PING messages', async () => {
    const silent = await attempt(server.url, fresh(), { autoPong: false });
    const answering = await openSocket(server.url, fresh());
    const viaMessages = await attempt(server.url, fresh(), { autoPong: false });
    // A client whose library hides ping frames still keeps its socket with the spec's PING messages.
    viaMessages.socket!.on('ping', () => viaMessages.socket!.send(JSON.stringify({ type: 'PING', meta: { timestamp: Date.now() } })));
    const answeringPings = pingsOf(answering.socket);
    const viaMessagesPings = pingsOf(viaMessages.socket!);

    // Terminated, not closed: a peer that does not answer pings would not answer a close either.
    expect(await closeOf(silent.socket!)).toBe(1006);
    const seen = answeringPings();
    await until(() => answeringPings() >= seen + 3 && viaMessagesPings() >= 3, 'three more heartbeats');
    expect(answering.socket.readyState).toBe(WebSocket.OPEN);
    expect(viaMessages.socket!.readyState).toBe(WebSocket.OPEN);
    answering.close();
    viaMessages.socket!.close();
  });

  it('shutdown closes every socket with 1001 and does not wait on them', async () => {
    const ws = await openSocket(server.url, fresh());
    const closed = closeOf(ws.socket);
    await server.close();
    expect(await closed).toBe(1001);
  });
});
