import type { UpdateType } from '../../../contracts/constants';
import { updateLogReadsSchema, updateLogSchema, updateLogsPageSchema } from '../../../contracts/notifications';
import { z } from '../../../contracts/zod';
import type { ApiTransport } from './transport.server';

const detailSchema = z.object({ updateLog: updateLogSchema });
const latestSchema = z.object({ updateLogs: z.array(updateLogSchema) });

/** Published update logs (spec §7): a page of them by type, and one by id (404 unless published). */
export const updateLogsApi = (api: ApiTransport) => ({
  page: (query: { page: number; limit: number; updateType?: UpdateType }) => {
    const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
    if (query.updateType) params.set('update_type', query.updateType);
    return api.json(`/system/update-logs/public?${params}`, { schema: updateLogsPageSchema });
  },
  /** The newest published logs (spec §7, default 10): public, the same for everybody. */
  latest: async (limit = 10) =>
    (await api.json(`/system/update-logs/latest?limit=${limit}`, { schema: latestSchema, anonymous: true })).updateLogs,
  /** Which of these logs the signed-in user has read (最近更新's unread marks). */
  readIds: async (ids: string[]) =>
    ids.length === 0
      ? []
      : (await api.json(`/system/update-logs/reads?ids=${ids.map(encodeURIComponent).join(',')}`, { schema: updateLogReadsSchema }))
          .readIds,
  detail: async (id: string) =>
    (await api.json(`/system/update-logs/detail/${encodeURIComponent(id)}`, { schema: detailSchema })).updateLog,
});
