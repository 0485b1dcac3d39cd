import { useCallback, useRef } from 'react';
import type { EditorDocument } from '../../../contracts/works';
import type { WritingEditorHandle } from '~/components/editor/writing-editor';
import { useDraftAutosave, type DraftSave } from '~/hooks/use-draft-autosave';
import { loadDraft, saveDraft } from '~/services/browser/drafts.client';
import { storedOperationIds, type WritingStudent } from '~/services/writing';
import { isDocument, storedDecisions, storedReview, type StoredSidebar, type StudioData, type StudioPage } from './studio-model';
import type { Restored, StudioState } from './studio-state';

const AUTOSAVE_MS = 600;

/**
 * What the page starts from once the editor is live: the opened work (with its draft, when the
 * draft is of that work), or the draft (content, form, student). `document`: what goes into the
 * editor; `draftStudent`: the draft's student to load when the URL names none.
 */
export function readStoredStudio<F>(
  page: StudioPage<F>,
  data: StudioData,
  userId: string,
): { restored: Restored<F>; document: EditorDocument | null; draftStudent: string | null } {
  const draft = loadDraft(userId, page.draftType);
  const sidebar = (draft?.sidebar ?? null) as Partial<StoredSidebar> | null;
  const sameWork = !!data.work && sidebar?.workId === data.work.id;
  const student = data.student;
  const restored: Restored<F> = {};
  let document: EditorDocument | null = null;
  let draftStudent: string | null = null;
  const fromSidebar = (form: F) => {
    restored.form = form;
    restored.operationIds = storedOperationIds(sidebar?.operationIds);
    restored.stopped = typeof sidebar?.stopped === 'string' ? sidebar.stopped : null;
  };
  if (data.work) {
    if (sameWork && draft && isDocument(draft.content)) document = draft.content;
    if (sameWork) fromSidebar(page.formFrom(sidebar?.form));
  } else if (draft) {
    if (isDocument(draft.content)) document = draft.content;
    const switched = data.clientFromUrl && student && draft.client?.id !== student.id;
    const restoredForm = page.formFrom(sidebar?.form);
    fromSidebar(switched && student ? page.applyStudent(restoredForm, student) : restoredForm);
    if (!switched) restored.workId = typeof sidebar?.workId === 'string' ? sidebar.workId : null;
    if (!student && draft.client) {
      // Load the draft's student (its entries to feature) without refilling the restored form.
      restored.appliedStudent = draft.client.id;
      draftStudent = draft.client.id;
    }
  }
  const stored = sidebar?.review;
  if (page.review && (!data.work || sameWork) && storedReview(stored, page.review)) {
    restored.review = stored;
    restored.decisions = storedDecisions(sidebar?.decisions);
  }
  return { restored, document, draftStudent };
}

/**
 * Autosave: the editor's content, the form and the student, a moment after the last change.
 * `onChange` is the editor's: it marks the work changed and schedules the save.
 */
export function useStudioAutosave<F>({
  state,
  editor,
  student,
  userId,
  page,
  onEdited,
}: {
  state: StudioState<F>;
  editor: WritingEditorHandle | null;
  student: WritingStudent | null;
  userId: string;
  page: StudioPage<F>;
  onEdited: () => void;
}) {
  const { restored, form, workId, operationIds, stopped, review, decisions } = state;
  const { draftType } = page;
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
    const saved = saveDraft(userId, draftType, {
      content,
      sidebar,
      client: student ? { id: student.id, name: student.name } : null,
    });
    return saved.ok ? 'saved' : 'failed';
  }, [editor, restored, form, workId, operationIds, stopped, review, decisions, student, userId, draftType]);
  const draft = useDraftAutosave(persist, AUTOSAVE_MS);
  const onEdit = draft.onEdit;
  const onChange = useCallback(
    (document: EditorDocument) => {
      latestDocument.current = document;
      onEdited();
      onEdit();
    },
    [onEdit, onEdited],
  );
  return { status: draft.status, onChange };
}
