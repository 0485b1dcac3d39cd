import { and, gt, inArray, isNotNull } from 'drizzle-orm';
import { paymentNotifications, paymentOrders } from '../../../db/schema';
import type { Gateways } from '../../integrations/payments';
import { gatewayOrder } from './orders';
import { creditPayment, type PaymentsDeps } from './notifications';

export type ReconcileReport = { checked: number; credited: string[]; failed: { orderNo: string; error: string }[] };

/**
 * `npm run admin -- reconcile`: asks the gateway about orders still pending (and those expired in
 * the last `lookbackHours`, whose late notification may have been lost). A paid one is credited
 * through the same path as a notification, so a notification arriving meanwhile changes nothing.
 */
export async function reconcilePendingOrders(deps: PaymentsDeps, gateways: Gateways, lookbackHours = 48): Promise<ReconcileReport> {
  const since = new Date(Date.now() - lookbackHours * 3600_000);
  const rows = await deps.db
    .select()
    .from(paymentOrders)
    .where(
      and(inArray(paymentOrders.status, ['pending', 'expired']), isNotNull(paymentOrders.provider), gt(paymentOrders.createdAt, since)),
    );
  const report: ReconcileReport = { checked: 0, credited: [], failed: [] };
  for (const row of rows) {
    const gateway = row.provider ? gateways.byKind[row.provider] : undefined;
    if (!gateway) continue;
    report.checked++;
    try {
      const paid = await gateway.queryPaid(gatewayOrder(row));
      if (!paid) continue;
      const outcome = await creditPayment(deps, gateway.kind, paid);
      await deps.db.insert(paymentNotifications).values({
        provider: gateway.kind,
        orderNo: row.orderNo,
        eventId: paid.tradeNo || null,
        headers: { source: 'reconcile' },
        raw: JSON.stringify(paid),
        verified: true,
        outcome:
          outcome.kind === 'credited'
            ? outcome.late
              ? 'credited_late'
              : 'credited'
            : outcome.kind === 'duplicate'
              ? 'duplicate'
              : 'rejected',
        error: outcome.kind === 'mismatch' ? outcome.reason : null,
      });
      if (outcome.kind === 'credited') report.credited.push(row.orderNo);
      if (outcome.kind === 'mismatch') report.failed.push({ orderNo: row.orderNo, error: outcome.reason });
    } catch (error) {
      report.failed.push({ orderNo: row.orderNo, error: (error as Error).message });
    }
  }
  return report;
}
