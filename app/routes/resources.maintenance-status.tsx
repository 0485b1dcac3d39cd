import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { activeNotices, maintenanceNotices } from '~/services/notices.server';

/**
 * GET /resources/maintenance-status: the maintenance notices (upcoming and in force) for the
 * browser's maintenance monitor, signed in or not. Polls may get an answer up to 3 s old;
 * `?fresh=1` (after a push or a reconnect) asks the API. A failure is a 503 (or the API's 404),
 * which the monitor ignores (or pauses on), keeping the last known status.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const fresh = new URL(request.url).searchParams.has('fresh');
  const { notices, failure } = await activeNotices(request, context, '维护状态', { fresh });
  const headers = { 'Cache-Control': 'no-store' };
  if (failure) return json({ message: failure.message }, { status: failure.status === 404 ? 404 : 503, headers });
  return json({ notices: maintenanceNotices(notices) }, { headers });
}
