import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { paymentOrders } from '../../../db/schema';
import { centsToPoints } from '../../../contracts/constants';
import { fenToYuan } from '../../../contracts/payment-constants';
import { PAYMENT_MESSAGES, type SandboxOrder } from '../../../contracts/payments';
import { sandboxTicketValid, signSandboxNotification } from '../../integrations/payments/sandbox';
import { DomainError, notFound } from '../errors';
import { gatewayOrder, ORDER_NOT_FOUND, paymentSubject, type OrderRow } from './orders';

/**
 * The sandbox's phone (/sandbox-pay/{orderNo}): whoever holds the QR code's link may see the order's
 * amount and pay it, as with a real code. Paying makes this API send the signed notification to its
 * own notify route over HTTP, exactly as a gateway would.
 */
async function ticketOrder(db: Database, secret: string, orderNo: string, ticket: string): Promise<OrderRow> {
  if (!sandboxTicketValid(secret, orderNo, ticket)) throw notFound('付款码无效或已失效');
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo));
  if (!row || row.provider !== 'sandbox') throw notFound(ORDER_NOT_FOUND);
  return row;
}

const view = (row: OrderRow): SandboxOrder => ({
  orderNo: row.orderNo,
  title: paymentSubject(row),
  amount: fenToYuan(row.amountFen),
  points: centsToPoints(row.pointsCents),
  status: row.status === 'pending' && row.expiresAt <= new Date() ? 'expired' : row.status,
  expiresAt: row.expiresAt.toISOString(),
});

export async function sandboxOrder(db: Database, secret: string, orderNo: string, ticket: string): Promise<SandboxOrder> {
  return view(await ticketOrder(db, secret, orderNo, ticket));
}

export async function sandboxPay(
  db: Database,
  options: { secret: string; apiUrl: string },
  orderNo: string,
  ticket: string,
): Promise<SandboxOrder> {
  const row = await ticketOrder(db, options.secret, orderNo, ticket);
  const state = view(row).status;
  if (state === 'paid') return view(row);
  if (state !== 'pending') throw new DomainError('CONFLICT', state === 'expired' ? '订单已过期，无法支付' : '订单已关闭，无法支付');
  const { raw, headers } = signSandboxNotification(options.secret, gatewayOrder(row));
  const response = await fetch(`${options.apiUrl}/api/v1/payment/notify/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw,
    signal: AbortSignal.timeout(15_000),
  }).catch(() => null);
  if (!response || response.status >= 300) {
    const message = response ? ((await response.json().catch(() => null)) as { message?: string } | null)?.message : null;
    throw new DomainError('PAYMENT_FAILED', PAYMENT_MESSAGES.PAY_FAILED(message ?? '沙箱通知未送达'));
  }
  const [after] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, row.id));
  return view(after!);
}
