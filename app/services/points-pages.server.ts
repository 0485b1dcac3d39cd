import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requireWebSession } from '~/sessions.server';
import { createApiClient } from './api.server';
import { ApiRequestError } from './errors';
import { ACCOUNT_ROUTES } from './navigation';
import { POINTS_HISTORY_PAGE_SIZE } from './points';

/** Loaders and actions of the user's points pages (in a .server module: schemas and qrcode stay on the server). */

/** /dash/points-history?page=N: one page of the ledger; a page past the end goes to the last one. */
export async function pointsHistoryLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const requested = Number(new URL(request.url).searchParams.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 100_000 ? requested : 1;
  try {
    const history = await createApiClient(request, context, pageName).points.history(page, POINTS_HISTORY_PAGE_SIZE);
    const last = Math.max(1, Math.ceil(history.total / POINTS_HISTORY_PAGE_SIZE));
    if (page > last) throw redirect(`${ACCOUNT_ROUTES.pointsHistory}?page=${last}`);
    return { history, error: null };
  } catch (error) {
    if (error instanceof ApiRequestError) return json({ history: null, error: error.message }, { status: error.status >= 400 ? error.status : 503 });
    throw error;
  }
}
