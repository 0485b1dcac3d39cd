import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { adminAuditExportQuerySchema } from '../../../contracts/admin-audit';
import { createApiClient } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { requireWebSession } from '~/sessions.server';

/** Answer headers the download needs: the CSV's type, its file name, and how many rows it holds. */
const PASSED_HEADERS = ['content-type', 'content-disposition', 'x-export-rows', 'x-export-truncated'];

/**
 * GET /resources/admin/audit-log/export?action&adminId: the filtered audit log as the API's CSV,
 * streamed with the session's token. A refusal comes back to the console page as the shell's notice.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const web = await requireWebSession(request, context);
  const filters = adminAuditExportQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  try {
    const upstream = await createApiClient(request, context, '操作日志导出').admin.exportAuditLog(filters);
    const headers = new Headers({ 'Cache-Control': 'no-store' });
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(upstream.body, { status: 200, headers });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    web.flashNotice(`导出失败：${error.message}`);
    return redirect('/dash/admin/audit-log');
  }
}
