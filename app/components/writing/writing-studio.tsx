import { Badge, Box, Button, Grid, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Link, useSearchParams } from '@remix-run/react';
import { FileDown, ListPlus, Save, ScanSearch, Sparkles, Square, UserPlus } from 'lucide-react';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { insertableText, readAnswer } from '../../../contracts/ai-answer';
import type { CvLength } from '../../../contracts/ai-operation-constants';
import type { AiOperation, AiPrices, GenerateRequestBody } from '../../../contracts/ai-operations';
import type { UnsupportedFact } from '../../../contracts/fact-check-constants';
import type { EditorDocument } from '../../../contracts/works';
import type { WorkType } from '../../../contracts/work-constants';
import { useNewStudent, useStudentCreated } from '~/components/archives/new-student';
import { WritingEditor, type Highlight, type SelectionInfo, type WritingEditorHandle } from '~/components/editor/writing-editor';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { notifySuccess } from '~/services/toasts';
import { useShellUser } from '~/hooks/use-app-data';
import { DRAFT_STATUS_TEXT, useDraftAutosave, type DraftSave } from '~/hooks/use-draft-autosave';
import { priceOf, priceText } from '~/services/ai-prices';
import { runOperation } from '~/services/browser/ai-stream.client';
import type { DraftType } from '~/services/drafts';
import { loadDraft, saveDraft } from '~/services/browser/drafts.client';
import { markdownDocument } from '../../../contracts/markdown-document';
import { ApiRequestError } from '~/services/errors';
import { resourceFetch } from '~/services/browser/resource-fetch.client';
import { workExportHref } from '~/services/work-export';
import { workDetailHref } from '~/services/works';
import {
  continuationBase,
  generationRequest,
  nearestRange,
  reduceAiHref,
  selectionRequest,
  storedOperationIds,
  withOperation,
  type SelectionTool,
  type WritingStudent,
} from '~/services/writing';
import { FactPanel } from './fact-panel';
import { PolishPanel, readReview, RevisionPanel, type Decision, type ReadReview, type Review, type ReviewItem } from './review-panel';
import { ProposalPanel, SelectionToolbar, type Proposal } from './selection-tools';

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

type Run =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'queued'; reserved: number; ahead: number }
  | { phase: 'running'; reserved: number; chars: number }
  | { phase: 'done'; charged: number }
  /** `kept`: what arrived stays in the editor and can be continued (a review's partial answer does not). */
  /** `delivered`: output had started, so the stop is charged for it (ADR 0035). */
  | { phase: 'stopped'; kept: boolean; delivered: boolean }
  | { phase: 'error'; message: string };

type Facts = { status: 'idle' | 'checking' | 'done' | 'error'; items: UnsupportedFact[]; message?: string };
/**
 * A review (paid for) and the decisions made on it survive a reload with the draft, and so do the
 * operations whose text is in the document since the last save (the save names them: the export's AI
 * label and the generation records come from that, ADR 0030) and a stopped generation's text.
 */
type StoredSidebar = {
  form: unknown;
  workId: string | null;
  operationIds?: string[];
  /** The stopped generation's text as it arrived: 继续生成 continues it. */
  stopped?: string | null;
  review?: Review | null;
  decisions?: Record<string, Decision>;
};
/** What a run of the page's operation came to; null when it failed or came back empty. */
type Streamed = { status: 'done' | 'stopped'; text: string; operationId: string | null; savedToWork: boolean; checkNote?: string } | null;
const AUTOSAVE_MS = 600;
const EMPTY: EditorDocument = { blocks: [] };

const errorText = (error: unknown) => (error instanceof ApiRequestError ? error.message : '操作失败，请稍后重试');
const isDocument = (v: unknown): v is EditorDocument =>
  typeof v === 'object' && v !== null && Array.isArray((v as { blocks?: unknown }).blocks);
