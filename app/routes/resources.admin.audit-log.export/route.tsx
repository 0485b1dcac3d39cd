import type { LoaderFunctionArgs } from '@remix-run/node';
import { adminAuditExportQuerySchema } from '../../../contracts/admin-audit';
import { createApiClient } from '~/services/api/client.server';
import { proxyDownload } from '~/services/pages/download.server';

/** GET /resources/admin/audit-log/export?action&adminId: the filtered audit log as the API's CSV. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const filters = adminAuditExportQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return proxyDownload(request, context, '/dash/admin/audit-log', () =>
    createApiClient(request, context, '操作日志导出').admin.exportAuditLog(filters),
  );
}
