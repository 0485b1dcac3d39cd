import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { authMessageDataSchema, clientMessageSchema, SOCKET_TICKET_PREFIX, type ClientMessage, type ServerMessageType } from '../../contracts/realtime';
import { redeemSocketTicket } from '../domain/auth/socket-tickets';
import { authenticateAccessToken } from '../domain/auth/tokens';
import type { ApiDeps } from '../http/kit';
import type { Logger } from '../logger';
import type { EventBus, RealtimeEvent } from './bus';

export type RealtimeHub = {
  /** Called once the database is open: from then on, bus events reach this process's sockets. */
  attachBus: (bus: EventBus) => void;
  close: () => void;
};

type Connection = { id: string; socket: WebSocket; userId?: string };

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
  }
};

/**
 * The /ws endpoint (spec §7): CONNECT on open, PING/PONG, AUTH with a socket ticket (browsers) or
 * an access token (API clients). The connection map is only this process's delivery table: events
 * arrive through the bus from whichever process published them.
 */
export function attachRealtime(server: Server, options: { logger: Logger; getDeps: () => ApiDeps | null }): RealtimeHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const connections = new Map<string, Connection>();
  let unsubscribe = () => {};

  server.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname !== '/ws') return void socket.destroy();
    // Browsers always send Origin: a page on another site may not open our socket in a visitor's
    // browser. Clients without one (scripts, mini-programs) authenticate with a token anyway.
    if (req.headers.origin !== undefined && !sameOrigin(req.headers.origin, req.headers.host)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
  });

  async function authenticate(connection: Connection, message: ClientMessage) {
    const deps = options.getDeps();
    const data = authMessageDataSchema.safeParse(message.data);
    if (!deps || !data.success) return send(connection.socket, 'AUTH', { success: false, message: '认证失败' });
    const { token } = data.data;
    try {
      const { userId } = token.startsWith(SOCKET_TICKET_PREFIX)
        ? await redeemSocketTicket(deps.db, token)
        : await authenticateAccessToken({ db: deps.db, secret: deps.config.jwtSecret }, token);
      connection.userId = userId;
      send(connection.socket, 'AUTH', { success: true });
    } catch {
      send(connection.socket, 'AUTH', { success: false, message: '登录已过期，请重新登录' });
    }
  }

  wss.on('connection', (socket: WebSocket) => {
    const connection: Connection = { id: randomUUID(), socket };
    connections.set(connection.id, connection);
    send(socket, 'CONNECT', { connectionId: connection.id });

    socket.on('message', (raw) => {
      let message: ClientMessage;
      try {
        message = clientMessageSchema.parse(JSON.parse(String(raw)));
      } catch {
        return send(socket, 'ERROR', { code: 'BAD_MESSAGE', message: '消息格式错误' });
      }
      if (message.type === 'PING') return send(socket, 'PONG', {});
      if (message.type === 'AUTH') return void authenticate(connection, message);
      send(socket, 'ERROR', { code: 'UNSUPPORTED', message: '该消息类型暂不支持' });
    });
    socket.on('close', () => connections.delete(connection.id));
    socket.on('error', (err) => options.logger.debug('ws.error', { connectionId: connection.id, err }));
  });

  return {
    attachBus(bus) {
      unsubscribe = bus.subscribe((event) => {
        for (const connection of connections.values()) {
          if (matches(event, connection)) send(connection.socket, event.type, event.data, event.id);
        }
      });
    },
    close: () => {
      unsubscribe();
      for (const { socket } of connections.values()) socket.close(1001, 'server shutting down');
      wss.close();
    },
  };
}
