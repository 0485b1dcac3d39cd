import { json, type ActionFunctionArgs } from '@remix-run/node';
import { analyticsBeaconSchema } from '../../../contracts/analytics';
import { createApiClient } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { getWebSession } from '~/sessions.server';

/** A batch is at most 50 small events: anything bigger is not from our tracker. */
const MAX_BODY_BYTES = 128 * 1024;

/**
 * POST /resources/analytics: the tracker's batches (a beacon cannot set headers or hold the token),
 * passed to POST /api/v1/analytics/events with the session's token when signed in (a guest's
 * without) and the batch headers (ADR 0058). Answers 204; a refusal comes back as the API gave it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
    return json({ success: false, code: 'PAYLOAD_TOO_LARGE', message: '请求内容过大' }, { status: 413 });
  }
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return json({ success: false, code: 'PAYLOAD_TOO_LARGE', message: '请求内容过大' }, { status: 413 });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return json({ success: false, code: 'MALFORMED_JSON', message: '请求格式错误：不是有效的 JSON' }, { status: 400 });
  }
  const parsed = analyticsBeaconSchema.safeParse(raw);
  if (!parsed.success) {
    return json({ success: false, code: 'VALIDATION_ERROR', message: parsed.error.issues[0]?.message ?? '请求参数无效' }, { status: 400 });
  }
  const { batchId, ...batch } = parsed.data;
  const anonymous = !(await getWebSession(request, context)).tokens;
  try {
    await createApiClient(request, context, '统计上报').analytics.sendEvents(batch, { batchId, anonymous });
    return new Response(null, { status: 204 });
  } catch (error) {
    if (error instanceof ApiRequestError)
      return json({ success: false, code: error.code, message: error.message }, { status: error.status || 502 });
    // A session the API refused ends here as a redirect to the login page: a beacon has no page to move.
    if (error instanceof Response) return new Response(null, { status: 204 });
    throw error;
  }
}
