/**
 * CPU work in slices (issue 22, ADR 0034): the detector, the reducer and the fact check run on the
 * main thread, so a large input must never hold the event loop for long. Work written as a
 * generator `yield`s at points where it may pause (between sentences, bootstrap samples, matches);
 * `runSliced` runs it and gives the event loop a turn (setImmediate: pending I/O and other requests
 * first) whenever the current slice has run `SLICE_MS`. `runToEnd` runs the same generator at once,
 * for scripts and tests that want the synchronous answer; both give the same result.
 */

/** A computation that may pause at each `yield`. */
export type Steps<T> = Generator<void, T, void>;

/** The longest a slice runs before the event loop gets a turn (a step may overrun it by its own length). */
export const SLICE_MS = 10;

export interface SliceOptions {
  /** Checked at each pause: an aborted run stops with the signal's reason. */
  signal?: AbortSignal;
  sliceMs?: number;
  /** The caller's own slicer, when this run is part of a longer sliced computation (its slices continue). */
  slicer?: Slicer;
}

export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `steps` to the end without pausing. */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Runs `steps`, pausing for the event loop every `sliceMs`. */
export async function runSliced<T>(steps: Steps<T>, options: SliceOptions = {}): Promise<T> {
  const slicer = options.slicer ?? new Slicer(options);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (slicer.due()) await slicer.pause();
  }
}

/**
 * For async code with its own loops (the reducer): `if (slicer.due()) await slicer.pause()` at the
 * points where it may pause. `pause` gives the event loop a turn and checks the signal.
 */
export class Slicer {
  private started = performance.now();
  private readonly sliceMs: number;
  private readonly signal: AbortSignal | undefined;

  constructor(options: SliceOptions = {}) {
    this.sliceMs = options.sliceMs ?? SLICE_MS;
    this.signal = options.signal;
  }

  /** True once the current slice has run its time. */
  due(): boolean {
    return performance.now() - this.started >= this.sliceMs;
  }

  async pause(): Promise<void> {
    await nextTurn();
    this.signal?.throwIfAborted();
    this.started = performance.now();
  }
}
