import { aiRateSchema, detectionResultSchema, type DetectRequest } from '../../../contracts/detection';
import type { ApiTransport } from './transport.server';

/** 查AI率 (issue 14): check a text, and a page's or work's latest rate. */
export const detectionApi = (api: ApiTransport) => ({
  detect: (body: DetectRequest) => api.json('/ai/detect', { method: 'POST', body, schema: detectionResultSchema }),
  aiRate: (pageIdentifier: string) => api.json(`/ai-rate/${encodeURIComponent(pageIdentifier)}`, { schema: aiRateSchema }),
});
