import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { isIPv6 } from 'node:net';
import type { Duplex } from 'node:stream';
import proxyaddr from 'proxy-addr';
import { WebSocketServer, type RawData, type ServerOptions, type WebSocket } from 'ws';
import {
  authMessageDataSchema,
  clientMessageSchema,
  orderListenSchema,
  scanLoginListenSchema,
  type ClientMessage,
  type ScanStatus,
  type ServerMessageType,
} from '../../contracts/realtime';
import type { Logger } from '../logger';
import type { EventBus, RealtimeEvent } from './bus';
import { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from './limits';

export type RealtimeHub = {
  /** Called once the database is open: from then on, bus events reach this process's sockets. */
  attachBus: (bus: EventBus) => void;
  close: () => void;
  /** Sockets held now (closing ones included) and how many of them have not authenticated. */
  stats: () => { connections: number; anonymous: number };
};

export type RealtimeOptions = {
  logger: Logger;
  /**
   * Who an AUTH token names (the domain supplies it: a socket ticket or an access token); it rejects
   * an invalid token. Null while it cannot check yet (the database is not open).
   */
  authenticate: (token: string) => Promise<{ userId: string }> | null;
  /** Express's `trust proxy` value (config.trustProxy), so a socket's address is the one req.ip gives. */
  trustProxy: number | string;
  limits?: Partial<RealtimeLimits>;
  /** Who owns an order (the payments issue supplies it); without it no order can be listened to. */
  orderOwner?: (orderNo: string) => Promise<string | null>;
  /** A WeChat QR code's state now (the WeChat issue supplies it); without it every code reads as expired. */
  sceneStatus?: (sceneStr: string) => Promise<ScanStatus>;
};

/** Orders one socket may follow at once (a payment page follows one). */
const MAX_ORDER_LISTENS = 10;
/** QR codes one socket follows at once: a login page follows one, and a new one as each expires. */
const MAX_SCENE_LISTENS = 5;

/** One socket's share of the counts, from the upgrade until its TCP connection closes. */
type Slot = { key: string; anonymous: boolean; released: boolean };

type Connection = {
  id: string;
  socket: WebSocket;
  slot: Slot;
  userId?: string;
  /** Orders this socket follows (PAYMENT_STATUS_LISTEN), each owned by its user. */
  orders: Set<string>;
  /** WeChat QR codes this socket follows (SCAN_LOGIN_LISTEN), oldest first; no sign-in needed. */
  scenes: Set<string>;
  /** Answered the last ping (or sent anything) since the previous heartbeat. */
  alive: boolean;
  /** A heartbeat ping is out: its pong is not charged to the socket's message budget. */
  awaitingPong: boolean;
  /** Set once the server has decided to close it: nothing it sends is processed after that. */
  closing: boolean;
  take: () => boolean;
};

const send = (socket: WebSocket, type: ServerMessageType, data: unknown, eventId?: string) => {
  if (socket.readyState !== socket.OPEN) return;
  const meta = eventId ? { timestamp: Date.now(), eventId } : { timestamp: Date.now() };
  socket.send(JSON.stringify({ type, data, meta }));
};

function sameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

const matches = (event: RealtimeEvent, connection: Connection) => {
  switch (event.audience.kind) {
    case 'everyone':
      return true;
    case 'signed-in':
      return Boolean(connection.userId);
    case 'user':
      return connection.userId === event.audience.userId;
    case 'order':
      return connection.userId === event.audience.userId && connection.orders.has(event.audience.orderNo);
    case 'scene':
      return connection.scenes.has(event.audience.sceneStr);
  }
};

const REASONS = { 403: 'Forbidden', 429: 'Too Many Requests', 503: 'Service Unavailable' } as const;

/** Answers the upgrade request with a plain HTTP status: no handshake, no WebSocket state. */
function refuse(socket: Duplex, status: keyof typeof REASONS) {
  const retry = status === 429 || status === 503 ? 'Retry-After: 30\r\n' : '';
  // The HTTP server allows half-open sockets: destroy once written, or a peer that never closes keeps the descriptor.
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${REASONS[status]}\r\nConnection: close\r\n${retry}Content-Length: 0\r\n\r\n`);
}

/** Express's compileTrust for the values config.trustProxy takes: a hop count or an address list. */
export function compileTrust(trustProxy: number | string): (addr: string, i: number) => boolean {
  if (typeof trustProxy === 'number') return (_addr, i) => i < trustProxy;
  return proxyaddr.compile(trustProxy.split(',').map((v) => v.trim()));
}

/** Counting key of an address: IPv6 clients are usually handed a whole /64, so they count per /64. */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Messages allowed at once (`burst`), refilled at `perSecond`. */
function tokenBucket(burst: number, perSecond: number) {
  let tokens = burst;
  let last = performance.now();
  return () => {
    const now = performance.now();
    tokens = Math.min(burst, tokens + ((now - last) * perSecond) / 1000);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** Refusals and closes since the last heartbeat, logged once per heartbeat rather than per event. */
type Refusals = { perIp: number; total: number; evicted: number; rateLimited: number; unresponsive: number };

/** The socket counts the limits apply to (ADR 0013): per address key and in all, anonymous ones apart. */
function createSlots() {
  const perKey = new Map<string, { open: number; anonymous: number }>();
  const totals = { open: 0, anonymous: 0 };
  const reserve = (key: string): Slot => {
    const counts = perKey.get(key) ?? { open: 0, anonymous: 0 };
    counts.open++;
    counts.anonymous++;
    perKey.set(key, counts);
    totals.open++;
    totals.anonymous++;
    return { key, anonymous: true, released: false };
  };
  const leaveAnonymous = (slot: Slot) => {
    if (!slot.anonymous) return;
    slot.anonymous = false;
    totals.anonymous--;
    perKey.get(slot.key)!.anonymous--;
  };
  const release = (slot: Slot) => {
    if (slot.released) return;
    leaveAnonymous(slot);
    slot.released = true;
    totals.open--;
    const counts = perKey.get(slot.key)!;
    if (--counts.open === 0) perKey.delete(slot.key);
  };
  return { perKey, totals, reserve, leaveAnonymous, release };
}

/** What the parts of one hub share: its settings, its sockets and their counts. */
type Hub = {
  options: RealtimeOptions;
  limits: RealtimeLimits;
  wss: WebSocketServer;
  clientIp: (req: IncomingMessage) => string;
  slots: ReturnType<typeof createSlots>;
  connections: Map<string, Connection>;
  /** Sockets not yet authenticated, oldest first: the first to go when their share is full. */
  anonymousConnections: Set<Connection>;
  refused: Refusals;
  closed: boolean;
};

/** Closes with a code the client sees. `stopReading` for abuse: its further frames are not even parsed. */
function shut(
  hub: Hub,
  connection: Connection,
  code: number,
  reason: string,
  error?: { code: string; message: string },
  stopReading = false,
) {
  if (connection.closing) return;
  connection.closing = true;
  hub.anonymousConnections.delete(connection);
  hub.slots.leaveAnonymous(connection.slot);
  if (error) send(connection.socket, 'ERROR', error);
  connection.socket.close(code, reason);
  if (stopReading) connection.socket.pause();
}

/** Every inbound message and ping/pong frame passes here before any parsing. */
function admit(hub: Hub, connection: Connection): boolean {
  if (connection.closing) return false;
  if (!connection.take()) {
    hub.refused.rateLimited++;
    shut(hub, connection, 1008, 'rate limited', { code: 'RATE_LIMITED', message: '消息过于频繁，连接已断开' }, true);
    return false;
  }
  connection.alive = true;
  return true;
}

/** An upgrade request: refused before the handshake when over a limit, else handed to ws. */
function onUpgrade(hub: Hub, req: IncomingMessage, socket: Duplex, head: Buffer) {
  const { limits, slots, refused } = hub;
  // Without a listener, a reset on a refused socket would be an uncaught error.
  socket.on('error', () => {});
  if (hub.closed) return refuse(socket, 503);
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname !== '/ws') return void socket.destroy();
  // Browsers always send Origin: a page on another site may not open our socket in a visitor's
  // browser. Clients without one (scripts, mini-programs) authenticate with a token anyway.
  if (req.headers.origin !== undefined && !sameOrigin(req.headers.origin, req.headers.host)) return refuse(socket, 403);

  // Refused before the handshake: an over-quota attempt costs one short write.
  const key = addressKey(hub.clientIp(req));
  const counts = slots.perKey.get(key);
  if (counts && (counts.open >= limits.maxConnectionsPerIp || counts.anonymous >= limits.maxAnonymousPerIp)) {
    refused.perIp++;
    return refuse(socket, 429);
  }
  if (slots.totals.open >= limits.maxConnections) {
    refused.total++;
    return refuse(socket, 503);
  }
  if (slots.totals.anonymous >= limits.maxAnonymous) {
    // Sockets yet to authenticate cannot crowd out sign-ins: the oldest of them makes room.
    const oldest = hub.anonymousConnections.values().next().value;
    if (!oldest) {
      refused.total++;
      return refuse(socket, 503);
    }
    refused.evicted++;
    shut(hub, oldest, 1013, 'too many connections', { code: 'TOO_MANY_CONNECTIONS', message: '连接数过多，请稍后重连' });
  }
  const slot = slots.reserve(key);
  // The TCP socket's close frees the slot, whether the handshake completed or not.
  socket.once('close', () => slots.release(slot));
  hub.wss.handleUpgrade(req, socket, head, (ws) => onConnection(hub, ws, slot));
}

/** AUTH {token}: a socket ticket (browsers) or an access token (API clients). */
async function authenticate(hub: Hub, connection: Connection, message: ClientMessage) {
  const data = authMessageDataSchema.safeParse(message.data);
  const check = data.success ? hub.options.authenticate(data.data.token) : null;
  if (!check) return send(connection.socket, 'AUTH', { success: false, message: '认证失败' });
  try {
    const { userId } = await check;
    if (connection.closing) return;
    connection.userId = userId;
    hub.anonymousConnections.delete(connection);
    hub.slots.leaveAnonymous(connection.slot);
    send(connection.socket, 'AUTH', { success: true });
  } catch {
    send(connection.socket, 'AUTH', { success: false, message: '登录已过期，请重新登录' });
  }
}

/** PAYMENT_STATUS_LISTEN {orderNo}: a signed-in socket may follow its own orders only. */
async function listenToOrder(hub: Hub, connection: Connection, message: ClientMessage) {
  const data = orderListenSchema.safeParse(message.data);
  if (!data.success) return send(connection.socket, 'ERROR', { code: 'BAD_MESSAGE', message: '消息格式错误' });
  if (!connection.userId) return send(connection.socket, 'ERROR', { code: 'AUTH_REQUIRED', message: '请先登录' });
  const { orderNo } = data.data;
  const { orderOwner } = hub.options;
  const owner = orderOwner ? await orderOwner(orderNo).catch(() => null) : null;
  if (connection.closing) return;
  if (owner !== connection.userId) return send(connection.socket, 'ERROR', { code: 'ORDER_NOT_FOUND', message: '订单不存在', orderNo });
  if (connection.orders.size >= MAX_ORDER_LISTENS && !connection.orders.has(orderNo)) {
    return send(connection.socket, 'ERROR', { code: 'TOO_MANY_LISTENS', message: '同时关注的订单过多' });
  }
  connection.orders.add(orderNo);
}

/**
 * SCAN_LOGIN_LISTEN {sceneStr}: the socket follows the code from now on, then hears its current
 * state; a change published meanwhile arrives as well (twice at worst, never missed). Over the
 * limit the oldest code is dropped: codes expire in five minutes anyway.
 */
async function listenToScene(hub: Hub, connection: Connection, message: ClientMessage) {
  const data = scanLoginListenSchema.safeParse(message.data);
  if (!data.success) return send(connection.socket, 'ERROR', { code: 'BAD_MESSAGE', message: '消息格式错误' });
  const { sceneStr } = data.data;
  connection.scenes.delete(sceneStr);
  connection.scenes.add(sceneStr);
  if (connection.scenes.size > MAX_SCENE_LISTENS) connection.scenes.delete(connection.scenes.values().next().value!);
  const { sceneStatus } = hub.options;
  const status = sceneStatus ? await sceneStatus(sceneStr).catch(() => null) : 'expired';
  if (connection.closing || !status) return;
  send(connection.socket, 'SCAN_LOGIN_STATUS', { sceneStr, status });
}

/** One admitted text message: parsed against the client message schema, then dispatched by type. */
function onMessage(hub: Hub, connection: Connection, raw: RawData) {
  const { socket } = connection;
  let message: ClientMessage;
  try {
    message = clientMessageSchema.parse(JSON.parse(String(raw)));
  } catch {
    return send(socket, 'ERROR', { code: 'BAD_MESSAGE', message: '消息格式错误' });
  }
  if (message.type === 'PING') return send(socket, 'PONG', {});
  if (message.type === 'AUTH') return void authenticate(hub, connection, message);
  if (message.type === 'PAYMENT_STATUS_LISTEN') return void listenToOrder(hub, connection, message);
  if (message.type === 'PAYMENT_STATUS_LISTEN_STOP') {
    const data = orderListenSchema.safeParse(message.data);
    if (!data.success) return send(socket, 'ERROR', { code: 'BAD_MESSAGE', message: '消息格式错误' });
    connection.orders.delete(data.data.orderNo);
    return;
  }
  if (message.type === 'SCAN_LOGIN_LISTEN') return void listenToScene(hub, connection, message);
  send(socket, 'ERROR', { code: 'UNSUPPORTED', message: '该消息类型暂不支持' });
}

function onConnection(hub: Hub, socket: WebSocket, slot: Slot) {
  const connection: Connection = {
    id: randomUUID(),
    socket,
    slot,
    alive: true,
    awaitingPong: false,
    closing: false,
    orders: new Set(),
    scenes: new Set(),
    take: tokenBucket(hub.limits.messageBurst, hub.limits.messagesPerSecond),
  };
  hub.connections.set(connection.id, connection);
  hub.anonymousConnections.add(connection);
  send(socket, 'CONNECT', { connectionId: connection.id });

  socket.on('message', (raw) => {
    if (admit(hub, connection)) onMessage(hub, connection, raw);
  });
  socket.on('ping', (data) => {
    if (admit(hub, connection)) socket.pong(data);
  });
  // The answer to the heartbeat's own ping is free: charged, it pushed a client at the spec's pace
  // over its burst when the ping came just after a reconnect's messages. Unasked pongs still count.
  socket.on('pong', () => {
    if (connection.awaitingPong) {
      connection.awaitingPong = false;
      connection.alive = true;
      return;
    }
    void admit(hub, connection);
  });
  socket.on('close', () => {
    hub.connections.delete(connection.id);
    hub.anonymousConnections.delete(connection);
  });
  socket.on('error', (err) => hub.options.logger.debug('ws.error', { connectionId: connection.id, err }));
}

/**
 * A socket that has not answered the previous ping (nor sent anything since) is gone: drop it
 * without a close handshake, which it would not answer either. Refusals are logged here.
 */
function startHeartbeat(hub: Hub): NodeJS.Timeout {
  const { refused, slots } = hub;
  const heartbeat = setInterval(() => {
    for (const connection of hub.connections.values()) {
      if (connection.closing) continue;
      if (!connection.alive) {
        refused.unresponsive++;
        connection.closing = true;
        hub.anonymousConnections.delete(connection);
        slots.leaveAnonymous(connection.slot);
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.awaitingPong = true;
      connection.socket.ping();
    }
    if (Object.values(refused).some((n) => n > 0)) {
      // Dropped dead peers alone are ordinary (phones lose signal); refusals and limits are worth a warning.
      const level = refused.perIp + refused.total + refused.evicted + refused.rateLimited > 0 ? 'warn' : 'info';
      hub.options.logger[level]('ws.limited', { ...refused, connections: slots.totals.open, anonymous: slots.totals.anonymous });
      for (const k of Object.keys(refused) as (keyof typeof refused)[]) refused[k] = 0;
    }
  }, hub.limits.heartbeatMs);
  heartbeat.unref();
  return heartbeat;
}

/**
 * The /ws endpoint (spec §7): CONNECT on open, PING/PONG, AUTH with a socket ticket (browsers) or
 * an access token (API clients). The connection map is only this process's delivery table: events
 * arrive through the bus from whichever process published them. Limits (ADR 0013): sockets per
 * address and per process, a smaller share for sockets that have not authenticated, a heartbeat,
 * and a message rate per socket.
 */
export function attachRealtime(server: Server, options: RealtimeOptions): RealtimeHub {
  const limits: RealtimeLimits = { ...DEFAULT_REALTIME_LIMITS, ...options.limits };
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: limits.maxPayloadBytes,
    // Pings count against the message rate; a pong is sent only for those admitted.
    autoPong: false,
    // How long a close handshake may take before the socket is destroyed (ws 8.23; missing from @types/ws).
    closeTimeout: limits.closeTimeoutMs,
  } as ServerOptions);
  const trust = compileTrust(options.trustProxy);
  const hub: Hub = {
    options,
    limits,
    wss,
    clientIp: (req) => (proxyaddr(req, trust) ?? 'unknown').replace(/^::ffff:/, ''),
    slots: createSlots(),
    connections: new Map(),
    anonymousConnections: new Set(),
    refused: { perIp: 0, total: 0, evicted: 0, rateLimited: 0, unresponsive: 0 },
    closed: false,
  };
  let unsubscribe = () => {};

  server.on('upgrade', (req, socket: Duplex, head) => onUpgrade(hub, req, socket, head));
  const heartbeat = startHeartbeat(hub);

  return {
    attachBus(bus) {
      unsubscribe = bus.subscribe((event) => {
        for (const connection of hub.connections.values()) {
          if (!connection.closing && matches(event, connection)) send(connection.socket, event.type, event.data, event.id);
        }
      });
    },
    close: () => {
      hub.closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      for (const connection of hub.connections.values()) shut(hub, connection, 1001, 'server shutting down');
      wss.close();
    },
    stats: () => ({ connections: hub.slots.totals.open, anonymous: hub.slots.totals.anonymous }),
  };
}
