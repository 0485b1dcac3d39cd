import type http from 'node:http';
import type { Socket } from 'node:net';

type ConnectionState = {
  /** Requests read whose response has not finished (more than one only when pipelined). */
  inFlight: number;
  /** When the last response finished (or the connection was accepted). */
  idleSince: number;
  /** socket.bytesRead at that moment: more since means the next request is arriving. */
  bytesAtIdle: number;
};

/**
 * The HTTP connections of `server`, for a shutdown that resets no request (issue 22). While a
 * server drains, every response carries `Connection: close` (server/lifecycle.ts), so a connection
 * that answers a request closes itself after the answer. What is left are connections that are
 * idle, and the only safe moment to close one is when its client cannot be sending on it: after
 * it has been told (it then closes anyway), or after a grace with nothing arriving. So a
 * connection with a request in flight, or with bytes of the next one already read, stays open
 * until its answer is out; an idle one is closed once it has been idle for `graceMs` (a keep-alive
 * client that sends within the grace gets its answer, with `Connection: close`). Upgraded
 * connections (the realtime hub's) are the hub's to close.
 */
export function trackConnections(server: http.Server) {
  const connections = new Map<Socket, ConnectionState>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { inFlight: 0, idleSince: Date.now(), bytesAtIdle: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const state = connections.get(req.socket);
    if (!state) return;
    state.inFlight++;
    res.once('close', () => {
      state.inFlight--;
      state.idleSince = Date.now();
      state.bytesAtIdle = req.socket.bytesRead;
    });
  });
  // The hub has its own 'upgrade' listener; this one only forgets the socket.
  server.on('upgrade', (req: http.IncomingMessage) => connections.delete(req.socket));

  const busy = (socket: Socket, state: ConnectionState) => state.inFlight > 0 || socket.bytesRead > state.bytesAtIdle;

  return {
    get size() {
      return connections.size;
    },
    /**
     * Call once the listener is closed. Resolves when every tracked connection has closed: idle ones
     * are closed after `graceMs` of idleness (counted from this call at the earliest); busy ones
     * are waited for until `deadline` (a timestamp), when whatever is left is destroyed.
     */
    async drain(options: { graceMs: number; deadline: number; pollMs?: number }): Promise<void> {
      const poll = options.pollMs ?? 25;
      // A connection idle since before the drain gets the whole grace too: its client was never told.
      const started = Date.now();
      while (connections.size > 0 && Date.now() < options.deadline) {
        const now = Date.now();
        for (const [socket, state] of connections) {
          if (!busy(socket, state) && now - Math.max(state.idleSince, started) >= options.graceMs) socket.destroy();
        }
        if (connections.size > 0) await new Promise((r) => setTimeout(r, poll));
      }
      for (const socket of connections.keys()) socket.destroy();
    },
  };
}
