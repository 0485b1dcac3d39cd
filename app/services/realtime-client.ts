/**
 * The browser's /ws client (spec §4 Realtime socket, §9 Socket). Plain TypeScript with the socket
 * and the clock injected, so every rule is tested with a fake clock; `use-realtime` wires it to
 * React. Messages are `{ type, data, meta: { timestamp } }` both ways (spec §7).
 */

export type SocketState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';
export type ServerMessage = { type: string; data: unknown; meta?: { timestamp?: number; eventId?: string } };
export type ClientMessage = { type: string; data: unknown; meta: { timestamp: number } };

/** Spec §9: heartbeat 15 s, pong timeout 30 s, max 5 reconnects, base 1 s, factor 1.5, cap 30 s. */
export const SOCKET_TIMING = {
  heartbeatMs: 15_000,
  pongTimeoutMs: 30_000,
  maxReconnects: 5,
  baseDelayMs: 1_000,
  factor: 1.5,
  capMs: 30_000,
};

/** The wait before reconnect attempt `n` (1-based): 1 s × 1.5^(n−1), never over 30 s. */
export const reconnectDelay = (attempt: number) =>
  Math.min(SOCKET_TIMING.capMs, SOCKET_TIMING.baseDelayMs * SOCKET_TIMING.factor ** Math.max(0, attempt - 1));

/** The part of the browser's WebSocket this client uses. */
export type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

export type Clock = {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
};

/** Reported to listeners only (spec §4): nothing is shown to the user for these by default. */
export type RealtimeNotice =
  | { kind: 'state'; state: SocketState }
  | { kind: 'authenticated' }
  | { kind: 'auth-failed'; message: string }
  | { kind: 'reconnected' }
  | { kind: 'reconnect-failed' }
  | { kind: 'message'; message: ServerMessage }
  /** A message this client sent (its own PING and AUTH included), for the message log of /dash/websocket-test. */
  | { kind: 'sent'; message: ClientMessage };

export type RealtimeClientOptions = {
  url: string;
  /** A socket ticket for AUTH, or null when signed out (public notices only). */
  getToken: () => Promise<string | null>;
  createSocket: (url: string) => SocketLike;
  clock?: Clock;
};

const OPEN = 1;
const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
};

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private state: SocketState = 'disconnected';
  private listeners = new Set<(notice: RealtimeNotice) => void>();
  private heartbeat: unknown = null;
  private retryTimer: unknown = null;
  private lastPongAt = 0;
  private attempts = 0;
  private wanted = false;
  private hasConnectedBefore = false;
  private readonly clock: Clock;

  constructor(private readonly options: RealtimeClientOptions) {
    this.clock = options.clock ?? browserClock;
  }

  get currentState() {
    return this.state;
  }

  subscribe(listener: (notice: RealtimeNotice) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  connect() {
    this.wanted = true;
    if (this.socket || this.retryTimer) return;
    this.open();
  }

  /** A normal close (1000): no reconnect. */
  disconnect() {
    this.wanted = false;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'client closed');
    }
    this.setState('disconnected');
  }

  send(type: string, data: unknown = {}) {
    if (this.socket?.readyState !== OPEN) return false;
    const message: ClientMessage = { type, data, meta: { timestamp: this.clock.now() } };
    this.socket.send(JSON.stringify(message));
    this.emit({ kind: 'sent', message });
    return true;
  }

  private emit(notice: RealtimeNotice) {
    for (const listener of this.listeners) {
      try {
        listener(notice);
      } catch {
        // A listener's failure must not stop the others or the socket.
      }
    }
  }

  private setState(state: SocketState) {
    if (this.state === state) return;
    this.state = state;
    this.emit({ kind: 'state', state });
  }

  private clearTimers() {
    if (this.heartbeat !== null) this.clock.clearInterval(this.heartbeat);
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.heartbeat = null;
    this.retryTimer = null;
  }

  private open() {
    this.setState(this.attempts > 0 ? 'reconnecting' : 'connecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url);
    } catch {
      return this.scheduleReconnect();
    }
    this.socket = socket;
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => this.closed(socket, event.code);
    socket.onerror = () => {
      // The close event follows and decides about reconnecting.
    };
  }

  private receive(raw: unknown) {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(raw)) as ServerMessage;
      if (!message || typeof message.type !== 'string') return;
    } catch {
      return; // Spec §8: socket parse errors are ignored.
    }
    if (message.type === 'PONG') this.lastPongAt = this.clock.now();
    if (message.type === 'AUTH') {
      const data = (message.data ?? {}) as { success?: boolean; message?: string };
      if (data.success) this.emit({ kind: 'authenticated' });
      else this.emit({ kind: 'auth-failed', message: data.message ?? '认证失败' });
    }
    // Every message reaches listeners (CONNECT and PONG too, for the message log), CONNECT first.
    this.emit({ kind: 'message', message });
    if (message.type === 'CONNECT') void this.connected();
  }

  /** After the server's CONNECT: state connected, AUTH with a fresh ticket, heartbeat running. */
  private async connected() {
    const reconnected = this.hasConnectedBefore;
    this.hasConnectedBefore = true;
    this.attempts = 0;
    this.lastPongAt = this.clock.now();
    this.setState('connected');
    this.startHeartbeat();
    if (reconnected) this.emit({ kind: 'reconnected' });
    const token = await this.options.getToken().catch(() => null);
    if (token) this.send('AUTH', { token });
  }

  private startHeartbeat() {
    if (this.heartbeat !== null) this.clock.clearInterval(this.heartbeat);
    this.heartbeat = this.clock.setInterval(() => {
      // No PONG for over 30 s: the connection is dead even if the browser has not noticed.
      if (this.clock.now() - this.lastPongAt > SOCKET_TIMING.pongTimeoutMs) {
        const socket = this.socket;
        this.socket = null;
        if (socket) {
          socket.onclose = null;
          socket.close(4000, 'pong timeout');
        }
        return this.closed(socket, 4000);
      }
      this.send('PING');
    }, SOCKET_TIMING.heartbeatMs);
  }

  private closed(socket: SocketLike | null, code: number) {
    if (socket && this.socket && socket !== this.socket) return;
    this.socket = null;
    this.clearTimers();
    if (!this.wanted) return this.setState('disconnected');
    // 1000 and 1001 are normal closes (the server going away on purpose included): no retry.
    if (code === 1000 || code === 1001) return this.setState('disconnected');
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.attempts >= SOCKET_TIMING.maxReconnects) {
      this.attempts = 0;
      this.setState('disconnected');
      this.emit({ kind: 'reconnect-failed' });
      return;
    }
    this.attempts++;
    this.setState('reconnecting');
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = null;
      if (this.wanted) this.open();
    }, reconnectDelay(this.attempts));
  }
}
