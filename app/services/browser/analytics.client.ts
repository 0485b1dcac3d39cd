import {
  ANALYTICS_LIMITS,
  ANALYTICS_ROLES,
  ANALYTICS_TIMINGS,
  type AnalyticsEventType,
  type AnalyticsRole,
} from '../../../contracts/analytics-constants';
import { ANALYTICS_SESSION_KEY, getItem, setItem } from './local-storage.client';

/**
 * The first-party analytics tracker (issue 28, ADR 0058; spec §1, §4, §9). One per page: page views
 * on every navigation with the route's Chinese name, the role read from <body data-analytics-role>
 * (guest without a session), a session id kept in local storage that rotates every 30 minutes,
 * identify every 30 s, a page exit only after a stay over 500 ms, and the product events (tool
 * used, document generated, check run, order paid). Events wait in memory and leave in batches:
 * when the browser is idle a few seconds later, or at once by `navigator.sendBeacon` when the page
 * is hidden or left. Under Do Not Track or Global Privacy Control nothing is recorded, stored or sent.
 */

export const ANALYTICS_ENDPOINT = '/resources/analytics';
export { ANALYTICS_SESSION_KEY };
const ONCE_KEY = 'analytics-once';
/** A batch leaves this long after its first event (when the browser is idle), or at once past MAX_QUEUED. */
export const FLUSH_DELAY_MS = 5_000;
const MAX_QUEUED = 20;
/** Events kept when sending keeps failing (a page left open offline): the oldest go first. */
const MAX_BUFFERED = 200;
const ONCE_KEYS_KEPT = 50;

type Session = { id: string; startedAt: number };
type Queued = {
  sessionId: string;
  event: { type: AnalyticsEventType; page: string; pageName: string; role: AnalyticsRole; at: string; data?: EventData };
};
export type EventData = Record<string, string | number | boolean | null>;
export type Batch = { batchId: string; sessionId: string; events: Queued['event'][] };

/** What the tracker needs from the browser; tests give their own. */
export type TrackerEnv = {
  now: () => number;
  /** The role as the page says it now (it changes when the user signs in or out). */
  role: () => string | undefined;
  /** Do Not Track or Global Privacy Control. */
  optedOut: () => boolean;
  /** Whether the page is on screen: a background tab does not identify every 30 s. */
  visible: () => boolean;
  /** `beacon`: the page is going away (sendBeacon); otherwise a normal background request. */
  send: (batch: Batch, beacon: boolean) => void;
  /** Runs `work` when the browser has nothing better to do (requestIdleCallback). */
  whenIdle: (work: () => void) => void;
  randomId: () => string;
  readSession: () => Session | null;
  writeSession: (session: Session) => void;
  /** Keys of events recorded once (an order paid), so a reload does not count them again. */
  readOnce: () => string[];
  writeOnce: (keys: string[]) => void;
};

export type Tracker = {
  /** A navigation: ends the previous page's stay (logged when over 500 ms) and records the view. */
  pageView: (page: string, pageName: string) => void;
  /** A product event on the current page. With `onceKey`, recorded only the first time for that key. */
  track: (type: Exclude<AnalyticsEventType, 'page_view' | 'page_exit' | 'identify'>, data?: EventData, onceKey?: string) => void;
  /** The page is hidden (`leaving`: or unloaded): logs the exit if leaving, and sends what waits by beacon. */
  hide: (leaving: boolean) => void;
  /** The current session id (null when analytics is off). */
  sessionId: () => string | null;
  stop: () => void;
};

const NO_TRACKER: Tracker = { pageView: () => {}, track: () => {}, hide: () => {}, sessionId: () => null, stop: () => {} };

