import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { createApiClient } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { requireWebSession } from '~/sessions.server';

/** Answer headers the download needs: the CSV's type and its attachment file name. */
const PASSED_HEADERS = ['content-type', 'content-disposition'];

/**
 * GET /resources/admin/redemption-codes/:id/export: the batch's CSV from the API, streamed with the
 * session's token added here. A plain link, so a refusal (not an administrator, no such batch)
 * comes back to the console page with the reason as the shell's notice rather than as a file.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const web = await requireWebSession(request, context);
  try {
    const upstream = await createApiClient(request, context, '兑换码导出').admin.exportRedemptionBatch(params.id ?? '');
    const headers = new Headers({ 'Cache-Control': 'no-store' });
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(upstream.body, { status: 200, headers });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    web.flashNotice(`导出失败：${error.message}`);
    return redirect('/dash/admin/redemption-codes');
  }
}
