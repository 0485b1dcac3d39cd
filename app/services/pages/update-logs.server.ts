import { json, redirect, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import { UPDATE_TYPES, type UpdateType } from '../../../contracts/constants';
import type { UpdateLog } from '../../../contracts/notifications';
import { requireWebSession } from '~/sessions.server';
import { createApiClient } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { markdownExcerpt, renderMarkdown } from './markdown.server';
import { updateLogsHref } from '~/services/navigation';
import { LATEST_UPDATE_LOGS_LIMIT, type LatestUpdateLogs } from '~/services/update-log-service';

/**
 * The update-log pages' loaders (spec §2 system/update-logs and its detail). Spec §8: a failed
 * fetch gives an empty list or null, never an error page; the markdown is rendered and sanitized
 * here, so the browser receives only safe HTML.
 */
const UPDATE_LOGS_PAGE_SIZE = 10;

/** What a list shows of a log: no markdown body, a plain-text excerpt instead. */
export type UpdateLogSummary = Pick<UpdateLog, 'id' | 'version' | 'title' | 'update_type' | 'importance' | 'affected_modules'> & {
  /** When it was published (its creation time if it has no publish time). */
  date: string;
  excerpt: string;
};
/** A log with its content as sanitized HTML. */
export type RenderedUpdateLog = { updateLog: UpdateLog; html: string };

const isUpdateType = (value: string | null): value is UpdateType => UPDATE_TYPES.includes(value as UpdateType);

/** /dash/system/update-logs?update_type=X&page=N: one page of published logs, newest first. */
export async function updateLogsLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const url = new URL(request.url);
  const typeParam = url.searchParams.get('update_type');
  const updateType = isUpdateType(typeParam) ? typeParam : null;
  const requested = Number(url.searchParams.get('page') ?? 1);
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 100_000 ? requested : 1;
  try {
    const result = await createApiClient(request, context, pageName).updateLogs.page({
      page,
      limit: UPDATE_LOGS_PAGE_SIZE,
      updateType: updateType ?? undefined,
    });
    if (result.total > 0 && page > result.totalPages) throw redirect(updateLogsHref(updateType, result.totalPages));
    const logs = result.updateLogs.map((log): UpdateLogSummary => ({
      id: log.id,
      version: log.version,
      title: log.title,
      update_type: log.update_type,
      importance: log.importance,
      affected_modules: log.affected_modules,
      date: log.publish_time ?? log.created_at,
      excerpt: markdownExcerpt(log.content),
    }));
    return { updateType, logs, page: result.page, pageSize: result.pageSize, total: result.total, failed: false };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return { updateType, logs: [] as UpdateLogSummary[], page: 1, pageSize: UPDATE_LOGS_PAGE_SIZE, total: 0, failed: true };
  }
}

/** One published log with its HTML, or null when it does not exist, is not published, or the fetch failed (spec §8). */
export async function loadRenderedUpdateLog(
  request: Request,
  context: AppLoadContext,
  pageName: string,
  id: string,
): Promise<RenderedUpdateLog | null> {
  try {
    const updateLog = await createApiClient(request, context, pageName).updateLogs.detail(id);
    return { updateLog, html: renderMarkdown(updateLog.content) };
  } catch (error) {
    if (error instanceof ApiRequestError) return null;
    throw error;
  }
}

/** /dash/system/update-logs/{id}: null answers 404, and the page says 更新日志不存在. */
export async function updateLogDetailLoader(pageName: string, { request, context, params }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const rendered = await loadRenderedUpdateLog(request, context, pageName, params.id ?? '');
  return json(rendered ?? { updateLog: null, html: null }, { status: rendered ? 200 : 404 });
}

/**
 * GET /resources/update-logs: the newest published logs for 最近更新 (GET /system/update-logs/latest,
 * spec §7), rendered here, and which of them this user has not opened. The browser caches the
 * answer 5 minutes (app/services/update-log-service.ts); a failure is an empty list (spec §8).
 */
export async function latestUpdateLogsLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const headers = { 'Cache-Control': 'private, no-store' };
  try {
    const api = createApiClient(request, context, pageName);
    const latest = await api.updateLogs.latest(LATEST_UPDATE_LOGS_LIMIT);
    const read = new Set(await api.updateLogs.readIds(latest.map((l) => l.id)));
    const answer: LatestUpdateLogs = {
      logs: latest.map((log) => ({
        id: log.id,
        version: log.version,
        title: log.title,
        update_type: log.update_type,
        importance: log.importance,
        publish_time: log.publish_time,
        date: log.publish_time ?? log.created_at,
        html: renderMarkdown(log.content),
      })),
      unread: latest.filter((l) => !read.has(l.id)).map((l) => l.id),
    };
    return json(answer, { headers });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return json({ logs: [], unread: [] } satisfies LatestUpdateLogs, { headers });
  }
}
