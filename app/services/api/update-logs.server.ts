import type { UpdateType } from '../../../contracts/constants';
import { updateLogSchema, updateLogsPageSchema } from '../../../contracts/notifications';
import { z } from '../../../contracts/zod';
import type { ApiTransport } from './transport.server';

const detailSchema = z.object({ updateLog: updateLogSchema });

/** Published update logs (spec §7): a page of them by type, and one by id (404 unless published). */
export const updateLogsApi = (api: ApiTransport) => ({
  page: (query: { page: number; limit: number; updateType?: UpdateType }) => {
    const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
    if (query.updateType) params.set('update_type', query.updateType);
    return api.json(`/system/update-logs/public?${params}`, { schema: updateLogsPageSchema });
  },
  detail: async (id: string) =>
    (await api.json(`/system/update-logs/detail/${encodeURIComponent(id)}`, { schema: detailSchema })).updateLog,
});
