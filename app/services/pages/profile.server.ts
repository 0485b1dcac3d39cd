import type { ActionFunctionArgs } from '@remix-run/node';
import { profileUpdateSchema } from '../../../contracts/user';
import { requireWebSession } from '~/sessions.server';
import { createApiClient } from '~/services/api/client.server';
import { handleForm, type FormFailure } from '~/services/forms';

/** The phone is shown, not submitted: it is the login account. */
export const PROFILE_FIELDS = ['username', 'email', 'gender', 'position'] as const;
export type ProfileActionData = { ok: true; message: string } | FormFailure<(typeof PROFILE_FIELDS)[number]>;

/** The profile form's action for a page named `pageName` (settings and profile pages). */
export async function profileAction(pageName: string, { request, context }: ActionFunctionArgs): Promise<ProfileActionData> {
  await requireWebSession(request, context);
  const outcome = await handleForm(await request.formData(), {
    fields: PROFILE_FIELDS,
    schema: profileUpdateSchema,
    submit: (input) => createApiClient(request, context, pageName).user.updateProfile(input),
  });
  return outcome.ok ? { ok: true, message: '更新成功' } : outcome;
}
