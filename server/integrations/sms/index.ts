import type { AppConfig } from '../../config';
import type { Logger } from '../../logger';
import { maskPhone } from '../../../contracts/constants';
import { aliyunSmsSender } from './aliyun';
import { tencentSmsSender } from './tencent';

export { SmsSendError } from './call';

/** What the login flow needs from an SMS provider: the development sender and the real ones (ADR 0036). */
export interface SmsSender {
  readonly kind: string;
  /**
   * Delivers `code` to `phone` (11 digits, mainland), valid for `validMinutes`. Throws
   * SmsSendError when the provider did not take the message. `devCode` is only ever returned by
   * the development sender; `requestId` is the provider's id of the call, for the log.
   */
  sendLoginCode(phone: string, code: string, validMinutes: number): Promise<{ devCode?: string; requestId?: string }>;
}

/** Logs the code and hands it back so a fresh `npm start` can log in without an SMS account. */
export function createDevSmsSender(logger: Logger): SmsSender {
  return {
    kind: 'dev',
    async sendLoginCode(phone, code) {
      logger.warn('sms.dev_code', { phone: maskPhone(phone), code, note: '开发模式短信：验证码未真正发送' });
      return { devCode: code };
    },
  };
}

/** The sender SMS_PROVIDER names; loadConfig has already refused a half-configured provider. */
export function createSmsSender(config: AppConfig, logger: Logger): SmsSender {
  if (config.SMS_PROVIDER === 'tencent') {
    return tencentSmsSender({
      secretId: config.TENCENTCLOUD_SECRET_ID!,
      secretKey: config.TENCENTCLOUD_SECRET_KEY!,
      sdkAppId: config.TENCENT_SMS_SDK_APP_ID!,
      signName: config.TENCENT_SMS_SIGN_NAME!,
      templateId: config.TENCENT_SMS_TEMPLATE_ID!,
      templateParams: config.TENCENT_SMS_TEMPLATE_PARAMS,
      region: config.TENCENT_SMS_REGION,
      endpoint: config.TENCENT_SMS_ENDPOINT,
      timeoutMs: config.SMS_TIMEOUT_MS,
    });
  }
  if (config.SMS_PROVIDER === 'aliyun') {
    return aliyunSmsSender({
      accessKeyId: config.ALIYUN_ACCESS_KEY_ID!,
      accessKeySecret: config.ALIYUN_ACCESS_KEY_SECRET!,
      signName: config.ALIYUN_SMS_SIGN_NAME!,
      templateCode: config.ALIYUN_SMS_TEMPLATE_CODE!,
      templateParams: config.ALIYUN_SMS_TEMPLATE_PARAMS,
      endpoint: config.ALIYUN_SMS_ENDPOINT,
      timeoutMs: config.SMS_TIMEOUT_MS,
    });
  }
  return createDevSmsSender(logger);
}