export function createTracker(env: TrackerEnv): Tracker {
  if (env.optedOut()) return NO_TRACKER;
  let queue: Queued[] = [];
  let current: { page: string; pageName: string; since: number } | null = null;
  let flushScheduled: ReturnType<typeof setTimeout> | null = null;

  /** The session id, a new one when none is kept or the kept one is 30 minutes old. */
  const sessionId = () => {
    const now = env.now();
    const kept = env.readSession();
    if (kept && now - kept.startedAt < ANALYTICS_TIMINGS.sessionRotateMs && now >= kept.startedAt) return kept.id;
    const fresh = { id: env.randomId(), startedAt: now };
    env.writeSession(fresh);
    return fresh.id;
  };

  const role = (): AnalyticsRole => {
    const said = env.role();
    return (ANALYTICS_ROLES as readonly string[]).includes(said ?? '') ? (said as AnalyticsRole) : 'guest';
  };

  const flush = (beacon: boolean) => {
    if (flushScheduled) clearTimeout(flushScheduled);
    flushScheduled = null;
    if (queue.length === 0) return;
    const pending = queue;
    queue = [];
    // One batch per session id (a rotation may fall inside the queue), at most maxEvents each.
    const bySession = new Map<string, Queued['event'][]>();
    for (const q of pending) bySession.set(q.sessionId, [...(bySession.get(q.sessionId) ?? []), q.event]);
    for (const [id, events] of bySession) {
      for (let at = 0; at < events.length; at += ANALYTICS_LIMITS.maxEvents) {
        env.send({ batchId: env.randomId(), sessionId: id, events: events.slice(at, at + ANALYTICS_LIMITS.maxEvents) }, beacon);
      }
    }
  };

  const enqueue = (type: AnalyticsEventType, data?: EventData, on = current) => {
    if (!on) return;
    const event: Queued['event'] = { type, page: on.page, pageName: on.pageName, role: role(), at: new Date(env.now()).toISOString() };
    if (data && Object.keys(data).length > 0) event.data = data;
    queue.push({ sessionId: sessionId(), event });
    if (queue.length > MAX_BUFFERED) queue = queue.slice(-MAX_BUFFERED);
    if (queue.length >= MAX_QUEUED) env.whenIdle(() => flush(false));
    else if (!flushScheduled) flushScheduled = setTimeout(() => env.whenIdle(() => flush(false)), FLUSH_DELAY_MS);
  };

  /** The current page's stay ends: logged only when it lasted longer than 500 ms. */
  const endStay = () => {
    if (!current) return;
    const stayed = env.now() - current.since;
    if (stayed > ANALYTICS_TIMINGS.minExitStayMs) enqueue('page_exit', { stayMs: Math.round(stayed) });
  };

  const identify = setInterval(() => {
    if (env.visible()) enqueue('identify');
  }, ANALYTICS_TIMINGS.identifyEveryMs);

  return {
    pageView(page, pageName) {
      if (current?.page === page) return;
      const first = current === null;
      endStay();
      current = {
        page: page.slice(0, ANALYTICS_LIMITS.maxPageChars),
        pageName: pageName.slice(0, ANALYTICS_LIMITS.maxPageNameChars),
        since: env.now(),
      };
      enqueue('page_view');
      if (first) enqueue('identify');
    },
    track(type, data, onceKey) {
      if (onceKey) {
        const seen = env.readOnce();
        if (seen.includes(onceKey)) return;
        env.writeOnce([...seen, onceKey].slice(-ONCE_KEYS_KEPT));
      }
      enqueue(type, data);
    },
    hide(leaving) {
      if (leaving) {
        endStay();
        // A page restored from the back-forward cache starts a new stay.
        if (current) current = { ...current, since: env.now() };
      }
      flush(true);
    },
    sessionId: () => sessionId(),
    stop() {
      clearInterval(identify);
      if (flushScheduled) clearTimeout(flushScheduled);
    },
  };
}

/** Do Not Track (`navigator.doNotTrack`, older `window.doNotTrack`) or Global Privacy Control. */
export function browserOptedOut(nav: Navigator & { globalPrivacyControl?: boolean }, win: { doNotTrack?: string | null }): boolean {
  return nav.doNotTrack === '1' || nav.doNotTrack === 'yes' || win.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

const randomId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID().replace(/-/g, '')
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/** The browser's side of the tracker: body's role, local storage, sendBeacon or a keepalive fetch. */
function browserEnv(): TrackerEnv {
  return {
    now: () => Date.now(),
    role: () => document.body?.dataset.analyticsRole,
    optedOut: () => browserOptedOut(navigator, window as { doNotTrack?: string | null }),
    visible: () => document.visibilityState !== 'hidden',
    send(batch, beacon) {
      const body = JSON.stringify(batch);
      if (beacon && typeof navigator.sendBeacon === 'function') {
        if (navigator.sendBeacon(ANALYTICS_ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
      }
      // Failures are dropped: analytics never troubles the user or the operation log.
      void fetch(ANALYTICS_ENDPOINT, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(
        () => {},
      );
    },
    whenIdle(work) {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => work(), { timeout: 2_000 });
      else setTimeout(work, 0);
    },
    randomId,
    readSession: () => getItem<Session>(ANALYTICS_SESSION_KEY),
    writeSession: (session) => void setItem(ANALYTICS_SESSION_KEY, session, ANALYTICS_TIMINGS.sessionRotateMs),
    readOnce: () => getItem<string[]>(ONCE_KEY) ?? [],
    writeOnce: (keys) => void setItem(ONCE_KEY, keys),
  };
}

let tracker: Tracker | null = null;

/** The page's tracker, made on first use in the browser; a no-op on the server. */
export function analytics(): Tracker {
  if (typeof window === 'undefined') return NO_TRACKER;
  tracker ??= createTracker(browserEnv());
  return tracker;
}

/** For components: a product event on the current page (nothing on the server, under DNT/GPC). */
export const trackEvent: Tracker['track'] = (type, data, onceKey) => analytics().track(type, data, onceKey);
