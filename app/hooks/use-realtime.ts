import { useEffect, useRef, useSyncExternalStore } from 'react';
import { RealtimeClient, type RealtimeNotice, type SocketLike, type SocketState } from '~/services/realtime-client';

/**
 * The tab's one realtime socket (spec §4), client-only. The dashboard shell and /maintenance each
 * mount useRealtimeConnection(); the socket stays open while either is mounted (a short grace
 * covers the redirect from one to the other, so a push sent meanwhile still arrives). Signed out,
 * the socket does not authenticate and gets public notices only; signed in, each AUTH uses a fresh
 * single-use ticket from POST /resources/socket-ticket (ADR 0011). The login page keeps one too,
 * signed out, for the WeChat QR code's state (ADR 0038); a sign-in or sign-out reconnects it.
 */

export type LogEntry = { id: number; at: number; direction: 'in' | 'out'; type: string; text: string };
const LOG_LIMIT = 200;
const RELEASE_GRACE_MS = 2000;

let client: RealtimeClient | null = null;
let signedIn = false;
let holders = 0;
let releaseTimer: ReturnType<typeof setTimeout> | null = null;
let log: LogEntry[] = [];
let nextLogId = 1;
const logListeners = new Set<() => void>();

/** A socket ticket for AUTH; null when signed out or when none can be had (AUTH is then skipped). */
export async function fetchSocketTicket(): Promise<string | null> {
  try {
    const response = await fetch('/resources/socket-ticket', {
      method: 'POST',
      redirect: 'manual',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { ticket?: unknown };
    return typeof body.ticket === 'string' ? body.ticket : null;
  } catch {
    return null;
  }
}

/** Tickets are single use and short-lived, but the log still shows only their start. */
function describe(data: unknown): string {
  const text = JSON.stringify(data ?? {}, (key, value) =>
    key === 'token' && typeof value === 'string' && value.length > 8 ? `${value.slice(0, 8)}…` : value,
  );
  return text === '{}' ? '' : text;
}

function record(notice: RealtimeNotice) {
  let entry: LogEntry;
  if (notice.kind === 'sent') {
    const { type, data, meta } = notice.message;
    entry = { id: nextLogId++, at: meta.timestamp, direction: 'out', type, text: describe(data) };
  } else if (notice.kind === 'message') {
    const { type, data } = notice.message;
    entry = { id: nextLogId++, at: Date.now(), direction: 'in', type, text: describe(data) };
  } else return;
  log = [entry, ...log].slice(0, LOG_LIMIT);
  for (const listener of logListeners) listener();
}

export function realtimeClient(): RealtimeClient {
  if (!client) {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    client = new RealtimeClient({
      url: `${scheme}://${window.location.host}/ws`,
      getToken: () => (signedIn ? fetchSocketTicket() : Promise.resolve(null)),
      // The DOM's handler types name their event classes; the client reads only `data` and `code`.
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    });
    client.subscribe(record);
    // For browser tests and support staff, like data-hydrated.
    client.subscribe((n) => {
      const html = document.documentElement;
      if (n.kind === 'state') html.dataset.realtime = n.state;
      if (n.kind === 'state' && n.state !== 'connected') delete html.dataset.realtimeAuth;
      if (n.kind === 'authenticated') html.dataset.realtimeAuth = 'true';
    });
  }
  return client;
}

/**
 * Keeps the socket open while mounted and hands every notice to `onNotice` (the latest one given).
 * A tab shown again reconnects a socket that closed normally or gave up reconnecting.
 */
export function useRealtimeConnection(options: { signedIn: boolean; onNotice: (notice: RealtimeNotice) => void }) {
  const onNotice = useRef(options.onNotice);
  useEffect(() => {
    onNotice.current = options.onNotice;
  });
  useEffect(() => {
    const changed = signedIn !== options.signedIn;
    signedIn = options.signedIn;
    // The socket outlived a sign-in or sign-out (the login page hands it to the shell within the
    // release grace): it must not keep the other identity, so it starts over as the new one.
    if (changed && client?.currentState === 'connected') {
      client.disconnect();
      client.connect();
    }
  }, [options.signedIn]);

  useEffect(() => {
    const socket = realtimeClient();
    holders++;
    if (releaseTimer) clearTimeout(releaseTimer);
    releaseTimer = null;
    const unsubscribe = socket.subscribe((n) => onNotice.current(n));
    socket.connect();
    const onVisible = () => {
      if (document.visibilityState === 'visible' && socket.currentState === 'disconnected') socket.connect();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
      holders--;
      if (holders === 0) {
        releaseTimer = setTimeout(() => {
          releaseTimer = null;
          if (holders === 0) socket.disconnect();
        }, RELEASE_GRACE_MS);
      }
    };
  }, []);
}

const subscribeLog = (listener: () => void) => {
  logListeners.add(listener);
  return () => logListeners.delete(listener);
};
const subscribeState = (listener: () => void) =>
  realtimeClient().subscribe((n) => {
    if (n.kind === 'state') listener();
  });

/** For /dash/websocket-test: the live state, the message log (newest first) and the actions. */
export function useRealtime() {
  const state = useSyncExternalStore<SocketState>(
    subscribeState,
    () => realtimeClient().currentState,
    () => 'disconnected',
  );
  const entries = useSyncExternalStore(
    subscribeLog,
    () => log,
    () => [] as LogEntry[],
  );
  return {
    state,
    log: entries,
    send: (type: string, data: unknown = {}) => realtimeClient().send(type, data),
    /** AUTH with a fresh ticket; false when none could be had or the socket is not open. */
    sendAuth: async () => {
      const ticket = await fetchSocketTicket();
      return ticket ? realtimeClient().send('AUTH', { token: ticket }) : false;
    },
    clearLog: () => {
      log = [];
      for (const listener of logListeners) listener();
    },
  };
}
