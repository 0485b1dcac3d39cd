import { RealtimeClient, reconnectDelay, type RealtimeNotice, type SocketLike } from './realtime-client';

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: { type: string; data: unknown }[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** The server's side. */
  accept() {
    this.readyState = 1;
    this.onmessage?.({ data: JSON.stringify({ type: 'CONNECT', data: { connectionId: 'c1' }, meta: { timestamp: 1 } }) });
  }
  receive(type: string, data: unknown = {}) {
    this.onmessage?.({ data: JSON.stringify({ type, data, meta: { timestamp: 1 } }) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const latest = () => FakeSocket.all.at(-1)!;

function makeClient(token: string | null = 'wst_ticket') {
  const notices: RealtimeNotice[] = [];
  const client = new RealtimeClient({ url: 'ws://x/ws', getToken: async () => token, createSocket: (url) => new FakeSocket(url) });
  client.subscribe((n) => notices.push(n));
  const states = () => notices.filter((n) => n.kind === 'state').map((n) => (n as { state: string }).state);
  return { client, notices, states };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('realtime client', () => {
  it('reconnect delays are 1 s × 1.5^(n−1), capped at 30 s', () => {
    expect([1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([1000, 1500, 2250, 3375, 5062.5]);
    expect(reconnectDelay(20)).toBe(30_000);
  });

  it('goes connecting → connected on CONNECT, then AUTHs with the ticket and reports the answer', async () => {
    const { client, notices, states } = makeClient();
    client.connect();
    expect(states()).toEqual(['connecting']);
    latest().accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(states()).toEqual(['connecting', 'connected']);
    expect(latest().sent).toEqual([
      expect.objectContaining({ type: 'AUTH', data: { token: 'wst_ticket' }, meta: { timestamp: expect.any(Number) } }),
    ]);
    latest().receive('AUTH', { success: false, message: '登录已过期，请重新登录' });
    expect(notices).toContainEqual({ kind: 'auth-failed', message: '登录已过期，请重新登录' });
    // A failed AUTH keeps the socket: public notices still arrive.
    expect(latest().closedWith).toBeNull();
  });

  it('signed out: no AUTH, public messages still reach listeners', async () => {
    const { client, notices } = makeClient(null);
    client.connect();
    latest().accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(latest().sent).toEqual([]);
    latest().receive('SYSTEM_NOTIFICATION', { id: 'n1' });
    expect(notices).toContainEqual({
      kind: 'message',
      message: expect.objectContaining({ type: 'SYSTEM_NOTIFICATION', data: { id: 'n1' } }),
    });
  });

  it('PINGs every 15 s and reconnects when no PONG came for over 30 s', async () => {
    const { client, states } = makeClient();
    client.connect();
    latest().accept();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(latest().sent.filter((m) => m.type === 'PING')).toHaveLength(1);
    latest().receive('PONG');
    await vi.advanceTimersByTimeAsync(15_000);
    expect(latest().sent.filter((m) => m.type === 'PING')).toHaveLength(2);
    // PONGs stop: at 45 s after the last one (the first check over 30 s) the client gives up on it.
    const first = latest();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(first.closedWith).toBe(4000);
    expect(states().at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('after an abnormal close retries 5 times at 1, 1.5, 2.25, 3.375 and 5.0625 s, then reports failure', async () => {
    const { client, notices, states } = makeClient();
    client.connect();
    latest().accept();
    await vi.advanceTimersByTimeAsync(0);
    latest().drop(1006);
    const opened: number[] = [];
    const start = Date.now();
    for (const delay of [1000, 1500, 2250, 3375, 5062.5]) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      const before = FakeSocket.all.length;
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.all.length).toBe(before + 1);
      opened.push(Date.now() - start);
      latest().drop(1006);
    }
    // Cumulative: 1 + 1.5 + 2.25 + 3.375 + 5.0625 s (timers run on whole milliseconds).
    expect(opened).toEqual([1000, 2500, 4750, 8125, 13187]);
    expect(notices.at(-1)).toEqual({ kind: 'reconnect-failed' });
    expect(states().at(-1)).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(6);
  });

  it('a successful reconnect resets the count and is reported (pages revalidate, maintenance rechecks)', async () => {
    const { client, notices } = makeClient();
    client.connect();
    latest().accept();
    await vi.advanceTimersByTimeAsync(0);
    latest().drop(1006);
    await vi.advanceTimersByTimeAsync(1000);
    latest().accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(notices).toContainEqual({ kind: 'reconnected' });
    latest().drop(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('normal closes (1000, 1001) and disconnect() do not reconnect', async () => {
    for (const code of [1000, 1001]) {
      FakeSocket.all = [];
      const { client, states } = makeClient();
      client.connect();
      latest().accept();
      latest().drop(code);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(FakeSocket.all).toHaveLength(1);
      expect(states().at(-1)).toBe('disconnected');
    }
    FakeSocket.all = [];
    const { client } = makeClient();
    client.connect();
    latest().accept();
    client.disconnect();
    expect(latest().closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reports every message it sends (its own PING and AUTH included) for the message log', async () => {
    const { client, notices } = makeClient();
    client.connect();
    expect(client.send('PING')).toBe(false);
    latest().accept();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(client.send('PAYMENT_STATUS_LISTEN', { orderNo: 'LX1' })).toBe(true);
    const sent = notices.filter((n) => n.kind === 'sent').map((n) => (n as { message: { type: string } }).message);
    expect(sent.map((m) => m.type)).toEqual(['AUTH', 'PING', 'PAYMENT_STATUS_LISTEN']);
    expect(sent[2]).toEqual({ type: 'PAYMENT_STATUS_LISTEN', data: { orderNo: 'LX1' }, meta: { timestamp: expect.any(Number) } });
    expect(latest().sent).toHaveLength(3);
    // What arrives is reported too, CONNECT and PONG included.
    latest().receive('PONG');
    const received = notices.filter((n) => n.kind === 'message').map((n) => (n as { message: { type: string } }).message.type);
    expect(received).toEqual(['CONNECT', 'PONG']);
  });

  it('connect() after a normal close or a reported failure opens a new socket (a tab shown again), and counts as a reconnect', async () => {
    const { client, notices } = makeClient();
    client.connect();
    latest().accept();
    await vi.advanceTimersByTimeAsync(0);
    latest().drop(1001);
    expect(client.currentState).toBe('disconnected');
    client.connect();
    expect(FakeSocket.all).toHaveLength(2);
    latest().accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(client.currentState).toBe('connected');
    expect(notices).toContainEqual({ kind: 'reconnected' });
    for (let i = 0; i < 6; i++) {
      latest().drop(1006);
      await vi.advanceTimersByTimeAsync(30_000);
    }
    expect(notices.at(-1)).toEqual({ kind: 'reconnect-failed' });
    const before = FakeSocket.all.length;
    client.connect();
    expect(FakeSocket.all).toHaveLength(before + 1);
  });

  it('ignores frames that are not JSON', async () => {
    const { client, notices } = makeClient();
    client.connect();
    latest().onmessage?.({ data: '{nope' });
    expect(notices.filter((n) => n.kind === 'message')).toEqual([]);
  });
});
