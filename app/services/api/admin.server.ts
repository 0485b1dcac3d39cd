import { adminAuditPageSchema, type AdminAuditQuery } from '../../../contracts/admin-audit';
import {
  systemNotificationSchema,
  updateLogSchema,
  updateLogsPageSchema,
  type NotificationInput,
  type UpdateLogInput,
} from '../../../contracts/notifications';
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

const notificationsPageSchema = z.object({
  items: z.array(systemNotificationSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
const updateLogResultSchema = z.object({ updateLog: updateLogSchema });
const pageQuery = (page: number, pageSize: number) => new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
const auditQuery = (query: Partial<AdminAuditQuery>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  return params;
};
const notificationPath = (id: string) => `/admin/notifications/${encodeURIComponent(id)}`;
const updateLogPath = (id: string) => `/admin/update-logs/${encodeURIComponent(id)}`;

/**
 * A notice as the console's form sends it. The API leaves a field it is not sent untouched, so
 * an edit sends the optional fields the form left blank as null, which clears them.
 */
const notificationBody = (input: NotificationInput) => ({
  ...input,
  start_time: input.start_time ?? null,
  end_time: input.end_time ?? null,
  redirect_url: input.redirect_url ?? null,
  estimatedCompletionTime: input.estimatedCompletionTime ?? null,
  update_log_id: input.update_log_id ?? null,
});

/**
 * /api/v1/admin: the operator console's calls. The API refuses every one of them with 403 unless
 * the caller is an administrator; the console's pages rely on that refusal, not on the web's view
 * of the role. (The console reads the price table it edits from the public points area.)
 */
export const adminApi = (api: ApiTransport) => ({
  createRedemptionBatch: (body: RedemptionBatchInput) =>
    api.json('/admin/redemption-codes', { method: 'POST', body, schema: redemptionBatchCreatedSchema }),
  redemptionBatches: async () => (await api.json('/admin/redemption-codes', { schema: batchesSchema })).batches,
  /** The batch's codes as the API's CSV attachment, body unread (passed on to the browser). */
  exportRedemptionBatch: (id: string) => api.stream(`/admin/redemption-codes/${encodeURIComponent(id)}/export`, { accept: 'text/csv' }),
  disableRedemptionBatch: (id: string) =>
    api.json(`/admin/redemption-codes/${encodeURIComponent(id)}/disable`, {
      method: 'POST',
      body: {},
      schema: z.object({ id: z.string() }),
    }),
  updatePriceTable: (body: PriceTableUpdate) => api.json('/admin/points/price-table', { method: 'PUT', body, schema: priceTableSchema }),
  ledger: (query: { phone: string; page: number; pageSize: number }) => {
    const params = new URLSearchParams({ phone: query.phone, page: String(query.page), pageSize: String(query.pageSize) });
    return api.json(`/admin/points/ledger?${params}`, { schema: ledgerSchema });
  },
  adjustPoints: (body: PointsAdjustment) => api.json('/admin/points/adjust', { method: 'POST', body, schema: pointsAdjustResultSchema }),
  notifications: (page: number, pageSize: number) =>
    api.json(`/admin/notifications?${pageQuery(page, pageSize)}`, { schema: notificationsPageSchema }),
  notification: (id: string) => api.json(notificationPath(id), { schema: systemNotificationSchema }),
  createNotification: (input: NotificationInput) =>
    api.json('/admin/notifications', { method: 'POST', body: notificationBody(input), schema: systemNotificationSchema }),
  updateNotification: (id: string, input: NotificationInput) =>
    api.json(notificationPath(id), { method: 'PUT', body: notificationBody(input), schema: systemNotificationSchema }),
  publishNotification: (id: string) =>
    api.json(`${notificationPath(id)}/publish`, { method: 'POST', body: {}, schema: systemNotificationSchema }),
  expireNotification: (id: string) =>
    api.json(`${notificationPath(id)}/expire`, { method: 'POST', body: {}, schema: systemNotificationSchema }),
  deleteNotification: (id: string) => api.json(notificationPath(id), { method: 'DELETE', schema: z.unknown() }),
  /** Drafts included, newest first. */
  updateLogs: (page: number, pageSize: number) =>
    api.json(`/admin/update-logs?${pageQuery(page, pageSize)}`, { schema: updateLogsPageSchema }),
  updateLog: async (id: string) => (await api.json(updateLogPath(id), { schema: updateLogResultSchema })).updateLog,
  createUpdateLog: (input: UpdateLogInput) =>
    (async () => (await api.json('/admin/update-logs', { method: 'POST', body: input, schema: updateLogResultSchema })).updateLog)(),
  updateUpdateLog: (id: string, input: UpdateLogInput) =>
    (async () => (await api.json(updateLogPath(id), { method: 'PUT', body: input, schema: updateLogResultSchema })).updateLog)(),
  deleteUpdateLog: (id: string) => api.json(updateLogPath(id), { method: 'DELETE', schema: z.unknown() }),
  /** The administrators' audit log, newest first, filtered by action and administrator (ADR 0053). */
  auditLog: (query: AdminAuditQuery) => api.json(`/admin/audit-log?${auditQuery(query)}`, { schema: adminAuditPageSchema }),
  /** The filtered log as the API's CSV attachment, body unread (passed on to the browser). */
  exportAuditLog: (filters: Pick<AdminAuditQuery, 'action' | 'adminId'>) =>
    api.stream(`/admin/audit-log/export?${auditQuery(filters)}`, { accept: 'text/csv' }),
});
