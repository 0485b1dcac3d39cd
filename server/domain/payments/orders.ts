import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { packages, paymentOrders } from '../../../db/schema';
import { centsToPoints } from '../../../contracts/constants';
import {
  CUSTOM_RECHARGE_TITLE,
  customRechargePointsCents,
  fenToYuan,
  PAYMENT_EVENT_STATUS,
  paymentStatusEventId,
  yuanToFen,
  type PaymentChannel,
} from '../../../contracts/payment-constants';
import {
  PAYMENT_MESSAGES,
  type CreateOrderInput,
  type CreatedOrder,
  type Order,
  type OrderPage,
  type PaymentStarted,
} from '../../../contracts/payments';
import type { Gateways } from '../../integrations/payments';
import { GatewayError, type GatewayOrder } from '../../integrations/payments/types';
import type { Logger } from '../../logger';
import type { RealtimePublisher } from '../../realtime/bus';
import { DomainError, notFound, validationError } from '../errors';
import { customRechargeTerms } from '../points/prices';
import { PACKAGE_NOT_FOUND } from './packages';

export type OrderRow = typeof paymentOrders.$inferSelect;
export const ORDER_NOT_FOUND = '订单不存在';

export function toOrderDto(row: OrderRow): Order {
  return {
    id: row.id,
    orderNo: row.orderNo,
    amount: fenToYuan(row.amountFen),
    currency: row.currency,
    points: centsToPoints(row.pointsCents),
    title: row.title,
    description: row.description,
    packageId: row.packageId,
    channel: row.channel,
    provider: row.provider,
    status: row.status,
    paidLate: row.paidLate,
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * What the payer's screen says (WeChat Pay's `description`, Alipay's `subject`, the sandbox page):
 * the product and the package, written here. The order's title is the package's name, never the
 * client's text, so nobody can make a payment screen say something of their own.
 */
export const PAYMENT_SUBJECT_PREFIX = '留学文书AI-';
export const paymentSubject = (row: Pick<OrderRow, 'title'>) => `${PAYMENT_SUBJECT_PREFIX}${row.title}`;

export const gatewayOrder = (row: OrderRow): GatewayOrder => ({
  orderNo: row.orderNo,
  title: paymentSubject(row),
  amountFen: row.amountFen,
  currency: row.currency,
  userId: row.userId,
  expiresAt: row.expiresAt,
});

/** Unpaid, unexpired orders one user may hold: enough for any real purchase, a wall against scripted spam. */
export const MAX_OPEN_ORDERS = 10;

/** LX + Beijing time to the second + 8 random digits: 24 characters, within WeChat Pay's 32. */
function newOrderNo(now = new Date()): string {
  const stamp = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `LX${stamp}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
}

/**
 * POST /api/v1/payment/create-order. With a package, the price and the points are the package's,
 * copied into the order; the client's `amount` must equal that price, or the order is refused: a
 * tampered amount is an error, never a discount. Without one it is a custom recharge (issue 28):
 * the amount is the user's, between the price table's smallest and largest, and the points are
 * priced here from the table's rate and copied into the order, so a later change of the rate
 * leaves an order as it was made. Either way the order is then paid and credited like any other.
 * The title and description are written here too: the client's `title` and `description`
 * (spec §3) are accepted and ignored (issue 22).
 */
export async function createOrder(
  db: Database,
  options: { ttlMinutes: number },
  userId: string,
  input: CreateOrderInput,
): Promise<CreatedOrder> {
  const priced = input.packageId ? await packagePriced(db, input.packageId, input.amount) : await customPriced(db, input.amount);
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.status, 'pending'), gt(paymentOrders.expiresAt, new Date())));
  if ((open?.n ?? 0) >= MAX_OPEN_ORDERS) throw new DomainError('CONFLICT', '待支付的订单过多，请先完成或取消已有订单');
  const [row] = await db
    .insert(paymentOrders)
    .values({
      orderNo: newOrderNo(),
      userId,
      ...priced,
      description: `${priced.title}：${centsToPoints(priced.pointsCents)}积分`,
      channel: input.type,
      expiresAt: new Date(Date.now() + options.ttlMinutes * 60_000),
    })
    .returning();
  return { id: row!.id, orderNo: row!.orderNo, amount: fenToYuan(row!.amountFen) };
}

type Priced = { packageId: string | null; title: string; amountFen: number; pointsCents: number };

/** A package's order: its price (the client's amount must be it) and its points with the bonus. */
async function packagePriced(db: Database, packageId: string, amount: number): Promise<Priced> {
  const [pkg] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, packageId), eq(packages.active, true)));
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  if (yuanToFen(amount) !== pkg.priceFen) {
    throw validationError(`订单金额与套餐价格不符（套餐价格为${fenToYuan(pkg.priceFen).toFixed(2)}元），请刷新页面后重新下单`, 'amount');
  }
  return { packageId: pkg.id, title: pkg.name, amountFen: pkg.priceFen, pointsCents: pkg.pointsCents + pkg.bonusPointsCents };
}

/** A custom recharge: the amount checked against the terms, the points priced here from the rate. */
async function customPriced(db: Database, amount: number): Promise<Priced> {
  const terms = await customRechargeTerms(db);
  const fen = yuanToFen(amount);
  const range = `${fenToYuan(terms.minFen).toFixed(2)}元至${fenToYuan(terms.maxFen).toFixed(2)}元`;
  if (Math.abs(fen - amount * 100) > 1e-6) throw validationError('充值金额最多两位小数', 'amount');
  if (fen < terms.minFen) throw validationError(`充值金额不能低于${fenToYuan(terms.minFen).toFixed(2)}元（可充值${range}）`, 'amount');
  if (fen > terms.maxFen) throw validationError(`充值金额不能超过${fenToYuan(terms.maxFen).toFixed(2)}元（可充值${range}）`, 'amount');
  const pointsCents = customRechargePointsCents(fen, terms.pointsPerYuanCents);
  if (pointsCents <= 0) throw validationError('充值金额过低，无法兑换积分', 'amount');
  return { packageId: null, title: CUSTOM_RECHARGE_TITLE, amountFen: fen, pointsCents };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An order of this user, by id or order number; an order past its time is expired on the way. */
export async function findOwnOrder(db: Database, events: RealtimePublisher, userId: string, ref: string): Promise<OrderRow> {
  const match = UUID.test(ref) ? eq(paymentOrders.id, ref) : eq(paymentOrders.orderNo, ref);
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(match, eq(paymentOrders.userId, userId)));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  if (row.status === 'pending' && row.expiresAt <= new Date()) {
    const [expired] = await expireOrders(db, events, eq(paymentOrders.id, row.id));
    return expired ?? row;
  }
  return row;
}

export async function getOrder(db: Database, events: RealtimePublisher, userId: string, ref: string): Promise<Order> {
  return toOrderDto(await findOwnOrder(db, events, userId, ref));
}

/** GET /api/v1/payment/orders: the user's orders, newest first. */
export async function listOrders(db: Database, userId: string, page: number, pageSize: number): Promise<OrderPage> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, userId))
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, userId)),
  ]);
  const now = new Date();
  // The sweep runs every minute; between runs a list still shows an overdue order as expired.
  return {
    items: rows.map((r) => toOrderDto(r.status === 'pending' && r.expiresAt <= now ? { ...r, status: 'expired' } : r)),
    page,
    pageSize,
    total: counted?.n ?? 0,
  };
}

/** For PAYMENT_STATUS_LISTEN: only the owner may follow an order. */
export async function orderOwner(db: Database, orderNo: string): Promise<string | null> {
  const [row] = await db.select({ userId: paymentOrders.userId }).from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo));
  return row?.userId ?? null;
}

export function publishOrderStatus(events: RealtimePublisher, row: OrderRow) {
  return events.publish({
    // The result page asks for the balance refetch under this id too (ADR 0027).
    id: paymentStatusEventId(row.orderNo, PAYMENT_EVENT_STATUS[row.status]),
    audience: { kind: 'order', userId: row.userId, orderNo: row.orderNo },
    type: 'PAYMENT_STATUS',
    data: {
      orderNo: row.orderNo,
      status: PAYMENT_EVENT_STATUS[row.status],
      points: centsToPoints(row.pointsCents),
      paidLate: row.paidLate,
      // The header's balance refetches on this (app/services/realtime-events.ts).
      pointsChanged: row.status === 'paid',
    },
  });
}

/** Pending orders matching `where` and past their time become expired; their pages hear of it. */
async function expireOrders(db: Database, events: RealtimePublisher, where?: SQL) {
  const now = new Date();
  const rows = await db
    .update(paymentOrders)
    .set({ status: 'expired', closedAt: now, updatedAt: now })
    .where(and(where, eq(paymentOrders.status, 'pending'), lt(paymentOrders.expiresAt, now)))
    .returning();
  await Promise.all(rows.map((r) => publishOrderStatus(events, r).catch(() => undefined)));
  return rows;
}

/** The minute sweep (server/jobs/registry.ts). */
export const expireOverdueOrders = (db: Database, events: RealtimePublisher) => expireOrders(db, events).then((r) => r.length);

/** POST /api/v1/payment/orders/:id/cancel: a pending order the user no longer wants. */
export async function cancelOrder(db: Database, events: RealtimePublisher, userId: string, ref: string): Promise<Order> {
  const order = await findOwnOrder(db, events, userId, ref);
  if (order.status !== 'pending') throw new DomainError('CONFLICT', order.status === 'paid' ? '订单已支付，无法取消' : '订单已关闭');
  const now = new Date();
  const [row] = await db
    .update(paymentOrders)
    .set({ status: 'cancelled', closedAt: now, updatedAt: now })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'pending')))
    .returning();
  if (!row) throw new DomainError('CONFLICT', '订单状态已变化，请刷新页面');
  await publishOrderStatus(events, row).catch(() => undefined);
  return toOrderDto(row);
}

/**
 * POST /api/v1/payment/wx/payment and /payment/alipay/payment: a QR code for a pending order from
 * the gateway the method maps to. Asking again returns the same code while the gateway is the same.
 */
export async function startPayment(
  db: Database,
  events: RealtimePublisher,
  gateways: Gateways,
  userId: string,
  ref: string,
  channel: PaymentChannel,
  logger?: Logger,
): Promise<PaymentStarted> {
  const order = await findOwnOrder(db, events, userId, ref);
  if (order.status === 'paid') throw new DomainError('CONFLICT', '订单已支付');
  if (order.status !== 'pending')
    throw new DomainError('CONFLICT', order.status === 'expired' ? '订单已过期，请重新下单' : '订单已关闭，请重新下单');
  const gateway = gateways.forChannel(channel);
  if (!gateway) throw validationError(`${channel === 'WECHAT' ? '微信支付' : '支付宝'}暂未开通，请选择其他支付方式`, 'type');
  const started = (codeUrl: string): PaymentStarted => ({
    orderNo: order.orderNo,
    provider: gateway.kind,
    code_url: codeUrl,
    expiresAt: order.expiresAt.toISOString(),
  });
  if (order.codeUrl && order.provider === gateway.kind) return started(order.codeUrl);
  // One gateway per order: a trade open at one gateway is not opened at another as well.
  if (order.provider && order.provider !== gateway.kind) throw new DomainError('CONFLICT', '该订单已选择其他支付方式，请重新下单');
  let codeUrl: string;
  try {
    ({ codeUrl } = await gateway.startNative(gatewayOrder(order)));
  } catch (error) {
    if (error instanceof GatewayError) {
      logger?.error('payments.gateway_failed', {
        provider: gateway.kind,
        orderNo: order.orderNo,
        reason: error.message,
        detail: error.detail,
      });
      throw new DomainError('PAYMENT_FAILED', PAYMENT_MESSAGES.PAY_FAILED(error.message));
    }
    throw error;
  }
  await db
    .update(paymentOrders)
    .set({ provider: gateway.kind, channel, codeUrl, updatedAt: new Date() })
    .where(eq(paymentOrders.id, order.id));
  return started(codeUrl);
}

export type OrderStatus = OrderRow['status'];

/**
 * For GET /metrics (ADR 0056): every pending order (the partial index of pending orders) and the
 * orders created in the last 24 hours that are paid, expired or cancelled (payment_orders_created_idx):
 * bounded by a day's orders, however long the table grows.
 */
export async function orderCounts(db: Database): Promise<Record<OrderStatus, number>> {
  const rows = await db
    .select({ status: paymentOrders.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(paymentOrders)
    .where(sql`${paymentOrders.status} = 'pending' or ${paymentOrders.createdAt} > now() - interval '24 hours'`)
    .groupBy(paymentOrders.status);
  const byStatus: Record<OrderStatus, number> = { pending: 0, paid: 0, expired: 0, cancelled: 0 };
  for (const row of rows) byStatus[row.status] = row.n;
  return byStatus;
}
