import {
  analyticsAcceptedSchema,
  analyticsSessionEventsSchema,
  analyticsSummarySchema,
  BATCH_ID_HEADER,
  BATCH_SIZE_HEADER,
  type AnalyticsBatch,
} from '../../../contracts/analytics';
import type { ApiTransport } from './transport.server';

/** /api/v1/analytics and /api/v1/admin/analytics (issue 28, ADR 0058). */
export const analyticsApi = (api: ApiTransport) => ({
  /**
   * One batch with its batch headers (spec §7): a guest's without a token. Failures are not
   * reported to the operation log (the transport's UNLOGGED_PATHS): analytics must never add to
   * what users or operators see.
   */
  sendEvents: (batch: AnalyticsBatch, options: { batchId: string; anonymous: boolean }) =>
    api.json('/analytics/events', {
      method: 'POST',
      body: batch,
      schema: analyticsAcceptedSchema,
      anonymous: options.anonymous,
      headers: { [BATCH_ID_HEADER]: options.batchId, [BATCH_SIZE_HEADER]: String(batch.events.length) },
    }),
  sessionEvents: (sessionId: string) =>
    api.json(`/admin/analytics/sessions/${encodeURIComponent(sessionId)}`, { schema: analyticsSessionEventsSchema }),
  summary: (days: number) => api.json(`/admin/analytics/summary?days=${days}`, { schema: analyticsSummarySchema }),
});
