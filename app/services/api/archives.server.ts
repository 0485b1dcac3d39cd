import { clientProfileSchema, profileListSchema, type ProfileDataPatch, type PROFILE_SORTS } from '../../../contracts/archives';
import type { ApiTransport } from './transport.server';

export type ProfileListQuery = { page: number; pageSize: number; query?: string; sort: (typeof PROFILE_SORTS)[number] };

/** Student archives (spec §7 /client-profiles): the signed-in user's own students only. */
export const archivesApi = (api: ApiTransport) => ({
  list: (query: ProfileListQuery) => {
    const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize), sort: query.sort });
    if (query.query) params.set('query', query.query);
    return api.json(`/client-profiles?${params}`, { schema: profileListSchema });
  },
  get: (id: string) => api.json(`/client-profiles/${encodeURIComponent(id)}`, { schema: clientProfileSchema }),
  create: (name: string) => api.json('/client-profiles', { method: 'POST', body: { name }, schema: clientProfileSchema }),
  update: (id: string, body: { name?: string; data?: ProfileDataPatch }) =>
    api.json(`/client-profiles/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: clientProfileSchema }),
  remove: (id: string) =>
    api.json(`/client-profiles/${encodeURIComponent(id)}`, { method: 'DELETE', schema: clientProfileSchema.nullable() }),
});
