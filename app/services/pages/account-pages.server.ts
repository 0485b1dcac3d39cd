import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { selectModelSchema } from '../../../contracts/ai-operations';
import { idVerificationSchema } from '../../../contracts/user';
import { requireWebSession } from '~/sessions.server';
import { createApiClient, orRouteError } from '~/services/api/client.server';
import { handleForm } from '~/services/forms';
import { wechatBindAction, wechatBindQr } from './wechat-login.server';

/**
 * /dash/account: the account's facts come from the shell; the page itself loads the AI model state
 * (spec §3) and the bind QR code while one was asked for (ADR 0038).
 */
export async function accountLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const [modelState, wechatBind] = await Promise.all([
    orRouteError(createApiClient(request, context, pageName).ai.models()),
    wechatBindQr(request, context),
  ]);
  return { modelState, wechatBind };
}

/** The page's forms: the WeChat row's (intent wechat-…) and the model choice. */
export async function accountAction(pageName: string, args: ActionFunctionArgs) {
  await requireWebSession(args.request, args.context);
  const form = await args.request.clone().formData();
  const intent = form.get('intent');
  if (typeof intent === 'string' && intent.startsWith('wechat-')) return wechatBindAction(args.request, args.context, pageName, form);
  return selectModelAction(pageName, args);
}

export const SELECT_MODEL_FIELDS = ['modelId'] as const;

/** 保存 on the model choice: a plain form post; every later AI operation runs on the chosen model. */
export async function selectModelAction(pageName: string, { request, context }: ActionFunctionArgs) {
  await requireWebSession(request, context);
  return handleForm(await request.formData(), {
    fields: SELECT_MODEL_FIELDS,
    schema: selectModelSchema,
    submit: ({ modelId }) => createApiClient(request, context, pageName).ai.selectModel(modelId),
  });
}

export const ID_VERIFICATION_FIELDS = ['realName', 'idNumber'] as const;

/**
 * 提交认证 on /dash/user-id-verification: a plain form post, checked with the API's own schema
 * first, so a mistyped number costs no attempt. The shell's loader runs again afterwards and the
 * page shows the verified state from the user it loads. The number is never sent back: a page
 * that shows the form again leaves that field empty (with scripts, the browser keeps what was typed).
 */
export async function idVerificationAction(pageName: string, { request, context }: ActionFunctionArgs) {
  await requireWebSession(request, context);
  const outcome = await handleForm(await request.formData(), {
    fields: ID_VERIFICATION_FIELDS,
    schema: idVerificationSchema,
    submit: (input) => createApiClient(request, context, pageName).user.verifyId(input),
  });
  return outcome.ok ? { ok: true as const } : { ...outcome, values: { ...outcome.values, idNumber: '' } };
}
