import { json, redirect, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { getWebSession, loginRedirectUrl, tokensSchema, type Tokens, type WebSession } from '~/sessions.server';
import { ApiRequestError, ERROR_MESSAGES, messageForFailure } from './errors';

/**
 * The one client the web uses for /api/v1. It adds the request id, source page and bearer token,
 * refreshes tokens that expire within 15 minutes (one refresh per session in flight), retries
 * once after a 401, and signs the user out when the session cannot be saved.
 */
export const REFRESH_THRESHOLD_MS = 15 * 60_000;
export const REQUEST_TIMEOUT_MS = 250_000;
/** How long a finished refresh is remembered for requests still carrying the old cookie. */
const REFRESH_MEMORY_MS = 60_000;

export const userSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  phone: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  gender: z.enum(['male', 'female', 'other']).nullable(),
  position: z.string().nullable(),
  wechat_nickname: z.string().nullable(),
  total_points: z.number(),
  invite_code: z.string(),
  created_at: z.string(),
});
export type ApiUser = z.infer<typeof userSchema>;

const loginSchema = tokensSchema.extend({ user: userSchema, isNewUser: z.boolean() });
const smsSentSchema = z.object({ expiresInSeconds: z.number(), resendAfterSeconds: z.number(), devCode: z.string().optional() });

type CallOptions<S extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  schema: S;
  /** Calls before login (SMS code, login itself) send no token and never refresh. */
  anonymous?: boolean;
};

const envelopeSchema = z.object({
  success: z.boolean(),
  code: z.string().optional(),
  message: z.string().optional(),
  data: z.unknown().optional(),
});

const refreshes = new Map<string, Promise<Tokens>>();

export function createApiClient(request: Request, context: AppLoadContext, pageName: string) {
  let sequence = 0;
  const sessionPromise = getWebSession(request, context);

  async function send(path: string, options: CallOptions<z.ZodType>, token: string | null) {
    const headers: Record<string, string> = {
      'X-Request-Id': `${context.requestId}.${++sequence}`,
      'X-Source-Page': encodeURIComponent(pageName),
      'X-Forwarded-For': context.clientIp,
      Accept: 'application/json',
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${context.apiUrl}/api/v1${path}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') throw new ApiRequestError(0, 'TIMEOUT', ERROR_MESSAGES.TIMEOUT);
      throw new ApiRequestError(0, 'NETWORK_ERROR', ERROR_MESSAGES.NETWORK);
    }
    const envelope = envelopeSchema.safeParse(await response.json().catch(() => null));
    if (!envelope.success) throw new ApiRequestError(response.status, 'BAD_RESPONSE', messageForFailure(response.status));
    return { status: response.status, envelope: envelope.data };
  }

  async function refresh(web: WebSession, tokens: Tokens): Promise<Tokens> {
    let pending = refreshes.get(tokens.refreshToken);
    if (!pending) {
      pending = send(
        '/user/refresh-token',
        { method: 'POST', body: { refreshToken: tokens.refreshToken }, schema: tokensSchema },
        null,
      ).then(({ status, envelope }) => {
        if (status === 401) throw new ApiRequestError(401, envelope.code ?? 'TOKEN_INVALID', ERROR_MESSAGES.TOKEN_INVALID);
        const parsed = tokensSchema.safeParse(envelope.data);
        // Anything but a refusal (a 5xx while the API restarts, a garbled answer) is transient.
        if (status !== 200 || !envelope.success || !parsed.success) {
          throw new ApiRequestError(status, envelope.code ?? 'REFRESH_FAILED', messageForFailure(status, envelope.message));
        }
        return parsed.data;
      });
      const key = tokens.refreshToken;
      refreshes.set(key, pending);
      pending.then(
        () => setTimeout(() => refreshes.delete(key), REFRESH_MEMORY_MS).unref(),
        () => refreshes.delete(key),
      );
    }
    try {
      const next = await pending;
      web.updateTokens(next);
      return next;
    } catch (error) {
      // Only the API's refusal ends the session; network trouble or a server error does not.
      if (error instanceof ApiRequestError && error.status === 401) throw signOutAndRedirect(web);
      throw error;
    }
  }

  function signOutAndRedirect(web: WebSession): Response {
    web.signOut();
    web.flashNotice(ERROR_MESSAGES.TOKEN_INVALID);
    return redirect(loginRedirectUrl(request));
  }

  async function call<S extends z.ZodType>(path: string, options: CallOptions<S>): Promise<z.infer<S>> {
    const web = await sessionPromise;
    let token: string | null = null;
    if (!options.anonymous) {
      let tokens = web.tokens;
      if (!tokens) throw redirect(loginRedirectUrl(request));
      if (Date.parse(tokens.accessTokenExpiresAt) - Date.now() < REFRESH_THRESHOLD_MS) tokens = await refresh(web, tokens);
      token = tokens.accessToken;
    }
    let result = await send(path, options, token);
    if (result.status === 401 && !options.anonymous) {
      if (result.envelope.code === 'TOKEN_INVALID') throw signOutAndRedirect(web);
      const current = web.tokens;
      if (!current) throw signOutAndRedirect(web);
      const renewed = current.accessToken !== token ? current : await refresh(web, current);
      result = await send(path, options, renewed.accessToken);
      if (result.status === 401) throw signOutAndRedirect(web);
    }
    const { status, envelope } = result;
    if (status >= 200 && status < 300 && envelope.success) {
      const data = options.schema.safeParse(envelope.data);
      if (data.success) return data.data;
      throw new ApiRequestError(status, 'BAD_RESPONSE', ERROR_MESSAGES.OTHER);
    }
    throw new ApiRequestError(status, envelope.code ?? 'ERROR', messageForFailure(status, envelope.message), envelope.data);
  }

  /** Failures are reported to the operation log; a failure of that report is dropped. */
  async function withErrorLog<T>(operation: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ApiRequestError) {
        void call('/user-operation-logs', {
          method: 'POST',
          body: {
            operation_type: operation,
            operation_result: 'fail',
            error_message: error.message,
            metadata: { status: error.status, code: error.code },
          },
          schema: z.unknown(),
          anonymous: !(await sessionPromise).tokens,
        }).catch(() => {});
      }
      throw error;
    }
  }

  return {
    auth: {
      sendCode: (phone: string) =>
        withErrorLog('sms_send', () => call('/auth/sms/send', { method: 'POST', body: { phone }, schema: smsSentSchema, anonymous: true })),
      loginWithPhone: (input: { phone: string; code: string; inviteCode?: string }) =>
        withErrorLog('login_phone', () => call('/auth/login/phone', { method: 'POST', body: input, schema: loginSchema, anonymous: true })),
    },
    user: {
      info: () => withErrorLog('user_info', () => call('/user/info', { schema: userSchema })),
      updateProfile: (body: Record<string, unknown>) =>
        withErrorLog('profile_update', () => call('/user/profile', { method: 'PUT', body, schema: userSchema })),
      logout: (allDevices = false) =>
        call('/user/logout', { method: 'POST', body: { allDevices }, schema: z.object({ revokedSessions: z.number() }) }),
    },
    feedback: {
      submit: (body: Record<string, unknown>) =>
        withErrorLog('feedback_submit', () => call('/feedback', { method: 'POST', body, schema: z.object({ id: z.string() }) })),
    },
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
