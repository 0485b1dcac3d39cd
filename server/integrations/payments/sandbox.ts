import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from '../../../contracts/zod';
import { header, NotificationRejected, type GatewayOrder, type PaymentGateway } from './types';

/**
 * The embedded gateway (ADR 0027): its QR code opens /sandbox-pay on this site, a page that plays
 * the phone. 确认支付 there makes the API send a notification signed with HMAC-SHA256 under a
 * server secret to /api/v1/payment/notify/sandbox, the same route shape the real gateways use.
 * Labelled 沙箱支付 wherever it shows; production refuses to start with it (server/config.ts).
 */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
const MAX_CLOCK_SKEW_S = 300;

const notificationSchema = z.object({
  id: z.string().min(1).max(64),
  orderNo: z.string().min(1).max(64),
  tradeNo: z.string().min(1).max(64),
  amountFen: z.number().int(),
  currency: z.string(),
  userId: z.string(),
  status: z.literal('SUCCESS'),
});
export type SandboxNotification = z.infer<typeof notificationSchema>;

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The token in the QR code's link: whoever holds the code may pay that order, nothing else. */
export const sandboxTicket = (secret: string, orderNo: string) => hmac(secret, `qr:${orderNo}`);
export const sandboxTicketValid = (secret: string, orderNo: string, ticket: string) => sameHex(sandboxTicket(secret, orderNo), ticket);

/** What the sandbox sends when its phone page confirms: the body and its signature headers. */
export function signSandboxNotification(secret: string, order: GatewayOrder, timestamp = Math.floor(Date.now() / 1000)) {
  const body: SandboxNotification = {
    id: randomUUID(),
    orderNo: order.orderNo,
    tradeNo: `SANDBOX${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    amountFen: order.amountFen,
    currency: order.currency,
    userId: order.userId,
    status: 'SUCCESS',
  };
  const raw = JSON.stringify(body);
  return {
    raw,
    headers: { [SANDBOX_TIMESTAMP_HEADER]: String(timestamp), [SANDBOX_SIGNATURE_HEADER]: hmac(secret, `${timestamp}\n${raw}`) },
  };
}

export function sandboxGateway(options: { secret: string; publicBaseUrl: string }): PaymentGateway {
  return {
    kind: 'sandbox',
    async startNative(order) {
      const params = new URLSearchParams({ t: sandboxTicket(options.secret, order.orderNo) });
      return { codeUrl: `${options.publicBaseUrl}/sandbox-pay/${encodeURIComponent(order.orderNo)}?${params}` };
    },
    verifyNotification({ headers, raw }) {
      const timestamp = header(headers, SANDBOX_TIMESTAMP_HEADER) ?? '';
      const signature = header(headers, SANDBOX_SIGNATURE_HEADER) ?? '';
      if (!/^\d{1,12}$/.test(timestamp) || !signature) throw new NotificationRejected('缺少签名');
      if (Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_S) throw new NotificationRejected('通知时间超出允许范围');
      if (!sameHex(hmac(options.secret, `${timestamp}\n${raw.toString('utf8')}`), signature)) throw new NotificationRejected('签名无效');
      const parsed = notificationSchema.safeParse(JSON.parse(raw.toString('utf8')));
      if (!parsed.success) throw new NotificationRejected('通知内容无效');
      const n = parsed.data;
      return {
        kind: 'paid',
        eventId: n.id,
        notice: { orderNo: n.orderNo, tradeNo: n.tradeNo, amountFen: n.amountFen, currency: n.currency, userId: n.userId },
      };
    },
    answer: (ok, message) =>
      ok
        ? { status: 204, contentType: 'text/plain', body: '' }
        : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: message ?? '失败' }) },
    // The sandbox has no ledger of its own: an order is paid only when its notification arrived.
    queryPaid: async () => null,
  };
}
