import type { DraftType } from '~/services/drafts';
import {
  clearDrafts,
  draftEvictionNotice,
  draftTypesPresent,
  loadDraft,
  removeDraft,
  saveDraft,
  startDraftMaintenance,
} from './drafts.client';
import {
  draftKey,
  LAST_LOGIN_PHONE_KEY,
  listKeys,
  MAINTENANCE_INTERVAL_MS,
  maintainLocalStorage,
  onQuotaEviction,
  QUOTA_BYTES,
  QUOTA_RATIO,
  setItem,
  sidebarDataKey,
  usedBytes,
  type MaintenanceReport,
} from './local-storage.client';
import { MemoryStorage } from '~/services/testing/memory-storage';

let store: MemoryStorage;
const useStorage = (s: MemoryStorage) => {
  store = s;
  vi.stubGlobal('window', { localStorage: s });
};

const T0 = new Date('2025-03-01T08:00:00Z').getTime();
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const LIMIT = QUOTA_BYTES * QUOTA_RATIO;
/** A string taking `bytes` bytes as UTF-16. */
const text = (bytes: number) => 'x'.repeat(Math.floor(bytes / 2));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  useStorage(new MemoryStorage());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('drafts: save and load', () => {
  it('round-trips content, sidebar form data and the client, with the save time', () => {
    const content = { blocks: [{ id: 'b1', type: 'paragraph', content: [{ type: 'text', text: '我的动机' }] }] };
    expect(saveDraft('u1', 'ps', { content, sidebar: { school: 'MIT', major: 'CS' }, client: { id: 'c9', name: '张三' } })).toEqual({
      ok: true,
    });
    expect(loadDraft('u1', 'ps')).toEqual({
      content,
      sidebar: { school: 'MIT', major: 'CS' },
      client: { id: 'c9', name: '张三' },
      updatedAt: T0,
    });
    // The sidebar data sits under its own key, so logout and the 30-day rule reach it.
    expect(listKeys().map((k) => k.key)).toEqual([draftKey('u1', 'ps'), sidebarDataKey('u1', 'ps')]);
  });

  it('keeps the stored sidebar and client when a save omits them, and clears them on null', () => {
    saveDraft('u1', 'cv', { content: 'v1', sidebar: { name: 'A' }, client: { id: 'c1', name: '李四' } });
    vi.setSystemTime(T0 + 1000);
    saveDraft('u1', 'cv', { content: 'v2' });
    expect(loadDraft('u1', 'cv')).toEqual({
      content: 'v2',
      sidebar: { name: 'A' },
      client: { id: 'c1', name: '李四' },
      updatedAt: T0 + 1000,
    });
    saveDraft('u1', 'cv', { content: 'v3', sidebar: null, client: null });
    expect(loadDraft('u1', 'cv')).toEqual({ content: 'v3', sidebar: null, client: null, updatedAt: T0 + 1000 });
  });

  it('isolates users and page types', () => {
    saveDraft('u1', 'ps', { content: 'u1 ps', client: { id: 'c1', name: 'A' } });
    saveDraft('u1', 'cv', { content: 'u1 cv' });
    saveDraft('u2', 'ps', { content: 'u2 ps', sidebar: { s: 1 } });
    expect(loadDraft('u1', 'ps')?.content).toBe('u1 ps');
    expect(loadDraft('u1', 'ps')?.sidebar).toBeNull();
    expect(loadDraft('u2', 'ps')).toMatchObject({ content: 'u2 ps', sidebar: { s: 1 }, client: null });
    expect(loadDraft('u2', 'cv')).toBeNull();
    expect(draftTypesPresent('u1')).toEqual(['ps', 'cv']);
    expect(draftTypesPresent('u2')).toEqual(['ps']);

    removeDraft('u1', 'ps');
    expect(loadDraft('u1', 'ps')).toBeNull();
    expect(loadDraft('u2', 'ps')?.content).toBe('u2 ps');
    clearDrafts('u2', ['ps']);
    expect(listKeys().map((k) => k.key)).toEqual([draftKey('u1', 'cv')]);
  });

  it('rejects page types outside DRAFT_TYPES and an empty user id', () => {
    expect(saveDraft('u1', 'essay' as DraftType, { content: 'x' })).toEqual({ ok: false, reason: 'invalid' });
    expect(saveDraft('', 'ps', { content: 'x' })).toEqual({ ok: false, reason: 'invalid' });
    expect(saveDraft('u1', 'toString' as DraftType, { content: 'x' })).toEqual({ ok: false, reason: 'invalid' });
    expect(loadDraft('u1', 'essay' as DraftType)).toBeNull();
    expect(listKeys()).toEqual([]);
  });

  it('expires after 7 days: present at 6 days 23 hours, gone at 7 days', () => {
    saveDraft('u1', 'polish', { content: 'text', sidebar: { tone: 'formal' } });
    vi.setSystemTime(T0 + 6 * DAY + 23 * HOUR);
    expect(loadDraft('u1', 'polish')?.content).toBe('text');
    expect(draftTypesPresent('u1')).toEqual(['polish']);
    vi.setSystemTime(T0 + 7 * DAY);
    expect(loadDraft('u1', 'polish')).toBeNull();
    expect(draftTypesPresent('u1')).toEqual([]);
  });

  it('reports a failure instead of throwing when storage is unavailable or the value cannot be stored', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(saveDraft('u1', 'free', { content: circular })).toEqual({ ok: false, reason: 'error' });
    vi.stubGlobal('window', undefined);
    expect(saveDraft('u1', 'free', { content: 'x' })).toEqual({ ok: false, reason: 'unavailable' });
    expect(loadDraft('u1', 'free')).toBeNull();
  });
});

