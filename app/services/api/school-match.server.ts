import {
  casePageSchema,
  matchResultPageSchema,
  matchResultSchema,
  programPageSchema,
  shortlistSchema,
} from '../../../contracts/school-match';
import { z } from '../../../contracts/zod';
import type { ApiTransport } from './transport.server';

const page = (query: { page: number; pageSize: number }) => ({ page: String(query.page), pageSize: String(query.pageSize) });

/** 选校 (issue 26, /api/v1/school-match): the caller's programs, cases, saved results and students' lists. */
export const schoolMatchApi = (api: ApiTransport) => ({
  programs: (query: { query?: string; page: number; pageSize: number }) => {
    const params = new URLSearchParams(page(query));
    if (query.query) params.set('query', query.query);
    return api.json(`/school-match/programs?${params}`, { schema: programPageSchema });
  },
  cases: (query: { page: number; pageSize: number }) =>
    api.json(`/school-match/cases?${new URLSearchParams(page(query))}`, { schema: casePageSchema }),
  results: (query: { clientProfileId?: string; page: number; pageSize: number }) => {
    const params = new URLSearchParams(page(query));
    if (query.clientProfileId) params.set('clientProfileId', query.clientProfileId);
    return api.json(`/school-match/results?${params}`, { schema: matchResultPageSchema });
  },
  result: (id: string) => api.json(`/school-match/results/${encodeURIComponent(id)}`, { schema: matchResultSchema }),
  shortlist: (clientProfileId: string) =>
    api.json(`/school-match/shortlist?${new URLSearchParams({ clientProfileId })}`, { schema: shortlistSchema }),
  deleteResult: (id: string) => api.json(`/school-match/results/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() }),
  deleteCase: (id: string) => api.json(`/school-match/cases/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() }),
  removeFromShortlist: (id: string) =>
    api.json(`/school-match/shortlist/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() }),
});
