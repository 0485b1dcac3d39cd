import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import { z } from '../../../contracts/zod';
import { readKey } from './keys';
import {
  GatewayError,
  header,
  NotificationRejected,
  OWNER_MISSING,
  SignatureProbe,
  type GatewayOrder,
  type PaidNotice,
  type PaymentGateway,
} from './types';

export type WechatPayOptions = {
  mchid: string;
  appid: string;
  merchantSerial: string;
  privateKey: string;
  platformPublicKeyId: string;
  platformPublicKey: string;
  apiV3Key: string;
  baseUrl: string;
  notifyUrl: string;
};

/** WeChat Pay rejects notifications whose timestamp is further off; we do the same. */
const MAX_CLOCK_SKEW_S = 300;
/**
 * WeChat Pay sends notifications signed `WECHATPAY/SIGNTEST/…` to check that a notify URL verifies
 * signatures (签名探测): they never verify and must be refused, and are told apart in the log.
 */
const PROBE_PREFIX = 'WECHATPAY/SIGNTEST/';

const notificationSchema = z.object({
  id: z.string(),
  event_type: z.string(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional().default(''),
  }),
});
const transactionSchema = z.object({
  mchid: z.string(),
  appid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  attach: z.string().optional(),
  amount: z.object({ total: z.number().int(), currency: z.string().default('CNY') }).partial({ currency: true }),
});

