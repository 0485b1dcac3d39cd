import { json, type AppLoadContext } from '@remix-run/node';
import { adminApi } from './api/admin.server';
import { aiApi } from './api/ai.server';
import { archivesApi } from './api/archives.server';
import { authApi } from './api/auth.server';
import { detectionApi } from './api/detection.server';
import { feedbackApi } from './api/feedback.server';
import { paymentsApi } from './api/payments.server';
import { pointsApi } from './api/points.server';
import { realtimeApi } from './api/realtime.server';
import { systemApi } from './api/system.server';
import { createTransport } from './api/transport.server';
import { updateLogsApi } from './api/update-logs.server';
import { userApi } from './api/user.server';
import { wechatApi } from './api/wechat.server';
import { worksApi } from './api/works.server';
import { ApiRequestError } from './errors';

/**
 * The one client the web uses for /api/v1: the transport (./api/transport.server.ts) and one
 * small module per area. `pageName` is sent as the source page of every call.
 */
export function createApiClient(request: Request, context: AppLoadContext, pageName: string) {
  const transport = createTransport(request, context, pageName);
  return {
    transport,
    auth: authApi(transport),
    user: userApi(transport),
    feedback: feedbackApi(transport),
    points: pointsApi(transport),
    payments: paymentsApi(transport),
    realtime: realtimeApi(transport),
    system: systemApi(transport),
    admin: adminApi(transport),
    archives: archivesApi(transport),
    ai: aiApi(transport),
    works: worksApi(transport),
    detection: detectionApi(transport),
    updateLogs: updateLogsApi(transport),
    wechat: wechatApi(transport),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * For loaders: an API failure becomes a route error response whose data is the catalogue message,
 * so the nearest error boundary (inside the shell) tells the user what went wrong.
 */
export async function orRouteError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ApiRequestError) throw json(error.message, { status: error.status >= 400 ? error.status : 503 });
    throw error;
  }
}
