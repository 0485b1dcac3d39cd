/**
 * Maintenance rules of spec §4, as pure functions and one small monitor with an injected clock and
 * fetcher, so each rule has a fake-clock test. Browser-safe: no zod, no server modules.
 */

export type MaintenanceNotice = {
  id: string;
  title: string;
  content: string;
  status: string;
  start_time: string | null;
  end_time: string | null;
  estimatedCompletionTime: string | null;
  updated_at: string;
};

/** Spec §9 Maintenance. */
export const MAINTENANCE_TIMING = {
  countdownMs: 600_000,
  modalMs: 60_000,
  modalRepeatMs: 30_000,
  collapseMemoryMs: 720 * 3600_000,
  cacheMs: 60_000,
  cacheAfter404Ms: 300_000,
  pollMs: 60_000,
  reconnectRecheckMs: 5_000,
};

/**
 * none: nothing to show (no notice, not published, or more than 600 s before the start);
 * countdown: the banner (600 s or less before); imminent: banner and modal (60 s or less);
 * active: in maintenance (from the start until the end); ended: past its end, dropped.
 */
export type MaintenancePhase = 'none' | 'countdown' | 'imminent' | 'active' | 'ended';

export function maintenancePhase(notice: MaintenanceNotice | null, now: number): MaintenancePhase {
  if (!notice || notice.status !== 'PUBLISHED' || !notice.start_time) return 'none';
  const start = Date.parse(notice.start_time);
  const end = notice.end_time ? Date.parse(notice.end_time) : Infinity;
  if (now >= end) return 'ended';
  if (now >= start) return 'active';
  const left = start - now;
  if (left <= MAINTENANCE_TIMING.modalMs) return 'imminent';
  if (left <= MAINTENANCE_TIMING.countdownMs) return 'countdown';
  return 'none';
}

/** The notice that matters: the earliest published one that has not ended. */
export function currentNotice(notices: MaintenanceNotice[], now: number): MaintenanceNotice | null {
  const live = notices.filter((n) => maintenancePhase(n, now) !== 'ended' && n.status === 'PUBLISHED' && n.start_time);
  live.sort((a, b) => Date.parse(a.start_time!) - Date.parse(b.start_time!));
  return live[0] ?? null;
}

/** The modal at 60 s or less: once per notice, again only if it was last shown over 30 s ago. */
export function shouldShowModal(notice: MaintenanceNotice | null, now: number, lastShownAt: number | undefined): boolean {
  if (maintenancePhase(notice, now) !== 'imminent') return false;
  return lastShownAt === undefined || now - lastShownAt > MAINTENANCE_TIMING.modalRepeatMs;
}

/** Paths never sent to /maintenance: the landing page and /maintenance itself (and below). */
export function isMaintenanceExempt(pathname: string): boolean {
  return pathname === '/' || pathname === '/maintenance' || pathname.startsWith('/maintenance/');
}

export function shouldRedirectToMaintenance(pathname: string, phase: MaintenancePhase): boolean {
  return phase === 'active' && !isMaintenanceExempt(pathname);
}

/** The banner's collapse is remembered for 720 h. */
export function bannerCollapsed(collapsedAt: number | undefined, now: number): boolean {
  return collapsedAt !== undefined && now - collapsedAt < MAINTENANCE_TIMING.collapseMemoryMs;
}

