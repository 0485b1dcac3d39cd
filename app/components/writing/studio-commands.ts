import type { Dispatch } from 'react';
import type { GenerateRequestBody } from '../../../contracts/ai-operations';
import type { UnsupportedFact } from '../../../contracts/fact-check-constants';
import { markdownDocument } from '../../../contracts/markdown-document';
import { withoutInternalNotes } from '../../../contracts/work-text';
import type { Highlight, WritingEditorHandle } from '~/components/editor/writing-editor';
import { notifySuccess } from '~/services/toasts';
import { resourceFetch } from '~/services/browser/resource-fetch.client';
import { continuationBase, generationRequest, type WritingStudent } from '~/services/writing';
import { readReview, type Decision, type ReadReview, type Review, type ReviewItem } from './review-panel';
import { atMostEvery, contextChunks, errorText, plainText, STREAM_SHOWN_EVERY_MS, type StudioPage, type Streamed } from './studio-model';
import type { StudioAction, StudioState } from './studio-state';

/** What the studio's commands work on: they run only once the editor is live. */
export type StudioContext<F> = {
  page: StudioPage<F>;
  state: StudioState<F>;
  dispatch: Dispatch<StudioAction<F>>;
  editor: WritingEditorHandle;
  student: WritingStudent | null;
  /** The finished review read into items, when there is one. */
  read: ReadReview | null;
  stream: (body: GenerateRequestBody, onDelta: (piece: string, soFar: string) => void, keep?: boolean) => Promise<Streamed>;
};

/** The findings as editor highlights: every place each unsupported fact appears. */
export const factHighlights = (handle: WritingEditorHandle, items: UnsupportedFact[]): Highlight[] =>
  items.flatMap((f, i) => handle.rangesOfText(f.text).map((r) => ({ ...r, tone: 'error' as const, id: `fact-${i}` })));

/** The review's undecided passages, marked where they stand now. */
const reviewHighlights = (handle: WritingEditorHandle, items: ReviewItem[], decided: Record<string, Decision>): Highlight[] =>
  items
    .filter((item) => !decided[item.id])
    .flatMap((item) =>
      handle
        .rangesOfText(item.before)
        .slice(0, 1)
        .map((r) => ({ ...r, tone: 'mark' as const, id: item.id })),
    );

export const paintHighlights = (
  handle: WritingEditorHandle,
  factItems: UnsupportedFact[],
  decided: Record<string, Decision>,
  reviewRead: ReadReview | null,
) =>
  handle.setHighlights([...factHighlights(handle, factItems), ...(reviewRead ? reviewHighlights(handle, reviewRead.items, decided) : [])]);

/** The page's highlights as they stand: the facts found and the review's undecided passages. */
const paint = <F>(ctx: StudioContext<F>, factItems = ctx.state.facts.items, decided = ctx.state.decisions, reviewRead = ctx.read) =>
  paintHighlights(ctx.editor, factItems, decided, reviewRead);

/**
 * The fact check of the editor's text, or of a review's proposed wording (`proposed`, with the
 * essay as known context: only facts the review itself brings in are listed). `reviewRead` is the
 * review to keep marked (React has not yet re-rendered with it when a review just finished).
 */
export async function checkFacts<F>(ctx: StudioContext<F>, proposed?: { text: string; essay: string; reviewRead: ReadReview }) {
  const { dispatch, student } = ctx;
  const document = ctx.editor.getDocument();
  // The consultant's notes claim nothing about the student: checked as the export prints the text.
  const text = (proposed ? proposed.text : plainText({ ...document, blocks: withoutInternalNotes(document.blocks) })).slice(0, 20_000);
  if (!text.trim()) return dispatch({ type: 'factsFound', items: [] });
  dispatch({ type: 'factsChecking' });
  const context = [...ctx.page.contextOf(ctx.state.form), ...(proposed ? contextChunks(proposed.essay) : [])].filter(Boolean);
  try {
    const result = await resourceFetch<{ unsupported: UnsupportedFact[] }>('ai/fact-check', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text, ...(student ? { clientProfileId: student.id } : {}), context }),
    });
    dispatch({ type: 'factsFound', items: result.unsupported });
    paint(ctx, result.unsupported, proposed ? {} : ctx.state.decisions, proposed ? proposed.reviewRead : ctx.read);
  } catch (error) {
    dispatch({ type: 'factsFailed', message: errorText(error) });
  }
}

