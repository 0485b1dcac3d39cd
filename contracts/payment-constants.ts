/**
 * Orders and payment providers: values and their Chinese labels (issue 12). No zod here, so
 * components can import them without a schema library (ADR 0008).
 */

/** Spec §3 order create payload `type`: the method the user picked. */
export const PAYMENT_CHANNELS = ['WECHAT', 'ALIPAY'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];
export const PAYMENT_CHANNEL_LABELS: Record<PaymentChannel, string> = { WECHAT: '微信支付', ALIPAY: '支付宝' };

/** Who takes the money. The sandbox plays the gateway and the phone; it is labelled as such everywhere. */
export const PAYMENT_PROVIDERS = ['sandbox', 'wechat', 'alipay'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_PROVIDER_LABELS: Record<PaymentProviderKind, string> = { sandbox: '沙箱支付', wechat: '微信支付', alipay: '支付宝' };

export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: '待支付',
  paid: '已支付',
  expired: '已过期',
  cancelled: '已取消',
};

/** The PAYMENT_STATUS socket message's `status` (the web's realtime-events reads PAID as a recharge). */
export const PAYMENT_EVENT_STATUS: Record<OrderStatus, string> = {
  pending: 'PENDING',
  paid: 'PAID',
  expired: 'EXPIRED',
  cancelled: 'CANCELLED',
};

/**
 * The id of a PAYMENT_STATUS event (its `meta.eventId`): one per order and status, so the socket's
 * event and the result page ask for the balance refetch under the same id and it happens once.
 */
export const paymentStatusEventId = (orderNo: string, status: string) => `PAYMENT_STATUS:${orderNo}:${status}`;

/** Amounts are integer fen inside and yuan with two decimals at the edges. */
export const fenToYuan = (fen: number) => Math.trunc(fen) / 100;
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);
export const formatYuan = (yuan: number) => `¥${(Math.round(yuan * 100) / 100).toFixed(2)}`;

/**
 * Custom recharge (issue 28): an amount of the user's choosing, without a package, bought at the
 * price table's points-per-yuan rate between its smallest and largest amount. The points are what
 * the amount in fen times the rate in hundredths gives, truncated to hundredths (spec §9): the
 * server prices every order with this, and the page shows the same figure as the amount is typed.
 */
export const CUSTOM_RECHARGE_TITLE = '自定义充值';
export const customRechargePointsCents = (amountFen: number, pointsPerYuanCents: number) =>
  Math.trunc((Math.trunc(amountFen) * Math.trunc(pointsPerYuanCents)) / 100);

/** Spec §3 local keys: the last recharge result (success and points), written by /dash/payment/result. */
export const RECHARGE_RESULT_KEY = 'recharge_result';
