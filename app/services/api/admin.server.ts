import {
  pointsAdjustResultSchema,
  pointsAdjustSchema,
  pointsHistoryPageSchema,
  priceTableSchema,
  priceTableUpdateSchema,
  redemptionBatchCreatedSchema,
  redemptionBatchCreateSchema,
  redemptionBatchSchema,
} from '../../../contracts/points';
import { userSchema } from '../../../contracts/user';
import { z } from '../../../contracts/zod';
import type { ApiTransport } from './transport.server';

export type RedemptionBatchInput = z.infer<typeof redemptionBatchCreateSchema>;
export type PriceTableUpdate = z.infer<typeof priceTableUpdateSchema>;
export type PointsAdjustment = z.infer<typeof pointsAdjustSchema>;

const batchesSchema = z.object({ batches: z.array(redemptionBatchSchema) });
const ledgerSchema = z.object({ user: userSchema, history: pointsHistoryPageSchema });
export type AdminLedger = z.infer<typeof ledgerSchema>;

/**
 * /api/v1/admin: the operator console's calls. The API refuses every one of them with 403 unless
 * the caller is an administrator; the console's pages rely on that refusal, not on the web's view
 * of the role. (The console reads the price table it edits from the public points area.)
 */
export const adminApi = (api: ApiTransport) => ({
  createRedemptionBatch: (body: RedemptionBatchInput) =>
    api.withErrorLog('admin_redemption_create', () =>
      api.json('/admin/redemption-codes', { method: 'POST', body, schema: redemptionBatchCreatedSchema }),
    ),
  redemptionBatches: async () => (await api.json('/admin/redemption-codes', { schema: batchesSchema })).batches,
  /** The batch's codes as the API's CSV attachment, body unread (passed on to the browser). */
  exportRedemptionBatch: (id: string) => api.stream(`/admin/redemption-codes/${encodeURIComponent(id)}/export`, { accept: 'text/csv' }),
  disableRedemptionBatch: (id: string) =>
    api.withErrorLog('admin_redemption_disable', () =>
      api.json(`/admin/redemption-codes/${encodeURIComponent(id)}/disable`, {
        method: 'POST',
        body: {},
        schema: z.object({ id: z.string() }),
      }),
    ),
  updatePriceTable: (body: PriceTableUpdate) =>
    api.withErrorLog('admin_price_update', () => api.json('/admin/points/price-table', { method: 'PUT', body, schema: priceTableSchema })),
  ledger: (query: { phone: string; page: number; pageSize: number }) => {
    const params = new URLSearchParams({ phone: query.phone, page: String(query.page), pageSize: String(query.pageSize) });
    return api.json(`/admin/points/ledger?${params}`, { schema: ledgerSchema });
  },
  adjustPoints: (body: PointsAdjustment) =>
    api.withErrorLog('admin_points_adjust', () =>
      api.json('/admin/points/adjust', { method: 'POST', body, schema: pointsAdjustResultSchema }),
    ),
});
