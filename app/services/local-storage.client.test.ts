import {
  draftKey,
  getItem,
  LAST_LOGIN_PHONE_KEY,
  listKeys,
  maintainLocalStorage,
  QUOTA_BYTES,
  setItem,
  sidebarDataKey,
  wipeOnLogout,
} from './local-storage.client';

/** A Map-backed Storage, enough for the module (tests run in Node, not a browser). */
class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}

beforeEach(() => {
  vi.stubGlobal('window', { localStorage: new MemoryStorage() });
});
afterEach(() => vi.unstubAllGlobals());

const DAY = 24 * 3600_000;

describe('local storage', () => {
  it('expires items after 7 days by default', () => {
    setItem('x', { a: 1 });
    expect(getItem('x')).toEqual({ a: 1 });
    vi.setSystemTime(Date.now() + 7 * DAY + 1000);
    expect(getItem('x')).toBeNull();
    vi.useRealTimers();
  });

  it('logout wipes drafts and sidebar data but keeps the last login phone and other keys', () => {
    setItem(draftKey('u1', 'ps'), { content: 'draft' });
    setItem(sidebarDataKey('u1', 'ps'), { school: 'MIT' });
    setItem(draftKey('u2', 'cv'), { content: 'other' });
    setItem(LAST_LOGIN_PHONE_KEY, '13800138000');
    setItem('maintenance-shown', ['n1']);
    expect(wipeOnLogout()).toBe(3);
    expect(
      listKeys()
        .map((k) => k.key)
        .sort(),
    ).toEqual([LAST_LOGIN_PHONE_KEY, 'maintenance-shown']);
  });

  it('hourly maintenance drops sidebar data older than 30 days and enforces the quota', () => {
    setItem(sidebarDataKey('u1', 'ps'), { school: 'MIT' }, 60 * DAY);
    setItem(draftKey('u1', 'ps'), { content: 'keep' }, 60 * DAY);
    maintainLocalStorage(Date.now() + 31 * DAY);
    expect(listKeys().map((k) => k.key)).toEqual([draftKey('u1', 'ps')]);

    // Over 90% of 5 MB: the soonest-expiring items go first.
    const big = 'x'.repeat(Math.floor(QUOTA_BYTES / 2 / 2)); // ~2.5 MB as UTF-16
    setItem('soon', big, 1 * DAY);
    setItem('later', big, 5 * DAY);
    maintainLocalStorage();
    const keys = listKeys().map((k) => k.key);
    expect(keys).not.toContain('soon');
    expect(keys).toContain('later');
  });
});
