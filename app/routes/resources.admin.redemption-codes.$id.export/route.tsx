import type { LoaderFunctionArgs } from '@remix-run/node';
import { createApiClient } from '~/services/api/client.server';
import { proxyDownload } from '~/services/pages/download.server';

/** GET /resources/admin/redemption-codes/:id/export: the batch's CSV from the API. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return proxyDownload(request, context, '/dash/admin/redemption-codes', () =>
    createApiClient(request, context, '兑换码导出').admin.exportRedemptionBatch(params.id ?? ''),
  );
}
