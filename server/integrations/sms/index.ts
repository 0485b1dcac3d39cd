import type { Logger } from '../../logger';
import { maskPhone } from '../../../contracts/constants';

/** What the login flow needs from an SMS provider. Production providers implement the same shape. */
export interface SmsSender {
  readonly kind: string;
  /** `devCode` is only ever returned by the development sender. */
  sendLoginCode(phone: string, code: string): Promise<{ devCode?: string }>;
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
