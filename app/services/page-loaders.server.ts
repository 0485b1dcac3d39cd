import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireWebSession } from '~/sessions.server';
import { createApiClient, orRouteError } from './api.server';

/** For pages that need only a session (help and legal pages): each route checks it itself. */
export async function sessionOnlyLoader({ request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  return null;
}

/** For pages that show the signed-in user's own record (profile, settings, account). */
export async function currentUserLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  return { user: await orRouteError(createApiClient(request, context, pageName).user.info()) };
}
