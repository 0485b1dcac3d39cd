import type { ActionFunctionArgs } from '@remix-run/node';
import { feedbackSchema } from '../../../contracts/feedback';
import { requireWebSession } from '~/sessions.server';
import { createApiClient } from '~/services/api/client.server';
import { handleForm } from '~/services/forms';

export const FEEDBACK_FIELDS = ['category', 'content', 'contact'] as const;

/** The feedback form's action (in a .server module: the schema stays out of the browser bundle). */
export async function feedbackAction(pageName: string, { request, context }: ActionFunctionArgs) {
  await requireWebSession(request, context);
  return handleForm(await request.formData(), {
    fields: FEEDBACK_FIELDS,
    schema: feedbackSchema,
    submit: (input) => createApiClient(request, context, pageName).feedback.submit({ ...input, page_path: '/dash/feedback' }),
  });
}
