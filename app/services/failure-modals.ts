import { ERROR_MESSAGES } from '../../contracts/errors';

/**
 * Failures that interrupt the user with a modal (spec §8): a points shortage (402) and a busy
 * server (429). Pure and browser-safe: the client fetch helper classifies every failed answer here.
 */
export type BlockingFailure = { kind: 'shortage'; required: number | null; available: number | null } | { kind: 'busy'; message: string };

/**
 * Who shows a blocking failure's modal: the modal dialogs are components, above the services, so
 * the browser entry registers them here (entry.client.tsx) instead of the fetch helper importing them.
 */
type FailurePresenter = (failure: BlockingFailure) => void;
let presenter: FailurePresenter | null = null;

export function presentBlockingFailuresWith(present: FailurePresenter | null): void {
  presenter = present;
}

/** Opens the failure's modal through the registered presenter (none before the browser entry ran). */
export function presentBlockingFailure(failure: BlockingFailure): void {
  presenter?.(failure);
}

/** Spec §9: each of these modals shows at most once per 2 s. */
export const FAILURE_MODAL_THROTTLE_MS = 2000;

const SHORTAGE_TEXT = '积分不足';
const BUSY_TEXT = '服务器资源不足';

const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const numberAfter = (message: string, label: RegExp): number | null => {
  const match = message.match(label);
  return match ? finite(Number(match[1])) : null;
};

/**
 * Required and available points of a shortage: from `data.shortage` where the answer carries them,
 * else read from the message (积分不足，本次需要X积分，当前余额Y积分).
 */
export function parseShortage(data: unknown, message: string): { required: number | null; available: number | null } {
  const shortage = data && typeof data === 'object' && 'shortage' in data ? (data.shortage as Record<string, unknown> | null) : null;
  return {
    required: finite(shortage?.required) ?? numberAfter(message, /需要\s*(-?\d+(?:\.\d+)?)\s*积分/),
    available: finite(shortage?.available) ?? numberAfter(message, /余额\s*(-?\d+(?:\.\d+)?)\s*积分/),
  };
}

/** The modal a failed answer calls for, if any. `body` is the API envelope (or anything else). */
export function blockingFailure(status: number, body: unknown): BlockingFailure | null {
  const envelope = body && typeof body === 'object' ? (body as { message?: unknown; data?: unknown }) : {};
  const message = typeof envelope.message === 'string' ? envelope.message : '';
  const data = envelope.data;
  const hasShortage = !!data && typeof data === 'object' && 'shortage' in data;
  if (status === 402 || hasShortage || message.includes(SHORTAGE_TEXT)) return { kind: 'shortage', ...parseShortage(data, message) };
  if (status === 429 || message.includes(BUSY_TEXT)) return { kind: 'busy', message: message || ERROR_MESSAGES.BUSY };
  return null;
}
