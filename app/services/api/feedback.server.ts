import { feedbackCreatedSchema, type FeedbackInput } from '../../../contracts/feedback';
import type { ApiTransport } from './transport.server';

/** /api/v1/feedback */
export const feedbackApi = (api: ApiTransport) => ({
  submit: (body: FeedbackInput) => api.json('/feedback', { method: 'POST', body, schema: feedbackCreatedSchema }),
});
