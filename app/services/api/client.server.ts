import { json, type AppLoadContext } from '@remix-run/node';
import { adminApi } from './admin.server';
import { analyticsApi } from './analytics.server';
import { aiApi } from './ai.server';
import { archivesApi } from './archives.server';
import { authApi } from './auth.server';
import { detectionApi } from './detection.server';
import { feedbackApi } from './feedback.server';
import { paymentsApi } from './payments.server';
import { orgsApi } from './orgs.server';
import { pointsApi } from './points.server';
import { realtimeApi } from './realtime.server';
import { schoolMatchApi } from './school-match.server';
import { systemApi } from './system.server';
import { createTransport } from './transport.server';
import { updateLogsApi } from './update-logs.server';
import { userApi } from './user.server';
import { wechatApi } from './wechat.server';
import { worksApi } from './works.server';
import { ApiRequestError } from '~/services/errors';

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
    orgs: orgsApi(transport),
    archives: archivesApi(transport),
    ai: aiApi(transport),
    works: worksApi(transport),
    detection: detectionApi(transport),
    updateLogs: updateLogsApi(transport),
    wechat: wechatApi(transport),
    schoolMatch: schoolMatchApi(transport),
    analytics: analyticsApi(transport),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * For loaders: an API failure becomes a route error response whose data is the catalogue message,
 * so the nearest error boundary (inside the shell) tells the user what went wrong. `message`
 * replaces it where the spec names the failure itself (获取用户信息失败).
 */
export async function orRouteError<T>(work: Promise<T>, message?: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ApiRequestError) throw json(message ?? error.message, { status: error.status >= 400 ? error.status : 503 });
    throw error;
  }
}
