import { invitationsSchema, pointsHistoryPageSchema, priceTableSchema, redeemResultSchema } from '../../../contracts/points';
import type { ApiTransport } from './transport.server';

/** Points (spec §7): the history, the public price table, redemption codes and invitations. */
export const pointsApi = (api: ApiTransport) => ({
  history: (page: number, pageSize: number) =>
    api.json(`/user/points-history?${new URLSearchParams({ page: String(page), pageSize: String(pageSize) })}`, {
      schema: pointsHistoryPageSchema,
    }),
  priceTable: () => api.json('/points/price-table', { schema: priceTableSchema, anonymous: true }),
  redeem: (code: string) => api.json('/redemption-codes/redeem', { method: 'POST', body: { code }, schema: redeemResultSchema }),
  invitations: () => api.json('/user/invitations', { schema: invitationsSchema }),
});
