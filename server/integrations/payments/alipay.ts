import { AlipaySdk } from 'alipay-sdk';
import { fenToYuan, yuanToFen } from '../../../contracts/payment-constants';
import { readKey } from './keys';
import { GatewayError, NotificationRejected, OWNER_MISSING, type GatewayOrder, type PaidNotice, type PaymentGateway } from './types';

export type AlipayOptions = {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
  /** The seller's Alipay user id (2088…): sent with each trade and required of each notification when set. */
  sellerId?: string;
};

const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
/** Alipay's time format (Beijing time): yyyy-MM-dd HH:mm:ss. */
const beijing = (date: Date) => new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
/**
 * The currency Alipay reports: `trans_currency` (标价币种) is present only for trades priced in a
 * foreign currency; a trade without it is in yuan, which is then the only default we assume.
 */
const currencyOf = (fields: Record<string, string | undefined>) => fields.trans_currency || fields.currency || 'CNY';

/**
 * Alipay face-to-face precreate (a QR code the buyer scans) through the official alipay-sdk:
 * requests signed RSA2 with the application key, responses and notifications verified with
 * Alipay's public key (`validateSign`, `checkNotifySignV2`). The order's owner travels in `body`,
 * which precreate accepts and the asynchronous notification echoes as sent (as WeChat's attach);
 * `passback_params` is documented for the page, wap and app payments, not for precreate.
 */
export function alipayGateway(options: AlipayOptions): PaymentGateway {
  const sdk = new AlipaySdk({
    appId: options.appId,
    privateKey: readKey(options.privateKey, 'PRIVATE KEY'),
    alipayPublicKey: readKey(options.alipayPublicKey, 'PUBLIC KEY'),
    gateway: options.gateway,
    keyType: 'PKCS8',
    signType: 'RSA2',
    timeout: 15_000,
  });

  const call = async (method: string, bizContent: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    try {
      const result = await sdk.exec(method, { ...extra, bizContent }, { validateSign: true });
      return result;
    } catch (error) {
      // alipay-sdk throws for a transport fault or an answer it cannot verify (验签失败…, quoting it).
      const detail = (error as Error).message ?? String(error);
      throw new GatewayError(detail.startsWith('验签失败') ? '支付宝应答验签失败' : '支付宝暂时不可用', detail);
    }
  };

  return {
    kind: 'alipay',
    async startNative(order: GatewayOrder) {
      const result = await call(
        'alipay.trade.precreate',
        {
          outTradeNo: order.orderNo,
          totalAmount: fenToYuan(order.amountFen).toFixed(2),
          subject: order.title.slice(0, 256),
          timeExpire: beijing(order.expiresAt),
          body: order.userId,
          ...(options.sellerId ? { sellerId: options.sellerId } : {}),
        },
        { notifyUrl: options.notifyUrl },
      );
      if (result.code !== '10000' || typeof result.qrCode !== 'string')
        throw new GatewayError(result.subMsg || result.msg || '支付宝未返回二维码');
      return { codeUrl: result.qrCode };
    },
    verifyNotification({ raw }) {
      const fields = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
      if (!sdk.checkNotifySignV2(fields)) throw new NotificationRejected('签名无效');
      if (fields.app_id !== options.appId) throw new NotificationRejected('应用不符');
      if (options.sellerId && fields.seller_id !== options.sellerId) throw new NotificationRejected('收款账号不符');
      const eventId = fields.notify_id || fields.trade_no || '';
      const orderNo = fields.out_trade_no || null;
      if (!orderNo || !PAID_STATES.has(fields.trade_status ?? '')) {
        return { kind: 'ignored', eventId, orderNo, reason: fields.trade_status ?? 'unknown' };
      }
      const amount = Number(fields.total_amount);
      if (!Number.isFinite(amount)) throw new NotificationRejected('金额无效');
      if (!fields.body) throw new NotificationRejected(OWNER_MISSING);
      return {
        kind: 'paid',
        eventId,
        notice: {
          orderNo,
          tradeNo: fields.trade_no ?? '',
          amountFen: yuanToFen(amount),
          currency: currencyOf(fields),
          userId: fields.body,
        },
      };
    },
    // Alipay reads the body: exactly `success` stops its retries; anything else is retried.
    answer: (ok) => ({ status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' }),
    async queryPaid(order): Promise<PaidNotice | null> {
      const result = await call('alipay.trade.query', { outTradeNo: order.orderNo });
      // A precreated trade exists at Alipay only once the buyer has scanned it (ACQ.TRADE_NOT_EXIST before).
      if (result.code !== '10000') {
        if (result.subCode === 'ACQ.TRADE_NOT_EXIST') return null;
        throw new GatewayError(result.subMsg || result.msg || '支付宝查询失败');
      }
      if (!PAID_STATES.has(result.tradeStatus)) return null;
      return {
        orderNo: order.orderNo,
        tradeNo: result.tradeNo ?? '',
        amountFen: yuanToFen(Number(result.totalAmount)),
        currency: currencyOf({ trans_currency: result.transCurrency }),
      };
    },
  };
}
