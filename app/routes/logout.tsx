import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { createApiClient } from '~/services/api.server';
import { ApiRequestError } from '~/services/errors';
import { getWebSession } from '~/sessions.server';

export const loader = () => redirect('/dash/overview');

/**
 * Ends the session at the API, then clears the cookie and asks the login page to wipe drafts
 * from this browser. If the API cannot be reached the user stays signed in and is told so.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const web = await getWebSession(request, context);
  const form = await request.formData();
  if (web.tokens) {
    try {
      await createApiClient(request, context, '退出登录').user.logout(form.get('allDevices') === '1');
    } catch (error) {
      // A redirect means the API already considers the session over: carry on signing out here.
      if (error instanceof ApiRequestError && (error.status === 0 || error.status >= 500)) return { error: '登出失败，请稍后再试' };
      if (!(error instanceof ApiRequestError) && !(error instanceof Response)) throw error;
    }
  }
  web.signOut({ wipeLocalData: true });
  return redirect('/login');
}
