import { ANALYTICS_SESSION_KEY, browserOptedOut, createTracker, FLUSH_DELAY_MS, type Batch, type TrackerEnv } from './analytics.client';
import { getItem, setItem } from './local-storage.client';
import { MemoryStorage } from '~/services/testing/memory-storage';

/** The tracker over a fake clock (vi's timers and Date), this test's local storage and a recording sender. */
function harness(options: { optedOut?: boolean; role?: string; visible?: () => boolean } = {}) {
  const sent: Array<Batch & { beacon: boolean }> = [];
  let ids = 0;
  let role = options.role ?? 'user';
  const env: TrackerEnv = {
    now: () => Date.now(),
    role: () => role,
    optedOut: () => options.optedOut ?? false,
    visible: options.visible ?? (() => true),
    send: (batch, beacon) => sent.push({ ...batch, beacon }),
    whenIdle: (work) => work(),
    randomId: () => `id${String(++ids).padStart(8, '0')}`,
    readSession: () => getItem(ANALYTICS_SESSION_KEY),
    writeSession: (session) => void setItem(ANALYTICS_SESSION_KEY, session, 30 * 60_000),
    readOnce: () => getItem<string[]>('analytics-once') ?? [],
    writeOnce: (keys) => void setItem('analytics-once', keys),
  };
  const tracker = createTracker(env);
  const events = () => sent.flatMap((b) => b.events.map((e) => ({ ...e, sessionId: b.sessionId })));
  return { tracker, sent, events, setRole: (r: string) => (role = r) };
}

let storage: MemoryStorage;
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-27T02:00:00Z') });
  storage = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('analytics tracker', () => {
  it('records a page view with the Chinese page name and role, batched and sent a few seconds later', () => {
    const { tracker, sent, events } = harness();
    tracker.pageView('/dash/overview', '概览');
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.beacon).toBe(false);
    expect(events().map((e) => [e.type, e.page, e.pageName, e.role])).toEqual([
      ['page_view', '/dash/overview', '概览', 'user'],
      ['identify', '/dash/overview', '概览', 'user'],
    ]);
    expect(sent[0]!.batchId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    tracker.stop();
  });

  it('reads an unknown or missing role as guest', () => {
    const { tracker, events, setRole } = harness({ role: 'superuser' });
    tracker.pageView('/dash/login', '登录');
    setRole('admin');
    tracker.track('tool_used', { tool: '查AI率' });
    tracker.hide(false);
    expect(events().map((e) => e.role)).toEqual(['guest', 'guest', 'admin']);
    tracker.stop();
  });

  it('keeps one session id for 30 minutes, then rotates it', () => {
    const { tracker, events } = harness();
    tracker.pageView('/dash/overview', '概览');
    const first = tracker.sessionId();
    vi.advanceTimersByTime(29 * 60_000 + 59_000);
    expect(tracker.sessionId()).toBe(first);
    vi.advanceTimersByTime(1_000);
    const second = tracker.sessionId();
    expect(second).not.toBe(first);
    // Kept in local storage: another tracker on the same browser (a new tab, a reload) continues it.
    expect(harness().tracker.sessionId()).toBe(second);
    tracker.pageView('/dash/faq', '常见问题');
    tracker.hide(true);
    const sessions = new Set(events().map((e) => e.sessionId));
    expect(sessions).toEqual(new Set([first, second]));
    tracker.stop();
  });

  it('identifies every 30 seconds', () => {
    const { tracker, events } = harness();
    tracker.pageView('/dash/overview', '概览');
    const identifies = () => events().filter((e) => e.type === 'identify').length;
    vi.advanceTimersByTime(29_999);
    tracker.hide(false);
    expect(identifies()).toBe(1); // the first, with the first page view
    vi.advanceTimersByTime(1);
    tracker.hide(false);
    expect(identifies()).toBe(2);
    vi.advanceTimersByTime(90_000);
    tracker.hide(false);
    expect(identifies()).toBe(5);
    tracker.stop();
    vi.advanceTimersByTime(60_000);
    tracker.hide(false);
    expect(identifies()).toBe(5);
  });

  it('does not identify while the tab is in the background', () => {
    let visible = true;
    const { tracker, events } = harness({ visible: () => visible });
    tracker.pageView('/dash/overview', '概览');
    visible = false;
    vi.advanceTimersByTime(120_000);
    visible = true;
    vi.advanceTimersByTime(30_000);
    tracker.hide(false);
    expect(events().filter((e) => e.type === 'identify')).toHaveLength(2); // the first, and the one back on screen
    tracker.stop();
  });

  it('logs a page exit only after a stay longer than 500 ms', () => {
    const { tracker, events } = harness();
    tracker.pageView('/dash/overview', '概览');
    vi.advanceTimersByTime(500);
    tracker.pageView('/dash/faq', '常见问题'); // 500 ms exactly: no exit
    vi.advanceTimersByTime(501);
    tracker.pageView('/dash/about', '关于我们'); // 501 ms: an exit of 常见问题
    vi.advanceTimersByTime(2_000);
    tracker.hide(true); // leaving after 2 s: an exit of 关于我们
    const exits = events().filter((e) => e.type === 'page_exit');
    expect(exits.map((e) => [e.pageName, e.data])).toEqual([
      ['常见问题', { stayMs: 501 }],
      ['关于我们', { stayMs: 2000 }],
    ]);
    tracker.stop();
  });

  it('sends by beacon when the page is hidden or left, in batches of at most 50', () => {
    const { tracker, sent } = harness();
    tracker.pageView('/dash/overview', '概览');
    for (let i = 0; i < 60; i++) tracker.track('tool_used', { tool: `工具${i}` });
    // Past 20 waiting events a batch leaves when the browser is idle, without waiting for the timer.
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((b) => b.events.length <= 50)).toBe(true);
    tracker.track('check_run');
    tracker.hide(false);
    expect(sent.at(-1)!.beacon).toBe(true);
    expect(sent.flatMap((b) => b.events)).toHaveLength(63);
    tracker.stop();
  });

  it('records a once-only event (an order paid) once', () => {
    const { tracker, events } = harness();
    tracker.pageView('/dash/payment/result', '支付结果');
    tracker.track('order_paid', { points: 100 }, 'order_paid:A1');
    tracker.track('order_paid', { points: 100 }, 'order_paid:A1');
    harness().tracker.track('order_paid', { points: 100 }, 'order_paid:A1');
    tracker.hide(false);
    expect(events().filter((e) => e.type === 'order_paid')).toHaveLength(1);
    tracker.stop();
  });

  it('sends and stores nothing under Do Not Track or Global Privacy Control', () => {
    const { tracker, sent } = harness({ optedOut: true });
    tracker.pageView('/dash/overview', '概览');
    tracker.track('tool_used', { tool: '查AI率' });
    vi.advanceTimersByTime(10 * 60_000);
    tracker.hide(true);
    expect(sent).toHaveLength(0);
    expect(tracker.sessionId()).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('reads Do Not Track and Global Privacy Control from the browser', () => {
    const nav = (v: Record<string, unknown>) => v as unknown as Navigator;
    expect(browserOptedOut(nav({ doNotTrack: '1' }), {})).toBe(true);
    expect(browserOptedOut(nav({ doNotTrack: null }), { doNotTrack: '1' })).toBe(true);
    expect(browserOptedOut(nav({ globalPrivacyControl: true }), {})).toBe(true);
    expect(browserOptedOut(nav({ doNotTrack: '0', globalPrivacyControl: false }), {})).toBe(false);
    expect(browserOptedOut(nav({}), {})).toBe(false);
  });
});
