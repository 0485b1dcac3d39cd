import type { CvLength } from '../../../contracts/ai-operation-constants';
import type { AiOperation, AiPrices, GenerateRequestBody } from '../../../contracts/ai-operations';
import type { UnsupportedFact } from '../../../contracts/fact-check-constants';
import type { WorkType } from '../../../contracts/work-constants';
import type { EditorDocument } from '../../../contracts/works';
import { plainTextOf } from '../../../contracts/work-text';
import { ApiRequestError } from '~/services/errors';
import type { DraftType } from '~/services/drafts';
import type { WritingStudent } from '~/services/writing';
import type { Decision, Review } from './review-panel';

/**
 * From this width the form and the editor sit side by side (issue 28): at 1000 px with the menu
 * collapsed there is room for both, and a generation streams into an editor that stays in view.
 * Below it they stack, and 生成 scrolls the editor into view.
 */
export const STUDIO_SIDE_BY_SIDE = '@media (min-width: 60em)';

export type StudioData = {
  students: Array<{ id: string; name: string }>;
  student: WritingStudent | null;
  work: { id: string; title: string; content: EditorDocument; clientProfileId: string | null } | null;
  clientFromUrl: boolean;
  /** Each paid button's price (GET /ai/prices, ADR 0040); null when it could not be read. */
  prices?: AiPrices | null;
};

export type StudioPage<F> = {
  title: string;
  description: string;
  draftType: DraftType;
  workType: WorkType;
  /** The form a page starts from, reads back from a draft, and refills for a student. */
  emptyForm: () => F;
  formFrom: (stored: unknown) => F;
  applyStudent: (form: F, student: WritingStudent) => F;
  /** The generate request, or the message saying what is missing. `essay`: the editor's text now. */
  request: (form: F, clientProfileId: string | null, essay: string) => GenerateRequestBody | string;
  /**
   * A review page (essay revision, essay polish): the answer does not go into the editor but into a
   * panel beside it, read into suggestions or sentence changes the user accepts one by one.
   */
  review?: Review['kind'];
  /** The operation the generate button runs when the form does not say yet: its price is shown. */
  priceOperation: AiOperation;
  /** The generate button's words (生成 unless said). */
  generateLabel?: string;
  /** What the form says, known to the fact check alongside the archive. */
  contextOf: (form: F) => string[];
  /** How the export lays the work out (a CV's one or two pages). */
  exportOptionsOf?: (form: F) => { cvLength?: CvLength };
  /** The work's title when first saved (`text`: the document's text). */
  titleOf: (form: F, student: WritingStudent | null, text: string) => string;
  editorPlaceholder: string;
};

export type Run =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'queued'; reserved: number; ahead: number }
  | { phase: 'running'; reserved: number; chars: number }
  | { phase: 'done'; charged: number }
  /** `kept`: what arrived stays in the editor and can be continued (a review's partial answer does not). */
  /** `delivered`: output had started, so the stop is charged for it (ADR 0035). */
  | { phase: 'stopped'; kept: boolean; delivered: boolean }
  | { phase: 'error'; message: string };

export type Facts = { status: 'idle' | 'checking' | 'done' | 'error'; items: UnsupportedFact[]; message?: string };
/**
 * A review (paid for) and the decisions made on it survive a reload with the draft, and so do the
 * operations whose text is in the document since the last save (the save names them: the export's AI
 * label and the generation records come from that, ADR 0030) and a stopped generation's text.
 */
export type StoredSidebar = {
  form: unknown;
  workId: string | null;
  operationIds?: string[];
  /** The stopped generation's text as it arrived: 继续生成 continues it. */
  stopped?: string | null;
  review?: Review | null;
  decisions?: Record<string, Decision>;
};
/** What a run of the page's operation came to; null when it failed or came back empty. */
export type Streamed = {
  status: 'done' | 'stopped';
  text: string;
  operationId: string | null;
  savedToWork: boolean;
  checkNote?: string;
} | null;

/**
 * How often what a stream shows on the page (the status line's count, a review's running text)
 * follows it: each update renders the whole studio, and pieces arrive every few milliseconds.
 */
export const STREAM_SHOWN_EVERY_MS = 150;

/** A gate that opens at most once per `ms` (the first call opens it). */
export function atMostEvery(ms: number): () => boolean {
  let openedAt = -Infinity;
  return () => {
    const now = performance.now();
    if (now - openedAt < ms) return false;
    openedAt = now;
    return true;
  };
}

export const errorText = (error: unknown) => (error instanceof ApiRequestError ? error.message : '操作失败，请稍后重试');
export const isDocument = (v: unknown): v is EditorDocument =>
  typeof v === 'object' && v !== null && Array.isArray((v as { blocks?: unknown }).blocks);
/** The document's text, one line per block (the API's own reading, contracts/work-text). */
export const plainText = (doc: EditorDocument) => plainTextOf(doc.blocks);

/** A long text as fact-check context: the API takes pieces of up to 2,000 characters, split at lines. */
export function contextChunks(text: string, size = 2000): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    for (let i = 0; i < Math.max(1, line.length); i += size) {
      const piece = line.slice(i, i + size);
      if (current && current.length + piece.length + 1 > size) {
        chunks.push(current);
        current = '';
      }
      current = current ? `${current}\n${piece}` : piece;
    }
  }
  if (current) chunks.push(current);
  return chunks.slice(0, 40);
}

export const storedReview = (v: unknown, kind: Review['kind']): v is Review => {
  const r = v as Partial<Review> | null | undefined;
  return !!r && r.kind === kind && r.status === 'done' && typeof r.text === 'string' && typeof r.essay === 'string';
};
export const storedDecisions = (v: unknown): Record<string, Decision> =>
  typeof v === 'object' && v !== null
    ? Object.fromEntries(Object.entries(v).filter(([, d]) => d === 'accepted' || d === 'rejected' || d === 'missing'))
    : {};

export function runLine(run: Run): { text: string; tone: string } | null {
  switch (run.phase) {
    case 'idle':
      return null;
    case 'starting':
      return { text: '正在提交…', tone: 'gray' };
    case 'queued':
      return { text: `排队中（前面还有 ${run.ahead} 个任务）· 预扣 ${run.reserved} 积分`, tone: 'orange' };
    case 'running':
      return { text: `生成中… 已写 ${run.chars} 字 · 预扣 ${run.reserved} 积分`, tone: 'blue' };
    case 'done':
      return { text: `生成完成 · 扣除 ${run.charged} 积分`, tone: 'green' };
    case 'stopped':
      if (!run.delivered) return { text: '已停止生成，预扣的积分已退还', tone: 'gray' };
      return run.kept
        ? { text: '已停止：保留已生成的内容，可继续生成（已生成的内容按价计费，其余积分退还）', tone: 'gray' }
        : { text: '已停止生成：已生成的内容按价计费，其余积分退还', tone: 'gray' };
    case 'error':
      return { text: run.message, tone: 'red' };
  }
}
