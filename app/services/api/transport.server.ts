import { redirect, type AppLoadContext } from '@remix-run/node';
import { tokensSchema, type Tokens } from '../../../contracts/auth';
import { envelopeSchema, type Envelope } from '../../../contracts/envelope';
import { ERROR_MESSAGES, messageForFailure } from '../../../contracts/errors';
import { z } from '../../../contracts/zod';
import { getWebSession, loginRedirectUrl, type WebSession } from '~/sessions.server';
import { ApiRequestError } from '../errors';

/**
 * The transport every web call to /api/v1 goes through: request id, source page, client address
 * and bearer token on each call; refresh when the access token expires within 15 minutes (one
 * refresh per session in flight); one retry after a 401; sign-out when the API refuses the
 * session. Three kinds of call share it: JSON, streamed (text/event-stream passed through chunk by
 * chunk) and multipart upload. Area modules (./user.server.ts, ...) build on it.
 */
export const REFRESH_THRESHOLD_MS = 15 * 60_000;
/** Spec §9: 250 s for requests, 300 s for uploads. */
export const REQUEST_TIMEOUT_MS = 250_000;
export const UPLOAD_TIMEOUT_MS = 300_000;
/** An event stream with no bytes for this long is dead (the API writes a comment every 15 s). */
export const STREAM_IDLE_MS = 60_000;

/** Passes a stream on chunk by chunk, calling `abort` when nothing has come for `idleMs`. */
function abortWhenIdle(body: ReadableStream<Uint8Array>, idleMs: number, abort: () => void): ReadableStream<Uint8Array> {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(abort, idleMs);
    timer.unref();
  };
  arm();
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        arm();
        controller.enqueue(chunk);
      },
      flush: () => clearTimeout(timer),
    }),
  );
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type JsonCall<S extends z.ZodType> = {
  method?: Method;
  body?: unknown;
  schema: S;
  /** Calls before login (SMS code, login itself) send no token and never refresh. */
  anonymous?: boolean;
  /** What to say when the API refuses without a message of its own (spec §8: 更新失败，请重试). */
  fallbackMessage?: string;
  /** Headers of this call only (the batch headers of batched calls, spec §7). */
  headers?: Record<string, string>;
};
export type RawCall = {
  method?: Method;
  /** Sent as is; buffered so the call can be repeated once after a refresh. */
  body?: BodyInit;
  contentType?: string;
  accept?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** In-flight refreshes by refresh token: concurrent callers of one session wait for one. */
const refreshes = new Map<string, Promise<Tokens>>();

/** One request id per incoming request, numbered per API call, across all loaders of the request. */
const sequences = new WeakMap<AppLoadContext, number>();
function nextRequestId(context: AppLoadContext): string {
  const n = (sequences.get(context) ?? 0) + 1;
  sequences.set(context, n);
  return `${context.requestId}.${n}`;
}

/** One call to the API with the headers every call carries; an event stream comes back watched for silence. */
async function send(
  to: { context: AppLoadContext; pageName: string },
  path: string,
  call: RawCall,
  token: string | null,
): Promise<Response> {
  const { context, pageName } = to;
  const headers: Record<string, string> = {
    ...call.headers,
    'X-Request-Id': nextRequestId(context),
    'X-Source-Page': encodeURIComponent(pageName),
    'X-Forwarded-For': context.clientIp,
    Accept: call.accept ?? 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (context.userAgent) headers['User-Agent'] = context.userAgent;
  if (call.contentType) headers['Content-Type'] = call.contentType;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), call.timeoutMs ?? REQUEST_TIMEOUT_MS);
  timer.unref();
  let response: Response;
  try {
    response = await fetch(`${context.apiUrl}/api/v1${path}`, {
      method: call.method ?? 'GET',
      headers,
      body: call.body,
      signal: call.signal ? AbortSignal.any([timeout.signal, call.signal]) : timeout.signal,
    });
  } catch (error) {
    if (timeout.signal.aborted) throw new ApiRequestError(0, 'TIMEOUT', ERROR_MESSAGES.TIMEOUT);
    if (call.signal?.aborted) throw error;
    throw new ApiRequestError(0, 'NETWORK_ERROR', ERROR_MESSAGES.NETWORK);
  }
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return response;
  // An event stream is as long as the API's own deadline (AI_TIMEOUT_MS), which ends it with an
  // error event the page can show; cutting it here at the same moment would lose that event. The
  // request timeout bounds only the wait for the answer to start; then silence is the limit (the
  // API sends a comment every 15 s).
  clearTimeout(timer);
  return new Response(
    abortWhenIdle(response.body, STREAM_IDLE_MS, () => timeout.abort()),
    {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    },
  );
}

