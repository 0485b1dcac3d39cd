import type { LoaderFunctionArgs } from '@remix-run/node';
import { ANALYTICS_RANGE_DAYS } from '../../../contracts/analytics-constants';
import { orRouteError } from '~/services/api/client.server';
import { requireAdmin } from '~/services/pages/admin-guard.server';

export const DEFAULT_DAYS = 7;

/** /dash/admin/analytics?days=N: the summary over one of the offered ranges (another reads as 7 days). */
export async function analyticsSummaryLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  const api = await requireAdmin(request, context, pageName);
  const asked = Number(new URL(request.url).searchParams.get('days'));
  const days = (ANALYTICS_RANGE_DAYS as readonly number[]).includes(asked) ? asked : DEFAULT_DAYS;
  return { summary: await orRouteError(api.analytics.summary(days)) };
}
