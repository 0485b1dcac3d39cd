import type { LoaderFunctionArgs } from '@remix-run/node';
import { adminAuditQuerySchema } from '../../../contracts/admin-audit';
import { orRouteError } from '~/services/api/client.server';
import { requireAdmin } from '~/services/pages/admin-guard.server';

export const PAGE = '管理员操作日志';
export const AUDIT_PAGE_SIZE = 20;

/** /dash/admin/audit-log?action&adminId&page: one page of the log and the filters as the API read them. */
export async function auditLogLoader({ request, context }: LoaderFunctionArgs) {
  const api = await requireAdmin(request, context, PAGE);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  // A bad filter or page reads as none (the schema's catch), like the API.
  const query = adminAuditQuerySchema.parse({ ...params, pageSize: AUDIT_PAGE_SIZE });
  const log = await orRouteError(api.admin.auditLog(query));
  return { ...log, action: query.action ?? '', adminId: query.adminId ?? '' };
}
