/**
 * The announcement queue and banner of spec §4, as pure rules (browser-safe: types only from the
 * contracts, no zod). The React side is app/components/notices/*.
 */
import { isUrgentNotification, type DismissalSurface } from '../../contracts/constants';
import { linkTarget, type LinkTarget } from '../../contracts/links';
import type { DismissalRecordDto, SystemNotification, UpdateLog } from '../../contracts/notifications';

/**
 * A notice as the shell loader hands it to the browser (GET /system/notifications/active/list):
 * an UPDATE notice's update log comes with its markdown already rendered and sanitised on the
 * server (app/services/pages/markdown.server.ts), never as markdown for the browser to render.
 */
export type NoticeUpdateLog = Pick<UpdateLog, 'id' | 'version' | 'title' | 'update_type' | 'importance' | 'publish_time'> & {
  html: string;
};
export type Notice = Omit<SystemNotification, 'updateLog'> & { updateLog: NoticeUpdateLog | null };

/** Spec §9: announcements cached 5 min, rotated every 8 s; toasts close after 4.5 s; update-log modal after 500 ms. */
export const NOTICE_TIMING = { cacheMs: 5 * 60_000, rotateMs: 8000, toastMs: 4500, updateLogDelayMs: 500 };

/**
 * Where a notice goes: maintenance notices to the maintenance banner and modal (not the queue);
 * an UPDATE notice with a published update log to the update-log modal; urgent ones (importance
 * 3 or more, need_confirmation, type ANNOUNCEMENT) to the announcement modal; the rest to a toast.
 */
export type NoticeRoute = 'maintenance' | 'update-log' | 'modal' | 'toast';
export function noticeRoute(n: Pick<Notice, 'type' | 'importance' | 'need_confirmation' | 'updateLog'>): NoticeRoute {
  if (n.type === 'MAINTENANCE') return 'maintenance';
  if (n.type === 'UPDATE' && n.updateLog) return 'update-log';
  return isUrgentNotification(n) ? 'modal' : 'toast';
}

/**
 * Spec §4: non-announcement items also show a toast; an urgent one (importance 3, need_confirmation)
 * as well as its modal. Not announcements (the modal and the banner), maintenance (its own banner)
 * or an update log (its modal).
 */
export function showsToast(n: Pick<Notice, 'type' | 'importance' | 'need_confirmation' | 'updateLog'>): boolean {
  const route = noticeRoute(n);
  return n.type !== 'ANNOUNCEMENT' && (route === 'toast' || route === 'modal');
}

/** A toast's look and life: errors stay until closed, the others close after 4.5 s. */
export function noticeToast(n: Pick<Notice, 'type'>): { type: 'error' | 'warning' | 'success' | 'info'; duration: number } {
  if (n.type === 'ERROR') return { type: 'error', duration: Infinity };
  const type = n.type === 'WARNING' ? 'warning' : n.type === 'SUCCESS' ? 'success' : 'info';
  return { type, duration: NOTICE_TIMING.toastMs };
}

/** One version of a notice: an edit (a new updated_at) is a new version, shown again. */
export const noticeVersion = (n: Pick<Notice, 'id' | 'updated_at'>) => `${n.id}@${n.updated_at}`;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;
const SHOWN_LIMIT = 200;

/**
 * The versions already shown in this tab's session (sessionStorage), so a revalidation or a
 * reload does not open the same modal or toast again. Without storage it remembers in memory.
 */
export class ShownNotices {
  private memory: string[] = [];
  constructor(
    private readonly storage: KeyValueStorage | null,
    private readonly key = 'lx:notices-shown',
  ) {}

  private read(): string[] {
    if (!this.storage) return this.memory;
    try {
      const list = JSON.parse(this.storage.getItem(this.key) ?? '[]') as unknown;
      return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  }

  has(n: Pick<Notice, 'id' | 'updated_at'>): boolean {
    return this.read().includes(noticeVersion(n));
  }

  mark(n: Pick<Notice, 'id' | 'updated_at'>): void {
    const version = noticeVersion(n);
    const list = this.read().filter((v) => v !== version);
    list.push(version);
    const kept = list.slice(-SHOWN_LIMIT);
    this.memory = kept;
    try {
      this.storage?.setItem(this.key, JSON.stringify(kept));
    } catch {
      // A full or blocked storage: the memory copy still prevents repeats in this page.
    }
  }
}

/**
 * Spec §3 dismissal record: which notice, when, and the version that was dismissed. Kept for the
 * user on the server (GET/POST /api/v1/system/notifications/dismissals, …/{id}/dismiss), so a
 * notice closed in one tab does not open again in the next (issue 28).
 */
export type DismissalRecord = DismissalRecordDto;

/**
 * Dismissed on that surface, unless the notice was edited after the dismissed version. The urgent
 * modal stays closed once either was dismissed (a closed banner's notice was seen); the banner
 * only by its own ✕ (the modal read, the banner still reminds).
 */
export function isDismissed(records: DismissalRecord[], n: Pick<Notice, 'id' | 'updated_at'>, surface: DismissalSurface): boolean {
  const at = Date.parse(n.updated_at);
  return records.some((r) => r.id === n.id && (surface === 'modal' || r.surface === surface) && at <= Date.parse(r.announcementUpdatedAt));
}

/** The banner's announcements: active ANNOUNCEMENT notices not dismissed in their current version. */
export function visibleAnnouncements<N extends Pick<Notice, 'id' | 'type' | 'updated_at'>>(notices: N[], records: DismissalRecord[]): N[] {
  return notices.filter((n) => n.type === 'ANNOUNCEMENT' && !isDismissed(records, n, 'banner'));
}

/** Records after dismissing `n` on `surface` now: that record replaced. */
export function withDismissal(
  records: DismissalRecord[],
  n: Pick<Notice, 'id' | 'updated_at'>,
  surface: DismissalSurface,
  now = Date.now(),
): DismissalRecord[] {
  return [
    ...records.filter((r) => r.id !== n.id || r.surface !== surface),
    { id: n.id, surface, dismissedAt: new Date(now).toISOString(), announcementUpdatedAt: n.updated_at },
  ];
}

/** The server's records with this page's own (a dismissal not yet confirmed): per notice and surface, the later version wins. */
export function mergeDismissals(server: DismissalRecord[], local: DismissalRecord[]): DismissalRecord[] {
  const key = (r: DismissalRecord) => `${r.id}:${r.surface}`;
  const byKey = new Map(server.map((r) => [key(r), r]));
  for (const r of local) {
    const known = byKey.get(key(r));
    if (!known || Date.parse(r.announcementUpdatedAt) > Date.parse(known.announcementUpdatedAt)) byKey.set(key(r), r);
  }
  return [...byKey.values()];
}

/**
 * A notice's redirect_url as a link: same-site paths stay in the app (a Remix Link), http(s)
 * links open in a new tab; anything else none. The API refuses the rest when a notice is saved;
 * the browser checks again with the same rule (contracts/links.ts), for notices saved before it.
 */
export const noticeLink = (url: string | null | undefined): LinkTarget | null => linkTarget(url);