/** Review pages: the answer streams into the panel, then is read into items to decide on. */
async function generateReview<F>(ctx: StudioContext<F>, kind: Review['kind']) {
  const { dispatch, editor } = ctx;
  const essay = plainText(editor.getDocument());
  const body = ctx.page.request(ctx.state.form, ctx.student?.id ?? null, essay);
  if (typeof body === 'string') return dispatch({ type: 'requestRejected', message: body });
  dispatch({ type: 'requestAccepted' });
  dispatch({ type: 'reviewStarted', review: { kind, status: 'running', text: '', essay } });
  paint(ctx, ctx.state.facts.items, {}, null);
  const showRunning = atMostEvery(STREAM_SHOWN_EVERY_MS);
  const streamed = await ctx.stream(body, (_piece, soFar) => {
    if (showRunning()) dispatch({ type: 'reviewChanged', review: { kind, status: 'running', text: soFar, essay } });
  });
  if (streamed?.status !== 'done') return dispatch({ type: 'reviewChanged', review: null });
  const done: Review = {
    kind,
    status: 'done',
    text: streamed.text,
    essay,
    operationId: streamed.operationId ?? undefined,
    ...(streamed.checkNote ? { checkNote: streamed.checkNote } : {}),
  };
  const reviewRead = readReview(done);
  dispatch({ type: 'reviewChanged', review: done });
  paint(ctx, ctx.state.facts.items, {}, reviewRead);
  // Every generation is fact-checked: here the wording the review proposes, against the archive,
  // the form and the essay itself. A finding is marked in the text once its change is accepted.
  const proposedText = reviewRead.items.map((item) => item.after ?? '').join('\n');
  void checkFacts(ctx, { text: proposedText, essay, reviewRead });
}

/**
 * 生成 replaces the text; 继续生成 (`continue`) appends the rest of a stopped one after it. Either
 * streams into the editor as one undo step and is then read through the markdown reading the
 * server saves with; 停止 keeps what arrived, read the same way, and offers 继续生成.
 */
export async function generate<F>(ctx: StudioContext<F>, mode: 'replace' | 'continue') {
  const { dispatch, editor, page, state } = ctx;
  if (page.review) return generateReview(ctx, page.review);
  const body = page.request(state.form, ctx.student?.id ?? null, plainText(editor.getDocument()));
  if (typeof body === 'string') return dispatch({ type: 'requestRejected', message: body });
  dispatch({ type: 'requestAccepted' });
  dispatch({ type: 'factsCleared' });
  editor.clearHighlights();
  const base = mode === 'continue' ? continuationBase(state.stopped, editor.getDocument()) : '';
  const request = generationRequest(body, { continueFrom: base, workId: state.workId });
  const session = editor.startGeneration(base ? 'append' : 'replace');
  const streamed = await ctx.stream(request, (piece) => session.append(piece), true);
  if (!streamed) return session.discard();
  session.finish();
  // The stream arrived as text; its markdown becomes headings and lists. Undoing the streamed
  // step first keeps the whole generation one undo step.
  editor.undo();
  const whole = `${base}${streamed.text}`;
  editor.setDocument(markdownDocument(whole));
  dispatch({
    type: 'generated',
    stopped: streamed.status === 'stopped' ? whole : null,
    savedToWork: streamed.savedToWork,
    operationId: streamed.operationId,
  });
  // Every generation is checked against the archive and the form at once.
  void checkFacts(ctx);
}

/** Accepting replaces the passage where it stands now; one undo step each. */
function decide<F>(ctx: StudioContext<F>, item: ReviewItem, accept: boolean, base: Record<string, Decision>): Record<string, Decision> {
  let decision: Decision = 'rejected';
  if (accept && item.after !== null) {
    const at = ctx.editor.rangesOfText(item.before)[0];
    if (at) {
      ctx.editor.replaceRange(at.from, at.to, item.after);
      decision = 'accepted';
      ctx.dispatch({ type: 'edited' });
      // The review's words are in the text now: the save names its operation.
      ctx.dispatch({ type: 'operationUsed', operationId: ctx.state.review?.operationId });
    } else decision = 'missing';
  }
  return { ...base, [item.id]: decision };
}

/** One passage decided, or (`undecidedOnly`) every passage not decided yet, alike. */
export function decideReview<F>(ctx: StudioContext<F>, items: ReviewItem[], accept: boolean, undecidedOnly = false) {
  let next = ctx.state.decisions;
  for (const item of items) if (!undecidedOnly || !next[item.id]) next = decide(ctx, item, accept, next);
  ctx.dispatch({ type: 'decided', decisions: next });
  paint(ctx, ctx.state.facts.items, next);
}

/** 保存为作品 creates the work; once it exists each save is its newest version. */
export async function saveWork<F>(ctx: StudioContext<F>) {
  const { dispatch, state, student } = ctx;
  const content = ctx.editor.getDocument();
  if (!plainText(content).trim()) return dispatch({ type: 'requestRejected', message: '正文为空，无法保存' });
  dispatch({ type: 'saveStarted' });
  try {
    if (state.workId) {
      await resourceFetch(`works/${encodeURIComponent(state.workId)}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ content, clientProfileId: student?.id ?? null, operationIds: state.operationIds }),
      });
      notifySuccess('已保存为新版本');
      dispatch({ type: 'saved', workId: state.workId });
    } else {
      const created = await resourceFetch<{ id: string }>('works', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          title: ctx.page.titleOf(state.form, student, plainText(content)),
          type: ctx.page.workType,
          clientProfileId: student?.id ?? null,
          content,
          operationIds: state.operationIds,
        }),
      });
      notifySuccess('已保存为作品');
      dispatch({ type: 'saved', workId: created.id });
    }
  } catch (error) {
    dispatch({ type: 'saveFailed', message: errorText(error) });
  }
}
