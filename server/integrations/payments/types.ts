import type { PaymentProviderKind } from '../../../contracts/payment-constants';

/** What a gateway needs to know of an order to take its payment. */
export type GatewayOrder = { orderNo: string; title: string; amountFen: number; currency: string; userId: string; expiresAt: Date };

/**
 * A successful payment as a gateway reported it, after its signature was verified. `userId` is the
 * owner the gateway carried back from the order's creation (WeChat's attach, Alipay's body, the
 * sandbox's field). Absent only in an answer to our own query by order number (reconciliation).
 */
export type PaidNotice = { orderNo: string; tradeNo: string; amountFen: number; currency: string; userId?: string };

/** The message for a notification that does not name the order's owner: refused, never waved through. */
export const OWNER_MISSING = '通知缺少订单所属用户';

export type VerifiedNotification =
  /** Signed by the gateway and about a completed payment; a notification always names the owner. */
  | { kind: 'paid'; eventId: string; notice: PaidNotice & { userId: string } }
  /** Signed, but not a payment (a refund, a closed trade): recorded and acknowledged, nothing credited. */
  | { kind: 'ignored'; eventId: string; orderNo: string | null; reason: string };

/** A notification that is not what it claims (bad signature, a probe, garbled): answered as a failure. */
export class NotificationRejected extends Error {
  override name = 'NotificationRejected';
}

/**
 * A gateway's own check that we verify signatures (WeChat Pay's WECHATPAY/SIGNTEST/ probes): refused
 * like any unverified notification, but expected, so logged as routine rather than as an attack.
 */
export class SignatureProbe extends NotificationRejected {
  override name = 'SignatureProbe';
}

/**
 * A call to the gateway failed: the message is shown after 支付失败: (spec §8), so it is a short
 * sentence or the gateway's own business message; `detail` (the library's error, which may quote the
 * unverified answer and its signature) goes to the log only.
 */
export class GatewayError extends Error {
  override name = 'GatewayError';
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export type GatewayAnswer = { status: number; contentType: string; body: string };

/** One interface for the sandbox, WeChat Pay v3 and Alipay (ADR 0027). */
export interface PaymentGateway {
  readonly kind: PaymentProviderKind;
  /** A QR payment for the order: the code's target (WeChat's code_url, Alipay's qr_code). */
  startNative(order: GatewayOrder): Promise<{ codeUrl: string }>;
  /** Throws NotificationRejected unless the body is signed by the gateway, for this merchant. */
  verifyNotification(input: { headers: Record<string, string | undefined>; raw: Buffer }): VerifiedNotification;
  /** How the gateway expects to be answered: success stops its retries, failure asks for one. */
  answer(ok: boolean, message?: string): GatewayAnswer;
  /** For reconciliation: the payment if the gateway says the order is paid, else null. */
  queryPaid(order: GatewayOrder): Promise<PaidNotice | null>;
}

export type HeaderBag = Record<string, string | undefined>;
export const header = (headers: HeaderBag, name: string) => headers[name.toLowerCase()];
