import { redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import { smsSendSchema, type CaptchaChallenge } from '../../../contracts/auth';
import { getWebSession, safeRedirectTarget } from '~/sessions.server';
import { createApiClient, type ApiClient } from '~/services/api/client.server';
import { createAuthenticator, LOGIN_FIELDS, LoginFailure, type LoginField, type LoginOutcome } from './auth.server';
import { ApiRequestError } from '~/services/errors';
import { handleForm, readForm, type FieldErrors, type FormFailure } from '~/services/forms';
import { CONSENT_FIELD, CONSENT_MESSAGE } from '~/services/login-consent';
import { forgetScene, loginWithHeldScene, wechatLoginQr } from './wechat-login.server';

const PAGE = '登录';

/** The send button's fields: the phone, and the image challenge once the API asks for one (ADR 0015). */
const SEND_FIELDS = [...LOGIN_FIELDS, 'captchaId', 'captchaAnswer'] as const;
export type SendCodeField = (typeof SEND_FIELDS)[number];

export type SendCodeAnswer =
  | { intent: 'send-code'; ok: true; phone: string; devCode: string | null; resendAfterSeconds: number }
  /** `captcha`: the challenge to show (a new one after every answer, right or wrong). */
  | ({ intent: 'send-code' } & FormFailure<SendCodeField> & { captcha: CaptchaChallenge | null });

export type LoginActionData = (
  | SendCodeAnswer
  | ({ intent: 'login' } & FormFailure<LoginField> & { errors: FieldErrors<'agree'>; captcha: null })
  /** 我已扫码 (or the socket's "scanned") when the WeChat login did not go through: what to say. */
  | { intent: 'wechat-login'; ok: false; error: string; captcha: null }
) & {
  /** The consent box was ticked: the page shows it ticked again (without JavaScript it is a new page). */
  agreed?: boolean;
};

/** The consent box was ticked (see login-consent.ts). */
const consented = (form: FormData) => form.get(CONSENT_FIELD) === 'on';

/** Which half of the login page a narrow screen shows (wide screens show both side by side). */
export type LoginTab = 'wechat' | 'phone';

/** Loader of /login and /dash/login: a signed-in visitor goes straight on. */
export async function loginLoader({ request, context }: LoaderFunctionArgs) {
  const web = await getWebSession(request, context);
  const redirectTo = safeRedirectTarget(new URL(request.url).searchParams.get('redirectTo'));
  if (web.tokens && web.userId) throw redirect(redirectTo);
  const flash = web.readFlash();
  // An invitation link (/dash/login?invite=CODE) fills the invite-code field.
  const invite = (new URL(request.url).searchParams.get('invite') ?? '').trim().slice(0, 32);
  const tab: LoginTab = new URL(request.url).searchParams.get('tab') === 'wechat' ? 'wechat' : 'phone';
  const wechat = await wechatLoginQr(request, context, PAGE);
  return {
    redirectTo,
    devSms: context.config.public.devSms,
    notice: flash.notice,
    wipeLocalData: flash.wipeLocalData,
    invite,
    tab,
    wechat,
  };
}

/** A fresh challenge, or the reason there is none (too many asked from this network). */
async function withChallenge(
  api: ApiClient,
  errors: FieldErrors<SendCodeField>,
): Promise<{ captcha: CaptchaChallenge | null; errors: FieldErrors<SendCodeField> }> {
  try {
    return { captcha: await api.auth.captcha(), errors };
  } catch (error) {
    if (error instanceof ApiRequestError) return { captcha: null, errors: { ...errors, form: error.message } };
    throw error;
  }
}

/**
 * Logging in over a signed-in session replaces it in the cookie; its tokens are revoked at the API
 * too, or they would stay valid for whoever kept a copy of the old cookie. Best effort: the new
 * login stands whatever happens here. The call runs on its own copy of the request context, so
 * what the transport does to the old session (a refresh, a sign-out when the API refuses it) never
 * reaches the cookie this response sets.
 */
async function endEarlierSession(request: Request, context: AppLoadContext): Promise<void> {
  const earlier: AppLoadContext = { ...context, requestId: `${context.requestId}-earlier`, finalizers: [] };
  const { user } = createApiClient(request, earlier, PAGE);
  try {
    // Failures reach the operation log through the transport, as every call's do.
    await user.logout();
  } catch (error) {
    // A redirect means the API had already ended that session: nothing is left to revoke.
    if (!(error instanceof ApiRequestError) && !(error instanceof Response)) throw error;
  }
}

/**
 * The 获取验证码 (intent=send-code) and 换一张 (intent=captcha-refresh) buttons of any form that
 * proves a phone by SMS (the login page, /wechat-bind); null for another intent.
 */
export async function sendCodeStep(api: ApiClient, form: FormData): Promise<SendCodeAnswer | null> {
  const intent = form.get('intent');
  if (intent === 'captcha-refresh') {
    return { intent: 'send-code', ok: false, values: readForm(form, SEND_FIELDS), ...(await withChallenge(api, {})) };
  }
  if (intent !== 'send-code') return null;
  const outcome = await handleForm(form, { fields: SEND_FIELDS, schema: smsSendSchema, submit: (input) => api.auth.sendCode(input) });
  if (outcome.ok) {
    const phone = String(form.get('phone') ?? '').trim();
    return { intent, ok: true, phone, devCode: outcome.result.devCode ?? null, resendAfterSeconds: outcome.result.resendAfterSeconds };
  }
  // Asked for a check, or answering one: every answer spends its challenge, so show a new one.
  const challenged = outcome.code === 'CAPTCHA_REQUIRED' || outcome.code === 'CAPTCHA_INVALID' || Boolean(outcome.values.captchaId);
  if (!challenged) return { intent, ...outcome, captcha: null };
  return { intent, ...outcome, ...(await withChallenge(api, outcome.errors)) };
}

/**
 * Stores a login's tokens in the session cookie and goes on: the one ending of the phone and the
 * WeChat login alike. A session the cookie held before is revoked after the new one is set.
 */
async function completeLogin(
  request: Request,
  context: AppLoadContext,
  outcome: LoginOutcome,
  redirectTo: FormDataEntryValue | null,
): Promise<Response> {
  const web = await getWebSession(request, context);
  const hadSession = web.tokens !== null;
  web.signIn(outcome.tokens, outcome.user);
  // A new account: the shell's welcome-points notice, once (issue 28).
  if (outcome.isNewUser) web.flashWelcome(outcome.welcomePoints);
  if (hadSession) await endEarlierSession(request, context);
  return redirect(safeRedirectTarget(redirectTo));
}

/**
 * The phone form has three buttons: 获取验证码 (intent=send-code), 换一张 (intent=captcha-refresh, a
 * new image challenge) and 登录 (intent=login). The WeChat half has 我已扫码 (intent=wechat-login,
 * also posted by the page when the socket says scanned) and 刷新二维码 (intent=wechat-refresh).
 * Everything works without JavaScript.
 */
export async function loginAction({ request, context }: ActionFunctionArgs): Promise<LoginActionData | Response | null> {
  const form = await request.clone().formData();
  const intent = form.get('intent');

  if (intent === 'wechat-refresh') {
    // The loaders run again after this and show a new code.
    await forgetScene(request, context, 'login');
    return null;
  }

  if (intent === 'wechat-login') {
    const web = await getWebSession(request, context);
    // Another tab of this browser finished the login with the same code.
    if (web.tokens && !web.wechatScene('login')) return redirect(safeRedirectTarget(form.get('redirectTo')));
    // The scanned code stays held: ticking the box and 我已扫码 finish the login.
    if (!consented(form)) return { intent, ok: false, error: CONSENT_MESSAGE, captcha: null };
    const outcome = await loginWithHeldScene(request, context, PAGE, form);
    if ('error' in outcome) return { intent, ok: false, error: outcome.error, captcha: null, agreed: true };
    // A new WeChat account is offered the phone binding first (it may already have a phone account).
    const target = safeRedirectTarget(form.get('redirectTo'));
    const next = outcome.isNewUser && !outcome.user.phone ? `/wechat-bind?redirectTo=${encodeURIComponent(target)}` : target;
    return completeLogin(request, context, outcome, next);
  }

  if (intent === 'captcha-refresh' || intent === 'send-code') {
    const answer = await sendCodeStep(createApiClient(request, context, PAGE), form);
    if (answer) return { ...answer, agreed: consented(form) };
  }

  if (!consented(form)) {
    return { intent: 'login', ok: false, errors: { agree: CONSENT_MESSAGE }, values: readForm(form, LOGIN_FIELDS), captcha: null };
  }
  try {
    const outcome = await createAuthenticator(context, PAGE).authenticate('phone-code', request);
    return await completeLogin(request, context, outcome, form.get('redirectTo'));
  } catch (error) {
    if (error instanceof LoginFailure) return { intent: 'login', ...error.failure, captcha: null, agreed: true };
    throw error;
  }
}
