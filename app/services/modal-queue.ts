/**
 * The one modal queue (spec §4 announcement queue, §8 shortage and busy modals): one modal at a
 * time, the rest wait in order. A request for a key already open or waiting is dropped, and a key
 * with `throttleMs` is accepted at most once per that interval. Pure: the React host
 * (app/components/modal-queue.tsx) renders the head.
 */
export type ModalEntry<T> = { id: number; key: string; payload: T };

export class ModalQueue<T> {
  private entries: ModalEntry<T>[] = [];
  private accepted = new Map<string, number>();
  private listeners = new Set<() => void>();
  private nextId = 1;

  constructor(private readonly now: () => number = Date.now) {}

  /** Queues a modal; false when dropped (a duplicate, or throttled). */
  push(key: string, payload: T, options: { throttleMs?: number } = {}): boolean {
    const at = this.now();
    const last = this.accepted.get(key);
    if (options.throttleMs && last !== undefined && at - last < options.throttleMs) return false;
    if (this.entries.some((e) => e.key === key)) return false;
    this.accepted.set(key, at);
    this.entries = [...this.entries, { id: this.nextId++, key, payload }];
    this.emit();
    return true;
  }

  /** The modal on screen, if any. */
  readonly current = (): ModalEntry<T> | null => this.entries[0] ?? null;

  get size(): number {
    return this.entries.length;
  }

  /** Removes a modal (normally the one on screen, once it has closed); the next one shows. */
  close(id: number): void {
    const next = this.entries.filter((e) => e.id !== id);
    if (next.length === this.entries.length) return;
    this.entries = next;
    this.emit();
  }

  /**
   * Removes a key's modal, open or waiting, at once (no close animation): for a modal whose reason
   * has gone (maintenance started or was called off) or whose host is leaving the page.
   */
  closeKey(key: string): void {
    const entry = this.entries.find((e) => e.key === key);
    if (entry) this.close(entry.id);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit() {
    for (const listener of this.listeners) listener();
  }
}
