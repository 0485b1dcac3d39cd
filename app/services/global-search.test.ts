import {
  GlobalSearch,
  highlightParts,
  SEARCH_FAILED_MESSAGE,
  searchResultHref,
  type SearchFetch,
  type SearchResult,
  type SearchResultPage,
} from './global-search';
import { ApiRequestError } from './errors';

/** What resourceFetch throws: a status and the catalogue's message. */
const apiError = (status: number, message: string) => new ApiRequestError(status, status === 0 ? 'NETWORK_ERROR' : 'BAD_RESPONSE', message);

const student = (n: number | string): SearchResult => ({ id: `p${n}`, type: 'client', title: `学生${n}`, content: '' });
const page = (from: number, count: number, hasMore: boolean): SearchResultPage => ({
  list: Array.from({ length: count }, (_, i) => student(from + i)),
  hasMore,
});

type Call = { path: string; signal: AbortSignal; at: number; resolve: (p: SearchResultPage) => void; reject: (e: unknown) => void };

/** A fetch whose answers the test gives by hand; records when each call was made. */
function fakeFetch() {
  const calls: Call[] = [];
  const fetch: SearchFetch = (path, { signal }) =>
    new Promise<SearchResultPage>((resolve, reject) => calls.push({ path, signal, at: Date.now(), resolve, reject }));
  const params = (i: number) => Object.fromEntries(new URL(calls[i]!.path, 'http://x/').searchParams);
  return { calls, fetch, params };
}

function setup() {
  const f = fakeFetch();
  const search = new GlobalSearch({ fetch: f.fetch });
  return { ...f, search, state: () => search.getState() };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => vi.useRealTimers());