/** The API's JSON envelope, or BAD_RESPONSE when the answer is not one. */
async function readEnvelope(response: Response): Promise<Envelope> {
  const envelope = envelopeSchema.safeParse(await response.json().catch(() => null));
  if (!envelope.success) throw new ApiRequestError(response.status, 'BAD_RESPONSE', messageForFailure(response.status));
  return envelope.data;
}

/** The API's refusal as the catalogue error it names; `fallback` stands in for a missing server message. */
async function failureError(response: Response, fallback?: string): Promise<ApiRequestError> {
  const envelope = await readEnvelope(response).catch((error: unknown) => {
    if (error instanceof ApiRequestError) return null;
    throw error;
  });
  if (!envelope) return new ApiRequestError(response.status, 'BAD_RESPONSE', fallback ?? messageForFailure(response.status));
  const message = !envelope.message && fallback ? fallback : messageForFailure(response.status, envelope.message);
  return new ApiRequestError(response.status, envelope.code ?? 'ERROR', message, envelope.data);
}

/** Throws the API's refusal as the catalogue error it names. */
async function failure(response: Response, fallback?: string): Promise<never> {
  throw await failureError(response, fallback);
}

/** The operation log's own endpoint: a failure to log is never logged (spec §8). */
export const OPERATION_LOG_PATH = '/user-operation-logs';
/** Calls whose failures are not logged: the log call itself, and the page analytics (never more noise for operators). */
const UNLOGGED_PATHS = new Set([OPERATION_LOG_PATH, '/analytics/events']);
const ID_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+|[0-9A-Za-z_-]{20,}|[A-Z0-9]{12,})$/i;

/**
 * The operation type a failed call is logged under: the method and the path without its query,
 * ids as `:id` (`GET /works/:id/versions`), so the log groups calls rather than records.
 */
export function operationTypeOf(method: string, path: string): string {
  const segments = path
    .split('?')[0]!
    .split('/')
    .map((s) => (ID_SEGMENT.test(s) ? ':id' : s));
  return `${method} ${segments.join('/')}`.slice(0, 100);
}

