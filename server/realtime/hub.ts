import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import { authenticateAccessToken } from '../domain/auth/tokens';
import type { ApiDeps } from '../http/kit';
import type { Logger } from '../logger';

/** Every message either way is `{ type, data, meta: { timestamp } }` (spec §7). */
const clientMessage = z.object({
  type: z.enum(['PING', 'AUTH', 'SCAN_LOGIN_LISTEN', 'PAYMENT_STATUS_LISTEN', 'PAYMENT_STATUS_LISTEN_STOP']),
  data: z.unknown().optional(),
  meta: z.object({ timestamp: z.number() }).partial().optional(),
});

export type ServerMessageType =
  | 'CONNECT'
  | 'AUTH'
  | 'PONG'
  | 'ERROR'
  | 'SYSTEM_NOTIFICATION'
  | 'SYSTEM_MAINTENANCE'
  | 'MAINTENANCE_NOTIFICATION'
  | 'MAINTENANCE_END_NOTIFICATION';

export type RealtimeHub = { close: () => void };

type Connection = { id: string; socket: WebSocket; userId?: string };

const send = (socket: WebSocket, type: ServerMessageType, data: unknown) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type, data, meta: { timestamp: Date.now() } }));
};

/** The /ws endpoint: CONNECT on open, PING/PONG, AUTH with an access token. Later issues add the listeners. */
export function attachRealtime(server: Server, options: { logger: Logger; getDeps: () => ApiDeps | null }): RealtimeHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const connections = new Map<string, Connection>();

  server.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname !== '/ws') return void socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
  });

  wss.on('connection', (socket: WebSocket) => {
    const connection: Connection = { id: randomUUID(), socket };
    connections.set(connection.id, connection);
    send(socket, 'CONNECT', { connectionId: connection.id });

    socket.on('message', (raw) => {
      let message: z.infer<typeof clientMessage>;
      try {
        message = clientMessage.parse(JSON.parse(String(raw)));
      } catch {
        return send(socket, 'ERROR', { code: 'BAD_MESSAGE', message: '消息格式错误' });
      }
      if (message.type === 'PING') return send(socket, 'PONG', {});
      if (message.type === 'AUTH') {
        const deps = options.getDeps();
        const token = z.object({ token: z.string().min(1) }).safeParse(message.data);
        if (!deps || !token.success) return send(socket, 'AUTH', { success: false, message: '认证失败' });
        authenticateAccessToken({ db: deps.db, secret: deps.config.jwtSecret }, token.data.token).then(
          (claims) => {
            connection.userId = claims.userId;
            send(socket, 'AUTH', { success: true });
          },
          () => send(socket, 'AUTH', { success: false, message: '登录已过期，请重新登录' }),
        );
        return;
      }
      send(socket, 'ERROR', { code: 'UNSUPPORTED', message: '该消息类型暂不支持' });
    });
    socket.on('close', () => connections.delete(connection.id));
    socket.on('error', (err) => options.logger.debug('ws.error', { connectionId: connection.id, err }));
  });

  return {
    close: () => {
      for (const { socket } of connections.values()) socket.close(1001, 'server shutting down');
      wss.close();
    },
  };
}
