import { randomUUID } from 'node:crypto';
import { z } from '../../contracts/zod';
import { SERVER_MESSAGE_TYPES, type ServerMessageType } from '../../contracts/realtime';
import type { DatabaseHandle } from '../../db/client';
import type { Logger } from '../logger';

/** Who receives an event: every socket, signed-in sockets, one user's sockets, or those following an order or a QR code. */
export type Audience =
  | { kind: 'everyone' }
  | { kind: 'signed-in' }
  | { kind: 'user'; userId: string }
  /** The sockets of the order's owner that listen to it (PAYMENT_STATUS_LISTEN). */
  | { kind: 'order'; userId: string; orderNo: string }
  /** The sockets, signed in or not, that listen to a WeChat QR code (SCAN_LOGIN_LISTEN). */
  | { kind: 'scene'; sceneStr: string };
export type RealtimeEvent = { id: string; audience: Audience; type: ServerMessageType; data: unknown };

export interface RealtimePublisher {
  /**
   * Delivered to matching sockets on every process of this database, this one included. The id
   * (the socket's `meta.eventId`) is random unless the publisher names one the client also knows.
   */
  publish(event: Omit<RealtimeEvent, 'id'> & { id?: string }): Promise<void>;
}

export type EventBus = RealtimePublisher & {
  subscribe(handler: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
};

const CHANNEL = 'lx_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. Events carry ids and short texts. */
const MAX_PAYLOAD_BYTES = 7900;

const eventSchema = z.object({
  id: z.string(),
  audience: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('everyone') }),
    z.object({ kind: z.literal('signed-in') }),
    z.object({ kind: z.literal('user'), userId: z.string() }),
    z.object({ kind: z.literal('order'), userId: z.string(), orderNo: z.string() }),
    z.object({ kind: z.literal('scene'), sceneStr: z.string() }),
  ]),
  type: z.enum(SERVER_MESSAGE_TYPES),
  data: z.unknown(),
});

/**
 * Events travel through PostgreSQL LISTEN/NOTIFY (PGlite in the embedded default), so a notice
 * published on one process reaches sockets on all of them; each process delivers to its own
 * sockets. Nothing here is process-local state that another instance would miss.
 */
export async function startEventBus(database: DatabaseHandle, logger: Logger): Promise<EventBus> {
  const handlers = new Set<(event: RealtimeEvent) => void>();
  const stop = await database.listen(CHANNEL, (payload) => {
    let event: RealtimeEvent;
    try {
      event = eventSchema.parse(JSON.parse(payload)) as RealtimeEvent;
    } catch (err) {
      return logger.warn('realtime.bad_event', { err });
    }
    for (const handler of handlers) handler(event);
  });
  return {
    async publish(event) {
      const payload = JSON.stringify({ ...event, id: event.id ?? randomUUID() });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`realtime event ${event.type} is too large for NOTIFY`);
      await database.notify(CHANNEL, payload);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close: () => stop(),
  };
}
