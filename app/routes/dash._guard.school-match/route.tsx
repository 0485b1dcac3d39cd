import { Box, Button, Grid, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ProgressMask, useProgressMask } from '~/components/ui/progress-mask';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useNavigate, useRevalidator, useSearchParams } from '@remix-run/react';
import { Search } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import type { MatchItem, SavedMatchResult } from '../../../contracts/school-match';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { RowActionDialog, RowActionNotices, useRowActionDialog } from '~/components/ui/row-actions';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { useShellUser } from '~/hooks/use-app-data';
import { DRAFT_STATUS_TEXT, useDraftAutosave } from '~/hooks/use-draft-autosave';
import { useHydrated } from '~/hooks/use-hydrated';
import { refreshPoints } from '~/hooks/use-points-balance';
import { ApiRequestError } from '~/services/errors';
import { loadDraft, saveDraft } from '~/services/browser/drafts.client';
import { resourceFetch } from '~/services/browser/resource-fetch.client';
import { pageTitle } from '~/services/navigation';
import {
  applyArchive,
  emptyMatchForm,
  formFieldOf,
  matchFormFrom,
  matchRunBody,
  parseMatchFilters,
  parseMatchView,
  programName,
  schoolMatchHref,
  toggleCompare,
  type MatchForm,
} from '~/services/school-match';
import { notifySuccess } from '~/services/toasts';
import { CaseLibrary } from './case-library';
import { CompareDialog } from './compare-dialog';
import { MatchFormCard, type FormErrors } from './match-form';
import { MatchResults } from './match-results';
import { OutcomeDialog } from './outcome-dialog';
import { askDeleteCase, askDeleteResult, askRemoveShortlist, HistoryPanel, ShortlistPanel } from './panels';
import { ProgramDrawer } from './program-drawer';
import { schoolMatchAction, schoolMatchLoader } from './school-match.server';

const PAGE = '智能选校';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];
export const loader = (args: LoaderFunctionArgs) => schoolMatchLoader(PAGE, args);
export const action = (args: ActionFunctionArgs) => schoolMatchAction(PAGE, args);

const AUTOSAVE_MS = 600;

/**
 * The form and its draft (spec §3 draft type school_match): restored once the page is live; a
 * student picked (in the address) fills the form from the archive. The draft's student is loaded
 * when the address names no student and no result.
 */
function useMatchForm(data: ReturnType<typeof useLoaderData<typeof loader>>, userId: string) {
  const student = data.student;
  const hydrated = useHydrated();
  const [form, setForm] = useState<MatchForm>(() => (student ? applyArchive(emptyMatchForm(), student.prefill) : emptyMatchForm()));
  const [restored, setRestored] = useState(false);
  const [applied, setApplied] = useState<string | null>(student?.id ?? null);
  const [draftStudent, setDraftStudent] = useState<string | null>(null);
  const [, setParams] = useSearchParams();

  // Restored once after hydration (the server has no browser storage; state adjusted while rendering).
  if (hydrated && !restored) {
    setRestored(true);
    const draft = loadDraft(userId, 'school_match');
    if (draft) {
      const stored = matchFormFrom(draft.content);
      const sameStudent = (draft.client?.id ?? null) === (student?.id ?? null);
      if (!data.clientFromUrl && !data.result && draft.client) {
        // The draft's student, loaded without filling the restored form again from the archive.
        setApplied(draft.client.id);
        setDraftStudent(draft.client.id);
        setForm(stored);
      } else if (sameStudent || !data.clientFromUrl) {
        setForm(stored);
      }
    }
  }
  useEffect(() => {
    if (draftStudent) setParams({ clientId: draftStudent }, { replace: true, preventScrollReset: true });
  }, [draftStudent, setParams]);

  // Another student picked (the loader answered): the archive's fields replace the form's.
  if (restored && student && applied !== student.id) {
    setApplied(student.id);
    setForm((f) => applyArchive(f, student.prefill));
  }

  const persist = useCallback(() => {
    if (!restored) return 'skipped' as const;
    const saved = saveDraft(userId, 'school_match', { content: form, client: student ? { id: student.id, name: student.name } : null });
    return saved.ok ? ('saved' as const) : ('failed' as const);
  }, [restored, userId, form, student]);
  const draft = useDraftAutosave(persist, AUTOSAVE_MS);
  return { form, setForm, draftStatus: draft.status };
}

/** POST /school-match/run from the browser: a shortage or a busy server opens its modal; the header's balance follows. */
function useRun(studentId: string | null, onResult: (id: string) => void) {
  const navigate = useNavigate();
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  async function run(form: MatchForm) {
    const outcome = matchRunBody(form, studentId);
    if (!outcome.ok) {
      setErrors(outcome.errors);
      return;
    }
    setErrors({});
    setError(null);
    setRunning(true);
    try {
      const result = await resourceFetch<SavedMatchResult>('school-match/run', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(outcome.body),
      });
      onResult(result.id);
      navigate(schoolMatchHref({ clientId: studentId, result: result.id }), { preventScrollReset: true });
    } catch (failure) {
      // A field the API refused shows its message under that field; anything else above the form.
      if (failure instanceof ApiRequestError && failure.code === 'VALIDATION_ERROR' && formFieldOf(failure.field) !== 'form') {
        setErrors({ [formFieldOf(failure.field)]: failure.message });
      } else setError(failure instanceof Error ? failure.message : '选校失败，请稍后重试');
    } finally {
      setRunning(false);
      // Charged or refunded since: the header shows the balance as it is.
      refreshPoints();
    }
  }
  return { run, running, error, errors };
}

