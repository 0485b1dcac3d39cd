/**
 * Local storage with expiry (spec §4): items expire after 7 days unless told otherwise, and the
 * store is kept under 90% of a 5 MB quota by dropping the oldest items first.
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

/** Bytes an entry takes, counted as UTF-16 like the browsers' quota. */
const entryBytes = (fullKey: string, raw: string) => (fullKey.length + raw.length) * 2;

/** Chrome/Safari throw QuotaExceededError (code 22); Firefox NS_ERROR_DOM_QUOTA_REACHED (code 1014). */
export function isQuotaError(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { name, code } = e as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

export type WriteResult = { ok: true } | { ok: false; reason: 'unavailable' | 'quota' | 'error' };

/**
 * Writes an item; when the store is full, runs maintenance (making room for this item, never
 * evicting it or its draft) and retries once. Never throws.
 */
export function writeItem<T>(key: string, value: T, ttlMs = DEFAULT_TTL_MS): WriteResult {
  const s = storage();
  if (!s) return { ok: false, reason: 'unavailable' };
  const now = Date.now();
  let raw: string;
  try {
    raw = JSON.stringify({ v: value, savedAt: now, expiresAt: now + ttlMs } satisfies Stored<T>);
  } catch {
    return { ok: false, reason: 'error' };
  }
  const full = PREFIX + key;
  const attempt = (): WriteResult => {
    try {
      s.setItem(full, raw);
      return { ok: true };
    } catch (e) {
      return { ok: false, reason: isQuotaError(e) ? 'quota' : 'error' };
    }
  };
  const first = attempt();
  if (first.ok || first.reason !== 'quota') return first;
  // Room for what this write adds: the old value it replaces is spared, so only the growth counts.
  const previous = s.getItem(full);
  const growth = entryBytes(full, raw) - (previous === null ? 0 : entryBytes(full, previous));
  maintainLocalStorage(now, { spare: [key], reserveBytes: Math.max(0, growth) });
  return attempt();
}

export const setItem = <T>(key: string, value: T, ttlMs = DEFAULT_TTL_MS): boolean => writeItem(key, value, ttlMs).ok;

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
      out.push({ key: full.slice(PREFIX.length), savedAt, expiresAt, bytes: entryBytes(full, raw) });
    } catch {
      out.push({ key: full.slice(PREFIX.length), savedAt: 0, expiresAt: 0, bytes: entryBytes(full, raw) });
    }
  }
  return out;
}

/** Bytes our items take now. */
export const usedBytes = () => listKeys().reduce((sum, i) => sum + i.bytes, 0);

export const MAINTENANCE_INTERVAL_MS = 3600_000;
/** Flags (shown notices, dismissals, the last login phone) are this small; they go only after every bigger item. */
export const SMALL_ITEM_BYTES = 1024;

export type MaintenanceReport = {
  /** Keys dropped because they expired (or stale sidebar data). */
  expired: string[];
  /** Keys dropped to get back under the quota, oldest first. */
  evicted: string[];
  /** Drafts among `evicted` (content or sidebar data), oldest first, one entry per draft. */
  evictedDrafts: Array<{ userId: string; type: string }>;
  usedBytes: number;
};

type EvictionListener = (report: MaintenanceReport) => void;
const evictionListeners = new Set<EvictionListener>();

/** Hears every quota eviction, whoever ran maintenance (the hourly timer, a full write). */
export function onQuotaEviction(listener: EvictionListener): () => void {
  evictionListeners.add(listener);
  return () => evictionListeners.delete(listener);
}

/** `draft:U:T` and `sidebar:U:T` -> U and T (user ids may hold colons, types never do). */
export function parseDraftKey(key: string): { userId: string; type: string; part: 'draft' | 'sidebar' } | null {
  const part = key.startsWith(DRAFT_PREFIX) ? 'draft' : key.startsWith(SIDEBAR_DATA_PREFIX) ? 'sidebar' : null;
  if (!part) return null;
  const rest = key.slice(part === 'draft' ? DRAFT_PREFIX.length : SIDEBAR_DATA_PREFIX.length);
  const cut = rest.lastIndexOf(':');
  return cut > 0 ? { userId: rest.slice(0, cut), type: rest.slice(cut + 1), part } : null;
}