describe('global search controller', () => {
  it('debounces: three characters typed within 300 ms make one request, 300 ms after the last', async () => {
    const { calls, search, params, state } = setup();
    search.setQuery('张');
    await vi.advanceTimersByTimeAsync(100);
    search.setQuery('张伟');
    await vi.advanceTimersByTimeAsync(100);
    search.setQuery('张伟 ');
    search.setQuery('张伟明');
    expect(state()).toMatchObject({ query: '张伟明', status: 'loading' });
    await vi.advanceTimersByTimeAsync(299);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path.startsWith('ai/global-search?')).toBe(true);
    expect(params(0)).toEqual({ query: '张伟明', page: '1', pageSize: '10' });
    calls[0]!.resolve(page(1, 2, false));
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ status: 'loaded', page: 1, hasMore: false, error: null });
    expect(state().results.map((r) => r.id)).toEqual(['p1', 'p2']);
    // Only spaces added: the same query, no new request.
    search.setQuery(' 张伟明  ');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
  });

  it('a blank query empties the results at once and cancels the pending debounce and the request in flight', async () => {
    const { calls, search, state } = setup();
    search.setQuery('张');
    await vi.advanceTimersByTimeAsync(300);
    calls[0]!.resolve(page(1, 3, false));
    await vi.advanceTimersByTimeAsync(0);
    expect(state().results).toHaveLength(3);

    search.setQuery('张伟');
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toHaveLength(2);
    search.setQuery('   ');
    expect(state()).toMatchObject({ query: '', status: 'idle', results: [], hasMore: false, error: null });
    expect(calls[1]!.signal.aborted).toBe(true);
    // Its late answer changes nothing.
    calls[1]!.resolve(page(10, 5, true));
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ status: 'idle', results: [] });

    // Blank while the debounce is pending: no request at all.
    search.setQuery('李');
    search.setQuery('');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(2);
    expect(state().status).toBe('idle');
  });

  it('times out each attempt after 5 s and retries 3 times after 500 ms, 1 s and 2 s, then shows the error', async () => {
    const { calls, search, state } = setup();
    search.setQuery('张');
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls[0]!.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(state().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(4);
    // Each attempt starts 5 s (its timeout) plus the growing delay after the one before.
    const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.at - 5000);
    expect(gaps).toEqual([500, 1000, 2000]);
    expect(calls.every((c) => c.signal.aborted)).toBe(true);
    expect(state()).toMatchObject({ status: 'error', error: SEARCH_FAILED_MESSAGE, results: [] });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(4);

    // 重试 starts over with a fresh set of attempts.
    search.retry();
    expect(state()).toMatchObject({ status: 'loading', error: null });
    expect(calls).toHaveLength(5);
    calls[4]!.resolve(page(1, 1, false));
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ status: 'loaded', error: null });
  });

  it('succeeds on the second attempt after a network error, and retries 5xx with the server message at the end', async () => {
    const { calls, search, state } = setup();
    search.setQuery('张');
    await vi.advanceTimersByTimeAsync(300);
    calls[0]!.reject(apiError(0, '网络连接失败，请检查网络设置'));
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(page(1, 2, false));
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ status: 'loaded', error: null });
    expect(state().results).toHaveLength(2);

    search.setQuery('李');
    await vi.advanceTimersByTimeAsync(300);
    for (let i = 2; i < 6; i++) {
      calls[i]!.reject(apiError(503, '服务器错误，请稍后重试'));
      await vi.advanceTimersByTimeAsync(2000);
    }
    expect(calls).toHaveLength(6);
    expect(state()).toMatchObject({ status: 'error', error: '服务器错误，请稍后重试' });
  });

  it('does not retry a 4xx answer', async () => {
    const { calls, search, state } = setup();
    search.setQuery('x'.repeat(101));
    await vi.advanceTimersByTimeAsync(300);
    calls[0]!.reject(apiError(400, '搜索内容过长'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    expect(state()).toMatchObject({ status: 'error', error: '搜索内容过长' });
  });

  it('ignores the answer to an older query that arrives after the newer one', async () => {
    const { calls, search, state, params } = setup();
    search.setQuery('张');
    await vi.advanceTimersByTimeAsync(300);
    search.setQuery('李');
    await vi.advanceTimersByTimeAsync(300);
    expect(calls.map((_, i) => params(i).query)).toEqual(['张', '李']);
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[1]!.resolve({ list: [{ id: 'li', type: 'client', title: '李四', content: '' }], hasMore: false });
    await vi.advanceTimersByTimeAsync(0);
    // The older request answers late (a fetch that did not honour its signal).
    calls[0]!.resolve({ list: [{ id: 'zhang', type: 'client', title: '张三', content: '' }], hasMore: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ query: '李', status: 'loaded', hasMore: false });
    expect(state().results.map((r) => r.title)).toEqual(['李四']);
  });

  it('loads the next page at most once per 500 ms, only when loaded and hasMore, and stops at the last page', async () => {
    const { calls, search, state, params } = setup();
    search.setQuery('学生');
    await vi.advanceTimersByTimeAsync(300);
    // Nothing to load more of while the first page is loading.
    expect(search.loadMore()).toBe(false);
    calls[0]!.resolve(page(1, 10, true));
    await vi.advanceTimersByTimeAsync(0);

    expect(search.loadMore()).toBe(true);
    expect(params(1)).toMatchObject({ query: '学生', page: '2' });
    expect(state()).toMatchObject({ status: 'loading', loadingMore: true });
    // Still loading: ignored.
    expect(search.loadMore()).toBe(false);
    calls[1]!.resolve(page(11, 10, true));
    await vi.advanceTimersByTimeAsync(100);
    expect(state()).toMatchObject({ status: 'loaded', page: 2, loadingMore: false });
    expect(state().results).toHaveLength(20);

    // Inside the 500 ms window: held back, then run once when the window ends.
    expect(search.loadMore()).toBe(false);
    expect(search.loadMore()).toBe(false);
    await vi.advanceTimersByTimeAsync(399);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    expect(params(2)).toMatchObject({ page: '3' });
    // The last page; a repeated row (offset paging after an insert) is shown once.
    calls[2]!.resolve({ list: [student(20), student(21)], hasMore: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ page: 3, hasMore: false });
    expect(
      state()
        .results.map((r) => r.id)
        .slice(-2),
    ).toEqual(['p20', 'p21']);
    expect(state().results).toHaveLength(21);

    await vi.advanceTimersByTimeAsync(1000);
    expect(search.loadMore()).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(3);
  });

  it('a failed further page keeps the results and 重试 asks for that page again', async () => {
    const { calls, search, state, params } = setup();
    search.setQuery('学生');
    await vi.advanceTimersByTimeAsync(300);
    calls[0]!.resolve(page(1, 10, true));
    await vi.advanceTimersByTimeAsync(0);
    search.loadMore();
    calls[1]!.reject(apiError(404, '接口不存在'));
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ status: 'error', error: '接口不存在', page: 1, loadingMore: true });
    expect(state().results).toHaveLength(10);
    search.retry();
    expect(params(2)).toMatchObject({ page: '2' });
  });

  it('notifies subscribers and stops everything on dispose', async () => {
    const { calls, search } = setup();
    const seen: string[] = [];
    search.subscribe(() => seen.push(search.getState().status));
    search.setQuery('张');
    await vi.advanceTimersByTimeAsync(300);
    search.dispose();
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.resolve(page(1, 1, false));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen).toEqual(['loading', 'loading']);
  });

  it('uses the injected clock', async () => {
    vi.useRealTimers();
    const timers: { fn: () => void; at: number }[] = [];
    let now = 0;
    const clock = {
      now: () => now,
      setTimeout: (fn: () => void, ms: number) => timers.push({ fn, at: now + ms }),
      clearTimeout: () => undefined,
    };
    const { calls, fetch } = fakeFetch();
    const search = new GlobalSearch({ fetch, clock });
    search.setQuery('张');
    expect(timers.map((t) => t.at)).toEqual([300]);
    now = 300;
    timers[0]!.fn();
    expect(calls).toHaveLength(1);
    // The request's 5 s timeout is on the same clock.
    expect(timers.at(-1)!.at).toBe(5300);
  });
});

describe('search helpers', () => {
  it('marks every case-insensitive occurrence, with special characters taken literally', () => {
    expect(highlightParts('Alice Zhang · alice@x', 'ALICE')).toEqual([
      { text: 'Alice', match: true },
      { text: ' Zhang · ', match: false },
      { text: 'alice', match: true },
      { text: '@x', match: false },
    ]);
    expect(highlightParts('批量学生12', ' 学生 ')).toEqual([
      { text: '批量', match: false },
      { text: '学生', match: true },
      { text: '12', match: false },
    ]);
    expect(highlightParts('C++ (进阶)', '+ (')).toEqual([
      { text: 'C+', match: false },
      { text: '+ (', match: true },
      { text: '进阶)', match: false },
    ]);
    expect(highlightParts('张伟', '')).toEqual([{ text: '张伟', match: false }]);
    expect(highlightParts('', '张')).toEqual([]);
  });

  it('a student opens its archive, documents and works the works page', () => {
    expect(searchResultHref({ id: 'a b', type: 'client' })).toBe('/dash/client-archive-detail?id=a%20b');
    expect(searchResultHref({ id: 'd1', type: 'document' })).toBe('/dash/my-works/my-works-detail?id=d1');
    expect(searchResultHref({ id: 'w1', type: 'work' })).toBe('/dash/my-works/my-works-detail?id=w1');
  });
});
