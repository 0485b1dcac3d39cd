import { Box, Button, Flex, HStack, Input, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { CheckCircle2, FileText, Upload, X } from 'lucide-react';
import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import type { AutoProfilePhase, CreatedStudent, MatchChoice } from '~/services/browser/auto-profile.client';
import { ProgressMask, useProgressMask } from '~/components/ui/progress-mask';
import { AUTO_PROFILE_MASK_MS } from '~/services/progress';
import { UPLOAD_ACCEPT } from '~/services/upload-rules';
import type { NewStudentErrors, NewStudentStep } from './use-auto-profile';

export const PHASES: Array<{ phase: AutoProfilePhase; label: string }> = [
  { phase: 'uploading', label: '上传中' },
  { phase: 'analyzing', label: '分析简历' },
  { phase: 'generating', label: '生成档案' },
  { phase: 'done', label: '完成' },
];

export function stepTitle(step: NewStudentStep): string {
  if (step.kind === 'created') return step.student.updated ? '学生档案已更新' : '学生档案已创建';
  if (step.kind === 'match') return '发现已有学生';
  if (step.kind === 'name') return '填写学生姓名';
  return '新建学生';
}

/** The dialog's buttons for each step. */
export function NewStudentFooter({
  step,
  busy,
  hasFile,
  onGo,
  onClose,
  onAnswerMatch,
  onAnswerName,
  onCancelRun,
  onSubmit,
}: {
  step: NewStudentStep;
  busy: boolean;
  hasFile: boolean;
  /** `detail`: the student's archive, else the list. */
  onGo: (to: { detail: CreatedStudent } | 'list') => void;
  onClose: () => void;
  onAnswerMatch: (choice: MatchChoice) => void;
  onAnswerName: () => void;
  onCancelRun: () => void;
  onSubmit: () => void;
}) {
  const cancelRun = (
    <Button variant="outline" colorPalette="red" onClick={onCancelRun} data-testid="new-student-cancel-run">
      取消建档
    </Button>
  );
  switch (step.kind) {
    case 'created':
      return step.picked ? (
        <>
          <Button variant="outline" onClick={() => onGo({ detail: step.student })} data-testid="new-student-view">
            查看详情
          </Button>
          <Button colorPalette="blue" onClick={onClose} data-testid="new-student-continue">
            继续写作
          </Button>
        </>
      ) : (
        <>
          <Button variant="outline" onClick={() => onGo('list')} data-testid="new-student-back">
            返回列表
          </Button>
          <Button colorPalette="blue" onClick={() => onGo({ detail: step.student })} data-testid="new-student-view">
            查看详情
          </Button>
        </>
      );
    case 'match': {
      const match = step.matches[step.selected]!;
      return (
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="2" w={{ base: 'full', sm: 'auto' }}>
          <Button variant="outline" onClick={() => onAnswerMatch({ create: true })} data-testid="new-student-create-new">
            新建学生档案
          </Button>
          <Button
            colorPalette="blue"
            onClick={() => onAnswerMatch({ updateProfileId: match.id, replaceFields: [...step.replace] })}
            data-testid="new-student-update"
            whiteSpace="normal"
            h="auto"
            minH="10"
          >
            更新已有学生「{match.name}」
          </Button>
        </Stack>
      );
    }
    case 'name':
      return (
        <HStack gap="2">
          {cancelRun}
          <Button colorPalette="blue" onClick={onAnswerName} data-testid="new-student-name-continue">
            继续建档
          </Button>
        </HStack>
      );
    case 'running':
      return cancelRun;
    case 'form':
      return (
        <Button colorPalette="blue" loading={busy} onClick={onSubmit} data-testid="new-student-submit">
          {hasFile ? '上传并智能建档' : '创建'}
        </Button>
      );
  }
}

/** The CV was read but names nobody: the consultant types the name. */
export function NameStep({
  name,
  error,
  onName,
  onContinue,
}: {
  name: string;
  error?: string;
  onName: (name: string) => void;
  onContinue: () => void;
}) {
  return (
    <Stack
      as="form"
      gap="3"
      data-testid="new-student-name-step"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onContinue();
      }}
    >
      <Text fontSize="sm" color="gray.600">
        简历已识别，但没有读出学生姓名（文件名不会被当作姓名）。请填写后继续建档。
      </Text>
      <FormField label="学生姓名" error={error}>
        <Input value={name} onChange={(e) => onName(e.currentTarget.value)} maxLength={60} autoFocus data-testid="new-student-asked-name" />
      </FormField>
    </Stack>
  );
}

export function CreatedStep({ student, picked }: { student: CreatedStudent; picked: boolean }) {
  return (
    <Stack align="center" textAlign="center" gap="3" py="2" data-testid="new-student-created">
      <CheckCircle2 size={40} color="var(--chakra-colors-green-500)" />
      <Text>
        「<b>{student.name}</b>」的档案已{student.updated ? '更新：空缺的内容已补充，新的条目已加在原有内容之后' : '建好'}。
        {picked ? '当前页面已选中该学生，可以继续写作。' : '可以查看并补充档案，或返回学生列表。'}
      </Text>
    </Stack>
  );
}

