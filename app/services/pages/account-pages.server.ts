import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { selectModelSchema } from '../../../contracts/ai-operations';
import { idVerificationSchema } from '../../../contracts/user';
import { requireWebSession } from '~/sessions.server';
import { createApiClient, orRouteError } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { handleForm } from '~/services/forms';
import { wechatBindAction, wechatBindQr } from './wechat-login.server';

/**
 * /dash/account: the account's facts come from the shell; the page itself loads the AI model state
 * (spec §3) and the bind QR code while one was asked for (ADR 0038).
 */
export async function accountLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const api = createApiClient(request, context, pageName);
  const [modelState, wechatBind, deletion] = await Promise.all([
    orRouteError(api.ai.models()),
    wechatBindQr(request, context),
    orRouteError(api.user.deletionState()),
  ]);
  return { modelState, wechatBind, deletion };
}

/** The page's forms: the WeChat row's (intent wechat-…) and the model choice. */
export async function accountAction(pageName: string, args: ActionFunctionArgs) {
  await requireWebSession(args.request, args.context);
  const form = await args.request.clone().formData();
  const intent = form.get('intent');
  if (typeof intent === 'string' && intent.startsWith('wechat-')) return wechatBindAction(args.request, args.context, pageName, form);
  if (intent === 'deletion-request' || intent === 'deletion-cancel') return deletionAction(pageName, args, intent, form);
  return selectModelAction(pageName, args);
}

export type DeletionAnswer = {
  kind: 'deletion';
  intent: 'deletion-request' | 'deletion-cancel';
  ok: boolean;
  message: string;
  needsConfirm?: true;
};

/**
 * 注销账户 and 撤销注销 (ADR 0055). A request needs confirm=yes: the dialog's checkbox sends it;
 * without JavaScript the first press answers needsConfirm and the page asks on a ConfirmPanel.
 */
async function deletionAction(
  pageName: string,
  { request, context }: ActionFunctionArgs,
  intent: DeletionAnswer['intent'],
  form: FormData,
): Promise<DeletionAnswer> {
  const api = createApiClient(request, context, pageName);
  try {
    if (intent === 'deletion-cancel') {
      await api.user.cancelDeletion();
      return { kind: 'deletion', intent, ok: true, message: '已撤销注销申请，您的账户和数据会继续保留' };
    }
    if (form.get('confirm') !== 'yes') return { kind: 'deletion', intent, ok: false, message: '', needsConfirm: true };
    const state = await api.user.requestDeletion();
    const date = new Date(state.scheduledFor!).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' });
    return { kind: 'deletion', intent, ok: true, message: `已申请注销账户，将于${date}执行；在此之前可随时撤销` };
  } catch (error) {
    if (error instanceof ApiRequestError) return { kind: 'deletion', intent, ok: false, message: error.message };
    throw error;
  }
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
