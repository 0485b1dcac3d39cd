import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { activeNotices, FRESH_MAX_AGE_MS, maintenanceNotices, NOTICES_CACHE_MS } from '~/services/pages/notices.server';

/**
 * GET /resources/maintenance-status: the maintenance notices (upcoming and in force) for the
 * browser's maintenance monitor, signed in or not. Polls may get an answer up to 3 s old;
 * `?fresh=1` (asked 1–4 s after a push, 5 s after a reconnect) one up to 1 s old, which was read
 * after the change (see notices.server.ts). A failure is a 503 (or the API's 404),
 * which the monitor ignores (or pauses on), keeping the last known status.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const fresh = new URL(request.url).searchParams.has('fresh');
  const maxAgeMs = fresh ? FRESH_MAX_AGE_MS : NOTICES_CACHE_MS;
  const { notices, failure } = await activeNotices(request, context, '维护状态', { maxAgeMs });
  const headers = { 'Cache-Control': 'no-store' };
  if (failure) return json({ message: failure.message }, { status: failure.status === 404 ? 404 : 503, headers });
  return json({ notices: maintenanceNotices(notices) }, { headers });
}
