import { DRAFT_TYPES, type DraftType } from '~/services/drafts';
import {
  draftKey,
  getItem,
  listKeys,
  MAINTENANCE_INTERVAL_MS,
  maintainLocalStorage,
  onQuotaEviction,
  removeItem,
  sidebarDataKey,
  writeItem,
  type MaintenanceReport,
} from './local-storage.client';

/**
 * Local drafts of the writing pages (spec §3 Draft, §4 Local storage): per user and page type, the
 * editor content under draftKey and the sidebar form data under sidebarDataKey (so logout and the
 * 30-day sidebar rule reach it), with the current client. Everything expires after 7 days.
 */
export type DraftClient = { id: string; name: string };
export type DraftSidebar = Record<string, unknown>;
export type Draft = {
  /** The editor's document as the page saved it (JSON); the page checks its shape. */
  content: unknown;
  sidebar: DraftSidebar | null;
  client: DraftClient | null;
  updatedAt: number;
};
export type DraftInput = {
  content: unknown;
  /** Omitted: the stored sidebar data stays (the editor may save alone); null removes it. */
  sidebar?: DraftSidebar | null;
  /** Omitted: the stored client stays; null clears it. */
  client?: DraftClient | null;
};
export type SaveDraftResult = { ok: true } | { ok: false; reason: 'invalid' | 'quota' | 'unavailable' | 'error' };

/** What sits under draftKey. */
type StoredDraft = { content: unknown; client: DraftClient | null; updatedAt: number };

export const isDraftType = (type: string): type is DraftType => Object.prototype.hasOwnProperty.call(DRAFT_TYPES, type);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asClient = (v: unknown): DraftClient | null =>
  isRecord(v) && typeof v.id === 'string' && typeof v.name === 'string' ? { id: v.id, name: v.name } : null;

// Callers may pass a route param cast to DraftType: check at run time too.
const valid = (userId: string, type: string) => userId !== '' && isDraftType(type);

/** Saves the draft; a full store is maintained and the write retried once. Never throws. */
export function saveDraft(userId: string, type: DraftType, input: DraftInput): SaveDraftResult {
  if (!valid(userId, type)) return { ok: false, reason: 'invalid' };
  const previous = input.client === undefined ? getItem<StoredDraft>(draftKey(userId, type)) : null;
  const client = input.client === undefined ? asClient(previous?.client) : asClient(input.client);
  const stored: StoredDraft = { content: input.content, client, updatedAt: Date.now() };
  const written = writeItem(draftKey(userId, type), stored);
  if (!written.ok) return written;
  if (input.sidebar === null) removeItem(sidebarDataKey(userId, type));
  else if (input.sidebar !== undefined) return writeItem(sidebarDataKey(userId, type), input.sidebar);
  return { ok: true };
}

/** The saved draft, or null when there is none (or it expired, or is unreadable). */
export function loadDraft(userId: string, type: DraftType): Draft | null {
  if (!valid(userId, type)) return null;
  const stored = getItem<StoredDraft>(draftKey(userId, type));
  if (!isRecord(stored) || !('content' in stored)) return null;
  const sidebar = getItem<unknown>(sidebarDataKey(userId, type));
  return {
    content: stored.content,
    sidebar: isRecord(sidebar) ? sidebar : null,
    client: asClient(stored.client),
    updatedAt: typeof stored.updatedAt === 'number' ? stored.updatedAt : 0,
  };
}

export function removeDraft(userId: string, type: DraftType): void {
  removeItem(draftKey(userId, type));
  removeItem(sidebarDataKey(userId, type));
}

/** Which draft types this user has saved now. */
export function draftTypesPresent(userId: string): DraftType[] {
  const keys = new Set(listKeys().map((k) => k.key));
  return (Object.keys(DRAFT_TYPES) as DraftType[]).filter((t) => keys.has(draftKey(userId, t)) && loadDraft(userId, t) !== null);
}

export function clearDrafts(userId: string, types: DraftType[]): void {
  for (const t of types) removeDraft(userId, t);
}

/** This user's draft types among those a maintenance run evicted, oldest first. */
export const evictedDraftTypes = (report: MaintenanceReport, userId: string): DraftType[] => [
  ...new Set(report.evictedDrafts.filter((d) => d.userId === userId).flatMap((d) => (isDraftType(d.type) ? [d.type] : []))),
];

export const draftEvictionNotice = (types: DraftType[]) =>
  `本地存储空间不足，已清除最早的草稿：${types.map((t) => DRAFT_TYPES[t]).join('、')}`;

/**
 * The hourly check (spec §4) while the dashboard is open: maintenance now and every hour. Any quota
 * eviction of this user's drafts (from this timer, a full write, or the app-wide timer) reaches
 * `onEvicted`. Returns the stop function.
 */
export function startDraftMaintenance(userId: string, onEvicted: (types: DraftType[]) => void): () => void {
  const unsubscribe = onQuotaEviction((report) => {
    const types = evictedDraftTypes(report, userId);
    if (types.length > 0) onEvicted(types);
  });
  maintainLocalStorage();
  const timer = setInterval(() => maintainLocalStorage(), MAINTENANCE_INTERVAL_MS);
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
