import { Badge, Box, Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { FileDown, ListPlus, Save, ScanSearch, Sparkles, Square, UserPlus } from 'lucide-react';
import type { MouseEvent, RefObject } from 'react';
import type { CvLength } from '../../../contracts/ai-operation-constants';
import { DRAFT_STATUS_TEXT, type DraftStatus } from '~/hooks/use-draft-autosave';
import { workExportHref } from '~/services/work-export';
import { workDetailHref } from '~/services/works';
import { reduceAiHref, type WritingStudent } from '~/services/writing';
import { PolishPanel, RevisionPanel, type Decision, type ReadReview, type Review, type ReviewItem } from './review-panel';
import { ProgressMask, useProgressMask } from '~/components/ui/progress-mask';
import { runLine, STUDIO_SIDE_BY_SIDE, type Run } from './studio-model';

/** The page header's actions: save, the draft's state, export and the AI-rate check of the saved work. */
export function StudioActions({
  workId,
  saving,
  disabled,
  onSave,
  draftStatus,
  exportOptions,
}: {
  workId: string | null;
  saving: boolean;
  disabled: boolean;
  onSave: () => void;
  draftStatus: DraftStatus;
  exportOptions?: { cvLength?: CvLength };
}) {
  return (
    <HStack gap="2" flexWrap="wrap">
      <Button size="sm" colorPalette="blue" onClick={onSave} loading={saving} disabled={disabled} data-testid="save-work">
        <Save size={16} /> {workId ? '保存新版本' : '保存为作品'}
      </Button>
      {draftStatus !== 'idle' && (
        <Text
          fontSize="xs"
          color={draftStatus === 'failed' ? 'red.600' : 'gray.500'}
          role="status"
          data-testid="draft-status"
          data-status={draftStatus}
        >
          {DRAFT_STATUS_TEXT[draftStatus]}
        </Text>
      )}
      {(['docx', 'pdf'] as const).map((format) =>
        workId ? (
          <Button key={format} asChild size="sm" variant="outline" bg="white">
            <a href={workExportHref(workId, format, exportOptions)} download data-testid={`export-${format}`}>
              <FileDown size={16} /> 导出 {format.toUpperCase()}
            </a>
          </Button>
        ) : (
          <Button key={format} size="sm" variant="outline" bg="white" disabled title="保存为作品后可导出" data-testid={`export-${format}`}>
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
  );
}

/** 学生档案: the student the form is filled from and generation is grounded in. */
export function StudentPicker({
  students,
  student,
  required,
  disabled,
  onPick,
  onNew,
}: {
  students: Array<{ id: string; name: string }>;
  student: WritingStudent | null;
  /** A PS or CV is written from the archive alone: no "without a student" choice (STUDENT_REQUIRED). */
  required: boolean;
  disabled: boolean;
  onPick: (id: string) => void;
  onNew: (event: MouseEvent) => void;
}) {
  return (
    <Stack gap="2">
      <Text fontWeight="semibold" fontSize="sm">
        学生档案
      </Text>
      <HStack gap="2">
        <NativeSelect.Root size="sm" flex="1" minW="0" disabled={disabled}>
          <NativeSelect.Field
            aria-label="选择学生"
            value={student?.id ?? ''}
            onChange={(e) => onPick(e.currentTarget.value)}
            data-testid="student-select"
          >
            <option value="">{required ? '请选择学生' : '不关联学生'}</option>
            {students.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
            {student && !students.some((s) => s.id === student.id) && <option value={student.id}>{student.name}</option>}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="sm" variant="outline" onClick={onNew} data-testid="writing-new-student" disabled={disabled}>
          <UserPlus size={16} /> 新建学生
        </Button>
      </HStack>
      {!student && (
        <Text fontSize="xs" color="gray.500">
          关联学生后，表单会按档案预填，生成时以档案中的经历为依据。
        </Text>
      )}
    </Stack>
  );
}

/**
 * 生成 and 停止; after a stop that kept its text (not on review pages), 继续生成 beside 重新生成.
 * The price of what 生成 runs is shown before it runs (ADR 0040).
 */
export function GenerateControls({
  generating,
  review,
  stopped,
  disabled,
  label,
  price,
  priceNote,
  onStop,
  onGenerate,
}: {
  generating: boolean;
  review: boolean;
  stopped: boolean;
  disabled: boolean;
  label?: string;
  price: string | null;
  priceNote: string | null;
  onStop: () => void;
  onGenerate: (mode: 'replace' | 'continue') => void;
}) {
  const continuable = stopped && !review;
  return (
    <>
      {generating ? (
        <Stack gap="1">
          <Button
            colorPalette="red"
            variant="outline"
            onClick={onStop}
            title={review ? undefined : '停止后保留已生成的内容，可继续生成'}
            data-testid="stop-generation"
          >
            <Square size={16} /> 停止
          </Button>
          {!review && (
            <Text fontSize="xs" color="gray.500">
              停止后保留已生成的内容，可继续生成
            </Text>
          )}
        </Stack>
      ) : (
        <HStack gap="2">
          {continuable && (
            <Button
              flex="1"
              colorPalette="blue"
              onClick={() => onGenerate('continue')}
              disabled={disabled}
              title="从正文结尾接着生成，不重复已有内容"
              data-testid="continue-generation"
            >
              <ListPlus size={16} /> 继续生成
            </Button>
          )}
          <Button
            flex="1"
            colorPalette="blue"
            variant={continuable ? 'outline' : 'solid'}
            onClick={() => onGenerate('replace')}
            disabled={disabled}
            title={continuable ? '重新生成并替换正文' : undefined}
            data-testid="generate"
          >
            <Sparkles size={16} /> {continuable ? '重新生成' : (label ?? '生成')}
          </Button>
        </HStack>
      )}
      {price && (
        <Text fontSize="xs" color="gray.600" data-testid="generate-price">
          价格：{price}
          {priceNote ? `（${priceNote}）` : ''}
        </Text>
      )}
    </>
  );
}

/** Submitted, queued, or started with nothing written yet: the wait the progress mask covers. */
const awaitingOutput = (run: Run) => run.phase === 'starting' || run.phase === 'queued' || (run.phase === 'running' && run.chars === 0);

/**
 * The progress mask until the first words arrive (spec §4: 35 s, held at 95%); from then on the
 * streamed text itself shows the progress, with the status line's count.
 */
function AwaitingOutputMask({ queued }: { queued: boolean }) {
  const value = useProgressMask({ running: true });
  return <ProgressMask compact value={value} label={queued ? '排队等待进度' : '等待 AI 开始输出'} testId="generation-waiting" />;
}

/** Above the editor: the generation's status line, and the saved work's link with unsaved changes noted. */
export function RunStatusBar({ run, workId, dirty }: { run: Run; workId: string | null; dirty: boolean }) {
  const line = runLine(run);
  if (!line && !workId) return null;
  return (
    <Stack gap="1">
      <RunStatusLine run={run} line={line} workId={workId} dirty={dirty} />
      {awaitingOutput(run) && <AwaitingOutputMask queued={run.phase === 'queued'} />}
    </Stack>
  );
}

function RunStatusLine({
  run,
  line,
  workId,
  dirty,
}: {
  run: Run;
  line: ReturnType<typeof runLine>;
  workId: string | null;
  dirty: boolean;
}) {
  return (
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
  );
}

/**
 * A review page's answer: streamed as it arrives, then its items to decide on (`onDecide`: one item,
 * or with `undecidedOnly` all those not decided yet). Beside the editor under the form on wide
 * screens; after the editor on phones, where the text comes first and the suggestions follow it.
 */
export function ReviewArea({
  review,
  read,
  decisions,
  disabled,
  onDecide,
  surface,
}: {
  review: Review;
  read: ReadReview | null;
  decisions: Record<string, Decision>;
  disabled: boolean;
  onDecide: (items: ReviewItem[], accept: boolean, undecidedOnly?: boolean) => void;
  /** Where the editor's highlighted passages are shown from. */
  surface: RefObject<HTMLDivElement | null>;
}) {
  const handlers = {
    decisions,
    onAccept: (item: ReviewItem) => onDecide([item], true),
    onReject: (item: ReviewItem) => onDecide([item], false),
    onShow: (id: string) =>
      surface.current?.querySelector(`[data-highlight-id="${CSS.escape(id)}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
    disabled,
  };
  return (
    <Stack
      as="section"
      aria-label="审阅结果"
      gap="3"
      minW="0"
      css={{ [STUDIO_SIDE_BY_SIDE]: { gridColumn: '1', gridRow: '2' } }}
      bg="white"
      rounded="xl"
      borderWidth="1px"
      p={{ base: '4', md: '5' }}
      data-testid="review-area"
    >
      {review.status === 'running' && (
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
      {read?.kind === 'revision' && <RevisionPanel revision={read.revision} handlers={handlers} />}
      {read?.kind === 'polish' && (
        <PolishPanel polish={read.polish} handlers={handlers} onAll={(accept) => onDecide(read.items, accept, true)} />
      )}
    </Stack>
  );
}