/** The progress mask while a run waits (spec §4: 35 s, held at 95% until the answer). */
function RunProgress() {
  const value = useProgressMask({ running: true });
  return (
    <ProgressMask
      value={value}
      label="正在选校…"
      hint="查找项目、比对要求、根据本机构案例和公开录取率计算录取概率。"
      testId="match-running"
    />
  );
}

type RowAnswer = Extract<NonNullable<ReturnType<typeof useActionAnswer<typeof action>>>, { stage: string }>;

/** What a deletion asked (no JavaScript: on the page), did, or why it was refused. */
function DeletionNotices({ answer, data }: { answer: RowAnswer | null; data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  return (
    <>
      <RowActionNotices
        answer={answer?.intent === 'delete-result' ? answer : null}
        items={data.history.items}
        describe={askDeleteResult}
        panelTestId="delete-result-panel"
        doneTestId="delete-result-done"
      />
      <RowActionNotices
        answer={answer?.intent === 'delete-case' ? answer : null}
        items={data.cases.items}
        describe={askDeleteCase}
        panelTestId="delete-case-panel"
        doneTestId="delete-case-done"
      />
      <RowActionNotices
        answer={answer?.intent === 'remove-shortlist' ? answer : null}
        items={data.shortlist ?? []}
        describe={askRemoveShortlist}
        panelTestId="remove-shortlist-panel"
        doneTestId="remove-shortlist-done"
      />
    </>
  );
}

/** The opened result, or what to do to get one; and why a fifth program was not ticked for comparison. */
function ResultArea({
  result,
  compareNote,
  ...rest
}: Omit<ComponentProps<typeof MatchResults>, 'result'> & { result: SavedMatchResult | null; compareNote: string | null }): ReactNode {
  return (
    <Box id="match-result" scrollMarginTop="20">
      {result ? (
        <MatchResults result={result} {...rest} />
      ) : (
        <Box
          bg="white"
          rounded="xl"
          borderWidth="1px"
          borderStyle="dashed"
          p="6"
          textAlign="center"
          color="gray.500"
          data-testid="match-no-result"
        >
          填写条件后点「开始选校」，结果会显示在这里并自动保存；也可以从下方的历史结果中打开。
        </Box>
      )}
      {compareNote && (
        <HStack mt="2">
          <Text fontSize="sm" color="orange.700" role="alert" data-testid="compare-refused">
            {compareNote}
          </Text>
        </HStack>
      )}
    </Box>
  );
}

/** 加入清单 (POST /school-match/shortlist): only with a student picked, and while their list can be read. */
function useShortlist(data: ReturnType<typeof useLoaderData<typeof loader>>, resultId: string | null) {
  const { revalidate } = useRevalidator();
  const student = data.student;
  const shortlisted = useMemo(() => new Set((data.shortlist ?? []).map((s) => s.programId)), [data.shortlist]);
  const [shortlistError, setShortlistError] = useState<string | null>(null);
  const addToShortlist =
    student && !data.shortlistError
      ? async (item: MatchItem) => {
          setShortlistError(null);
          try {
            await resourceFetch('school-match/shortlist', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ clientProfileId: student.id, programId: item.programId, resultId, band: item.band }),
            });
            notifySuccess(`已加入 ${student.name} 的选校清单`, `${item.school} · ${programName(item)}`);
            revalidate();
          } catch (failure) {
            setShortlistError(failure instanceof Error ? failure.message : '加入清单失败，请重试');
          }
        }
      : null;
  return { shortlisted, addToShortlist, shortlistError };
}

