import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { selectModelSchema } from '../../contracts/ai-operations';
import { requireWebSession } from '~/sessions.server';
import { createApiClient, orRouteError } from './api.server';
import { handleForm } from './forms';
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