describe('drafts: full quota', () => {
  it('hourly maintenance evicts the oldest drafts first (with their sidebar data) and reports them; small flags stay', () => {
    useStorage(new MemoryStorage(QUOTA_BYTES));
    // Flags saved before everything else: tiny, so they outlive bigger items.
    setItem(LAST_LOGIN_PHONE_KEY, '13800138000', 30 * DAY);
    setItem('maintenance-shown', { n1: T0 });
    // Ten drafts an hour apart: the three oldest are small, so "largest first" or "soonest expiring" would keep them.
    const order: Array<[string, DraftType, number]> = [
      ['u1', 'free', 100_000],
      ['u2', 'ps', 100_000],
      ['u1', 'recommendation', 100_000],
      ['u1', 'ps', 600_000],
      ['u1', 'cv', 600_000],
      ['u2', 'cv', 600_000],
      ['u1', 'revision', 600_000],
      ['u1', 'polish', 600_000],
      ['u1', 'school_match', 600_000],
      ['u2', 'free', 600_000],
    ];
    order.forEach(([user, type, bytes], i) => {
      vi.setSystemTime(T0 + (i + 1) * HOUR);
      expect(saveDraft(user, type, { content: text(bytes), sidebar: { note: 'n' }, client: { id: 'c', name: '王五' } })).toEqual({
        ok: true,
      });
    });
    // The newest item expires soonest (1 day) and is big: eviction by expiry would pick it first. It
    // brings usage to 150 KB over the 90% mark, so exactly the two oldest small drafts must go.
    vi.setSystemTime(T0 + 11 * HOUR);
    setItem('ai-rate-cache', text(LIMIT + 150_000 - usedBytes()), DAY);
    expect(usedBytes()).toBeGreaterThan(LIMIT);
    expect(usedBytes()).toBeLessThanOrEqual(QUOTA_BYTES);

    const heard: MaintenanceReport[] = [];
    const stop = onQuotaEviction((r) => heard.push(r));
    const report = maintainLocalStorage();
    stop();

    expect(usedBytes()).toBeLessThanOrEqual(LIMIT);
    expect(report.usedBytes).toBe(usedBytes());
    expect(report.evictedDrafts).toEqual([
      { userId: 'u1', type: 'free' },
      { userId: 'u2', type: 'ps' },
    ]);
    expect(report.evicted).toEqual([
      draftKey('u1', 'free'),
      sidebarDataKey('u1', 'free'),
      draftKey('u2', 'ps'),
      sidebarDataKey('u2', 'ps'),
    ]);
    expect(heard).toEqual([report]);
    expect(loadDraft('u1', 'free')).toBeNull();
    expect(loadDraft('u1', 'recommendation')?.client).toEqual({ id: 'c', name: '王五' });
    const keys = listKeys().map((k) => k.key);
    expect(keys).toContain(LAST_LOGIN_PHONE_KEY);
    expect(keys).toContain('maintenance-shown');
    expect(keys).toContain('ai-rate-cache');
    expect(draftTypesPresent('u1')).toEqual(['ps', 'cv', 'recommendation', 'revision', 'polish', 'school_match']);
  });

  it('a write that hits QuotaExceededError runs maintenance, keeps the draft being saved and succeeds on retry', () => {
    useStorage(new MemoryStorage(QUOTA_BYTES));
    saveDraft('u1', 'ps', { content: text(1_000_000), sidebar: { school: 'MIT' } });
    vi.setSystemTime(T0 + HOUR);
    saveDraft('u1', 'cv', { content: text(1_500_000) });
    vi.setSystemTime(T0 + 2 * HOUR);
    saveDraft('u1', 'free', { content: text(1_500_000) });
    // Under the 90% mark, so the hourly check alone would leave everything in place.
    expect(maintainLocalStorage().evicted).toEqual([]);

    const heard: MaintenanceReport[] = [];
    const stop = onQuotaEviction((r) => heard.push(r));
    vi.setSystemTime(T0 + 3 * HOUR);
    // ps is the oldest draft, but it is the one being saved: its old version and sidebar are spared.
    expect(saveDraft('u1', 'ps', { content: text(2_500_000) })).toEqual({ ok: true });
    stop();

    expect(heard).toHaveLength(1);
    expect(heard[0].evictedDrafts).toEqual([{ userId: 'u1', type: 'cv' }]);
    expect(loadDraft('u1', 'ps')).toMatchObject({ sidebar: { school: 'MIT' }, updatedAt: T0 + 3 * HOUR });
    expect(loadDraft('u1', 'cv')).toBeNull();
    expect(loadDraft('u1', 'free')).not.toBeNull();
    expect(store.bytes).toBeLessThanOrEqual(LIMIT);
  });

  it('reports quota when even an emptied store cannot take the draft', () => {
    useStorage(new MemoryStorage(QUOTA_BYTES));
    saveDraft('u1', 'cv', { content: 'old' });
    expect(saveDraft('u1', 'ps', { content: text(QUOTA_BYTES + 10) })).toEqual({ ok: false, reason: 'quota' });
    expect(loadDraft('u1', 'ps')).toBeNull();
  });

  it('the notice names the evicted page types in Chinese', () => {
    expect(draftEvictionNotice(['ps', 'recommendation'])).toBe('本地存储空间不足，已清除最早的草稿：PS / SOP、推荐信');
  });
});

