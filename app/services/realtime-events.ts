/**
 * What the shell does on each realtime notice (spec §4): pages revalidate their loaders rather than
 * patch state by hand; maintenance pushes refetch the maintenance status at once, a reconnect
 * rechecks it after 5 s; events that change the balance refetch it (debounced, ids remembered).
 */
import type { RealtimeNotice, ServerMessage } from './realtime-client';

export type RealtimeActions = {
  revalidate: boolean;
  maintenance: 'push' | 'reconnect' | null;
  /** Call refreshPoints(eventId): the balance changed (eventId undefined when the event has none). */
  points: { eventId: string | undefined } | null;
};

const NONE: RealtimeActions = { revalidate: false, maintenance: null, points: null };
const MAINTENANCE_MESSAGES = new Set(['SYSTEM_MAINTENANCE', 'MAINTENANCE_NOTIFICATION', 'MAINTENANCE_END_NOTIFICATION']);
/** PAYMENT_STATUS values that mean the recharge went through (the payments issue publishes them). */
const PAID_STATUSES = new Set(['PAID', 'SUCCESS', 'SUCCEEDED', 'COMPLETED']);

/**
 * Whether an event changes the balance: a PAYMENT_STATUS whose status says paid, or any event that
 * says so itself with `data.pointsChanged: true` (finished AI actions, when their issue sends
 * them). Its id for the 1 h memory is `meta.eventId` (the bus's, ADR 0011), else one made from
 * the order number or the data's id.
 */
export function pointsEvent(message: ServerMessage): { eventId: string | undefined } | null {
  const data = (message.data ?? {}) as { status?: unknown; orderNo?: unknown; pointsChanged?: unknown; id?: unknown };
  const paid = message.type === 'PAYMENT_STATUS' && typeof data.status === 'string' && PAID_STATUSES.has(data.status.toUpperCase());
  if (!paid && data.pointsChanged !== true) return null;
  if (message.meta?.eventId) return { eventId: message.meta.eventId };
  const subject = typeof data.orderNo === 'string' ? data.orderNo : typeof data.id === 'string' ? data.id : null;
  return { eventId: subject ? `${message.type}:${subject}:${String(data.status ?? '')}` : undefined };
}

export function realtimeActions(notice: RealtimeNotice): RealtimeActions {
  if (notice.kind === 'reconnected') return { revalidate: true, maintenance: 'reconnect', points: null };
  if (notice.kind !== 'message') return NONE;
  const { message } = notice;
  if (message.type === 'SYSTEM_NOTIFICATION') return { ...NONE, revalidate: true };
  if (MAINTENANCE_MESSAGES.has(message.type)) return { revalidate: true, maintenance: 'push', points: null };
  // refreshPoints() revalidates itself, debounced: nothing more to do here.
  const points = pointsEvent(message);
  return points ? { ...NONE, points } : NONE;
}
