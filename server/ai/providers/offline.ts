import { OFFLINE_LABEL } from '../../../contracts/ai-operation-constants';
import { type ChatProvider, type ChatRequest, type ModelInfo, ProviderError } from './provider';

/**
 * A draft the offline engine writes out. The operation builds it from a template and the student's
 * archive (the facts are theirs, the structure is the template's); the engine only renders and streams.
 */
export type OfflineDraftSection = {
  /** Omitted for a section that is plain paragraphs (a letter's body, for instance). */
  heading?: string;
  paragraphs: string[];
};
export type OfflineDraft = {
  title?: string;
  sections: OfflineDraftSection[];
};

export { OFFLINE_LABEL } from '../../../contracts/ai-operation-constants';
export const OFFLINE_MODEL: ModelInfo = { id: 'offline', name: '离线模式' };

export const OFFLINE_NO_DRAFT_MESSAGE =
  '当前未接入 AI 语言模型，离线模式只能根据学生档案套用模板生成草稿，本次请求没有可用的档案草稿。' +
  '请选择一位学生档案后重试，或请管理员配置 AI 服务（AI_BASE_URL、AI_MODELS）。';

/**
 * Markdown-style headings (`#` title, `##` sections), the same shape language models answer in,
 * so whatever turns model output into editor blocks reads offline drafts too.
 */
export function renderOfflineDraft(draft: OfflineDraft | undefined): string {
  const blocks: string[] = [];
  const title = draft?.title?.trim();
  if (title) blocks.push(`# ${title}`);
  let hasText = false;
  for (const section of draft?.sections ?? []) {
    const paragraphs = section.paragraphs.map((p) => p.trim()).filter(Boolean);
    if (paragraphs.length === 0) continue;
    hasText = true;
    const heading = section.heading?.trim();
    if (heading) blocks.push(`## ${heading}`);
    blocks.push(...paragraphs);
  }
  if (!hasText) return `${OFFLINE_LABEL}\n${OFFLINE_NO_DRAFT_MESSAGE}`;
  return `${OFFLINE_LABEL}\n${blocks.join('\n\n')}`;
}

export type OfflineProviderOptions = {
  /** Characters (code points) per delta. */
  chunkChars?: number;
  /** Pause between deltas: the page shows the draft being written, as it does for a model. */
  delayMs?: number;
};

export function createOfflineProvider(options: OfflineProviderOptions = {}): ChatProvider {
  const chunkChars = Math.max(1, options.chunkChars ?? 8);
  const delayMs = Math.max(0, options.delayMs ?? 15);
  return {
    kind: 'offline',
    models: () => [{ ...OFFLINE_MODEL }],
    stream: (request) => streamDraft(request, chunkChars, delayMs),
  };
}

async function* streamDraft(request: ChatRequest, chunkChars: number, delayMs: number): AsyncGenerator<string, void, undefined> {
  // Code points, not UTF-16 units: a delta never splits an emoji or a rare CJK character in half.
  const chars = Array.from(renderOfflineDraft(request.offlineDraft));
  for (let i = 0; i < chars.length; i += chunkChars) {
    if (request.signal.aborted) throw new ProviderError('CANCELLED');
    if (i > 0) await pause(delayMs, request.signal);
    yield chars.slice(i, i + chunkChars).join('');
  }
  if (request.signal.aborted) throw new ProviderError('CANCELLED');
}

/** Resolves after `ms`, or as soon as the signal aborts (the caller then sees CANCELLED). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new ProviderError('CANCELLED'));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ProviderError('CANCELLED'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