/** The return path remembered on the way to /maintenance: same-site paths only. */
export function safeReturnPath(path: string | null | undefined): string {
  // Browsers drop tabs and newlines and read "\\" as "/": "/\t/evil" and "/\\evil" lead off the site.
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (!path || !/^\/(?![/\\])/.test(path) || /[\u0000-\u001f\\]/.test(path) || isMaintenanceExempt(path.split(/[?#]/)[0]!)) {
    return '/dash/overview';
  }
  return path;
}

/** Time left as 时:分:秒 (or 分:秒 under an hour) for the countdown. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** `fresh`: skip the web server's few-second cache (a push or a reconnect said something changed). */
export type MaintenanceFetch = (options: {
  fresh: boolean;
}) => Promise<{ status: 'ok'; notices: MaintenanceNotice[] } | { status: 'not-found' } | { status: 'error' }>;
type Clock = { now(): number; setTimeout(fn: () => void, ms: number): unknown; clearTimeout(id: unknown): void };

/**
 * Keeps the maintenance status: cached 60 s (300 s after a 404, which also pauses checking for
 * 5 min), polled every 60 s, rechecked 5 s after a socket reconnect (debounced), and refetched at
 * once on a maintenance push. Other failures are ignored: the last known status stays.
 */
export class MaintenanceMonitor {
  private notices: MaintenanceNotice[] = [];
  private fetchedAt = -Infinity;
  private validForMs = MAINTENANCE_TIMING.cacheMs;
  private pollTimer: unknown = null;
  private recheckTimer: unknown = null;
  private listeners = new Set<(notices: MaintenanceNotice[]) => void>();
  private inFlight: { done: Promise<void>; fresh: boolean } | null = null;

  constructor(
    private readonly fetchStatus: MaintenanceFetch,
    private readonly clock: Clock = {
      now: () => Date.now(),
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
    },
  ) {}

  get current() {
    return this.notices;
  }

  subscribe(listener: (notices: MaintenanceNotice[]) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts polling; `initial` is what the server already rendered with. */
  start(initial?: MaintenanceNotice[]) {
    if (initial) {
      this.notices = initial;
      this.fetchedAt = this.clock.now();
    }
    this.schedulePoll();
  }

  stop() {
    if (this.pollTimer !== null) this.clock.clearTimeout(this.pollTimer);
    if (this.recheckTimer !== null) this.clock.clearTimeout(this.recheckTimer);
    this.pollTimer = this.recheckTimer = null;
  }

  /**
   * Refetches unless the cached status is still fresh (or `force`, for socket pushes). A forced
   * check while a plain poll is in flight runs after it, so the older answer cannot land last.
   */
  check(force = false): Promise<void> {
    if (!force && this.clock.now() - this.fetchedAt < this.validForMs) return Promise.resolve();
    if (this.inFlight && (this.inFlight.fresh || !force)) return this.inFlight.done;
    const run = () =>
      this.fetchStatus({ fresh: force }).then(
        (result) => {
          if (result.status === 'ok') this.apply(result.notices);
          else if (result.status === 'not-found') {
            this.fetchedAt = this.clock.now();
            this.validForMs = MAINTENANCE_TIMING.cacheAfter404Ms;
          }
        },
        () => undefined,
      );
    const entry = { fresh: force, done: Promise.resolve() };
    entry.done = (this.inFlight ? this.inFlight.done.then(run) : run()).finally(() => {
      if (this.inFlight === entry) this.inFlight = null;
    });
    this.inFlight = entry;
    return entry.done;
  }

  /** A status the page already has (its loader's answer): counts as a fetch. */
  seed(notices: MaintenanceNotice[]) {
    this.apply(notices);
  }

  private apply(notices: MaintenanceNotice[]) {
    this.notices = notices;
    this.fetchedAt = this.clock.now();
    this.validForMs = MAINTENANCE_TIMING.cacheMs;
    for (const listener of this.listeners) listener(this.notices);
  }

  /** A socket push ended or announced maintenance: drop the cache and refetch now. */
  pushed() {
    return this.check(true);
  }

  /** After a socket reconnect: recheck in 5 s, once however many reconnects come in between. */
  reconnected() {
    if (this.recheckTimer !== null) this.clock.clearTimeout(this.recheckTimer);
    this.recheckTimer = this.clock.setTimeout(() => {
      this.recheckTimer = null;
      void this.check(true);
    }, MAINTENANCE_TIMING.reconnectRecheckMs);
  }

  private schedulePoll() {
    if (this.pollTimer !== null) this.clock.clearTimeout(this.pollTimer);
    this.pollTimer = this.clock.setTimeout(() => {
      this.pollTimer = null;
      void this.check().finally(() => this.schedulePoll());
    }, MAINTENANCE_TIMING.pollMs);
  }
}
