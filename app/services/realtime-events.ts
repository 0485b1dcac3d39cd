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
  /** An organisation invited the user (issue 30): what the toast says. */
  invitation: { orgName: string; invitedBy: string | null } | null;
};

const NONE: RealtimeActions = { revalidate: false, maintenance: null, points: null, invitation: null };
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
  if (notice.kind === 'reconnected') return { ...NONE, revalidate: true, maintenance: 'reconnect' };
  if (notice.kind !== 'message') return NONE;
  const { message } = notice;
  if (message.type === 'SYSTEM_NOTIFICATION') return { ...NONE, revalidate: true };
  if (MAINTENANCE_MESSAGES.has(message.type)) return { ...NONE, revalidate: true, maintenance: 'push' };
  if (message.type === 'ORG_INVITATION') {
    const data = (message.data ?? {}) as { orgName?: unknown; invitedBy?: unknown };
    if (typeof data.orgName !== 'string') return NONE;
    return { ...NONE, invitation: { orgName: data.orgName, invitedBy: typeof data.invitedBy === 'string' ? data.invitedBy : null } };
  }
  // refreshPoints() revalidates itself, debounced: nothing more to do here.
  const points = pointsEvent(message);
  return points ? { ...NONE, points } : NONE;
}

/**
 * A push reaches every open tab at once; asking the web server at once would send them all to the
 * API in the same instant. So work after a push waits a random 1–4 s, and the web server may answer
 * a data request from a list fetched at most 1 s ago (notices.server.ts, FRESH_MAX_AGE_MS): a list
 * read 1 s or more after the push was read after the change it announced, and one process reads it
 * about once a second however many tabs ask.
 */
export const PUSH_SPREAD = { minMs: 1000, spreadMs: 3000 };

type Timers = { now(): number; setTimeout(fn: () => void, ms: number): unknown; clearTimeout(id: unknown): void };
const browserTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * Runs `work` once, 1–4 s after the last of a burst of pushes: never sooner than 1 s after any of
 * them (a second push moves a run that would come too early), one run for the burst.
 */
export function createPushSpreader(work: () => void, options: { random?: () => number; timers?: Timers } = {}) {
  const random = options.random ?? Math.random;
  const timers = options.timers ?? browserTimers;
  let pending: { id: unknown; at: number } | null = null;
  return {
    push() {
      const now = timers.now();
      if (pending && pending.at >= now + PUSH_SPREAD.minMs) return;
      if (pending) timers.clearTimeout(pending.id);
      const delay = PUSH_SPREAD.minMs + random() * PUSH_SPREAD.spreadMs;
      const id = timers.setTimeout(() => {
        pending = null;
        work();
      }, delay);
      pending = { id, at: now + delay };
    },
    cancel() {
      if (pending) timers.clearTimeout(pending.id);
      pending = null;
    },
  };
}
