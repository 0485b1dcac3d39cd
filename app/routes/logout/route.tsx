import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { createApiClient } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { getWebSession, safeRedirectTarget } from '~/sessions.server';

export const loader = () => redirect('/dash/overview');

/** Where the logout was asked from, to return there with a notice when it fails. */
function backTo(request: Request): string {
  const referer = request.headers.get('Referer');
  if (!referer) return '/dash/overview';
  try {
    const url = new URL(referer);
    return url.host === new URL(request.url).host ? safeRedirectTarget(`${url.pathname}${url.search}`) : '/dash/overview';
  } catch {
    return '/dash/overview';
  }
}

/**
 * Ends the session at the API, then clears the cookie and asks the login page to wipe drafts
 * from this browser. If the API cannot be reached the user stays signed in and is told so.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const web = await getWebSession(request, context);
  const hadSession = Boolean(web.tokens);
  const form = await request.formData();
  if (hadSession) {
    try {
      await createApiClient(request, context, '退出登录').user.logout(form.get('allDevices') === '1');
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 0 || error.status >= 500)) {
        web.flashNotice('登出失败，请稍后再试');
        return redirect(backTo(request));
      }
      // A redirect or a 4xx means the API already considers the session over: finish here.
      if (!(error instanceof ApiRequestError) && !(error instanceof Response)) throw error;
    }
  }
  web.signOut({ wipeLocalData: hadSession });
  return redirect('/login');
}