export function createTransport(request: Request, context: AppLoadContext, pageName: string) {
  const sessionPromise = getWebSession(request, context);
  const to = { context, pageName };

  async function refresh(web: WebSession, tokens: Tokens): Promise<Tokens> {
    let pending = refreshes.get(tokens.refreshToken);
    if (!pending) {
      const key = tokens.refreshToken;
      pending = (async () => {
        const response = await send(
          to,
          '/user/refresh-token',
          { method: 'POST', body: JSON.stringify({ refreshToken: key }), contentType: 'application/json' },
          null,
        );
        const envelope = await readEnvelope(response);
        if (response.status === 401) throw new ApiRequestError(401, envelope.code ?? 'TOKEN_INVALID', ERROR_MESSAGES.TOKEN_INVALID);
        const parsed = tokensSchema.safeParse(envelope.data);
        // Anything but a refusal (a 5xx while the API restarts, a garbled answer) is transient.
        if (response.status !== 200 || !envelope.success || !parsed.success) {
          throw new ApiRequestError(
            response.status,
            envelope.code ?? 'REFRESH_FAILED',
            messageForFailure(response.status, envelope.message),
          );
        }
        return parsed.data;
      })().finally(() => refreshes.delete(key));
      refreshes.set(key, pending);
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

  /** The session refused: the login page, or a 401 for a background request (see endRefusedSession). */
  function signOutAndRedirect(web: WebSession): Response {
    return web.endRefusedSession(ERROR_MESSAGES.TOKEN_INVALID);
  }

  /**
   * Every failed call reaches the operation log from here, once, whatever kind of call it was
   * (JSON, stream, upload, the browser's passthrough): the API's refusal as the catalogue message,
   * a network failure or timeout, an answer that is not what was asked for. Fire and forget; a
   * failure of the log call itself is dropped and never logged.
   */
  function report(method: string, path: string, error: ApiRequestError): void {
    if (UNLOGGED_PATHS.has(path.split('?')[0]!.toLowerCase())) return;
    const entry = {
      operation_type: operationTypeOf(method, path),
      operation_result: 'fail',
      error_message: error.message,
      metadata: { status: error.status, code: error.code },
    };
    void (async () => {
      const anonymous = !(await sessionPromise).tokens;
      const body = JSON.stringify(entry);
      await authorizedCall(OPERATION_LOG_PATH, { method: 'POST', body, contentType: 'application/json' }, anonymous);
    })().catch(() => {});
  }

  /** Sends with the session's token (see authorizedCall); a failed answer or a thrown API error is reported. */
  async function authorized(path: string, call: RawCall, anonymous = false, fallback?: string): Promise<Response> {
    const method = call.method ?? 'GET';
    let response: Response;
    try {
      response = await authorizedCall(path, call, anonymous);
    } catch (error) {
      if (error instanceof ApiRequestError) report(method, path, error);
      throw error;
    }
    if (!response.ok) {
      // Read from a copy: the caller still reads (or passes on) the answer itself.
      void failureError(response.clone(), fallback).then(
        (error) => report(method, path, error),
        () => {},
      );
    }
    return response;
  }

  /** The API answered, but not with what was asked for: reported as the failure it is. */
  function badResponse(method: string | undefined, path: string, status: number): ApiRequestError {
    const error = new ApiRequestError(status, 'BAD_RESPONSE', ERROR_MESSAGES.OTHER);
    report(method ?? 'GET', path, error);
    return error;
  }

  /** Sends with the session's token, refreshing first or after an expiry 401. Throws the refusal's answer (a Response). */
  async function authorizedCall(path: string, call: RawCall, anonymous = false): Promise<Response> {
    const web = await sessionPromise;
    if (anonymous) return send(to, path, call, null);
    let tokens = web.tokens;
    if (!tokens) throw redirect(loginRedirectUrl(request));
    if (Date.parse(tokens.accessTokenExpiresAt) - Date.now() < REFRESH_THRESHOLD_MS) tokens = await refresh(web, tokens);
    const response = await send(to, path, call, tokens.accessToken);
    if (response.status !== 401) return response;
    const { code } = await readEnvelope(response).catch(() => ({ code: undefined }));
    if (code === 'TOKEN_INVALID') throw signOutAndRedirect(web);
    const current = web.tokens;
    if (!current) throw signOutAndRedirect(web);
    const renewed = current.accessToken !== tokens.accessToken ? current : await refresh(web, current);
    const retried = await send(to, path, call, renewed.accessToken);
    if (retried.status === 401) throw signOutAndRedirect(web);
    return retried;
  }

  async function json<S extends z.ZodType>(path: string, call: JsonCall<S>): Promise<z.infer<S>> {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const response = await authorized(
      path,
      { method: call.method, body, contentType: body === undefined ? undefined : 'application/json', headers: call.headers },
      call.anonymous,
      call.fallbackMessage,
    );
    if (!response.ok) return failure(response, call.fallbackMessage);
    const envelope = await readEnvelope(response).catch(() => null);
    if (!envelope) throw badResponse(call.method, path, response.status);
    if (!envelope.success) {
      const refused = new ApiRequestError(
        response.status,
        envelope.code ?? 'ERROR',
        !envelope.message && call.fallbackMessage ? call.fallbackMessage : messageForFailure(response.status, envelope.message),
        envelope.data,
      );
      report(call.method ?? 'GET', path, refused);
      throw refused;
    }
    const data = call.schema.safeParse(envelope.data);
    if (data.success) return data.data;
    throw badResponse(call.method, path, response.status);
  }

  /**
   * A call whose answer is passed on as it arrives (text/event-stream for AI output): returns the
   * API's response with its body unread, or throws the catalogue error when the API refused.
   */
  async function stream(path: string, call: RawCall = {}): Promise<Response> {
    const response = await authorized(path, { accept: 'text/event-stream', ...call });
    if (!response.ok) return failure(response);
    return response;
  }

  /** Multipart upload (spec §9: 300 s); the answer is a JSON envelope validated by `schema`. */
  async function upload<S extends z.ZodType>(path: string, form: FormData, schema: S): Promise<z.infer<S>> {
    // Serialized once, so the retry after a refresh sends the same bytes.
    const encoded = new Response(form);
    const contentType = encoded.headers.get('Content-Type') ?? undefined;
    const body = await encoded.arrayBuffer();
    const response = await authorized(path, { method: 'POST', body, contentType, timeoutMs: UPLOAD_TIMEOUT_MS });
    if (!response.ok) return failure(response);
    const envelope = await readEnvelope(response).catch(() => null);
    const data = schema.safeParse(envelope?.data);
    if (envelope?.success && data.success) return data.data;
    throw badResponse('POST', path, response.status);
  }

  return { json, stream, upload, authorized };
}
export type ApiTransport = ReturnType<typeof createTransport>;
