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

/**
 * Characters a continuation's match skips on both sides: whitespace and the markdown markers, which
 * the page's reading of a stopped text may write differently (a blank line for a line break).
 */
const IGNORED = /[\s#*>_]/u;
const isSpace = (c: string | undefined) => c !== undefined && /\s/u.test(c);
const significant = (text: string) => text.replace(/[\s#*>_]/gu, '');

/**
 * Where the rest of `full` begins after `prefix`, or -1 when `full` does not start with it (compared
 * without whitespace and markers). A prefix ending in whitespace or markers takes the same run of
 * `full` with it, so joining the prefix and the rest neither doubles nor loses a space or a `##`.
 */
export function continuationStart(full: string, prefix: string): number {
  let end = prefix.length;
  while (end > 0 && IGNORED.test(prefix[end - 1]!)) end--;
  const body = prefix.slice(0, end);
  const tail = prefix.slice(end);
  let i = 0;
  for (const c of body) {
    if (IGNORED.test(c)) continue;
    while (i < full.length && IGNORED.test(full[i]!)) i++;
    if (!full.startsWith(c, i)) return -1;
    i += c.length;
  }
  let t = 0;
  while (t < tail.length && i < full.length && IGNORED.test(full[i]!)) {
    if (isSpace(tail[t]) && isSpace(full[i])) {
      // As much of the draft's whitespace as the text has: a raw stopped stream joins back exactly.
      while (isSpace(tail[t]) && isSpace(full[i])) {
        t++;
        i++;
      }
      while (isSpace(tail[t])) t++;
      if (isSpace(full[i])) break;
    } else if (tail[t] === full[i]) {
      t++;
      i++;
    } else break;
  }
  return i;
}

/** Said when the draft has nothing more to give: a blank the consultant fills or deletes (the fact check skips it). */
export const OFFLINE_NOTHING_LEFT = '【请补充：离线模式的模板草稿已全部写出，请在此继续补充，或接入语言模型后续写】';

/**
 * 继续生成 with the offline engine: it continues its own draft. When the text so far is the start of
 * the draft (a stopped generation, maybe read back through the page's markdown), the rest of the
 * draft; otherwise (the consultant rewrote it) the draft's sections the text does not yet contain,
 * under the 离线模式 label when the text lacks it. Never the text again.
 */
export function continueOfflineDraft(draft: OfflineDraft | undefined, continueFrom: string): string {
  const full = renderOfflineDraft(draft);
  const start = continuationStart(full, continueFrom);
  if (start >= 0) return start < full.length ? full.slice(start) : `\n\n${OFFLINE_NOTHING_LEFT}`;
  const have = significant(continueFrom);
  const contains = (text: string | undefined) => {
    const key = significant(text ?? '').slice(0, 30);
    return key.length > 0 && have.includes(key);
  };
  const missing = (draft?.sections ?? []).filter(
    (section) =>
      section.paragraphs.some((p) => p.trim()) && !contains(section.heading) && !contains(section.paragraphs.find((p) => p.trim())),
  );
  if (missing.length === 0) return `\n\n${OFFLINE_NOTHING_LEFT}`;
  const rest = renderOfflineDraft({ sections: missing }).slice(`${OFFLINE_LABEL}\n`.length);
  return `\n\n${have.includes(significant(OFFLINE_LABEL)) ? '' : `${OFFLINE_LABEL}\n`}${rest}`;
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
  const text = request.continueFrom
    ? continueOfflineDraft(request.offlineDraft, request.continueFrom)
    : renderOfflineDraft(request.offlineDraft);
  const chars = Array.from(text);
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
