/**
 * The login asks for consent to the service agreement and the privacy policy by an unticked box
 * (issue 28, as Chinese app rules expect; not a passive "登录即表示同意"). Both halves of the login
 * page post it as `agree`, with or without JavaScript; a login without it goes no further.
 */
export const CONSENT_FIELD = 'agree';
export const CONSENT_MESSAGE = '请先阅读并勾选同意《服务协议》和《隐私政策》';
