import { captchaChallengeSchema, loginResultSchema, smsSentSchema, type PhoneLogin, type SmsSend } from '../../../contracts/auth';
import type { ApiTransport } from './transport.server';

/** /api/v1/auth: the calls before a session exists. */
export const authApi = (api: ApiTransport) => ({
  sendCode: (body: SmsSend) => api.json('/auth/sms/send', { method: 'POST', body, schema: smsSentSchema, anonymous: true }),
  captcha: () => api.json('/auth/captcha', { method: 'POST', schema: captchaChallengeSchema, anonymous: true }),
  loginWithPhone: (input: PhoneLogin) =>
    api.json('/auth/login/phone', { method: 'POST', body: input, schema: loginResultSchema, anonymous: true }),
});
