/**
 * Local storage with expiry (spec §4): items expire after 7 days unless told otherwise, and the
 * store is kept under 90% of a 5 MB quota by dropping the oldest expiring items first.
 */
export const DEFAULT_TTL_MS = 7 * 24 * 3600_000;
export const QUOTA_BYTES = 5 * 1024 * 1024;
export const QUOTA_RATIO = 0.9;
const PREFIX = 'lx:';

type Stored<T> = { v: T; savedAt: number; expiresAt: number };

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

export function setItem<T>(key: string, value: T, ttlMs = DEFAULT_TTL_MS): boolean {
  const s = storage();
  if (!s) return false;
  const now = Date.now();
  try {
    s.setItem(PREFIX + key, JSON.stringify({ v: value, savedAt: now, expiresAt: now + ttlMs } satisfies Stored<T>));
    return true;
  } catch {
    maintainLocalStorage();
    return false;
  }
}

export function getItem<T>(key: string): T | null {
  const s = storage();
  const raw = s?.getItem(PREFIX + key);
  if (!s || !raw) return null;
  try {
    const item = JSON.parse(raw) as Stored<T>;
    if (item.expiresAt <= Date.now()) {
      s.removeItem(PREFIX + key);
      return null;
    }
    return item.v;
  } catch {
    s.removeItem(PREFIX + key);
    return null;
  }
}

export const removeItem = (key: string) => storage()?.removeItem(PREFIX + key);

/** Our keys (without prefix) with their save time, for sweeps. */
export function listKeys(): Array<{ key: string; savedAt: number; expiresAt: number; bytes: number }> {
  const s = storage();
  if (!s) return [];
  const out = [];
  for (let i = 0; i < s.length; i++) {
    const full = s.key(i);
    if (!full?.startsWith(PREFIX)) continue;
    const raw = s.getItem(full) ?? '';
    try {
      const { savedAt, expiresAt } = JSON.parse(raw) as Stored<unknown>;
      out.push({ key: full.slice(PREFIX.length), savedAt, expiresAt, bytes: (full.length + raw.length) * 2 });
    } catch {
      out.push({ key: full.slice(PREFIX.length), savedAt: 0, expiresAt: 0, bytes: (full.length + raw.length) * 2 });
    }
  }
  return out;
}

export const MAINTENANCE_INTERVAL_MS = 3600_000;

/**
 * Run hourly and when a write fails: drops expired items and sidebar data older than 30 days,
 * then the soonest-expiring items until usage is under 90% of the 5 MB quota.
 */
export function maintainLocalStorage(now = Date.now()): void {
  const items = listKeys();
  for (const item of items) {
    const staleSidebar = item.key.startsWith(SIDEBAR_DATA_PREFIX) && now - item.savedAt > SIDEBAR_STALE_MS;
    if (item.expiresAt <= now || staleSidebar) {
      removeItem(item.key);
      item.expiresAt = 0;
    }
  }
  let used = items.filter((i) => i.expiresAt > now).reduce((sum, i) => sum + i.bytes, 0);
  for (const item of items.filter((i) => i.expiresAt > now).sort((a, b) => a.expiresAt - b.expiresAt)) {
    if (used <= QUOTA_BYTES * QUOTA_RATIO) break;
    removeItem(item.key);
    used -= item.bytes;
  }
}

export const LAST_LOGIN_PHONE_KEY = 'last-login-phone';
const SIDEBAR_DATA_PREFIX = 'sidebar:';
const DRAFT_PREFIX = 'draft:';
const SIDEBAR_STALE_MS = 30 * 24 * 3600_000;

/**
 * Logout (spec §4): drafts and sidebar data go, whoever they belong to; the last login phone and
 * other keys (notices already shown, flags) stay. Sidebar data is never kept past 30 days either.
 */
export function wipeOnLogout(): number {
  let removed = 0;
  for (const item of listKeys()) {
    if (item.key.startsWith(DRAFT_PREFIX) || item.key.startsWith(SIDEBAR_DATA_PREFIX)) {
      removeItem(item.key);
      removed++;
    }
  }
  return removed;
}

export const draftKey = (userId: string, type: string) => `${DRAFT_PREFIX}${userId}:${type}`;
export const sidebarDataKey = (userId: string, type: string) => `${SIDEBAR_DATA_PREFIX}${userId}:${type}`;