const plainText = (doc: EditorDocument) => {
  type B = { content?: Array<{ text?: string }>; children?: B[] };
  const lines: string[] = [];
  const walk = (blocks: B[]) =>
    blocks.forEach((b) => {
      lines.push((b.content ?? []).map((c) => c.text ?? '').join(''));
      walk(b.children ?? []);
    });
  walk(doc.blocks as B[]);
  return lines.join('\n');
};

/** A long text as fact-check context: the API takes pieces of up to 2,000 characters, split at lines. */
function contextChunks(text: string, size = 2000): string[] {
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

const storedReview = (v: unknown, kind: Review['kind']): v is Review => {
  const r = v as Partial<Review> | null | undefined;
  return !!r && r.kind === kind && r.status === 'done' && typeof r.text === 'string' && typeof r.essay === 'string';
};
const storedDecisions = (v: unknown): Record<string, Decision> =>
  typeof v === 'object' && v !== null
    ? Object.fromEntries(Object.entries(v).filter(([, d]) => d === 'accepted' || d === 'rejected' || d === 'missing'))
    : {};

function runLine(run: Run): { text: string; tone: string } | null {
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

/**
 * The writing pages' frame (issue 13, ADR 0030): a sidebar form bound to a student, the editor
 * beside it (stacked on phones; the page grows with the document), streamed generation with 停止,
 * selection tools, autosave to the local draft, saving as a work and export.
 */
export function WritingStudio<F>({
  page,
  data,
  renderForm,
}: {
  page: StudioPage<F>;
  data: StudioData;
  renderForm: (form: F, setForm: (update: (form: F) => F) => void, student: WritingStudent | null) => ReactNode;
}) {
  const user = useShellUser();
  const [, setSearchParams] = useSearchParams();
  const newStudent = useNewStudent();
  const [editor, setEditor] = useState<WritingEditorHandle | null>(null);
  const [form, setFormState] = useState<F>(() => (data.student ? page.applyStudent(page.emptyForm(), data.student) : page.emptyForm()));
  const [workId, setWorkId] = useState<string | null>(data.work?.id ?? null);
  const [operationIds, setOperationIds] = useState<string[]>([]);
  const [stopped, setStopped] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [restored, setRestored] = useState(false);
  const [run, setRun] = useState<Run>({ phase: 'idle' });
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [selection, setSelection] = useState<(SelectionInfo & { top: number; left: number; bottom: number }) | null>(null);
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [panelTop, setPanelTop] = useState(48);
  const [facts, setFacts] = useState<Facts>({ status: 'idle', items: [] });
  const [review, setReview] = useState<Review | null>(null);
  const [decisions, setDecisions] = useState<Record<string, Decision>>({});
  const read = useMemo(() => (review?.status === 'done' ? readReview(review) : null), [review]);
  const abort = useRef<AbortController | null>(null);
  const proposalAbort = useRef<AbortController | null>(null);
  const [appliedStudent, setAppliedStudent] = useState<string | null>(data.student?.id ?? null);
  const surface = useRef<HTMLDivElement>(null);
  const student = data.student;
  const generating = run.phase === 'starting' || run.phase === 'queued' || run.phase === 'running';
  // The price of what 生成 runs, before it runs (ADR 0040): the form's operation, else the page's.
  const asked = page.request(form, student?.id ?? null, '');
  const generateOperation = typeof asked === 'string' ? page.priceOperation : asked.operation;
  const generateCost = priceOf(data.prices, generateOperation);
  const generatePrice = priceText(generateCost);
  const generateNote = generateCost?.note ?? null;

  const setForm = useCallback((update: (form: F) => F) => {
    setFormState(update);
    setFormError(null);
  }, []);

  // Restore once the editor is live: the opened work, or the draft (content, form, student).
  const restore = (handle: WritingEditorHandle) => {
    const draft = loadDraft(user.id, page.draftType);
    const sidebar = (draft?.sidebar ?? null) as Partial<StoredSidebar> | null;
    const sameWork = !!data.work && sidebar?.workId === data.work.id;
    if (data.work) {
      if (sameWork && draft && isDocument(draft.content)) handle.setDocument(draft.content, { addToHistory: false });
      if (sameWork) {
        setFormState(page.formFrom(sidebar?.form));
        setOperationIds(storedOperationIds(sidebar?.operationIds));
        setStopped(typeof sidebar?.stopped === 'string' ? sidebar.stopped : null);
      }
    } else if (draft) {
      if (isDocument(draft.content)) handle.setDocument(draft.content, { addToHistory: false });
      const switched = data.clientFromUrl && student && draft.client?.id !== student.id;
      const restoredForm = page.formFrom(sidebar?.form);
      setFormState(switched && student ? page.applyStudent(restoredForm, student) : restoredForm);
      setOperationIds(storedOperationIds(sidebar?.operationIds));
      setStopped(typeof sidebar?.stopped === 'string' ? sidebar.stopped : null);
      if (!switched) setWorkId(typeof sidebar?.workId === 'string' ? sidebar.workId : null);
      if (!student && draft.client) {
        // Load the draft's student (its entries to feature) without refilling the restored form.
        setAppliedStudent(draft.client.id);
        setSearchParams({ clientId: draft.client.id }, { replace: true, preventScrollReset: true });
      }
    }
    const stored = sidebar?.review;
    if (page.review && (!data.work || sameWork) && storedReview(stored, page.review)) {
      const decided = storedDecisions(sidebar?.decisions);
      setReview(stored);
      setDecisions(decided);
      paint(handle, [], decided, readReview(stored));
    }
    setDirty(false);
    setRestored(true);
    setEditor(handle);
  };

  // Another student picked (the loader answered): the archive's fields replace the form's.
  if (restored && student && appliedStudent !== student.id) {
    setAppliedStudent(student.id);
    setFormState((f) => page.applyStudent(f, student));
  }

  // Autosave: the editor's content, the form and the student, a moment after the last change.
  /** The last document seen: leaving the page saves after the editor itself is gone. */
  const latestDocument = useRef<EditorDocument | null>(null);
  const persist = useCallback((): ReturnType<DraftSave> => {
    if (!editor || !restored) return 'skipped';
    let content: EditorDocument | null;
    try {
      content = editor.getDocument();
    } catch {
      content = latestDocument.current;
    }
    if (!content) return 'skipped';
    const sidebar: StoredSidebar = {
      form,
      workId,
      operationIds,
      stopped,
      review: review?.status === 'done' ? review : null,
      decisions,
    };
    const saved = saveDraft(user.id, page.draftType, {
      content,
      sidebar,
      client: student ? { id: student.id, name: student.name } : null,
    });
    return saved.ok ? 'saved' : 'failed';
  }, [editor, restored, form, workId, operationIds, stopped, review, decisions, student, user.id, page.draftType]);
  const draft = useDraftAutosave(persist, AUTOSAVE_MS);
  const onEdit = draft.onEdit;
  const onChange = useCallback(
    (document: EditorDocument) => {
      latestDocument.current = document;
      setDirty(true);
      onEdit();
    },
    [onEdit],
  );

  const onStudentCreated = useCallback(
    (created: { id: string }) => setSearchParams(workId ? { clientId: created.id, workId } : { clientId: created.id }, { replace: true }),
    [workId, setSearchParams],
  );
  useStudentCreated(onStudentCreated);

  const pickStudent = (id: string) => {
    const params: Record<string, string> = {};
    if (id) params.clientId = id;
    if (workId) params.workId = workId;
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  /** The findings as editor highlights: every place each unsupported fact appears. */
  const factHighlights = (handle: WritingEditorHandle, items: UnsupportedFact[]): Highlight[] =>
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
  const paint = (handle: WritingEditorHandle, factItems = facts.items, decided = decisions, reviewRead = read) =>
    handle.setHighlights([
      ...factHighlights(handle, factItems),
      ...(reviewRead ? reviewHighlights(handle, reviewRead.items, decided) : []),
    ]);

  /**
   * The fact check of the editor's text, or of a review's proposed wording (`proposed`, with the
   * essay as known context: only facts the review itself brings in are listed). `reviewRead` is the
   * review to keep marked (React has not yet re-rendered with it when a review just finished).
   */
  const checkFacts = async (handle: WritingEditorHandle, proposed?: { text: string; essay: string; reviewRead: ReadReview }) => {
    const text = (proposed ? proposed.text : plainText(handle.getDocument())).slice(0, 20_000);
    if (!text.trim()) return setFacts({ status: 'done', items: [] });
    setFacts((f) => ({ ...f, status: 'checking' }));
    const context = [...page.contextOf(form), ...(proposed ? contextChunks(proposed.essay) : [])].filter(Boolean);
    try {
      const result = await resourceFetch<{ unsupported: UnsupportedFact[] }>('ai/fact-check', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text, ...(student ? { clientProfileId: student.id } : {}), context }),
      });
      setFacts({ status: 'done', items: result.unsupported });
      paint(handle, result.unsupported, proposed ? {} : decisions, proposed ? proposed.reviewRead : read);
    } catch (error) {
      setFacts({ status: 'error', items: [], message: errorText(error) });
    }
  };

  /**
   * Runs the page's operation with the status line kept up to date, handing each streamed piece to
   * `onDelta`. Answers what came of it: the finished text, or what arrived before 停止 (`keep`: the
   * page keeps it, so the status line says so); null when it failed or came back empty (the status
   * line then says which, with the refund).
   */
  const streamOperation = async (
    body: GenerateRequestBody,
    onDelta: (piece: string, soFar: string) => void,
    keep = false,
  ): Promise<Streamed> => {
    const controller = new AbortController();
    abort.current = controller;
    setProposal(null);
    setRun({ phase: 'starting' });
    let text = '';
    let reserved = 0;
    let operationId: string | null = null;
    try {
      const outcome = await runOperation(body, {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.event === 'start') {
            reserved = event.data.pointsReserved;
            operationId = event.data.operationId;
            setRun(
              event.data.status === 'queued'
                ? { phase: 'queued', reserved, ahead: event.data.queuedAhead }
                : { phase: 'running', reserved, chars: text.length },
            );
          } else if (event.event === 'running') setRun({ phase: 'running', reserved, chars: text.length });
          else if (event.event === 'delta') {
            text += event.data.text;
            onDelta(event.data.text, text);
            setRun({ phase: 'running', reserved, chars: text.length });
          }
        },
      });
      if (outcome.status === 'done' && outcome.text.trim()) {
        setRun({ phase: 'done', charged: outcome.operation.points });
        return { status: 'done', text: outcome.text, operationId, savedToWork: outcome.savedToWork, checkNote: outcome.checkNote };
      }
      if (outcome.status === 'stopped') {
        const kept = keep && !!outcome.text.trim();
        setRun({ phase: 'stopped', kept, delivered: outcome.text.length > 0 });
        return kept ? { status: 'stopped', text: outcome.text, operationId, savedToWork: false } : null;
      }
      const refunded = outcome.status === 'error' && outcome.pointsRefunded > 0 ? `，已退还 ${outcome.pointsRefunded} 积分` : '';
      setRun({ phase: 'error', message: `${outcome.status === 'error' ? outcome.message : '生成结果为空'}${refunded}` });
    } catch (error) {
      setRun({ phase: 'error', message: errorText(error) });
    } finally {
      abort.current = null;
    }
    return null;
  };

  /** Review pages: the answer streams into the panel, then is read into items to decide on. */
  const generateReview = async (kind: Review['kind']) => {
    if (!editor) return;
    const essay = plainText(editor.getDocument());
    const body = page.request(form, student?.id ?? null, essay);
    if (typeof body === 'string') return setFormError(body);
    setFormError(null);
    setDecisions({});
    setReview({ kind, status: 'running', text: '', essay });
    paint(editor, facts.items, {}, null);
    const streamed = await streamOperation(body, (_piece, soFar) => setReview({ kind, status: 'running', text: soFar, essay }));
    if (streamed?.status !== 'done') return setReview(null);
    const done: Review = {
      kind,
      status: 'done',
      text: streamed.text,
      essay,
      operationId: streamed.operationId ?? undefined,
      ...(streamed.checkNote ? { checkNote: streamed.checkNote } : {}),
    };
    const reviewRead = readReview(done);
    setReview(done);
    paint(editor, facts.items, {}, reviewRead);
    // Every generation is fact-checked: here the wording the review proposes, against the archive,
    // the form and the essay itself. A finding is marked in the text once its change is accepted.
    const proposedText = reviewRead.items.map((item) => item.after ?? '').join('\n');
    void checkFacts(editor, { text: proposedText, essay, reviewRead });
  };

  /** Accepting replaces the passage where it stands now; one undo step each. */
  const decide = (item: ReviewItem, accept: boolean, base = decisions): Record<string, Decision> => {
    if (!editor) return base;
    let decision: Decision = 'rejected';
    if (accept && item.after !== null) {
      const at = editor.rangesOfText(item.before)[0];
      if (at) {
        editor.replaceRange(at.from, at.to, item.after);
        decision = 'accepted';
        setDirty(true);
        // The review's words are in the text now: the save names its operation.
        setOperationIds((ids) => withOperation(ids, review?.operationId));
      } else decision = 'missing';
    }
    return { ...base, [item.id]: decision };
  };
  const onDecide = (item: ReviewItem, accept: boolean) => {
    if (!editor) return;
    const next = decide(item, accept);
    setDecisions(next);
    paint(editor, facts.items, next);
  };
  const onDecideAll = (accept: boolean) => {
    if (!editor || !read) return;
    let next = decisions;
    for (const item of read.items) if (!next[item.id]) next = decide(item, accept, next);
    setDecisions(next);
    paint(editor, facts.items, next);
  };
  const showPassage = (id: string) =>
    surface.current?.querySelector(`[data-highlight-id="${CSS.escape(id)}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });

  /**
   * 生成 replaces the text; 继续生成 (`continueFrom`) appends the rest of a stopped one after it. Either
   * streams into the editor as one undo step and is then read through the markdown reading the
   * server saves with; 停止 keeps what arrived, read the same way, and offers 继续生成.
   */
  const generate = async (mode: 'replace' | 'continue' = 'replace') => {
    if (!editor || generating) return;
    if (page.review) return generateReview(page.review);
    const body = page.request(form, student?.id ?? null, plainText(editor.getDocument()));
    if (typeof body === 'string') return setFormError(body);
    setFormError(null);
    setFacts({ status: 'idle', items: [] });
    editor.clearHighlights();
    const base = mode === 'continue' ? continuationBase(stopped, editor.getDocument()) : '';
    const request = generationRequest(body, { continueFrom: base, workId });
    const session = editor.startGeneration(base ? 'append' : 'replace');
    const streamed = await streamOperation(request, (piece) => session.append(piece), true);
    if (!streamed) return session.discard();
    session.finish();
    // The stream arrived as text; its markdown becomes headings and lists. Undoing the streamed
    // step first keeps the whole generation one undo step.
    editor.undo();
    const whole = `${base}${streamed.text}`;
    editor.setDocument(markdownDocument(whole));
    setStopped(streamed.status === 'stopped' ? whole : null);
    if (streamed.savedToWork) {
      // Saved by the server as the work's newest version, read as the page reads it.
      setDirty(false);
    } else {
      setOperationIds((ids) => withOperation(ids, streamed.operationId));
      setDirty(true);
    }
    // Every generation is checked against the archive and the form at once.
    void checkFacts(editor);
  };

  const onSelectionChange = useCallback((info: SelectionInfo) => {
    if (info.empty || !info.text.trim()) return setSelection(null);
    const box = surface.current?.getBoundingClientRect();
    const range = typeof window !== 'undefined' ? window.getSelection() : null;
    const rect = range && range.rangeCount > 0 ? range.getRangeAt(0).getBoundingClientRect() : null;
    if (!box || !rect || (rect.width === 0 && rect.height === 0)) return setSelection({ ...info, top: 0, left: 8, bottom: 40 });
    const left = Math.max(4, Math.min(rect.left - box.left, box.width - 320));
    setSelection({ ...info, top: Math.max(0, rect.top - box.top - 44), left, bottom: rect.bottom - box.top + 8 });
  }, []);

  const runTool = async (tool: SelectionTool) => {
    if (!editor || !selection) return;
    const picked = selection;
    const controller = new AbortController();
    proposalAbort.current = controller;
    editor.setHighlights([...factHighlights(editor, facts.items), { from: picked.from, to: picked.to, tone: 'mark', id: 'proposal' }]);
    let base: Proposal = { tool, from: picked.from, original: picked.text, text: '', status: 'running' };
    setProposal(base);
    setPanelTop(picked.bottom);
    setSelection(null);
    let text = '';
    let reserved: number | undefined;
    try {
      const body = selectionRequest(tool, picked.text, plainText(editor.getDocument()), student?.id ?? null);
      const outcome = await runOperation(body as GenerateRequestBody, {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.event === 'start') {
            reserved = event.data.pointsReserved;
            base = { ...base, operationId: event.data.operationId };
          }
          if (event.event === 'delta') text += event.data.text;
          if (event.event === 'start' || event.event === 'delta') setProposal({ ...base, text, reserved });
        },
      });
      if (outcome.status === 'done') setProposal({ ...base, text: outcome.text.trim(), status: 'done', charged: outcome.operation.points });
      else if (outcome.status === 'stopped') {
        setProposal(null);
        paint(editor);
      } else setProposal({ ...base, text, status: 'error', message: outcome.message });
    } catch (error) {
      setProposal({ ...base, text, status: 'error', message: errorText(error) });
    } finally {
      proposalAbort.current = null;
    }
  };

  const accept = () => {
    if (!editor || !proposal) return;
    const at = nearestRange(editor.rangesOfText(proposal.original), proposal.from);
    paint(editor);
    if (!at) {
      setProposal({ ...proposal, status: 'error', message: '原文已被修改，无法采纳，请重新选中文字' });
      return;
    }
    // The label line and the offline note stay in the panel; markdown markers do not enter the text.
    editor.replaceRange(at.from, at.to, insertableText(readAnswer(proposal.text).body));
    setOperationIds((ids) => withOperation(ids, proposal.operationId));
    setProposal(null);
    // Expanding or rewriting can bring in facts the archive lacks: checked as a generation is.
    void checkFacts(editor);
  };
  const discardProposal = () => {
    if (editor) paint(editor);
    setProposal(null);
  };

  const save = async () => {
    if (!editor) return;
    const content = editor.getDocument();
    if (!plainText(content).trim()) return setFormError('正文为空，无法保存');
    setSaving(true);
    try {
      if (workId) {
        await resourceFetch(`works/${encodeURIComponent(workId)}`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ content, clientProfileId: student?.id ?? null, operationIds }),
        });
        notifySuccess('已保存为新版本');
      } else {
        const created = await resourceFetch<{ id: string }>('works', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            title: page.titleOf(form, student, plainText(content)),
            type: page.workType,
            clientProfileId: student?.id ?? null,
            content,
            operationIds,
          }),
        });
        setWorkId(created.id);
        notifySuccess('已保存为作品');
      }
      // Linked to the work now: the next save names only what comes after.
      setOperationIds([]);
      setDirty(false);
      setFormError(null);
    } catch (error) {
      setFormError(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  const line = runLine(run);
  const busy = generating || proposal?.status === 'running';
  const reviewHandlers = {
    decisions,
    onAccept: (item: ReviewItem) => onDecide(item, true),
    onReject: (item: ReviewItem) => onDecide(item, false),
    onShow: showPassage,
    disabled: !editor || busy,
  };

  return (
    <Page
      title={page.title}
      description={page.description}
      maxW="8xl"
      actions={
        <HStack gap="2" flexWrap="wrap">
          <Button size="sm" colorPalette="blue" onClick={save} loading={saving} disabled={!editor || busy} data-testid="save-work">
            <Save size={16} /> {workId ? '保存新版本' : '保存为作品'}
          </Button>
          {draft.status !== 'idle' && (
            <Text
              fontSize="xs"
              color={draft.status === 'failed' ? 'red.600' : 'gray.500'}
              role="status"
              data-testid="draft-status"
              data-status={draft.status}
            >
              {DRAFT_STATUS_TEXT[draft.status]}
            </Text>
          )}
          {(['docx', 'pdf'] as const).map((format) =>
            workId ? (
              <Button key={format} asChild size="sm" variant="outline" bg="white">
                <a href={workExportHref(workId, format, page.exportOptionsOf?.(form))} download data-testid={`export-${format}`}>
                  <FileDown size={16} /> 导出 {format.toUpperCase()}
                </a>
              </Button>
            ) : (
              <Button
                key={format}
                size="sm"
                variant="outline"
                bg="white"
                disabled
                title="保存为作品后可导出"
                data-testid={`export-${format}`}
              >
                <FileDown size={16} /> 导出 {format.toUpperCase()}
              </Button>
            ),
          )}
          {workId && (
            <Button asChild size="sm" variant="outline" bg="white">
              <Link to={reduceAiHref(workId)} data-testid="check-ai-rate">
                <ScanSearch size={16} /> 查AI率
              </Link>
            </Button>
          )}
        </HStack>
      }
    >
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: '340px minmax(0, 1fr)' }}
        // The editor spans both rows; a long document's height goes to the second, not between form and review.
        templateRows={{ lg: 'auto 1fr' }}
        gap={{ base: '4', md: '6' }}
        alignItems="start"
      >
        <Stack as="section" aria-label="写作设置" bg="white" rounded="xl" borderWidth="1px" p={{ base: '4', md: '5' }} gap="4" minW="0">
          <Stack gap="2">
            <Text fontWeight="semibold" fontSize="sm">
              学生档案
            </Text>
            <HStack gap="2">
              <NativeSelect.Root size="sm" flex="1" minW="0" disabled={busy}>
                <NativeSelect.Field
                  aria-label="选择学生"
                  value={student?.id ?? ''}
                  onChange={(e) => pickStudent(e.currentTarget.value)}
                  data-testid="student-select"
                >
                  <option value="">不关联学生</option>
                  {data.students.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                  {student && !data.students.some((s) => s.id === student.id) && <option value={student.id}>{student.name}</option>}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Button size="sm" variant="outline" onClick={newStudent.openFromLink} data-testid="writing-new-student" disabled={busy}>
                <UserPlus size={16} /> 新建学生
              </Button>
            </HStack>
            {!student && (
              <Text fontSize="xs" color="gray.500">
                关联学生后，表单会按档案预填，生成时以档案中的经历为依据。
              </Text>
            )}
          </Stack>
          {renderForm(form, setForm, student)}
          <FormAlert>{formError}</FormAlert>
          <FactPanel facts={facts} onCheck={() => editor && void checkFacts(editor)} disabled={!editor || busy} />
          {generating ? (
            <Stack gap="1">
              <Button
                colorPalette="red"
                variant="outline"
                onClick={() => abort.current?.abort()}
                title={page.review ? undefined : '停止后保留已生成的内容，可继续生成'}
                data-testid="stop-generation"
              >
                <Square size={16} /> 停止
              </Button>
              {!page.review && (
                <Text fontSize="xs" color="gray.500">
                  停止后保留已生成的内容，可继续生成
                </Text>
              )}
            </Stack>
          ) : (
            <HStack gap="2">
              {stopped && !page.review && (
                <Button
                  flex="1"
                  colorPalette="blue"
                  onClick={() => void generate('continue')}
                  disabled={!editor || busy}
                  title="从正文结尾接着生成，不重复已有内容"
                  data-testid="continue-generation"
                >
                  <ListPlus size={16} /> 继续生成
                </Button>
              )}
              <Button
                flex="1"
                colorPalette="blue"
                variant={stopped && !page.review ? 'outline' : 'solid'}
                onClick={() => void generate('replace')}
                disabled={!editor || busy}
                title={stopped && !page.review ? '重新生成并替换正文' : undefined}
                data-testid="generate"
              >
                <Sparkles size={16} /> {stopped && !page.review ? '重新生成' : (page.generateLabel ?? '生成')}
              </Button>
            </HStack>
          )}
          {generatePrice && (
            <Text fontSize="xs" color="gray.600" data-testid="generate-price">
              价格：{generatePrice}
              {generateNote ? `（${generateNote}）` : ''}
            </Text>
          )}
        </Stack>

        <Stack gap="3" minW="0" gridColumn={{ lg: '2' }} gridRow={{ lg: '1 / span 2' }}>
          {(line || workId) && (
            <HStack justify="space-between" gap="2" flexWrap="wrap" fontSize="sm">
              {line ? (
                <Text color={`${line.tone}.700`} role="status" data-testid="generation-status" data-phase={run.phase}>
                  {line.text}
                </Text>
              ) : (
                <span />
              )}
              {workId && (
                <HStack gap="2">
                  {dirty && <Badge colorPalette="orange">有未保存的修改（导出为最近保存的版本）</Badge>}
                  <Link to={workDetailHref(workId)} data-testid="work-link">
                    <Text as="span" color="blue.600" fontSize="sm">
                      查看作品与版本
                    </Text>
                  </Link>
                </HStack>
              )}
            </HStack>
          )}
          <Box position="relative" ref={surface} data-testid="writing-surface">
            <WritingEditor
              initialDocument={data.work?.content ?? EMPTY}
              onReady={restore}
              onChange={onChange}
              onSelectionChange={onSelectionChange}
              ariaLabel={`${page.title}正文`}
              placeholder={page.editorPlaceholder}
            />
            {selection && !busy && !proposal && (
              <SelectionToolbar
                top={selection.top}
                left={selection.left}
                text={selection.text}
                onRun={runTool}
                prices={data.prices ?? null}
              />
            )}
            {proposal && (
              <ProposalPanel
                proposal={proposal}
                top={Math.max(0, panelTop)}
                onAccept={accept}
                onDiscard={discardProposal}
                onStop={() => proposalAbort.current?.abort()}
              />
            )}
          </Box>
        </Stack>
        {review && (
          // Beside the editor under the form on wide screens; after the editor on phones, where the
          // text comes first and the suggestions follow it.
          <Stack
            as="section"
            aria-label="审阅结果"
            gap="3"
            minW="0"
            gridColumn={{ lg: '1' }}
            gridRow={{ lg: '2' }}
            bg="white"
            rounded="xl"
            borderWidth="1px"
            p={{ base: '4', md: '5' }}
            data-testid="review-area"
          >
            {review?.status === 'running' && (
              <Box
                fontSize="xs"
                color="gray.600"
                whiteSpace="pre-wrap"
                overflowWrap="anywhere"
                bg="gray.50"
                rounded="md"
                p="2"
                maxH="60"
                overflowY="auto"
                aria-live="polite"
                data-testid="review-streaming"
              >
                {review.text || '正在等待回复…'}
              </Box>
            )}
            {read?.kind === 'revision' && <RevisionPanel revision={read.revision} handlers={reviewHandlers} />}
            {read?.kind === 'polish' && <PolishPanel polish={read.polish} handlers={reviewHandlers} onAll={onDecideAll} />}
          </Stack>
        )}
      </Grid>
    </Page>
  );
}
