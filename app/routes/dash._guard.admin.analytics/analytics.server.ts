import type { LoaderFunctionArgs } from '@remix-run/node';
import { analyticsSessionIdSchema } from '../../../contracts/analytics';
import { ANALYTICS_RANGE_DAYS } from '../../../contracts/analytics-constants';
import { orRouteError } from '~/services/api/client.server';
import { requireAdmin } from '~/services/pages/admin-guard.server';

export const DEFAULT_DAYS = 7;

/**
 * /dash/admin/analytics?days=N&session=ID: the summary over one of the offered ranges (another
 * reads as 7 days) and, when asked, one session's events (会话明细).
 */
export async function analyticsSummaryLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  const api = await requireAdmin(request, context, pageName);
  const params = new URL(request.url).searchParams;
  const asked = Number(params.get('days'));
  const days = (ANALYTICS_RANGE_DAYS as readonly number[]).includes(asked) ? asked : DEFAULT_DAYS;
  const sessionQuery = params.get('session')?.trim() ?? '';
  const session = sessionQuery ? analyticsSessionIdSchema.safeParse({ sessionId: sessionQuery }) : null;
  const [summary, sessionEvents] = await Promise.all([
    orRouteError(api.analytics.summary(days)),
    session?.success ? orRouteError(api.analytics.sessionEvents(session.data.sessionId)) : null,
  ]);
  return {
    summary,
    sessionQuery,
    sessionError: session && !session.success ? (session.error.issues[0]?.message ?? '会话标识无效') : null,
    sessionEvents,
  };
}
