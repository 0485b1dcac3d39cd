import { createPointsRefresher, POINTS_EVENT_MEMORY_MS, POINTS_REFRESH_DEBOUNCE_MS } from './points-refresh';

describe('points refresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const refresher = createPointsRefresher({ now: () => Date.now() });
    const run = vi.fn();
    refresher.setTarget(run);
    return { refresher, run };
  };

  it('refetches 2 s after the last event, once for a burst', () => {
    const { refresher, run } = setup();
    refresher.request('a');
    vi.advanceTimersByTime(1500);
    refresher.request('b');
    vi.advanceTimersByTime(POINTS_REFRESH_DEBOUNCE_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('acts on an event id once within an hour, again after it', () => {
    const { refresher, run } = setup();
    expect(refresher.request('evt-1')).toBe(true);
    vi.advanceTimersByTime(POINTS_REFRESH_DEBOUNCE_MS);
    expect(refresher.request('evt-1')).toBe(false);
    vi.advanceTimersByTime(POINTS_EVENT_MEMORY_MS - POINTS_REFRESH_DEBOUNCE_MS - 1);
    expect(refresher.request('evt-1')).toBe(false);
    vi.advanceTimersByTime(POINTS_REFRESH_DEBOUNCE_MS);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(refresher.request('evt-1')).toBe(true);
    vi.advanceTimersByTime(POINTS_REFRESH_DEBOUNCE_MS);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('a duplicate does not push back the refetch already scheduled', () => {
    const { refresher, run } = setup();
    refresher.request('x');
    vi.advanceTimersByTime(1900);
    refresher.request('x');
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('requests without an id are never deduplicated', () => {
    const { refresher, run } = setup();
    expect(refresher.request()).toBe(true);
    vi.advanceTimersByTime(POINTS_REFRESH_DEBOUNCE_MS);
    expect(refresher.request()).toBe(true);
    vi.advanceTimersByTime(POINTS_REFRESH_DEBOUNCE_MS);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('does nothing once its target has gone', () => {
    const refresher = createPointsRefresher();
    const run = vi.fn();
    const unregister = refresher.setTarget(run);
    refresher.request('e');
    unregister();
    vi.advanceTimersByTime(POINTS_REFRESH_DEBOUNCE_MS);
    expect(run).not.toHaveBeenCalled();
  });
});
