import { socketTicketSchema } from '../../../contracts/realtime';
import type { ApiTransport } from './transport.server';

/** /api/v1/realtime */
export const realtimeApi = (api: ApiTransport) => ({
  /** A single-use ticket the browser sends as AUTH {token} on /ws. */
  socketTicket: () => api.json('/realtime/ticket', { method: 'POST', body: {}, schema: socketTicketSchema }),
});
