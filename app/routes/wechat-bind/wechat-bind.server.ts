import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { accountMergePreviewSchema, bindPhoneSchema, type AccountMergePreview } from '../../../contracts/account-merge';
import { tokensSchema } from '../../../contracts/auth';
import type { User } from '../../../contracts/user';
import { requireWebSession, safeRedirectTarget } from '~/sessions.server';
import { createApiClient, orRouteError } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { handleForm, type FormFailure } from '~/services/forms';
import { sendCodeStep, type SendCodeAnswer } from '~/services/pages/login.server';

const PAGE = '账号绑定';
const BIND_FIELDS = ['phone', 'code'] as const;
type BindField = (typeof BIND_FIELDS)[number];

export type WechatBindAnswer =
  | SendCodeAnswer
  | ({ intent: 'bind-phone' } & FormFailure<BindField>)
  /** The phone has an account of its own: the merge to confirm (ADR 0039). */
  | { intent: 'bind-phone'; ok: false; merge: AccountMergePreview; errors: Record<string, never> }
  | ({ intent: 'confirm-merge'; ok: false } & { errors: { form: string } });

/** /wechat-bind: who is signed in and what is bound (a visitor without a session logs in first). */
export async function wechatBindLoader({ request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const user: User = await orRouteError(createApiClient(request, context, PAGE).user.info());
  const params = new URL(request.url).searchParams;
  const bound = params.get('bound');
  return {
    user,
    devSms: context.config.public.devSms,
    bound: bound === 'phone' || bound === 'merged' ? bound : null,
    // Where 进入工作台 goes: the page a new WeChat account was on its way to.
    redirectTo: safeRedirectTarget(params.get('redirectTo')),
  };
}

/**
 * One form with the SMS buttons (send-code, captcha-refresh), 绑定 (bind-phone) and, after a merge
 * was offered, 确认合并 (confirm-merge). Works without JavaScript.
 */
export async function wechatBindAction({ request, context }: ActionFunctionArgs): Promise<WechatBindAnswer | Response> {
  const web = await requireWebSession(request, context);
  const api = createApiClient(request, context, PAGE);
  const form = await request.formData();
  // Done pages keep where 进入工作台 goes.
  const done = (bound: 'phone' | 'merged') => {
    const back = new URL(request.url).searchParams.get('redirectTo');
    return redirect(`/wechat-bind?bound=${bound}${back ? `&redirectTo=${encodeURIComponent(safeRedirectTarget(back))}` : ''}`);
  };
  const sendAnswer = await sendCodeStep(api, form);
  if (sendAnswer) return sendAnswer;

  if (form.get('intent') === 'confirm-merge') {
    try {
      const merged = await api.user.confirmAccountMerge(String(form.get('mergeTicket') ?? ''));
      // Confirmed from the account that closed: the page goes on signed in to the merged one.
      const tokens = tokensSchema.safeParse(merged);
      if (tokens.success) web.signIn(tokens.data, merged.user);
      return done('merged');
    } catch (error) {
      if (error instanceof ApiRequestError) return { intent: 'confirm-merge', ok: false, errors: { form: error.message } };
      throw error;
    }
  }

  let merge: AccountMergePreview | null = null;
  const outcome = await handleForm(form, {
    fields: BIND_FIELDS,
    schema: bindPhoneSchema,
    submit: async (input) => {
      try {
        return await api.user.bindPhone(input);
      } catch (error) {
        const preview =
          error instanceof ApiRequestError && error.code === 'ACCOUNT_MERGE_REQUIRED'
            ? accountMergePreviewSchema.safeParse(error.data)
            : null;
        if (!preview?.success) throw error;
        merge = preview.data;
        return null;
      }
    },
  });
  if (merge) return { intent: 'bind-phone', ok: false, merge, errors: {} };
  if (!outcome.ok) return { intent: 'bind-phone', ...outcome };
  return done('phone');
}
