/**
 * When to refetch the points balance (spec §4): on events for finished AI actions or a successful
 * recharge, debounced by 2 s, each event id acted on once (ids remembered for 1 hour, since the
 * realtime channel may deliver an event again after a reconnect). Pure; the shell's hook
 * (app/hooks/use-points-balance.ts) supplies what a refetch does.
 */
export const POINTS_REFRESH_DEBOUNCE_MS = 2000;
export const POINTS_EVENT_MEMORY_MS = 3600_000;

type Timers = { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void };

export function createPointsRefresher(options: { debounceMs?: number; memoryMs?: number; now?: () => number; timers?: Timers } = {}) {
  const debounceMs = options.debounceMs ?? POINTS_REFRESH_DEBOUNCE_MS;
  const memoryMs = options.memoryMs ?? POINTS_EVENT_MEMORY_MS;
  const now = options.now ?? Date.now;
  const timers: Timers = options.timers ?? {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const seen = new Map<string, number>();
  let target: (() => void) | null = null;
  let pending: unknown = null;

  const forgetOld = (at: number) => {
    for (const [id, when] of seen) if (at - when >= memoryMs) seen.delete(id);
  };

  return {
    /** What a refetch does (the shell registers it while mounted); returns the unregister function. */
    setTarget(run: () => void): () => void {
      target = run;
      return () => {
        if (target === run) target = null;
      };
    },
    /**
     * Asks for a refetch. `eventId` identifies the event that changed the balance; a repeat within
     * the memory window is ignored (returns false). Calls within the debounce window collapse into one.
     */
    request(eventId?: string): boolean {
      const at = now();
      forgetOld(at);
      if (eventId !== undefined) {
        if (seen.has(eventId)) return false;
        seen.set(eventId, at);
      }
      if (pending !== null) timers.clearTimeout(pending);
      pending = timers.setTimeout(() => {
        pending = null;
        target?.();
      }, debounceMs);
      return true;
    },
  };
}
export type PointsRefresher = ReturnType<typeof createPointsRefresher>;
