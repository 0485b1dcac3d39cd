import { z } from './zod';

/** Spec §7: every socket message either way is `{ type, data, meta: { timestamp } }`. */
export const CLIENT_MESSAGE_TYPES = ['PING', 'AUTH', 'SCAN_LOGIN_LISTEN', 'PAYMENT_STATUS_LISTEN', 'PAYMENT_STATUS_LISTEN_STOP'] as const;
export const SERVER_MESSAGE_TYPES = [
  'CONNECT',
  'AUTH',
  'PONG',
  'ERROR',
  'SYSTEM_NOTIFICATION',
  'SYSTEM_MAINTENANCE',
  'MAINTENANCE_NOTIFICATION',
  'MAINTENANCE_END_NOTIFICATION',
  /** An order's status, to the sockets that listen to it (PAYMENT_STATUS_LISTEN); the payments issue publishes it. */
  'PAYMENT_STATUS',
  /** An AI operation of this user finished (charged or refunded): the header balance refetches (spec §4). */
  'AI_OPERATION_FINISHED',
  /**
   * A WeChat QR code's state, to the sockets that listen to it (SCAN_LOGIN_LISTEN): once as the
   * answer to the listen, then on each change (`scanLoginStatusSchema`). Never the WeChat identity.
   */
  'SCAN_LOGIN_STATUS',
  /** An organisation invited this user (issue 30): `{ invitationId, orgName, role, invitedBy }`. */
  'ORG_INVITATION',
] as const;
export type ClientMessageType = (typeof CLIENT_MESSAGE_TYPES)[number];
export type ServerMessageType = (typeof SERVER_MESSAGE_TYPES)[number];

export const clientMessageSchema = z.object({
  type: z.enum(CLIENT_MESSAGE_TYPES),
  data: z.unknown().optional(),
  meta: z.object({ timestamp: z.number() }).partial().optional(),
});
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/**
 * AUTH `{ token }`: an access token (API clients that hold one) or a socket ticket (`wst_…`),
 * which is how the browser authenticates without ever seeing the session's tokens.
 */
export const authMessageDataSchema = z.object({ token: z.string().min(1).max(2000) });
export const SOCKET_TICKET_PREFIX = 'wst_';

/** POST /api/v1/realtime/ticket: single use, short-lived. */
export const socketTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
export type SocketTicket = z.infer<typeof socketTicketSchema>;

/** PAYMENT_STATUS_LISTEN / _STOP {orderNo}: only the order's owner may listen. */
export const orderListenSchema = z.object({ orderNo: z.string().trim().min(1).max(64) });
/** SCAN_LOGIN_LISTEN {sceneStr}: any socket, signed in or not, may follow a QR code's state. */
export const scanLoginListenSchema = z.object({ sceneStr: z.string().trim().min(1).max(64) });

/** What SCAN_LOGIN_STATUS says: `expired` also stands for a scene the server does not know. */
export const SCAN_STATUSES = ['pending', 'scanned', 'used', 'expired'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];
export const scanLoginStatusSchema = z.object({ sceneStr: z.string(), status: z.enum(SCAN_STATUSES) });
export type ScanLoginStatus = z.infer<typeof scanLoginStatusSchema>;
