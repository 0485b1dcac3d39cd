import {
  MaintenanceMonitor,
  bannerCollapsed,
  currentNotice,
  formatCountdown,
  maintenancePhase,
  safeReturnPath,
  shouldRedirectToMaintenance,
  shouldShowModal,
  type MaintenanceNotice,
} from './maintenance';

const T0 = Date.parse('2026-11-23T12:00:00Z');
const at = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();
const notice = (over: Partial<MaintenanceNotice> = {}): MaintenanceNotice => ({
  id: 'm1',
  title: '系统维护通知',
  content: '',
  status: 'PUBLISHED',
  start_time: at(0),
  end_time: at(3600_000),
  estimatedCompletionTime: null,
  updated_at: at(-1000),
  ...over,
});

describe('maintenance rules (spec §4)', () => {
  it('only published notices apply; before the countdown nothing shows; countdown at 600 s, modal at 60 s, active at the start, dropped at the end', () => {
    const n = notice();
    expect(maintenancePhase(notice({ status: 'DRAFT' }), T0)).toBe('none');
    expect(maintenancePhase(notice({ status: 'EXPIRED' }), T0)).toBe('none');
    expect(maintenancePhase(null, T0)).toBe('none');
    expect(maintenancePhase(n, T0 - 600_001)).toBe('none');
    expect(maintenancePhase(n, T0 - 600_000)).toBe('countdown');
    expect(maintenancePhase(n, T0 - 60_001)).toBe('countdown');
    expect(maintenancePhase(n, T0 - 60_000)).toBe('imminent');
    expect(maintenancePhase(n, T0 - 1)).toBe('imminent');
    expect(maintenancePhase(n, T0)).toBe('active');
    expect(maintenancePhase(n, T0 + 3599_999)).toBe('active');
    expect(maintenancePhase(n, T0 + 3600_000)).toBe('ended');
    expect(maintenancePhase(notice({ end_time: null }), T0 + 10 * 86400_000)).toBe('active');
  });

  it('the earliest live notice is the current one; ended ones are dropped', () => {
    const early = notice({ id: 'early', start_time: at(-7200_000), end_time: at(-3600_000) });
    const next = notice({ id: 'next', start_time: at(300_000), end_time: null });
    const later = notice({ id: 'later', start_time: at(900_000), end_time: null });
    expect(currentNotice([later, early, next], T0)?.id).toBe('next');
    expect(currentNotice([early], T0)).toBeNull();
  });

  it('the modal shows once per notice at 60 s or less, again only if last shown over 30 s ago', () => {
    const n = notice();
    expect(shouldShowModal(n, T0 - 61_000, undefined)).toBe(false);
    expect(shouldShowModal(n, T0 - 60_000, undefined)).toBe(true);
    expect(shouldShowModal(n, T0 - 45_000, T0 - 60_000)).toBe(false);
    expect(shouldShowModal(n, T0 - 29_000, T0 - 60_000)).toBe(true);
    expect(shouldShowModal(n, T0 + 1, undefined)).toBe(false);
  });

  it('redirects at or after the start, except on /, /maintenance and below it', () => {
    expect(shouldRedirectToMaintenance('/dash/overview', 'active')).toBe(true);
    expect(shouldRedirectToMaintenance('/dash/overview', 'imminent')).toBe(false);
    for (const path of ['/', '/maintenance', '/maintenance/info']) expect(shouldRedirectToMaintenance(path, 'active')).toBe(false);
    expect(shouldRedirectToMaintenance('/maintenancex', 'active')).toBe(true);
  });

  it('remembers the banner collapse for 720 h; return paths stay on the site', () => {
    expect(bannerCollapsed(undefined, T0)).toBe(false);
    expect(bannerCollapsed(T0, T0 + 719 * 3600_000)).toBe(true);
    expect(bannerCollapsed(T0, T0 + 720 * 3600_000)).toBe(false);
    expect(safeReturnPath('/dash/profile?tab=1')).toBe('/dash/profile?tab=1');
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      '/\\evil',
      '/maintenance',
      null,
      '/\t/evil.example',
      '/\n/evil.example',
      '/a\\b',
    ]) {
      expect(safeReturnPath(bad)).toBe('/dash/overview');
    }
    expect(formatCountdown(65_000)).toBe('01:05');
    expect(formatCountdown(3_661_000)).toBe('1:01:01');
  });
});

