import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { getWebSession, safeRedirectTarget } from '~/sessions.server';
import { publicEnv } from '~/env.server';
import { createApiClient } from './api.server';
import { createAuthenticator, LoginFormError } from './auth.server';
import { ApiRequestError } from './errors';

const PAGE = '登录';

export type LoginActionData =
  | { intent: 'send-code'; ok: true; phone: string; devCode: string | null; resendAfterSeconds: number }
  | {
      intent: 'send-code' | 'login';
      ok: false;
      phone: string;
      inviteCode: string;
      errors: Partial<Record<'phone' | 'code' | 'inviteCode' | 'form', string>>;
    };

/** Loader of /login and /dash/login: a signed-in visitor goes straight on. */
export async function loginLoader({ request, context }: LoaderFunctionArgs) {
  const web = await getWebSession(request, context);
  const redirectTo = safeRedirectTarget(new URL(request.url).searchParams.get('redirectTo'));
  if (web.tokens && web.userId) throw redirect(redirectTo);
  const flash = web.readFlash();
  return { redirectTo, devSms: publicEnv().devSms, notice: flash.notice, wipeLocalData: flash.wipeLocalData };
}

const phoneOnly = z.object({ phone: z.string().trim().min(1, '请输入手机号') });

/** One form, two buttons: 获取验证码 (intent=send-code) and 登录 (intent=login). Works without JavaScript. */
export async function loginAction({ request, context }: ActionFunctionArgs): Promise<LoginActionData | Response> {
  const form = await request.clone().formData();
  const intent = form.get('intent') === 'send-code' ? 'send-code' : 'login';
  const phone = String(form.get('phone') ?? '').trim();
  const inviteCode = String(form.get('inviteCode') ?? '').trim();

  if (intent === 'send-code') {
    const parsed = phoneOnly.safeParse({ phone });
    if (!parsed.success) return { intent, ok: false, phone, inviteCode, errors: { phone: parsed.error.issues[0]!.message } };
    try {
      const sent = await createApiClient(request, context, PAGE).auth.sendCode(phone);
      return { intent, ok: true, phone, devCode: sent.devCode ?? null, resendAfterSeconds: sent.resendAfterSeconds };
    } catch (error) {
      if (error instanceof ApiRequestError) {
        const key = /手机号/.test(error.message) ? 'phone' : 'form';
        return { intent, ok: false, phone, inviteCode, errors: { [key]: error.message } };
      }
      throw error;
    }
  }

  try {
    const outcome = await createAuthenticator(context, PAGE).authenticate('phone-code', request);
    const web = await getWebSession(request, context);
    web.signIn(outcome.tokens, outcome.user);
    return redirect(safeRedirectTarget(form.get('redirectTo')));
  } catch (error) {
    if (error instanceof LoginFormError)
      return { intent, ok: false, phone, inviteCode, errors: { [error.field ?? 'form']: error.message } };
    throw error;
  }
}
