import type { AiOperationStatus } from '../../../contracts/ai-operation-constants';
import { aiModelStateSchema, aiPricesSchema, operationRecordsPageSchema } from '../../../contracts/ai-operations';
import type { ApiTransport } from './transport.server';

/** The AI engine's records (spec §7 /ai/operations): the user's own operations, newest first. */
export const aiApi = (api: ApiTransport) => ({
  operations: (query: { page: number; pageSize: number; operation?: string; status?: AiOperationStatus }) => {
    const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
    if (query.operation) params.set('operation', query.operation);
    if (query.status) params.set('status', query.status);
    return api.json(`/ai/operations?${params}`, { schema: operationRecordsPageSchema });
  },
  models: () => api.json('/ai/models', { schema: aiModelStateSchema }),
  /** Each paid AI button's price now (ADR 0040). */
  prices: () => api.json('/ai/prices', { schema: aiPricesSchema }),
  selectModel: (modelId: string) => api.json('/ai/models/selected', { method: 'PUT', body: { modelId }, schema: aiModelStateSchema }),
});
