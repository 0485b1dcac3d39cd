import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { smsSendSchema } from '../../contracts/auth';
import { getWebSession, safeRedirectTarget } from '~/sessions.server';
import { createApiClient } from './api.server';
import { createAuthenticator, LOGIN_FIELDS, LoginFailure, type LoginField } from './auth.server';
import { handleForm, type FormFailure } from './forms';

const PAGE = '登录';

export type LoginActionData =
  | { intent: 'send-code'; ok: true; phone: string; devCode: string | null; resendAfterSeconds: number }
  | ({ intent: 'send-code' | 'login' } & FormFailure<LoginField>);

/** Loader of /login and /dash/login: a signed-in visitor goes straight on. */
export async function loginLoader({ request, context }: LoaderFunctionArgs) {
  const web = await getWebSession(request, context);
  const redirectTo = safeRedirectTarget(new URL(request.url).searchParams.get('redirectTo'));
  if (web.tokens && web.userId) throw redirect(redirectTo);
  const flash = web.readFlash();
  return { redirectTo, devSms: context.config.public.devSms, notice: flash.notice, wipeLocalData: flash.wipeLocalData };
}

/** One form, two buttons: 获取验证码 (intent=send-code) and 登录 (intent=login). Works without JavaScript. */
export async function loginAction({ request, context }: ActionFunctionArgs): Promise<LoginActionData | Response> {
  const form = await request.clone().formData();
  const intent = form.get('intent') === 'send-code' ? 'send-code' : 'login';

  if (intent === 'send-code') {
    const outcome = await handleForm(form, {
      fields: LOGIN_FIELDS,
      schema: smsSendSchema,
      submit: ({ phone }) => createApiClient(request, context, PAGE).auth.sendCode(phone),
    });
    if (!outcome.ok) return { intent, ...outcome };
    const phone = String(form.get('phone') ?? '').trim();
    return { intent, ok: true, phone, devCode: outcome.result.devCode ?? null, resendAfterSeconds: outcome.result.resendAfterSeconds };
  }

  try {
    const outcome = await createAuthenticator(context, PAGE).authenticate('phone-code', request);
    const web = await getWebSession(request, context);
    web.signIn(outcome.tokens, outcome.user);
    return redirect(safeRedirectTarget(form.get('redirectTo')));
  } catch (error) {
    if (error instanceof LoginFailure) return { intent, ...error.failure };
    throw error;
  }
}
