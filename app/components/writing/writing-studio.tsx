import { Box, Grid, Stack } from '@chakra-ui/react';
import { useCallback, useMemo, useReducer, useRef, useState, type Dispatch, type ReactNode } from 'react';
import type { EditorDocument } from '../../../contracts/works';
import { STUDENT_REQUIRED } from '../../../contracts/ai-operation-constants';
import { useNewStudent } from '~/components/archives/new-student';
import { WritingEditor, type WritingEditorHandle } from '~/components/editor/writing-editor';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { useShellUser } from '~/hooks/use-app-data';
import { priceOf, priceText } from '~/services/ai-prices';
import type { WritingStudent } from '~/services/writing';
import { FactPanel } from './fact-panel';
import { readReview, type ReviewItem } from './review-panel';
import { ProposalPanel, SelectionToolbar } from './selection-tools';
import { checkFacts, decideReview, factHighlights, generate, paintHighlights, saveWork, type StudioContext } from './studio-commands';
import { STUDIO_SIDE_BY_SIDE, type StudioData, type StudioPage } from './studio-model';
import { GenerateControls, ReviewArea, RunStatusBar, StudentPicker, StudioActions } from './studio-parts';
import { initialStudioState, studioReducer, type StudioAction, type StudioState } from './studio-state';
import { useOperationStream } from './use-operation-stream';
import { useSelectionTools } from './use-selection-tools';
import { useStudentParams } from './use-student-params';
import { readStoredStudio, useStudioAutosave } from './use-studio-draft';

export type { StudioData, StudioPage } from './studio-model';

const EMPTY: EditorDocument = { blocks: [] };