describe('drafts: hourly check', () => {
  it('runs maintenance at start and every hour, and reports only this user’s evicted drafts', () => {
    setItem('short-lived', 'x', 30 * 60_000);
    const evicted: DraftType[][] = [];
    const stop = startDraftMaintenance('u1', (types) => evicted.push(types));
    expect(store.getItem('lx:short-lived')).not.toBeNull();

    // Fill past 90%: u2's draft is the oldest, then u1's recommendation, PS and CV.
    saveDraft('u2', 'cv', { content: text(300_000) });
    vi.advanceTimersByTime(HOUR / 4);
    saveDraft('u1', 'recommendation', { content: text(1_600_000) });
    vi.advanceTimersByTime(HOUR / 4);
    saveDraft('u1', 'ps', { content: text(1_600_000) });
    vi.advanceTimersByTime(HOUR / 4);
    saveDraft('u1', 'cv', { content: text(1_600_000) });
    vi.advanceTimersByTime(HOUR / 4 - 1);
    expect(evicted).toEqual([]);
    // The expired item is still in the raw store: nothing has swept it yet.
    expect(store.getItem('lx:short-lived')).not.toBeNull();

    vi.advanceTimersByTime(1);
    expect(store.getItem('lx:short-lived')).toBeNull();
    expect(usedBytes()).toBeLessThanOrEqual(LIMIT);
    expect(evicted).toEqual([['recommendation']]);
    expect(loadDraft('u2', 'cv')).toBeNull();

    // Stopped: over the mark again, an hour later nothing has run.
    stop();
    saveDraft('u1', 'free', { content: text(2_000_000) });
    vi.advanceTimersByTime(MAINTENANCE_INTERVAL_MS);
    expect(usedBytes()).toBeGreaterThan(LIMIT);
    expect(evicted).toEqual([['recommendation']]);
  });
});
