import { json, type ActionFunctionArgs } from '@remix-run/node';
import { createApiClient } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { requireWebSession } from '~/sessions.server';

/**
 * POST /resources/socket-ticket: a single-use ticket for the browser's socket AUTH. The session's
 * tokens stay in the httpOnly cookie; the browser only ever holds this short-lived ticket.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireWebSession(request, context);
  try {
    const ticket = await createApiClient(request, context, '实时连接').realtime.socketTicket();
    return json(ticket, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof ApiRequestError) return json({ message: error.message }, { status: error.status || 503 });
    throw error;
  }
}
