import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { paymentNotifications, paymentOrders } from '../../../db/schema';
import type { PaymentProviderKind } from '../../../contracts/payment-constants';
import {
  NotificationRejected,
  SignatureProbe,
  type GatewayAnswer,
  type PaidNotice,
  type PaymentGateway,
} from '../../integrations/payments/types';
import type { Logger } from '../../logger';
import type { RealtimePublisher } from '../../realtime/bus';
import { applyChange } from '../points/ledger';
import { hitRateLimit } from '../rate-limit';
import { publishOrderStatus, type OrderRow } from './orders';

export type PaymentsDeps = { db: Database; events: RealtimePublisher; logger: Logger };

export type CreditOutcome =
  | { kind: 'credited'; order: OrderRow; late: boolean }
  | { kind: 'duplicate'; order: OrderRow }
  | { kind: 'mismatch'; reason: string }
  | { kind: 'unknown-order' };

/**
 * A verified payment becomes points exactly once: the order row is locked, checked against what
 * was paid (amount, currency, gateway, owner), marked paid and credited by one ledger row (key
 * `order:<id>`) in one transaction. A repeat — a replay, a duplicate, a reconciliation that
 * crosses a notification — finds the order paid and changes nothing. A payment for an expired or
 * cancelled order is credited too (the money was taken) and marked `paid_late`.
 */
export async function creditPayment(deps: PaymentsDeps, provider: PaymentProviderKind, notice: PaidNotice): Promise<CreditOutcome> {
  const outcome = await deps.db.transaction(async (tx): Promise<CreditOutcome> => {
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.orderNo, notice.orderNo)).for('update');
    if (!order) return { kind: 'unknown-order' };
    if (order.status === 'paid') return { kind: 'duplicate', order };
    if (order.provider !== provider) return { kind: 'mismatch', reason: `订单未通过${provider}发起支付` };
    if (notice.amountFen !== order.amountFen)
      return { kind: 'mismatch', reason: `金额不符：通知${notice.amountFen}分，订单${order.amountFen}分` };
    if (notice.currency !== order.currency) return { kind: 'mismatch', reason: `币种不符：${notice.currency}` };
    if (notice.userId !== undefined && notice.userId !== order.userId) return { kind: 'mismatch', reason: '付款订单的用户不符' };
    const now = new Date();
    const late = order.status !== 'pending' || order.expiresAt <= now;
    const { row: entry } = await applyChange(tx, {
      userId: order.userId,
      type: 'purchase',
      source: 'order',
      cents: order.pointsCents,
      key: `order:${order.id}`,
      relatedId: order.id,
      description: `购买${order.title}`,
      metadata: { orderNo: order.orderNo, provider, amount: order.amountFen / 100 },
    });
    const [paid] = await tx
      .update(paymentOrders)
      .set({
        status: 'paid',
        paidAt: now,
        paidLate: late,
        providerTradeNo: notice.tradeNo || null,
        ledgerEntryId: entry.id,
        updatedAt: now,
      })
      .where(eq(paymentOrders.id, order.id))
      .returning();
    return { kind: 'credited', order: paid!, late };
  });
  if (outcome.kind === 'credited') {
    if (outcome.late) {
      deps.logger.warn('payments.late_payment_credited', { orderNo: outcome.order.orderNo, provider, userId: outcome.order.userId });
    }
    await publishOrderStatus(deps.events, outcome.order).catch((err) => deps.logger.warn('payments.publish_failed', { err }));
  }
  return outcome;
}

/**
 * Unverified notifications (a bad signature, garbage, a probe) are kept for diagnosis, not as
 * evidence of anything: the first UNVERIFIED_RAW_BYTES of the body with its length noted, at most
 * UNVERIFIED_PER_IP_LIMIT per address in the window (later ones are answered 429 and not stored),
 * and for UNVERIFIED_RETENTION_MS (pruned hourly). Verified ones are kept whole and for good: they
 * are the record of money (ADR 0033).
 */
export const UNVERIFIED_RAW_BYTES = 4096;
export const UNVERIFIED_PER_IP_LIMIT = 30;
export const UNVERIFIED_PER_IP_WINDOW_MS = 10 * 60_000;
export const UNVERIFIED_RETENTION_MS = 7 * 24 * 3600_000;

/** What is stored of an unverified body: its head, readable, and how long it really was. */
export function unverifiedRaw(raw: Buffer): string {
  const cut = raw.length > UNVERIFIED_RAW_BYTES;
  // PostgreSQL text cannot hold NUL; a junk body may well contain it.
  const text = (cut ? raw.subarray(0, UNVERIFIED_RAW_BYTES) : raw).toString('utf8').replaceAll('\u0000', '\ufffd');
  return cut ? `${text}…[truncated: ${raw.length} bytes received, first ${UNVERIFIED_RAW_BYTES} kept]` : text;
}