describe('maintenance monitor', () => {
  beforeEach(() => vi.useFakeTimers({ now: T0 }));
  afterEach(() => vi.useRealTimers());

  it('caches 60 s, polls every 60 s, 300 s after a 404, ignores failures, rechecks 5 s after reconnects (debounced), refetches on pushes', async () => {
    const answers: Array<'ok' | 'not-found' | 'error'> = [];
    const fetchStatus = vi.fn(async () => {
      const next = answers.shift() ?? 'ok';
      return next === 'ok' ? { status: 'ok' as const, notices: [notice()] } : { status: next };
    });
    const monitor = new MaintenanceMonitor(fetchStatus);
    const seen: number[] = [];
    monitor.subscribe((n) => seen.push(n.length));
    monitor.start([]);
    await monitor.check();
    expect(fetchStatus).toHaveBeenCalledTimes(0); // fresh from the server render
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([1]);

    answers.push('not-found');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    // A 404 pauses checking for 5 minutes: polls in between do not fetch.
    await vi.advanceTimersByTimeAsync(240_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);

    answers.push('error');
    await monitor.pushed();
    expect(fetchStatus).toHaveBeenCalledTimes(4);
    expect(monitor.current).toHaveLength(1); // the failure kept the last known status

    monitor.reconnected();
    await vi.advanceTimersByTimeAsync(3000);
    monitor.reconnected();
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchStatus).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(5);
    monitor.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetchStatus).toHaveBeenCalledTimes(5);
  });

  it('asks for a fresh answer on pushes and reconnects only; a push during a poll runs after it, so the older answer never lands last', async () => {
    const calls: boolean[] = [];
    const pending: Array<(notices: MaintenanceNotice[]) => void> = [];
    const monitor = new MaintenanceMonitor(({ fresh }) => {
      calls.push(fresh);
      return new Promise((resolve) => pending.push((notices) => resolve({ status: 'ok', notices })));
    });
    const seen: string[][] = [];
    monitor.subscribe((n) => seen.push(n.map((x) => x.id)));
    monitor.start();
    const poll = monitor.check();
    const push = monitor.pushed();
    expect(calls).toEqual([false]); // the push waits for the poll in flight
    pending.shift()!([notice({ id: 'old' })]);
    await poll;
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([false, true]);
    pending.shift()!([]);
    await push;
    expect(seen).toEqual([['old'], []]);
    expect(monitor.current).toEqual([]);
    // A second push while a fresh one is in flight shares it.
    const a = monitor.pushed();
    const b = monitor.pushed();
    expect(calls).toEqual([false, true, true]);
    pending.shift()!([]);
    await Promise.all([a, b]);
    monitor.reconnected();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toEqual([false, true, true, true]);
    monitor.stop();
  });

  it("seed() takes the loader's answer as a fetch: listeners hear it and the cache is fresh for 60 s", async () => {
    const fetchStatus = vi.fn(async () => ({ status: 'ok' as const, notices: [] }));
    const monitor = new MaintenanceMonitor(fetchStatus);
    const seen: number[] = [];
    monitor.subscribe((n) => seen.push(n.length));
    monitor.seed([notice()]);
    expect(seen).toEqual([1]);
    expect(monitor.current).toHaveLength(1);
    await monitor.check();
    expect(fetchStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    await monitor.check();
    expect(fetchStatus).toHaveBeenCalledWith({ fresh: false });
  });
});
