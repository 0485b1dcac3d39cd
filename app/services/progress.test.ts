import { AUTO_PROFILE_MASK_MS, DEFAULT_MASK_MS, DelayedFlag, maskProgress, OVERLAY_DELAY_MS, overlayProgress } from './progress';

// Spec §4/§9: the progress mask runs over 35 s (40 s for auto-profile) and holds at 95% until done;
// the loading overlay waits before it shows, so a fast navigation never flashes it.

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

/** A mask started now, read as the fake clock moves on. */
const maskFrom = (durationMs?: number) => {
  const start = Date.now();
  return (done = false) => maskProgress(Date.now() - start, durationMs, done);
};

describe('the progress mask', () => {
  it('runs over 35 s by default and holds at 95% until done', () => {
    expect(DEFAULT_MASK_MS).toBe(35_000);
    const mask = maskFrom();
    expect(mask()).toBe(0);
    vi.advanceTimersByTime(17_500);
    expect(mask()).toBe(50);
    vi.advanceTimersByTime(15_750); // 33.25 s
    expect(mask()).toBe(95);
    vi.advanceTimersByTime(60_000);
    expect(mask()).toBe(95);
    expect(mask(true)).toBe(100);
  });

  it('runs over 40 s for auto-profile', () => {
    expect(AUTO_PROFILE_MASK_MS).toBe(40_000);
    const mask = maskFrom(AUTO_PROFILE_MASK_MS);
    vi.advanceTimersByTime(20_000);
    expect(mask()).toBe(50);
    vi.advanceTimersByTime(15_000); // 35 s: where the default mask would already be at its cap
    expect(mask()).toBe(87);
    vi.advanceTimersByTime(5_000);
    expect(mask()).toBe(95);
    // Finished early, it jumps to 100.
    expect(maskProgress(1_000, AUTO_PROFILE_MASK_MS, true)).toBe(100);
  });
});

describe('the loading overlay', () => {
  it('shows only once the work has lasted 300 ms, and goes as soon as it ends', () => {
    const seen: boolean[] = [];
    const flag = new DelayedFlag(OVERLAY_DELAY_MS, (v) => seen.push(v));
    flag.set(true);
    vi.advanceTimersByTime(OVERLAY_DELAY_MS - 1);
    expect(seen).toEqual([]);
    flag.set(true); // still busy: the wait is not restarted
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([true]);
    flag.set(false);
    expect(seen).toEqual([true, false]);
  });

  it('never shows for a fast navigation', () => {
    const seen: boolean[] = [];
    const flag = new DelayedFlag(OVERLAY_DELAY_MS, (v) => seen.push(v));
    flag.set(true);
    vi.advanceTimersByTime(200);
    flag.set(false);
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual([]);
    // Cancelled (the page left) before the delay: nothing either.
    flag.set(true);
    flag.cancel();
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual([]);
  });

  it("the overlay's bar climbs quickly at first and stays under 95% until the page arrives", () => {
    expect(overlayProgress(0)).toBe(0);
    expect(overlayProgress(OVERLAY_DELAY_MS)).toBeGreaterThan(10);
    expect(overlayProgress(1_000)).toBeGreaterThan(40);
    expect(overlayProgress(1_000)).toBeLessThan(overlayProgress(3_000));
    expect(overlayProgress(600_000)).toBe(95);
  });
});
