import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { selectModelSchema } from '../../contracts/ai-operations';
import { requireWebSession } from '~/sessions.server';
import { createApiClient, orRouteError } from './api.server';
import { handleForm } from './forms';

/** /dash/account: the account's facts come from the shell; the page itself loads the AI model state (spec §3). */
export async function accountLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  return { modelState: await orRouteError(createApiClient(request, context, pageName).ai.models()) };
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
