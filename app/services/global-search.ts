import type { SearchResult } from '../../contracts/archives';
import { ApiRequestError } from './errors';
import { workDetailHref } from './works';

/** Spec §9 constants for the global search. */
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_TIMEOUT_MS = 5000;
/**
 * The waits before the 1st, 2nd and 3rd retry (spec: up to 3 retries with growing delay). Doubling
 * from 500 ms keeps a failing search under 24 s in all (4 × 5 s timeouts + 3.5 s of waiting), so
 * the user sees the error and its 重试 button while still looking at the box.
 */
export const SEARCH_RETRY_DELAYS_MS = [500, 1000, 2000] as const;
export const LOAD_MORE_THROTTLE_MS = 500;
export const SEARCH_FAILED_MESSAGE = '搜索失败，请稍后重试';

export type { SearchResult };
export type SearchResultPage = { list: SearchResult[]; hasMore: boolean };
/** `resourceFetch` in the browser; a fake in tests. It should honour the signal, but need not. */
export type SearchFetch = (path: string, init: { signal: AbortSignal }) => Promise<SearchResultPage>;
export type SearchClock = {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type GlobalSearchState = {
  /** The trimmed query being searched ('' when idle). */
  query: string;
  status: 'idle' | 'loading' | 'loaded' | 'error';
  /** While a new query loads, the previous answer stays on screen until the new one replaces it. */
  results: SearchResult[];
  /** Pages of `query` already in `results`. */
  page: number;
  hasMore: boolean;
  /** The request under way (or that failed) is for a further page, not a new query. */
  loadingMore: boolean;
  error: string | null;
};

export const IDLE_SEARCH: GlobalSearchState = Object.freeze({
  query: '',
  status: 'idle',
  results: [],
  page: 0,
  hasMore: false,
  loadingMore: false,
  error: null,
}) as GlobalSearchState;

const defaultClock: SearchClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

class SearchTimeout extends Error {}
class Superseded extends Error {}

/** Timeouts, network failures (status 0 or a fetch TypeError) and 5xx are worth another try; 4xx never. */
function retryable(error: unknown): boolean {
  if (error instanceof SearchTimeout) return true;
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (typeof status === 'number') return status === 0 || status >= 500;
  return error instanceof TypeError;
}

/** resourceFetch's errors carry the catalogue's message (safe to show); anything else gets ours. */
function messageOf(error: unknown): string {
  return error instanceof ApiRequestError && error.message ? error.message : SEARCH_FAILED_MESSAGE;
}

export const searchPath = (query: string, page: number) =>
  `ai/global-search?${new URLSearchParams({ query, page: String(page), pageSize: String(SEARCH_PAGE_SIZE) })}`;

/** Where a result opens: students to their archive, documents and works to the works page. */
export const searchResultHref = (result: Pick<SearchResult, 'id' | 'type'>) =>
  result.type === 'client' ? `/dash/client-archive-detail?id=${encodeURIComponent(result.id)}` : workDetailHref(result.id);

/** The pieces of `text` with every case-insensitive occurrence of the trimmed query marked. */
export function highlightParts(text: string, query: string): { text: string; match: boolean }[] {
  const q = query.trim();
  if (!q) return text ? [{ text, match: false }] : [];
  // A regular expression, not toLowerCase + indexOf: lower-casing can change a string's length.
  const pattern = new RegExp(`(${q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'gi');
  // split() with one capturing group puts the matches at the odd indices.
  return text
    .split(pattern)
    .map((part, i) => ({ text: part, match: i % 2 === 1 }))
    .filter((part) => part.text !== '');
}

/**
 * The global search's logic without React: debounce, timeouts and retries, stale answers, paging.
 * One request at a time: a new query (or a blank one) aborts whatever is under way, and each
 * request carries the generation it was made for so a late answer cannot overwrite a newer one.
 */
export class GlobalSearch {
  private state: GlobalSearchState = IDLE_SEARCH;
  private readonly listeners = new Set<() => void>();
  private readonly fetch: SearchFetch;
  private readonly clock: SearchClock;
  private generation = 0;
  private debounceTimer: unknown = null;
  private trailingTimer: unknown = null;
  private lastLoadMoreAt = Number.NEGATIVE_INFINITY;
  private abortAttempt: (() => void) | null = null;
  /** The page the last request was for, so 重试 repeats exactly that. */
  private requestedPage = 1;

  constructor(options: { fetch: SearchFetch; clock?: SearchClock }) {
    this.fetch = options.fetch;
    this.clock = options.clock ?? defaultClock;
  }

  readonly getState = (): GlobalSearchState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Call on every keystroke: a blank query empties the results at once, others wait 300 ms. */
  setQuery(raw: string): void {
    const query = raw.trim();
    if (query === this.state.query) return;
    this.cancel();
    if (!query) return this.set(IDLE_SEARCH);
    this.set({ query, status: 'loading', loadingMore: false, error: null });
    this.debounceTimer = this.clock.setTimeout(() => {
      this.debounceTimer = null;
      this.request(1);
    }, SEARCH_DEBOUNCE_MS);
  }

  /**
   * The next page, for a list scrolled near its bottom. At most once per 500 ms: a call inside the
   * window runs when it ends, so a scroll that stops right after a load is not lost.
   */
  loadMore(): boolean {
    const { status, hasMore, page } = this.state;
    if (status !== 'loaded' || !hasMore) return false;
    const wait = this.lastLoadMoreAt + LOAD_MORE_THROTTLE_MS - this.clock.now();
    if (wait > 0) {
      this.trailingTimer ??= this.clock.setTimeout(() => {
        this.trailingTimer = null;
        this.loadMore();
      }, wait);
      return false;
    }
    this.lastLoadMoreAt = this.clock.now();
    this.request(page + 1);
    return true;
  }

  /** The 重试 button: repeats the request that failed. */
  retry(): void {
    if (this.state.status !== 'error') return;
    this.request(this.requestedPage);
  }

  /** Stops timers and any request (the dialog unmounted). */
  dispose(): void {
    this.cancel();
    this.listeners.clear();
  }

  private set(patch: Partial<GlobalSearchState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private cancel() {
    this.generation++;
    this.abortAttempt?.();
    this.abortAttempt = null;
    for (const timer of [this.debounceTimer, this.trailingTimer]) if (timer !== null) this.clock.clearTimeout(timer);
    this.debounceTimer = this.trailingTimer = null;
    this.lastLoadMoreAt = Number.NEGATIVE_INFINITY;
  }

  private request(page: number) {
    const generation = this.generation;
    const { query } = this.state;
    this.requestedPage = page;
    this.set({ status: 'loading', loadingMore: page > 1, error: null });
    void this.attempts(searchPath(query, page), generation).then((answer) => {
      if (answer === null || generation !== this.generation) return;
      if ('error' in answer) {
        // A first page that failed leaves nothing of an older query on screen.
        return this.set(
          page === 1
            ? { status: 'error', error: answer.error, results: [], page: 0, hasMore: false }
            : { status: 'error', error: answer.error },
        );
      }
      const seen = new Set(page === 1 ? [] : this.state.results.map((r) => `${r.type}:${r.id}`));
      // Offset paging can repeat a row when students are added meanwhile; show it once.
      const fresh = answer.list.filter((r) => !seen.has(`${r.type}:${r.id}`));
      this.set({
        status: 'loaded',
        loadingMore: false,
        results: page === 1 ? fresh : [...this.state.results, ...fresh],
        page,
        hasMore: answer.hasMore,
      });
    });
  }

  /** The first try and up to three retries: the page, the message to show, or null when superseded. */
  private async attempts(path: string, generation: number): Promise<SearchResultPage | { error: string } | null> {
    for (let retry = 0; ; retry++) {
      try {
        return await this.attempt(path);
      } catch (error) {
        if (generation !== this.generation || error instanceof Superseded) return null;
        const delay = SEARCH_RETRY_DELAYS_MS[retry];
        if (delay === undefined || !retryable(error)) return { error: messageOf(error) };
        await new Promise<void>((resolve) => this.clock.setTimeout(resolve, delay));
        if (generation !== this.generation) return null;
      }
    }
  }

  /** One request, given up after 5 s; the race settles it even if the fetch ignores its signal. */
  private attempt(path: string): Promise<SearchResultPage> {
    const controller = new AbortController();
    let timer: unknown = null;
    let abort: (() => void) | null = null;
    return new Promise<SearchResultPage>((resolve, reject) => {
      timer = this.clock.setTimeout(() => {
        controller.abort();
        reject(new SearchTimeout());
      }, SEARCH_TIMEOUT_MS);
      abort = () => {
        controller.abort();
        reject(new Superseded());
      };
      this.abortAttempt = abort;
      this.fetch(path, { signal: controller.signal }).then(resolve, reject);
    }).finally(() => {
      this.clock.clearTimeout(timer);
      // A newer request may already have put its own abort here.
      if (this.abortAttempt === abort) this.abortAttempt = null;
    });
  }
}
