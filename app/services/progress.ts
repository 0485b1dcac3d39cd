/**
 * The timings of the loading overlay and the progress mask (spec §2, §4, §9), as pure rules with
 * the clock passed in: the React side is app/components/ui/progress-mask.tsx and loading-overlay.tsx.
 */

/** Spec §4/§9 progress mask: 35 s by default, 40 s for auto-profile; at most 95% until done. */
export const DEFAULT_MASK_MS = 35_000;
export const AUTO_PROFILE_MASK_MS = 40_000;
export const PROGRESS_CAP = 95;

/** The mask's share of its usual time, in whole percent: linear over `durationMs`, held at 95% until done. */
export function maskProgress(elapsedMs: number, durationMs: number = DEFAULT_MASK_MS, done = false): number {
  if (done) return 100;
  return Math.max(0, Math.min(PROGRESS_CAP, Math.floor((elapsedMs / durationMs) * 100)));
}

/** The overlay waits this long before showing: a fast navigation never flashes it. */
export const OVERLAY_DELAY_MS = 300;
/** How quickly the overlay's bar fills: near half after a second, held at 95% until the page arrives. */
const OVERLAY_PACE_MS = 1500;

/** The overlay's bar for a navigation of unknown length: fast at first, slowing, never past 95% before it ends. */
export function overlayProgress(elapsedMs: number): number {
  if (elapsedMs <= 0) return 0;
  return Math.min(PROGRESS_CAP, Math.floor(PROGRESS_CAP * (1 - Math.exp(-elapsedMs / OVERLAY_PACE_MS))));
}

type Timers = { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (id: never) => void };

/**
 * A busy flag seen only once it has lasted `delayMs`: true after the delay, false as soon as the
 * work ends (and never true for work shorter than the delay).
 */
export class DelayedFlag {
  private timer: unknown = null;
  private visible = false;

  constructor(
    private readonly delayMs: number,
    private readonly onChange: (visible: boolean) => void,
    private readonly timers: Timers = globalThis as unknown as Timers,
  ) {}

  set(busy: boolean): void {
    if (busy) {
      if (this.visible || this.timer !== null) return;
      this.timer = this.timers.setTimeout(() => {
        this.timer = null;
        this.visible = true;
        this.onChange(true);
      }, this.delayMs);
      return;
    }
    this.cancel();
    if (this.visible) {
      this.visible = false;
      this.onChange(false);
    }
  }

  /** Stops a pending show (the component is leaving). */
  cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer as never);
    this.timer = null;
  }
}
