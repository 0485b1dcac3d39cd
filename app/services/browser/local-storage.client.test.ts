import {
  draftKey,
  getItem,
  isQuotaError,
  LAST_LOGIN_PHONE_KEY,
  listKeys,
  maintainLocalStorage,
  parseDraftKey,
  QUOTA_BYTES,
  setItem,
  sidebarDataKey,
  wipeOnLogout,
  ANALYTICS_SESSION_KEY,
  writeItem,
} from './local-storage.client';
import { MemoryStorage } from '~/services/testing/memory-storage';

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

  it('logout wipes drafts, sidebar data and the analytics session but keeps the last login phone and other keys', () => {
    setItem(ANALYTICS_SESSION_KEY, { id: 'a1', startedAt: Date.now() });
    setItem(draftKey('u1', 'ps'), { content: 'draft' });
    setItem(sidebarDataKey('u1', 'ps'), { school: 'MIT' });
    setItem(draftKey('u2', 'cv'), { content: 'other' });
    setItem(LAST_LOGIN_PHONE_KEY, '13800138000');
    setItem('maintenance-shown', ['n1']);
    expect(wipeOnLogout()).toBe(4);
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

    // Over 90% of 5 MB: the oldest saved go first, whatever their expiry; at the same save time, the soonest expiring.
    const big = 'x'.repeat(Math.floor(QUOTA_BYTES / 2 / 2)); // ~2.5 MB as UTF-16
    const start = Date.now();
    setItem('old-long', big, 5 * DAY);
    vi.setSystemTime(start + 3600_000);
    setItem('new-short', big, 1 * DAY);
    let report = maintainLocalStorage();
    expect(report.evicted).toEqual(['old-long']);
    expect(report.evictedDrafts).toEqual([]);
    setItem('soon', big, 1 * DAY);
    setItem('later', big, 5 * DAY);
    report = maintainLocalStorage();
    expect(report.evicted).toEqual(['new-short', 'soon']);
    expect(listKeys().map((k) => k.key)).toEqual([draftKey('u1', 'ps'), 'later']);
    vi.useRealTimers();
  });

  it('a write refused for quota runs maintenance and retries once; other errors are reported, not thrown', () => {
    const big = 'x'.repeat(Math.floor(QUOTA_BYTES / 2 / 2));
    const s = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: s });
    setItem('old', big);
    let full = true;
    const put = s.setItem.bind(s);
    s.setItem = (k, v) => {
      if (full && k === 'lx:new') throw new DOMException('full', 'QuotaExceededError');
      put(k, v);
    };
    // The write needs 2.5 MB more: maintenance makes room by evicting 'old', then the retry is refused again.
    expect(writeItem('new', big)).toEqual({ ok: false, reason: 'quota' });
    expect(listKeys()).toEqual([]);
    full = false;
    expect(setItem('new', big)).toBe(true);
    s.setItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(writeItem('other', 1)).toEqual({ ok: false, reason: 'error' });
  });

  it('recognises quota errors across browsers and parses draft keys whose user id holds colons', () => {
    expect(isQuotaError(new DOMException('x', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED', code: 1014 })).toBe(true);
    expect(isQuotaError(new Error('boom'))).toBe(false);
    expect(parseDraftKey(draftKey('wx:abc', 'school_match'))).toEqual({ userId: 'wx:abc', type: 'school_match', part: 'draft' });
    expect(parseDraftKey(sidebarDataKey('u1', 'ps'))).toEqual({ userId: 'u1', type: 'ps', part: 'sidebar' });
    expect(parseDraftKey(LAST_LOGIN_PHONE_KEY)).toBeNull();
  });
});
