import { ERROR_MESSAGES, messageForFailure } from '../../../contracts/errors';
import { ApiRequestError } from '~/services/errors';
import { blockingFailure, presentBlockingFailure } from '~/services/failure-modals';

/**
 * The one way browser code calls the API: `/resources/api/<path>` (ADR 0009: the session's token is
 * added on the server). Returns the envelope's `data`, typed by the caller (the browser carries no
 * schemas). A shortage (402) or a busy server (429) also opens its modal through the modal queue
 * (spec §8); an ended session goes to the login page.
 */
export async function resourceFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/resources/api/${path.replace(/^\/+/, '')}`, {
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiRequestError(0, 'NETWORK_ERROR', ERROR_MESSAGES.NETWORK);
  }
  const body = (await response.json().catch(() => null)) as ResourceEnvelope | null;
  if (response.ok && body?.success) return body.data as T;
  throw resourceFailure(response.status, body);
}

export type ResourceEnvelope = { success?: boolean; code?: string; message?: string; data?: unknown };

/**
 * A refused /resources/api call as the error to throw, after what the refusal itself does: a
 * shortage (402) or a busy server (429) opens its modal (spec §8), an ended session goes to the
 * login page. Shared with calls made by XMLHttpRequest (uploads with progress).
 */
export function resourceFailure(status: number, body: ResourceEnvelope | null): ApiRequestError {
  if (status === 401) {
    const back = `${window.location.pathname}${window.location.search}`;
    window.location.assign(`/dash/login?redirectTo=${encodeURIComponent(back)}`);
  }
  const failure = blockingFailure(status, body);
  if (failure) presentBlockingFailure(failure);
  const message = failure?.kind === 'shortage' ? ERROR_MESSAGES.INSUFFICIENT_POINTS : messageForFailure(status, body?.message);
  return new ApiRequestError(status, body?.code ?? 'BAD_RESPONSE', message, body?.data);
}

/** The file name of a download: RFC 5987 `filename*` (UTF-8, Chinese names) first, then `filename`. */
export function downloadFilename(disposition: string | null, fallback: string): string {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!);
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * A file from `/resources/api/<path>` saved by the browser, for downloads that take a while to
 * prepare (a page can show it is busy, and a refusal as text): fetched, then handed to the browser
 * under the server's file name. A refusal throws as `resourceFetch` does.
 */
export async function resourceDownload(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/resources/api/${path.replace(/^\/+/, '')}`);
  } catch {
    throw new ApiRequestError(0, 'NETWORK_ERROR', ERROR_MESSAGES.NETWORK);
  }
  if (!response.ok) throw resourceFailure(response.status, (await response.json().catch(() => null)) as ResourceEnvelope | null);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadFilename(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