/** `yyyy-MM-ddTHH:mm:ss+08:00`, the form WeChat Pay wants for time_expire. */
const rfc3339Beijing = (date: Date) => `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

/**
 * The plugin marks an answer it could not verify with an EV2_/EV3_ code (on the error, or on the
 * BusinessError it leaves as the data of a 4xx): its message is then not WeChat Pay's, and is not
 * shown. A verified refusal carries WeChat Pay's own message, which is.
 */
const failure = (error: unknown) => {
  const e = error as { code?: unknown; message?: unknown; response?: { status?: number; data?: { code?: unknown; message?: unknown } } };
  const data = e.response?.data;
  const detail = typeof e.message === 'string' ? e.message : String(error);
  if ([e.code, data?.code].some((code) => typeof code === 'string' && /^EV[23]_/.test(code)))
    return new GatewayError('微信支付应答验签失败', detail);
  if (typeof data?.message === 'string' && data.message)
    return new GatewayError(data.message, `${e.response?.status} ${String(data.code)}: ${detail}`);
  return new GatewayError('微信支付暂时不可用', detail);
};

/**
 * WeChat Pay API v3, Native (QR) payments, through wechatpay-axios-plugin: it signs our requests
 * with the merchant key and verifies each response against WeChat Pay's public key. Notifications
 * are verified with the same key and their resource decrypted with the APIv3 key (AEAD_AES_256_GCM).
 */
export function wechatGateway(options: WechatPayOptions): PaymentGateway {
  const privateKey = readKey(options.privateKey, 'PRIVATE KEY');
  const platformKey = Rsa.from(readKey(options.platformPublicKey, 'PUBLIC KEY'), Rsa.KEY_TYPE_PUBLIC);
  const client = new Wechatpay({
    mchid: options.mchid,
    serial: options.merchantSerial,
    privateKey,
    certs: { [options.platformPublicKeyId]: platformKey },
    baseURL: options.baseUrl,
    timeout: 15_000,
  });

  const toNotice = (t: z.infer<typeof transactionSchema>): PaidNotice => ({
    orderNo: t.out_trade_no,
    tradeNo: t.transaction_id ?? '',
    amountFen: t.amount.total,
    currency: t.amount.currency ?? 'CNY',
    userId: t.attach,
  });
  const ours = (t: z.infer<typeof transactionSchema>) => t.mchid === options.mchid && t.appid === options.appid;

  return {
    kind: 'wechat',
    async startNative(order: GatewayOrder) {
      try {
        const { data } = await client.v3.pay.transactions.native.post({
          appid: options.appid,
          mchid: options.mchid,
          description: order.title.slice(0, 127),
          out_trade_no: order.orderNo,
          time_expire: rfc3339Beijing(order.expiresAt),
          attach: order.userId,
          notify_url: options.notifyUrl,
          amount: { total: order.amountFen, currency: order.currency },
        });
        const codeUrl = (data as { code_url?: unknown })?.code_url;
        if (typeof codeUrl !== 'string' || !codeUrl) throw new GatewayError('微信支付未返回二维码');
        return { codeUrl };
      } catch (error) {
        throw error instanceof GatewayError ? error : failure(error);
      }
    },
    verifyNotification({ headers, raw }) {
      const signature = header(headers, 'Wechatpay-Signature') ?? '';
      const timestamp = header(headers, 'Wechatpay-Timestamp') ?? '';
      const nonce = header(headers, 'Wechatpay-Nonce') ?? '';
      const serial = header(headers, 'Wechatpay-Serial') ?? '';
      if (signature.startsWith(PROBE_PREFIX)) throw new SignatureProbe('探测通知，签名不予通过');
      if (!signature || !timestamp || !nonce || !serial) throw new NotificationRejected('缺少微信支付签名');
      if (serial !== options.platformPublicKeyId) throw new NotificationRejected('未知的微信支付公钥');
      if (!/^\d+$/.test(timestamp) || Math.abs(Number(Formatter.timestamp()) - Number(timestamp)) > MAX_CLOCK_SKEW_S) {
        throw new NotificationRejected('通知时间超出允许范围');
      }
      const body = raw.toString('utf8');
      if (!Rsa.verify(Formatter.response(timestamp, nonce, body), signature, platformKey)) throw new NotificationRejected('签名无效');
      const parsed = notificationSchema.safeParse(JSON.parse(body));
      if (!parsed.success) throw new NotificationRejected('通知内容无效');
      const { resource, event_type: eventType, id } = parsed.data;
      let plain: string;
      try {
        plain = Aes.AesGcm.decrypt(resource.ciphertext, options.apiV3Key, resource.nonce, resource.associated_data);
      } catch {
        throw new NotificationRejected('通知内容解密失败');
      }
      const transaction = transactionSchema.safeParse(JSON.parse(plain));
      if (!transaction.success) throw new NotificationRejected('通知内容无效');
      if (!ours(transaction.data)) throw new NotificationRejected('商户号或应用不符');
      if (eventType !== 'TRANSACTION.SUCCESS' || transaction.data.trade_state !== 'SUCCESS') {
        return {
          kind: 'ignored',
          eventId: id,
          orderNo: transaction.data.out_trade_no,
          reason: `${eventType} ${transaction.data.trade_state}`,
        };
      }
      // attach is sent with every order (startNative): a payment without it is not one of ours as made.
      const { attach } = transaction.data;
      if (!attach) throw new NotificationRejected(OWNER_MISSING);
      return { kind: 'paid', eventId: id, notice: { ...toNotice(transaction.data), userId: attach } };
    },
    // WeChat Pay: 200 or 204 without a body is success; a failure is 4XX/5XX with {code, message}.
    answer: (ok, message) =>
      ok
        ? { status: 204, contentType: 'text/plain', body: '' }
        : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: message ?? '失败' }) },
    async queryPaid(order) {
      try {
        const { data } = await client.v3.pay.transactions.outTradeNo._out_trade_no_.get({
          params: { mchid: options.mchid },
          out_trade_no: order.orderNo,
        });
        const transaction = transactionSchema.safeParse(data);
        if (!transaction.success || !ours(transaction.data) || transaction.data.trade_state !== 'SUCCESS') return null;
        return toNotice(transaction.data);
      } catch (error) {
        // No trade under this number: nothing was paid (not an error for reconciliation).
        const response = (error as { response?: { status?: number; data?: { code?: unknown } } }).response;
        if (response?.status === 404 && response.data?.code === 'ORDER_NOT_EXIST') return null;
        throw failure(error);
      }
    },
  };
}
