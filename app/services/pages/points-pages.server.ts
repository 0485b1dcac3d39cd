import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { redeemSchema } from '../../../contracts/points';
import { requireWebSession } from '~/sessions.server';
import { createApiClient, orRouteError } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { handleForm } from '~/services/forms';
import { qrDataUri } from './qr-code.server';
import { ACCOUNT_ROUTES } from '~/services/navigation';
import { POINTS_HISTORY_PAGE_SIZE } from '~/services/points';

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
    if (error instanceof ApiRequestError)
      return json({ history: null, error: error.message }, { status: error.status >= 400 ? error.status : 503 });
    throw error;
  }
}

export const REDEEM_FIELDS = ['code'] as const;

/** 兑换: works as a plain form post; the shell's loader runs again afterwards, so the header shows the new balance. */
export async function redeemAction(pageName: string, { request, context }: ActionFunctionArgs) {
  await requireWebSession(request, context);
  return handleForm(await request.formData(), {
    fields: REDEEM_FIELDS,
    schema: redeemSchema,
    submit: ({ code }) => createApiClient(request, context, pageName).points.redeem(code),
  });
}

/** The link a friend signs up with; the login page fills its invite-code field from `invite`. */
export const inviteLink = (origin: string, code: string) => `${origin}/dash/login?invite=${encodeURIComponent(code)}`;

/** /dash/invitation: the code, the link and its QR code (an SVG made here, so the browser gets no encoder). */
export async function invitationLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const invitations = await orRouteError(createApiClient(request, context, pageName).points.invitations());
  const link = inviteLink(new URL(request.url).origin, invitations.inviteCode);
  return { invitations, link, qrCode: await qrDataUri(link) };
}
