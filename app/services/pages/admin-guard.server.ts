import { json, type AppLoadContext } from '@remix-run/node';
import { ERROR_MESSAGES } from '../../../contracts/errors';
import { requireWebSession } from '~/sessions.server';
import { createApiClient, orRouteError, type ApiClient } from '~/services/api/client.server';

/**
 * Every loader and action of the operator console starts here: a session, then the role as the
 * API reports it now (not the copy in the cookie, which is for analytics). Anyone else gets the
 * spec's 403 page inside the shell. The console's API calls are refused with 403 as well, so this
 * check is what the page shows, not the only protection.
 */
export async function requireAdmin(request: Request, context: AppLoadContext, pageName: string): Promise<ApiClient> {
  await requireWebSession(request, context);
  const api = createApiClient(request, context, pageName);
  const user = await orRouteError(api.user.info());
  if (user.role !== 'admin') throw json(ERROR_MESSAGES.FORBIDDEN, { status: 403 });
  return api;
}
