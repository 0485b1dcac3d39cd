/**
 * The shell's update-log service (spec §2, §7, §9): the newest update logs for 最近更新, asked of
 * GET /api/v1/system/update-logs/latest through the web (/resources/update-logs) and cached 5
 * minutes in the tab, with the ones this user has not opened marked unread (kept on the server,
 * issue 28). Pure and browser-safe; the header's menu is app/components/update-logs/recent-updates.tsx.
 */
import type { NoticeUpdateLog } from './notices';

/** Spec §9: update logs cached 5 min, the latest 10 by default. */
export const UPDATE_LOG_CACHE_MS = 5 * 60_000;
export const LATEST_UPDATE_LOGS_LIMIT = 10;

/** A log as 最近更新 lists and opens it: the update-log modal's fields, its markdown rendered on the server. */
export type LatestUpdateLog = NoticeUpdateLog & { date: string };
export type LatestUpdateLogs = { logs: LatestUpdateLog[]; unread: string[] };

const EMPTY: LatestUpdateLogs = { logs: [], unread: [] };

export class UpdateLogService {
  private entry: { at: number; value: LatestUpdateLogs } | null = null;
  private pending: Promise<LatestUpdateLogs> | null = null;
  private listeners = new Set<() => void>();

  constructor(
    /** Loads the list; throws when it could not. */
    private readonly load: () => Promise<LatestUpdateLogs>,
    private readonly now: () => number = Date.now,
  ) {}

  /** What is known now (empty until the first answer). */
  readonly current = (): LatestUpdateLogs => this.entry?.value ?? EMPTY;

  /**
   * The list, from the cache while it is under 5 minutes old. Spec §8: a failed fetch gives an
   * empty list (not cached: the next call asks again).
   */
  async get(): Promise<LatestUpdateLogs> {
    if (this.entry && this.now() - this.entry.at < UPDATE_LOG_CACHE_MS) return this.entry.value;
    this.pending ??= this.load().then(
      (value) => {
        this.entry = { at: this.now(), value };
        this.pending = null;
        this.emit();
        return value;
      },
      () => {
        this.pending = null;
        return this.current();
      },
    );
    return this.pending;
  }

  /** The user opened a log: it stops being unread at once (the server is told by the caller). */
  markRead(id: string): void {
    if (!this.entry || !this.entry.value.unread.includes(id)) return;
    this.entry = { ...this.entry, value: { ...this.entry.value, unread: this.entry.value.unread.filter((u) => u !== id) } };
    this.emit();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private emit() {
    for (const l of this.listeners) l();
  }
}
