import { redirect, type AppLoadContext } from '@remix-run/node';
import type { SystemNotification } from '../../../contracts/notifications';
import { createApiClient } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { currentNotice, isMaintenanceExempt, maintenancePhase } from '~/services/maintenance';
import { renderMarkdown } from './markdown.server';
import type { DismissalRecord, Notice } from '~/services/notices';

/**
 * The active notices for pages (announcements, other notices, maintenance notices before and during
 * maintenance), and the server's half of the maintenance redirect (spec §4), so a browser without
 * JavaScript lands on /maintenance too.
 *
 * The answer is shared by every visitor of this process (the list is public). Opening a page (a
 * document request) may use one up to 3 s old: SSR stays one API call cheaper. A browser's data
 * requests (a revalidation after a socket push, a client navigation) may use one up to 1 s old
 * only: browsers wait at least that long after a push (PUSH_SPREAD in realtime-events.ts), so
 * the list they get was read after the change the push announced, and a push to every open tab
 * costs this process about one API call a second instead of one per tab.
 *
 * When the API runs in this process (the default), every notice event on the bus starts a fresh
 * entry (WebLoadContext.noticesVersion): a page opened just after a publish, too late for its push,
 * still shows it. A web process without the bus keeps the 3 s bound.
 */
export const NOTICES_CACHE_MS = 3000;
export const FRESH_MAX_AGE_MS = 1000;

const cache = new Map<string, { at: number; notices: Notice[] }>();

/** A page opened, reloaded or followed from a link, rather than a fetch made by the page's script. */
const isDocumentRequest = (request: Request) => request.headers.get('Sec-Fetch-Mode') === 'navigate';

/** What the browser receives: an update log's markdown only as sanitised HTML. */
function forBrowser(n: SystemNotification): Notice {
  const log = n.updateLog;
  return {
    ...n,
    updateLog: log && {
      id: log.id,
      version: log.version,
      title: log.title,
      update_type: log.update_type,
      importance: log.importance,
      publish_time: log.publish_time,
      html: renderMarkdown(log.content),
    },
  };
}

/** `failure`: the API could not be asked (the list is then empty, and not to be taken as "no maintenance"). */
export type LoadedNotices = { notices: Notice[]; cached: boolean; failure: ApiRequestError | null };

/**
 * Every active notice, from an answer at most `maxAgeMs` old (0 asks the API; unset: 3 s for page
 * loads, 1 s for data requests). A failure gives an empty list with the failure (spec §8:
 * maintenance check failures are ignored, and a page must not fail for its notices).
 */
export async function activeNotices(
  request: Request,
  context: AppLoadContext,
  pageName: string,
  options: { maxAgeMs?: number } = {},
): Promise<LoadedNotices> {
  // A notice heard of on the bus starts a new entry (see WebLoadContext.noticesVersion).
  const key = `${context.apiUrl}#${context.noticesVersion}`;
  const hit = cache.get(key);
  const maxAge = options.maxAgeMs ?? (isDocumentRequest(request) ? NOTICES_CACHE_MS : FRESH_MAX_AGE_MS);
  if (hit && Date.now() - hit.at < maxAge) return { notices: hit.notices, cached: true, failure: null };
  try {
    const notices = (await createApiClient(request, context, pageName).system.activeNotifications()).map(forBrowser);
    cache.clear();
    cache.set(key, { at: Date.now(), notices });
    return { notices, cached: false, failure: null };
  } catch (error) {
    if (error instanceof ApiRequestError) return { notices: [], cached: false, failure: error };
    throw error;
  }
}

export const maintenanceNotices = (notices: Notice[]) => notices.filter((n) => n.type === 'MAINTENANCE');

/** The maintenance in force now (published, started, not ended), if any. */
export const maintenanceInForce = (notices: Notice[], now = Date.now()) => {
  const notice = currentNotice(maintenanceNotices(notices), now);
  return maintenancePhase(notice, now) === 'active' ? notice : null;
};

/**
 * Sends a signed-in page to /maintenance?from=<path> while maintenance is in force. Administrators
 * stay (the operator must reach the console to end it); /, /maintenance and below are exempt. A
 * cached answer that says "in maintenance" is checked again first, so nobody is sent away after
 * maintenance has ended.
 */
export async function redirectDuringMaintenance(
  request: Request,
  context: AppLoadContext,
  pageName: string,
  loaded: LoadedNotices,
  options: { isAdmin: boolean },
): Promise<LoadedNotices> {
  const url = new URL(request.url);
  if (options.isAdmin || isMaintenanceExempt(url.pathname) || !maintenanceInForce(loaded.notices)) return loaded;
  const current = loaded.cached ? await activeNotices(request, context, pageName, { maxAgeMs: 0 }) : loaded;
  if (!maintenanceInForce(current.notices)) return current;
  throw redirect(`/maintenance?from=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}

/**
 * The signed-in user's dismissals (issue 28: kept on the server, so a notice closed in one tab does
 * not open again in the next). Asked only when some notice could be dismissed; a failure gives
 * none (the notices then show, as they would to a new tab: never an error page for them).
 */
export async function userDismissals(
  request: Request,
  context: AppLoadContext,
  pageName: string,
  notices: Notice[],
): Promise<DismissalRecord[]> {
  if (!notices.some((n) => n.type !== 'MAINTENANCE')) return [];
  try {
    return await createApiClient(request, context, pageName).system.dismissals();
  } catch (error) {
    if (error instanceof ApiRequestError) return [];
    throw error;
  }
}
