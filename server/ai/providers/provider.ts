import type { ModelInfo } from '../../config-ai-models';
// Type-only: offline.ts owns the draft's shape; no runtime cycle.
import type { OfflineDraft } from './offline';

export type ChatRole = 'system' | 'user' | 'assistant';
export type ChatMessage = { role: ChatRole; content: string };

export type ChatRequest = {
  /** One of `models()`'s ids. */
  model: string;
  messages: ChatMessage[];
  /** The caller's cancellation (停止, a closed page, the cancel endpoint): aborts the request to the provider. */
  signal: AbortSignal;
  /** The whole operation's limit; spec §9's 250 s when omitted. */
  timeoutMs?: number;
  /**
   * The draft the offline engine writes out, built by the operation from the student's archive.
   * Language-model providers ignore it: they get the same facts through `messages`.
   */
  offlineDraft?: OfflineDraft;
  /**
   * 继续生成: the text to continue. The offline engine continues its own draft from it; models get it
   * (and the instruction not to repeat it) through `messages`.
   */
  continueFrom?: string;
};

export type { ModelInfo };

export interface ChatProvider {
  /** 'openai-compatible' or 'offline': lets the caller label offline output and records. */
  readonly kind: 'openai-compatible' | 'offline';
  /**
   * Text deltas as they arrive, in order. Ends normally only when the provider finished the answer;
   * every failure, including cancellation, is thrown as a ProviderError.
   */
  stream(request: ChatRequest): AsyncIterable<string>;
  models(): ModelInfo[];
}

/** Spec §9: a request may take up to 250 s before the platform gives up. */
export const DEFAULT_TIMEOUT_MS = 250_000;

export type ProviderErrorCode = 'TIMEOUT' | 'UNAUTHORIZED' | 'RATE_LIMITED' | 'UPSTREAM' | 'BAD_STREAM' | 'CANCELLED';

/** What the user reads: says what happened and what to do, never the provider's raw text. */
export const PROVIDER_ERROR_MESSAGES: Record<ProviderErrorCode, string> = {
  TIMEOUT: 'AI 服务响应超时，请稍后重试',
  UNAUTHORIZED: 'AI 服务认证失败，请联系管理员',
  RATE_LIMITED: 'AI 服务繁忙，请稍后重试',
  UPSTREAM: 'AI 服务暂时不可用，请稍后重试',
  BAD_STREAM: 'AI 返回的内容不完整，请重试',
  CANCELLED: '已停止生成',
};

export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly code: ProviderErrorCode;
  /** The provider's HTTP status, when it answered with one: for logs, not for users. */
  readonly status: number | undefined;

  constructor(code: ProviderErrorCode, options: { status?: number; cause?: unknown } = {}) {
    super(PROVIDER_ERROR_MESSAGES[code], { cause: options.cause });
    this.code = code;
    this.status = options.status;
  }
}

export const isProviderError = (err: unknown): err is ProviderError => err instanceof ProviderError;
