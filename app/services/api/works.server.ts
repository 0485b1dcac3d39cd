import {
  versionCompareSchema,
  versionListSchema,
  versionSchema,
  workListSchema,
  workSchema,
  type WorkCreate,
  type WorkType,
  type WorkUpdate,
} from '../../../contracts/works';
import type { ApiTransport } from './transport.server';

export type WorkListQuery = { page: number; pageSize: number; type?: WorkType; clientProfileId?: string; query?: string };

const workPath = (id: string) => `/works/${encodeURIComponent(id)}`;

/** Works and their versions (issue 11, /api/v1/works): the signed-in user's own only. */
export const worksApi = (api: ApiTransport) => ({
  list: (query: WorkListQuery) => {
    const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
    if (query.type) params.set('type', query.type);
    if (query.clientProfileId) params.set('clientProfileId', query.clientProfileId);
    if (query.query) params.set('query', query.query);
    return api.json(`/works?${params}`, { schema: workListSchema });
  },
  create: (body: WorkCreate) => api.json('/works', { method: 'POST', body, schema: workSchema }),
  get: (id: string) => api.json(workPath(id), { schema: workSchema }),
  update: (id: string, body: WorkUpdate) => api.json(workPath(id), { method: 'PUT', body, schema: workSchema }),
  remove: (id: string) => api.json(workPath(id), { method: 'DELETE', schema: workSchema.nullable() }),
  versions: (id: string) => api.json(`${workPath(id)}/versions`, { schema: versionListSchema }),
  version: (id: string, versionId: string) =>
    api.json(`${workPath(id)}/versions/${encodeURIComponent(versionId)}`, { schema: versionSchema }),
  compare: (id: string, from: string, to: string) =>
    api.json(`${workPath(id)}/versions/compare?${new URLSearchParams({ from, to })}`, { schema: versionCompareSchema }),
  restore: (id: string, versionId: string) =>
    api.json(`${workPath(id)}/versions/${encodeURIComponent(versionId)}/restore`, { method: 'POST', schema: workSchema }),
});