/** Called by the server's hourly prune (server/jobs/registry.ts). */
export async function pruneUnverifiedNotifications(db: Database): Promise<void> {
  const before = new Date(Date.now() - UNVERIFIED_RETENTION_MS);
  await db.delete(paymentNotifications).where(and(eq(paymentNotifications.verified, false), lt(paymentNotifications.receivedAt, before)));
}

/**
 * POST /api/v1/payment/notify/{provider}: verify, credit, record the raw notification and what
 * became of it, and answer as the gateway expects. Anything unverified credits nothing. `ip` is the
 * sender's address, for the limit on unverified notifications (a verified one is never limited).
 */
export async function handleNotification(
  deps: PaymentsDeps,
  gateway: PaymentGateway,
  input: { headers: Record<string, string | undefined>; raw: Buffer; ip: string },
): Promise<GatewayAnswer> {
  const record = (values: { orderNo?: string | null; eventId?: string | null; verified: boolean; outcome: string; error?: string }) => {
    const raw = values.verified ? input.raw.toString('utf8') : unverifiedRaw(input.raw);
    return deps.db
      .insert(paymentNotifications)
      .values({ provider: gateway.kind, headers: pickHeaders(input.headers), raw, ...values })
      .then(
        () => undefined,
        (err) => deps.logger.error('payments.notification_not_recorded', { err }),
      );
  };

  let verified;
  try {
    verified = gateway.verifyNotification(input);
  } catch (error) {
    const reason = error instanceof NotificationRejected ? error.message : '通知无法解析';
    if (!(await hitRateLimit(deps.db, `paynotify:unverified:${input.ip}`, UNVERIFIED_PER_IP_LIMIT, UNVERIFIED_PER_IP_WINDOW_MS))) {
      // Neither stored nor logged one by one: this address has filled its share already.
      return { ...gateway.answer(false, '请求过于频繁'), status: 429 };
    }
    if (error instanceof SignatureProbe) deps.logger.info('payments.signature_probe_refused', { provider: gateway.kind });
    else deps.logger.warn('payments.notification_rejected', { provider: gateway.kind, reason, ip: input.ip, bytes: input.raw.length });
    await record({ verified: false, outcome: 'rejected', error: reason });
    return gateway.answer(false, reason);
  }
  if (verified.kind === 'ignored') {
    await record({ orderNo: verified.orderNo, eventId: verified.eventId, verified: true, outcome: 'ignored', error: verified.reason });
    return gateway.answer(true);
  }
  const { notice, eventId } = verified;
  let outcome: CreditOutcome;
  try {
    outcome = await creditPayment(deps, gateway.kind, notice);
  } catch (err) {
    // Nothing was credited (the transaction rolled back): the gateway is asked to send it again.
    deps.logger.error('payments.credit_failed', { provider: gateway.kind, orderNo: notice.orderNo, err });
    await record({ orderNo: notice.orderNo, eventId, verified: true, outcome: 'error', error: (err as Error).message });
    return gateway.answer(false, '处理失败，请稍后重试');
  }
  switch (outcome.kind) {
    case 'credited':
      await record({ orderNo: notice.orderNo, eventId, verified: true, outcome: outcome.late ? 'credited_late' : 'credited' });
      return gateway.answer(true);
    case 'duplicate':
      await record({ orderNo: notice.orderNo, eventId, verified: true, outcome: 'duplicate' });
      return gateway.answer(true);
    case 'unknown-order':
      deps.logger.error('payments.notification_unknown_order', { provider: gateway.kind, orderNo: notice.orderNo });
      await record({ orderNo: notice.orderNo, eventId, verified: true, outcome: 'rejected', error: '订单不存在' });
      return gateway.answer(false, '订单不存在');
    case 'mismatch':
      deps.logger.error('payments.notification_mismatch', { provider: gateway.kind, orderNo: notice.orderNo, reason: outcome.reason });
      await record({ orderNo: notice.orderNo, eventId, verified: true, outcome: 'rejected', error: outcome.reason });
      return gateway.answer(false, outcome.reason);
  }
}

const KEPT_HEADERS = [
  'content-type',
  'wechatpay-timestamp',
  'wechatpay-nonce',
  'wechatpay-serial',
  'wechatpay-signature',
  'x-sandbox-timestamp',
  'x-sandbox-signature',
];
const pickHeaders = (headers: Record<string, string | undefined>) =>
  Object.fromEntries(KEPT_HEADERS.filter((h) => headers[h] !== undefined).map((h) => [h, headers[h]!]));