/** Stacked (a phone), the editor is below the form: 生成 brings it into view so the text is seen arriving. */
function revealEditor(surface: HTMLElement | null) {
  if (!surface) return;
  const { top, bottom } = surface.getBoundingClientRect();
  if (top > window.innerHeight * 0.6 || bottom < 0) surface.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** Once the editor is live: the opened work, or the draft (content, form, student), restored. */
function restoreStudio<F>(
  handle: WritingEditorHandle,
  stored: ReturnType<typeof readStoredStudio<F>>,
  loadDraftStudent: (id: string) => void,
  dispatch: Dispatch<StudioAction<F>>,
) {
  if (stored.document) handle.setDocument(stored.document, { addToHistory: false });
  if (stored.draftStudent) loadDraftStudent(stored.draftStudent);
  const { review, decisions } = stored.restored;
  if (review && decisions) paintHighlights(handle, [], decisions, readReview(review));
  dispatch({ type: 'restored', restored: stored.restored });
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
  const newStudent = useNewStudent();
  const student = data.student;
  const [editor, setEditor] = useState<WritingEditorHandle | null>(null);
  const [state, dispatch] = useReducer(studioReducer<F>, data, (d): StudioState<F> => {
    const form = d.student ? page.applyStudent(page.emptyForm(), d.student) : page.emptyForm();
    return initialStudioState(form, d.work?.id ?? null, d.student?.id ?? null);
  });
  const { form, workId, facts, review, decisions } = state;
  const read = useMemo(() => (review?.status === 'done' ? readReview(review) : null), [review]);
  const surface = useRef<HTMLDivElement>(null);
  const operation = useOperationStream();
  const setForm = useCallback((update: (form: F) => F) => dispatch({ type: 'formChanged', update }), []);
  const onEdited = useCallback(() => dispatch({ type: 'edited' }), []);
  const studentParams = useStudentParams(workId);
  const draft = useStudioAutosave({ state, editor, student, userId: user.id, page, onEdited });

  // The price of what 生成 runs, before it runs (ADR 0040): the form's operation, else the page's.
  const asked = page.request(form, student?.id ?? null, '');
  const generateCost = priceOf(data.prices, typeof asked === 'string' ? page.priceOperation : asked.operation);

  /** The studio's commands on the live editor (with the state of this render). */
  const context = (handle: WritingEditorHandle): StudioContext<F> => ({
    page,
    state,
    dispatch,
    editor: handle,
    student,
    read,
    stream: (...args) => {
      tools.clear();
      if (args[2]) revealEditor(surface.current); // into the editor (not a review panel)
      return operation.stream(...args);
    },
  });
  const paint = (handle: WritingEditorHandle) => paintHighlights(handle, facts.items, decisions, read);
  const tools = useSelectionTools({
    editor,
    studentId: student?.id ?? null,
    surface,
    paint,
    factHighlights: (handle) => factHighlights(handle, facts.items),
    onAccepted: (handle, operationId) => {
      dispatch({ type: 'operationUsed', operationId });
      // Expanding or rewriting can bring in facts the archive lacks: checked as a generation is.
      void checkFacts(context(handle));
    },
  });

  const restore = (handle: WritingEditorHandle) => {
    restoreStudio(handle, readStoredStudio(page, data, user.id), studentParams.loadDraftStudent, dispatch);
    setEditor(handle);
  };

  // Another student picked (the loader answered): the archive's fields replace the form's.
  if (state.restored && student && state.appliedStudent !== student.id) {
    dispatch({ type: 'studentApplied', studentId: student.id, applyStudent: (f) => page.applyStudent(f, student) });
  }

  const busy = operation.generating || tools.proposal?.status === 'running';
  const decide = (items: ReviewItem[], accept: boolean, undecidedOnly = false) =>
    editor && decideReview(context(editor), items, accept, undecidedOnly);
  return (
    <Page
      title={page.title}
      description={page.description}
      maxW="8xl"
      actions={
        <StudioActions
          workId={workId}
          saving={state.saving}
          disabled={!editor || busy}
          onSave={() => editor && void saveWork(context(editor))}
          draftStatus={draft.status}
          exportOptions={page.exportOptionsOf?.(form)}
        />
      }
    >
      <Grid
        templateColumns="minmax(0, 1fr)"
        // Side by side, the editor spans both rows; a long document's height goes to the second, not between form and review.
        css={{ [STUDIO_SIDE_BY_SIDE]: { gridTemplateColumns: '340px minmax(0, 1fr)', gridTemplateRows: 'auto 1fr' } }}
        gap={{ base: '4', md: '6' }}
        alignItems="start"
      >
        <Stack as="section" aria-label="写作设置" bg="white" rounded="xl" borderWidth="1px" p={{ base: '4', md: '5' }} gap="4" minW="0">
          <StudentPicker
            students={data.students}
            student={student}
            required={page.priceOperation in STUDENT_REQUIRED}
            disabled={busy}
            onPick={studentParams.pick}
            onNew={newStudent.openFromLink}
          />
          {renderForm(form, setForm, student)}
          <FormAlert>{state.formError}</FormAlert>
          <FactPanel facts={facts} onCheck={() => editor && void checkFacts(context(editor))} disabled={!editor || busy} />
          <GenerateControls
            generating={operation.generating}
            review={!!page.review}
            stopped={!!state.stopped}
            disabled={!editor || busy}
            label={page.generateLabel}
            price={priceText(generateCost)}
            priceNote={generateCost?.note ?? null}
            onStop={operation.stop}
            onGenerate={(mode) => editor && !operation.generating && void generate(context(editor), mode)}
          />
        </Stack>

        <Stack gap="3" minW="0" css={{ [STUDIO_SIDE_BY_SIDE]: { gridColumn: '2', gridRow: '1 / span 2' } }}>
          <RunStatusBar run={operation.run} workId={workId} dirty={state.dirty} />
          <Box position="relative" ref={surface} data-testid="writing-surface">
            <WritingEditor
              initialDocument={data.work?.content ?? EMPTY}
              onReady={restore}
              onChange={draft.onChange}
              onSelectionChange={tools.onSelectionChange}
              ariaLabel={`${page.title}正文`}
              placeholder={page.editorPlaceholder}
            />
            {tools.selection && !busy && !tools.proposal && (
              <SelectionToolbar
                top={tools.selection.top}
                left={tools.selection.left}
                text={tools.selection.text}
                onRun={tools.runTool}
                prices={data.prices ?? null}
              />
            )}
            {tools.proposal && (
              <ProposalPanel
                proposal={tools.proposal}
                top={Math.max(0, tools.panelTop)}
                onAccept={tools.accept}
                onDiscard={tools.discard}
                onStop={tools.stop}
              />
            )}
          </Box>
        </Stack>
        {review && (
          <ReviewArea review={review} read={read} decisions={decisions} disabled={!editor || busy} onDecide={decide} surface={surface} />
        )}
      </Grid>
    </Page>
  );
}
