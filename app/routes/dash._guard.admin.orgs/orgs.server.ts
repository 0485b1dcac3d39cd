import type { LoaderFunctionArgs } from '@remix-run/node';
import { adminOrgQuerySchema } from '../../../contracts/orgs';
import { orRouteError } from '~/services/api/client.server';
import { requireAdmin } from '~/services/pages/admin-guard.server';

export const PAGE = '机构';
export const ORGS_PAGE_SIZE = 20;

/** /dash/admin/orgs?q&page: one page of every organisation (issue 30), as the API read the filter. */
export async function adminOrgsLoader({ request, context }: LoaderFunctionArgs) {
  const api = await requireAdmin(request, context, PAGE);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = adminOrgQuerySchema.parse({ page: params.page, query: params.q || undefined, pageSize: ORGS_PAGE_SIZE });
  return { ...(await orRouteError(api.orgs.adminList(query))), q: query.query ?? '' };
}