/** The progress mask while 智能建档 runs (spec §4: over 40 s, held at 95% until done), and the phase it is in. */
export function ProgressStep({ fileName, startedAt, phase }: { fileName?: string; startedAt: number; phase: AutoProfilePhase }) {
  const phaseIndex = PHASES.findIndex((p) => p.phase === phase);
  const progress = useProgressMask({ running: true, startedAt, durationMs: AUTO_PROFILE_MASK_MS, done: phase === 'done' });
  return (
    <Stack gap="4" py="2" data-testid="new-student-progress" aria-live="polite">
      <ProgressMask
        value={progress}
        label={`${PHASES[phaseIndex]?.label ?? ''}…`}
        hint={`正在根据「${fileName ?? ''}」建立档案，通常需要 10–40 秒，请不要关闭页面。`}
        testId="new-student-mask"
      >
        <HStack gap={{ base: '2', sm: '4' }} fontSize="xs" color="gray.500" flexWrap="wrap" data-testid="new-student-phases">
          {PHASES.map((p, i) => (
            <Text
              key={p.phase}
              color={i < phaseIndex ? 'green.600' : i === phaseIndex ? 'blue.600' : undefined}
              fontWeight={i === phaseIndex ? 'semibold' : undefined}
              data-phase={p.phase}
              data-current={i === phaseIndex || undefined}
            >
              {i + 1}. {p.label}
            </Text>
          ))}
        </HStack>
      </ProgressMask>
    </Stack>
  );
}

/** The CV chosen, or the drop zone to choose one (click or drag). */
function CvPicker({
  file,
  error,
  onChoose,
  onRemove,
}: {
  file: File | null;
  error?: string;
  onChoose: (files: FileList | null) => void;
  onRemove: () => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onChoose(event.dataTransfer.files);
  };
  return (
    <>
      <VisuallyHidden asChild>
        <input
          ref={fileInput}
          type="file"
          accept={UPLOAD_ACCEPT}
          multiple
          onChange={(e) => {
            onChoose(e.target.files);
            e.target.value = '';
          }}
          data-testid="new-student-file"
          tabIndex={-1}
        />
      </VisuallyHidden>
      {file ? (
        <Flex align="center" gap="3" w="full" borderWidth="1px" rounded="md" px="3" py="2" bg="gray.50" data-testid="new-student-chosen">
          <FileText size={18} />
          <Box flex="1" minW="0">
            <Text fontSize="sm" truncate title={file.name}>
              {file.name}
            </Text>
            <Text fontSize="xs" color="gray.500">
              {(file.size / 1024).toFixed(file.size < 10_240 ? 1 : 0)} KB
            </Text>
          </Box>
          <Button size="xs" variant="ghost" aria-label="移除文件" onClick={onRemove}>
            <X size={14} />
          </Button>
        </Flex>
      ) : (
        <Box
          as="button"
          w="full"
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={dragging ? 'blue.400' : error ? 'red.300' : 'gray.300'}
          bg={dragging ? 'blue.50' : 'white'}
          rounded="lg"
          py="6"
          px="4"
          textAlign="center"
          cursor="pointer"
          _hover={{ borderColor: 'blue.300' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500' }}
          onClick={() => fileInput.current?.click()}
          onDragOver={(e: DragEvent) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="new-student-dropzone"
        >
          <Stack align="center" gap="1" color="gray.600">
            <Upload size={22} />
            <Text fontSize="sm">点击选择或拖入简历文件</Text>
            <Text fontSize="xs" color="gray.500">
              一次一个文件
            </Text>
          </Stack>
        </Box>
      )}
    </>
  );
}

/** The first step: a nickname and an optional CV. */
export function FormStep({
  errors,
  nickname,
  onNickname,
  file,
  onChoose,
  onRemove,
  onSubmit,
}: {
  errors: NewStudentErrors;
  nickname: string;
  onNickname: (nickname: string) => void;
  file: File | null;
  onChoose: (files: FileList | null) => void;
  onRemove: () => void;
  onSubmit: () => void;
}) {
  return (
    <Stack gap="4">
      <FormAlert>{errors.form ?? null}</FormAlert>
      <FormField label="学生昵称" error={errors.nickname} helper={file ? '可不填：将使用简历中的姓名' : '不上传简历时必填'}>
        <Input
          value={nickname}
          onChange={(e) => onNickname(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) onSubmit();
          }}
          maxLength={50}
          placeholder="如：王小明"
          data-testid="new-student-nickname"
        />
      </FormField>
      <FormField label="学生简历（选填）" error={errors.file} helper="上传后 AI 自动识别并建立档案，支持 pdf、doc、docx、txt，小于 5MB">
        <CvPicker file={file} error={errors.file} onChoose={onChoose} onRemove={onRemove} />
      </FormField>
    </Stack>
  );
}
