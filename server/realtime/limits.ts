/**
 * Limits of the /ws endpoint (ADR 0013). Constants except the per-process total, which follows
 * REALTIME_MAX_CONNECTIONS (it depends on the host's open-file limit); tests pass smaller values.
 */
export type RealtimeLimits = {
  /** Open sockets per process, closing ones included: kept well below the process's open-file limit. */
  maxConnections: number;
  /** Open sockets per client address (IPv6 per /64): an office behind one NAT, a few tabs each. */
  maxConnectionsPerIp: number;
  /** Sockets that have not authenticated, per process. When full, the oldest one makes room. */
  maxAnonymous: number;
  /** Sockets that have not authenticated, per client address. */
  maxAnonymousPerIp: number;
  /** The server pings every socket this often; one that has not answered the last ping is dropped. */
  heartbeatMs: number;
  /** Token bucket per socket: messages (and ping/pong frames) allowed at once, and refilled per second. */
  messageBurst: number;
  messagesPerSecond: number;
  /** A socket the server closes is destroyed if the peer has not completed the close by then. */
  closeTimeoutMs: number;
  /** Largest client message. AUTH (a 2,000-character token at most) is the largest there is. */
  maxPayloadBytes: number;
};

export const DEFAULT_REALTIME_LIMITS: Readonly<RealtimeLimits> = Object.freeze({
  maxConnections: 10_000,
  maxConnectionsPerIp: 100,
  maxAnonymous: 1000,
  maxAnonymousPerIp: 20,
  // The spec's client PINGs every 15 s and gives up after 30 s without a PONG (spec §4, §9).
  heartbeatMs: 30_000,
  // A browser AUTHs once and PINGs every 15 s; 20 at once covers a reconnect with subscriptions.
  messageBurst: 20,
  messagesPerSecond: 5,
  closeTimeoutMs: 2000,
  maxPayloadBytes: 16 * 1024,
});