/** /dash/school-match (issue 26): the form, the explained reach / match / safety list, the student's list, history and cases. */
export default function SchoolMatch() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const dialog = useRowActionDialog(answer);
  const user = useShellUser();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const { revalidate } = useRevalidator();
  const filters = parseMatchFilters(params);
  const view = parseMatchView(params);
  const { form, setForm, draftStatus } = useMatchForm(data, user.id);
  const student = data.student;
  // A run's result is scrolled to once it shows (on a narrow screen it is below the form).
  const scrollTo = useRef<string | null>(null);
  const runner = useRun(student?.id ?? null, (id) => {
    scrollTo.current = id;
  });
  useEffect(() => {
    if (!data.result || scrollTo.current !== data.result.id) return;
    scrollTo.current = null;
    document.getElementById('match-result')?.scrollIntoView({ block: 'start' });
  }, [data.result]);
  const [, setParams] = useSearchParams();

  const result = data.result;
  const [compare, setCompare] = useState<string[]>([]);
  const [compareNote, setCompareNote] = useState<string | null>(null);
  const [comparing, setComparing] = useState(false);
  const [opened, setOpened] = useState<MatchItem | null>(null);
  const [outcomeFor, setOutcomeFor] = useState<MatchItem | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  // Another result opened: its own selection.
  const [shownResult, setShownResult] = useState(result?.id ?? null);
  if ((result?.id ?? null) !== shownResult) {
    setShownResult(result?.id ?? null);
    setCompare([]);
    setCompareNote(null);
    setOpened(null);
  }

  const { shortlisted, addToShortlist, shortlistError } = useShortlist(data, result?.id ?? null);

  const pickStudent = (id: string) => setParams(id ? { clientId: id } : {}, { replace: true, preventScrollReset: true });
  const compared = result ? compare.map((id) => result.items.find((i) => i.programId === id)).filter((i): i is MatchItem => !!i) : [];
  const rowAnswer = answer && 'stage' in answer ? answer : null;

  return (
    <Page
      title={PAGE}
      description="按学生的成绩与申请目标生成冲刺、匹配、保底三档项目，每个项目都列出依据：要求是否满足、录取率、本机构的相似案例。"
      maxW="7xl"
    >
      <Stack gap="5">
        <DeletionNotices answer={rowAnswer} data={data} />
        <FormAlert status="warning" testId="result-missing">
          {/* The result just deleted here is said to be deleted above, not missing. */}
          {rowAnswer?.intent === 'delete-result' && rowAnswer.stage === 'done' && rowAnswer.id === params.get('result')
            ? null
            : data.resultMissing}
        </FormAlert>
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: '400px minmax(0, 1fr)' }} gap="5" alignItems="start">
          <Stack gap="3" minW="0">
            <MatchFormCard
              form={form}
              setForm={setForm}
              errors={runner.errors}
              students={data.students}
              student={student}
              onPickStudent={pickStudent}
              running={runner.running}
              draftText={hydrated ? DRAFT_STATUS_TEXT[draftStatus] : ''}
              runButton={
                <Button
                  colorPalette="blue"
                  loading={runner.running}
                  loadingText="选校中…"
                  disabled={!hydrated}
                  onClick={() => void runner.run(form)}
                  data-testid="match-run"
                >
                  <Search size={16} /> 开始选校{data.price !== null ? ` · ${data.price}积分` : ''}
                </Button>
              }
            />
            {!hydrated && (
              <Text fontSize="sm" color="gray.500">
                选校需要浏览器启用 JavaScript。
              </Text>
            )}
            {runner.running && <RunProgress />}
            <FormAlert testId="match-error">{runner.error}</FormAlert>
            <FormAlert testId="shortlist-error">{shortlistError}</FormAlert>
          </Stack>

          <ResultArea
            result={result}
            studentName={
              result?.clientProfileId ? (data.students.find((s) => s.id === result.clientProfileId)?.name ?? student?.name ?? null) : null
            }
            filters={filters}
            view={view}
            compareNote={compareNote}
            onCompare={() => setComparing(true)}
            actions={{
              compare,
              onToggleCompare: (id) => {
                const next = toggleCompare(compare, id);
                setCompare(next.selected);
                setCompareNote(next.refused);
              },
              onOpen: setOpened,
              onShortlist: addToShortlist,
              shortlisted,
            }}
          />
        </Grid>

        <SimpleGrid columns={{ base: 1, xl: student ? 2 : 1 }} gap="5" alignItems="start">
          {student && <ShortlistPanel studentName={student.name} items={data.shortlist} error={data.shortlistError} onAsk={dialog.ask} />}
          <HistoryPanel history={data.history} students={data.students} openedId={result?.id ?? null} onAsk={dialog.ask} />
        </SimpleGrid>
        <CaseLibrary cases={data.cases} onAsk={dialog.ask} hydrated={hydrated} />
      </Stack>

      <ProgramDrawer
        item={opened}
        refreshKey={refreshKey}
        onClose={() => setOpened(null)}
        onShortlist={addToShortlist}
        shortlisted={opened ? shortlisted.has(opened.programId) : false}
        onRecordOutcome={setOutcomeFor}
      />
      <CompareDialog items={compared} open={comparing && compared.length > 0} onClose={() => setComparing(false)} />
      {result && (
        <OutcomeDialog
          key={outcomeFor?.programId ?? 'none'}
          item={outcomeFor}
          applicant={result.applicant}
          onClose={() => setOutcomeFor(null)}
          onRecorded={() => {
            setOutcomeFor(null);
            setRefreshKey((k) => k + 1);
            notifySuccess('已记录到案例库');
            revalidate();
          }}
        />
      )}
      <RowActionDialog pending={dialog.pending} onClose={dialog.close} testId="school-match-confirm" confirmTestId="confirm-school-match" />
    </Page>
  );
}
