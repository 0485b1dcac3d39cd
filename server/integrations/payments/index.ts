import type { PaymentChannel, PaymentProviderKind } from '../../../contracts/payment-constants';
import type { AppConfig } from '../../config';
import { alipayGateway } from './alipay';
import { sandboxGateway } from './sandbox';
import type { PaymentGateway } from './types';
import { wechatGateway } from './wechat';

export type Gateways = {
  byKind: Partial<Record<PaymentProviderKind, PaymentGateway>>;
  /** Who takes a payment by this method: the real gateway when configured, else the sandbox, else none. */
  forChannel(channel: PaymentChannel): PaymentGateway | null;
};

export const notifyUrl = (config: AppConfig, kind: PaymentProviderKind) => `${config.publicBaseUrl}/api/v1/payment/notify/${kind}`;

/** The gateways PAYMENT_PROVIDERS enables, built once at start (config.ts has checked their settings). */
export function createGateways(config: AppConfig): Gateways {
  const byKind: Gateways['byKind'] = {};
  for (const kind of config.PAYMENT_PROVIDERS) {
    if (kind === 'sandbox') byKind.sandbox = sandboxGateway({ secret: config.paymentSandboxSecret, publicBaseUrl: config.publicBaseUrl });
    if (kind === 'wechat') {
      byKind.wechat = wechatGateway({
        mchid: config.WECHATPAY_MCHID!,
        appid: config.WECHATPAY_APPID!,
        merchantSerial: config.WECHATPAY_MERCHANT_SERIAL!,
        privateKey: config.WECHATPAY_PRIVATE_KEY!,
        platformPublicKeyId: config.WECHATPAY_PLATFORM_PUBLIC_KEY_ID!,
        platformPublicKey: config.WECHATPAY_PLATFORM_PUBLIC_KEY!,
        apiV3Key: config.WECHATPAY_APIV3_KEY!,
        baseUrl: config.WECHATPAY_BASE_URL,
        notifyUrl: notifyUrl(config, 'wechat'),
      });
    }
    if (kind === 'alipay') {
      byKind.alipay = alipayGateway({
        appId: config.ALIPAY_APP_ID!,
        privateKey: config.ALIPAY_PRIVATE_KEY!,
        alipayPublicKey: config.ALIPAY_PUBLIC_KEY!,
        gateway: config.ALIPAY_GATEWAY,
        sellerId: config.ALIPAY_SELLER_ID,
        notifyUrl: notifyUrl(config, 'alipay'),
      });
    }
  }
  return {
    byKind,
    forChannel: (channel) => (channel === 'WECHAT' ? byKind.wechat : byKind.alipay) ?? byKind.sandbox ?? null,
  };
}