/**
 * Run hourly and when a write fails: drops expired items and sidebar data older than 30 days, then,
 * while usage (plus `reserveBytes` about to be written) is over 90% of the 5 MB quota, the oldest
 * items by save time. A draft's content and sidebar data go together. Small flags go only after
 * every bigger item (dropping them frees nothing and re-shows notices), and the last login phone
 * never goes for quota. `spare` keys (an item being written) and their draft are kept.
 */
export function maintainLocalStorage(
  now = Date.now(),
  { spare = [], reserveBytes = 0 }: { spare?: readonly string[]; reserveBytes?: number } = {},
): MaintenanceReport {
  const report: MaintenanceReport = { expired: [], evicted: [], evictedDrafts: [], usedBytes: 0 };
  const live = [];
  for (const item of listKeys()) {
    const staleSidebar = item.key.startsWith(SIDEBAR_DATA_PREFIX) && now - item.savedAt > SIDEBAR_STALE_MS;
    if (item.expiresAt <= now || staleSidebar) {
      removeItem(item.key);
      report.expired.push(item.key);
    } else live.push(item);
  }
  let used = live.reduce((sum, i) => sum + i.bytes, 0);

  // Eviction units: a draft with its sidebar data, or one key. Ordered by last save, ties by expiry.
  const unitOf = (key: string) => {
    const d = parseDraftKey(key);
    return d ? `\0draft:${d.userId}:${d.type}` : key;
  };
  const units = new Map<string, { keys: string[]; savedAt: number; expiresAt: number; bytes: number }>();
  for (const item of live) {
    const id = unitOf(item.key);
    const unit = units.get(id) ?? { keys: [], savedAt: 0, expiresAt: Infinity, bytes: 0 };
    unit.keys.push(item.key);
    unit.savedAt = Math.max(unit.savedAt, item.savedAt);
    unit.expiresAt = Math.min(unit.expiresAt, item.expiresAt);
    unit.bytes += item.bytes;
    units.set(id, unit);
  }
  const spared = new Set([...spare.map(unitOf), LAST_LOGIN_PHONE_KEY]);
  const candidates = [...units.entries()]
    .filter(([id]) => !spared.has(id))
    .map(([, unit]) => unit)
    .sort(
      (a, b) =>
        Number(a.bytes < SMALL_ITEM_BYTES) - Number(b.bytes < SMALL_ITEM_BYTES) || a.savedAt - b.savedAt || a.expiresAt - b.expiresAt,
    );

  const limit = QUOTA_BYTES * QUOTA_RATIO;
  for (const unit of candidates) {
    if (used + reserveBytes <= limit) break;
    for (const key of unit.keys) {
      removeItem(key);
      report.evicted.push(key);
    }
    used -= unit.bytes;
    const draft = unit.keys.map(parseDraftKey).find((d) => d !== null);
    if (draft) report.evictedDrafts.push({ userId: draft.userId, type: draft.type });
  }
  report.usedBytes = used;
  if (report.evicted.length > 0) for (const listener of [...evictionListeners]) listener(report);
  return report;
}

export const LAST_LOGIN_PHONE_KEY = 'last-login-phone';
const SIDEBAR_DATA_PREFIX = 'sidebar:';
const DRAFT_PREFIX = 'draft:';
/** The AI rate cache (ai-rate-cache.client.ts) keeps checked texts: they go at logout too. */
export const AI_RATE_PREFIX = 'ai-rate:';
const SIDEBAR_STALE_MS = 30 * 24 * 3600_000;
/** The page analytics' session (analytics.client.ts): it ends at logout, so whoever logs in next starts their own. */
export const ANALYTICS_SESSION_KEY = 'analytics-session';

/**
 * Logout (spec §4): drafts, sidebar data and cached AI rates (they hold the checked text) go,
 * whoever they belong to, and the analytics session; the last login phone and
 * other keys (notices already shown, flags) stay. Sidebar data is never kept past 30 days either.
 */
export function wipeOnLogout(): number {
  let removed = 0;
  for (const item of listKeys()) {
    const wiped = [DRAFT_PREFIX, SIDEBAR_DATA_PREFIX, AI_RATE_PREFIX].some((prefix) => item.key.startsWith(prefix));
    if (wiped || item.key === ANALYTICS_SESSION_KEY) {
      removeItem(item.key);
      removed++;
    }
  }
  return removed;
}

export const draftKey = (userId: string, type: string) => `${DRAFT_PREFIX}${userId}:${type}`;
export const sidebarDataKey = (userId: string, type: string) => `${SIDEBAR_DATA_PREFIX}${userId}:${type}`;
