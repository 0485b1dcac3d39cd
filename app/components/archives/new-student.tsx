import { Box, Button, Flex, HStack, Input, Progress, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Form, useNavigate, useNavigation } from '@remix-run/react';
import { CheckCircle2, FileText, Upload, X } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore, type DragEvent, type FormEvent, type MouseEvent } from 'react';
import { AppDialog } from '~/components/ui/app-dialog';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { notifyInfo } from '~/services/toasts';
import { useHydrated } from '~/hooks/use-hydrated';
import { archiveDetailHref, ARCHIVES_ROUTE } from '~/services/archives';
import type { ProfileMatch, ProfileMergeField } from '../../../contracts/archives';
import { CvMatchChoice } from './cv-match';
import {
  AUTO_PROFILE_FAILED,
  AutoProfileCancelled,
  createStudent,
  startAutoProfile,
  type AutoProfilePhase,
  type AutoProfileRun,
  type CreatedStudent,
  type MatchChoice,
} from '~/services/browser/auto-profile.client';
import { ApiRequestError } from '~/services/errors';
import { AUTO_PROFILE_MASK_MS, maskProgress, pickUpload, UPLOAD_ACCEPT, UPLOAD_MESSAGES } from '~/services/upload-rules';

/** One dialog per tab, opened from the header and from the archive list (a tiny store, no context needed). */
let dialogOpen = false;
const listeners = new Set<() => void>();
const setDialogOpen = (open: boolean) => {
  dialogOpen = open;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => (listeners.add(l), () => listeners.delete(l));

/** Pages that act on a student created from the dialog (a writing page picks it). */
const createdListeners = new Set<(student: CreatedStudent) => void>();
export function useStudentCreated(listener: (student: CreatedStudent) => void) {
  useEffect(() => {
    createdListeners.add(listener);
    return () => void createdListeners.delete(listener);
  }, [listener]);
}
/** Tells the listening pages; true when one took the student (the dialog then offers to go on there). */
const announceCreated = (student: CreatedStudent) => {
  for (const l of createdListeners) l(student);
  return createdListeners.size > 0;
};

/**
 * For 新建学生 links (to the list page's plain form, so they work without JavaScript): with it,
 * the click opens the dialog instead.
 */
export function useNewStudent() {
  const hydrated = useHydrated();
  return {
    openFromLink: (event: MouseEvent) => {
      if (!hydrated || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      setDialogOpen(true);
    },
  };
}

const PHASES: Array<{ phase: AutoProfilePhase; label: string }> = [
  { phase: 'uploading', label: '上传中' },
  { phase: 'analyzing', label: '分析简历' },
  { phase: 'generating', label: '生成档案' },
  { phase: 'done', label: '完成' },
];

type Step =
  | { kind: 'form' }
  | { kind: 'running'; phase: AutoProfilePhase; startedAt: number }
  /** The CV may be a student who exists (ADR 0044): the consultant chooses before anything is written. */
  | { kind: 'match'; matches: ProfileMatch[]; selected: number; replace: ReadonlySet<ProfileMergeField>; startedAt: number }
  /** The CV was read but names nobody, and the form was left blank: the consultant types the name. */
  | { kind: 'name'; startedAt: number }
  | { kind: 'created'; student: CreatedStudent; picked: boolean };

const errorMessage = (error: unknown, fallback: string) => (error instanceof ApiRequestError ? error.message : fallback);

/** The header's 新建学生 dialog (spec §2, §5): nickname, an optional CV, the progress mask, the success step. */
export function NewStudentDialog() {
  const open = useSyncExternalStore(
    subscribe,
    () => dialogOpen,
    () => false,
  );
  const navigate = useNavigate();
  const [nickname, setNickname] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ nickname?: string; file?: string; form?: string }>({});
  const [dragging, setDragging] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = useRef<AutoProfileRun | null>(null);
  /** Answers the run's question when the CV may be a student who exists. */
  const decide = useRef<((choice: MatchChoice | null) => void) | null>(null);
  /** Answers the run's question when the CV names nobody. */
  const giveName = useRef<((name: string | null) => void) | null>(null);
  const [askedName, setAskedName] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const [now, setNow] = useState(() => Date.now());

  const running = step.kind === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);

  const reset = () => {
    setNickname('');
    setFile(null);
    setErrors({});
    setStep({ kind: 'form' });
    setConfirmingCancel(false);
    run.current = null;
    decide.current = null;
    giveName.current = null;
    setAskedName('');
  };
  const close = () => {
    // Closing while it runs, or while it waits for the choice, asks first (the cancel confirmation), like the 取消 button.
    if (running || step.kind === 'match' || step.kind === 'name') return setConfirmingCancel(true);
    setDialogOpen(false);
    reset();
  };

  const choose = (files: FileList | null) => {
    const picked = pickUpload(files ? Array.from(files) : [], file);
    if ('error' in picked) {
      setErrors((e) => ({ ...e, file: picked.error }));
      return;
    }
    if (picked.warning) notifyInfo(picked.warning);
    setFile(picked.file);
    setErrors((e) => ({ ...e, file: undefined, nickname: undefined }));
  };

  const submit = async () => {
    const name = nickname.trim();
    if (!file && !name) return setErrors({ nickname: UPLOAD_MESSAGES.nickname });
    if (name.length > 50) return setErrors({ nickname: '学生昵称不能超过50个字符' });
    setErrors({});
    if (!file) {
      setBusy(true);
      try {
        const created = await createStudent(name);
        setStep({ kind: 'created', student: created, picked: announceCreated(created) });
      } catch (error) {
        setErrors({ form: errorMessage(error, '创建失败，请重试') });
      } finally {
        setBusy(false);
      }
      return;
    }
    const startedAt = Date.now();
    setNow(startedAt);
    setStep({ kind: 'running', phase: 'uploading', startedAt });
    const current = startAutoProfile({
      file,
      nickname: name,
      onPhase: (phase) => setStep((s) => (s.kind === 'running' && s.phase !== phase ? { ...s, phase } : s)),
      chooseMatch: (matches) =>
        new Promise<MatchChoice | null>((resolve) => {
          decide.current = resolve;
          setStep({ kind: 'match', matches, selected: 0, replace: new Set(), startedAt });
        }),
      askName: () =>
        new Promise<string | null>((resolve) => {
          giveName.current = resolve;
          setStep({ kind: 'name', startedAt });
        }),
    });
    run.current = current;
    try {
      const student = await current.result;
      if (run.current !== current) return;
      if (student.warning) notifyInfo(student.warning);
      setConfirmingCancel(false);
      setStep({ kind: 'created', student, picked: announceCreated(student) });
    } catch (error) {
      if (run.current !== current || error instanceof AutoProfileCancelled) return;
      setConfirmingCancel(false);
      setStep({ kind: 'form' });
      setErrors({ form: errorMessage(error, AUTO_PROFILE_FAILED) });
    }
  };

  // Once the CV has been read (generating, or the choice it offers), its data was returned and 智能建档 is paid (ADR 0035).
  const cvRead =
    step.kind === 'match' || step.kind === 'name' || (step.kind === 'running' && (step.phase === 'generating' || step.phase === 'done'));
  const answerMatch = (choice: MatchChoice) => {
    const answer = decide.current;
    if (step.kind !== 'match' || !answer) return;
    decide.current = null;
    setNow(Date.now());
    setStep({ kind: 'running', phase: 'generating', startedAt: step.startedAt });
    answer(choice);
  };
  const answerName = () => {
    const answer = giveName.current;
    const name = askedName.trim();
    if (step.kind !== 'name' || !answer) return;
    if (!name) return setErrors({ nickname: '请输入学生姓名' });
    if (name.length > 50) return setErrors({ nickname: '学生昵称不能超过50个字符' });
    setErrors({});
    giveName.current = null;
    setNow(Date.now());
    setStep({ kind: 'running', phase: 'generating', startedAt: step.startedAt });
    answer(name);
  };
  const cancelRun = async () => {
    const current = run.current;
    if (!current) return;
    const charged = cvRead;
    setBusy(true);
    try {
      const waiting = decide.current;
      const waitingForName = giveName.current;
      decide.current = null;
      giveName.current = null;
      const cancelling = current.cancel();
      // A run waiting for the choice or the name ends as cancelled once the detection is.
      waiting?.(null);
      waitingForName?.(null);
      const student = await cancelling;
      run.current = null;
      setConfirmingCancel(false);
      if (student) {
        // Too late: the profile was created before the cancel arrived.
        setStep({ kind: 'created', student, picked: announceCreated(student) });
        notifyInfo('档案已创建，无法取消');
        return;
      }
      setStep({ kind: 'form' });
      notifyInfo(charged ? '已取消，未创建档案（简历已识别，本次智能建档已计费）' : '已取消智能建档，未扣除积分');
    } catch (error) {
      setConfirmingCancel(false);
      setErrors({ form: errorMessage(error, '取消失败，请稍后再试') });
    } finally {
      setBusy(false);
    }
  };

  const go = (to: string) => {
    setDialogOpen(false);
    reset();
    navigate(to);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!running) choose(event.dataTransfer.files);
  };

  const progress = step.kind === 'running' ? maskProgress(now - step.startedAt, AUTO_PROFILE_MASK_MS, step.phase === 'done') : 0;
  const phaseIndex = step.kind === 'running' ? PHASES.findIndex((p) => p.phase === step.phase) : -1;

  return (
    <>
      <AppDialog
        open={open}
        onOpenChange={(e) => {
          if (!e.open) close();
        }}
        title={
          step.kind === 'created'
            ? step.student.updated
              ? '学生档案已更新'
              : '学生档案已创建'
            : step.kind === 'match'
              ? '发现已有学生'
              : step.kind === 'name'
                ? '填写学生姓名'
                : '新建学生'
        }
        testId="new-student-dialog"
        closeOnInteractOutside={!running && step.kind !== 'match' && step.kind !== 'name'}
        cancelText={step.kind === 'form' ? '取消' : false}
        footer={
          step.kind === 'created' && step.picked ? (
            <>
              <Button variant="outline" onClick={() => go(archiveDetailHref(step.student.id))} data-testid="new-student-view">
                查看详情
              </Button>
              <Button colorPalette="blue" onClick={close} data-testid="new-student-continue">
                继续写作
              </Button>
            </>
          ) : step.kind === 'created' ? (
            <>
              <Button variant="outline" onClick={() => go(ARCHIVES_ROUTE)} data-testid="new-student-back">
                返回列表
              </Button>
              <Button colorPalette="blue" onClick={() => go(archiveDetailHref(step.student.id))} data-testid="new-student-view">
                查看详情
              </Button>
            </>
          ) : step.kind === 'match' ? (
            <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="2" w={{ base: 'full', sm: 'auto' }}>
              <Button variant="outline" onClick={() => answerMatch({ create: true })} data-testid="new-student-create-new">
                新建学生档案
              </Button>
              <Button
                colorPalette="blue"
                onClick={() => {
                  const match = step.matches[step.selected]!;
                  answerMatch({ updateProfileId: match.id, replaceFields: [...step.replace] });
                }}
                data-testid="new-student-update"
                whiteSpace="normal"
                h="auto"
                minH="10"
              >
                更新已有学生「{step.matches[step.selected]!.name}」
              </Button>
            </Stack>
          ) : step.kind === 'name' ? (
            <HStack gap="2">
              <Button variant="outline" colorPalette="red" onClick={() => setConfirmingCancel(true)} data-testid="new-student-cancel-run">
                取消建档
              </Button>
              <Button colorPalette="blue" onClick={answerName} data-testid="new-student-name-continue">
                继续建档
              </Button>
            </HStack>
          ) : running ? (
            <Button variant="outline" colorPalette="red" onClick={() => setConfirmingCancel(true)} data-testid="new-student-cancel-run">
              取消建档
            </Button>
          ) : (
            <Button colorPalette="blue" loading={busy} onClick={submit} data-testid="new-student-submit">
              {file ? '上传并智能建档' : '创建'}
            </Button>
          )
        }
      >
        {step.kind === 'match' ? (
          <CvMatchChoice
            matches={step.matches}
            selected={step.selected}
            onSelect={(selected) => setStep((s) => (s.kind === 'match' ? { ...s, selected, replace: new Set() } : s))}
            replace={step.replace}
            onReplace={(field, take) =>
              setStep((s) => {
                if (s.kind !== 'match') return s;
                const replace = new Set(s.replace);
                if (take) replace.add(field);
                else replace.delete(field);
                return { ...s, replace };
              })
            }
          />
        ) : step.kind === 'name' ? (
          <Stack
            as="form"
            gap="3"
            data-testid="new-student-name-step"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              answerName();
            }}
          >
            <Text fontSize="sm" color="gray.600">
              简历已识别，但没有读出学生姓名（文件名不会被当作姓名）。请填写后继续建档。
            </Text>
            <FormField label="学生姓名" error={errors.nickname}>
              <Input
                value={askedName}
                onChange={(e) => setAskedName(e.currentTarget.value)}
                maxLength={60}
                autoFocus
                data-testid="new-student-asked-name"
              />
            </FormField>
          </Stack>
        ) : step.kind === 'created' ? (
          <Stack align="center" textAlign="center" gap="3" py="2" data-testid="new-student-created">
            <CheckCircle2 size={40} color="var(--chakra-colors-green-500)" />
            <Text>
              「<b>{step.student.name}</b>」的档案已{step.student.updated ? '更新：空缺的内容已补充，新的条目已加在原有内容之后' : '建好'}。
              {step.picked ? '当前页面已选中该学生，可以继续写作。' : '可以查看并补充档案，或返回学生列表。'}
            </Text>
          </Stack>
        ) : running ? (
          <Stack gap="4" py="2" data-testid="new-student-progress" aria-live="polite">
            <Text fontSize="sm" color="gray.600">
              正在根据「{file?.name}」建立档案，通常需要 10–40 秒，请不要关闭页面。
            </Text>
            <Progress.Root value={progress} max={100} colorPalette="blue" size="sm">
              <HStack justify="space-between" mb="1">
                <Progress.Label fontSize="sm">{PHASES[phaseIndex]?.label}…</Progress.Label>
                <Progress.ValueText fontSize="sm">{progress}%</Progress.ValueText>
              </HStack>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
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
          </Stack>
        ) : (
          <Stack gap="4">
            <FormAlert>{errors.form ?? null}</FormAlert>
            <FormField label="学生昵称" error={errors.nickname} helper={file ? '可不填：将使用简历中的姓名' : '不上传简历时必填'}>
              <Input
                value={nickname}
                onChange={(e) => setNickname(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.nativeEvent.isComposing) void submit();
                }}
                maxLength={50}
                placeholder="如：王小明"
                data-testid="new-student-nickname"
              />
            </FormField>
            <FormField
              label="学生简历（选填）"
              error={errors.file}
              helper="上传后 AI 自动识别并建立档案，支持 pdf、doc、docx、txt，小于 5MB"
            >
              <VisuallyHidden asChild>
                <input
                  ref={fileInput}
                  type="file"
                  accept={UPLOAD_ACCEPT}
                  multiple
                  onChange={(e) => {
                    choose(e.target.files);
                    e.target.value = '';
                  }}
                  data-testid="new-student-file"
                  tabIndex={-1}
                />
              </VisuallyHidden>
              {file ? (
                <Flex
                  align="center"
                  gap="3"
                  w="full"
                  borderWidth="1px"
                  rounded="md"
                  px="3"
                  py="2"
                  bg="gray.50"
                  data-testid="new-student-chosen"
                >
                  <FileText size={18} />
                  <Box flex="1" minW="0">
                    <Text fontSize="sm" truncate title={file.name}>
                      {file.name}
                    </Text>
                    <Text fontSize="xs" color="gray.500">
                      {(file.size / 1024).toFixed(file.size < 10_240 ? 1 : 0)} KB
                    </Text>
                  </Box>
                  <Button size="xs" variant="ghost" aria-label="移除文件" onClick={() => setFile(null)}>
                    <X size={14} />
                  </Button>
                </Flex>
              ) : (
                <Box
                  as="button"
                  w="full"
                  borderWidth="2px"
                  borderStyle="dashed"
                  borderColor={dragging ? 'blue.400' : errors.file ? 'red.300' : 'gray.300'}
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
            </FormField>
          </Stack>
        )}
      </AppDialog>
      <AppDialog
        role="alertdialog"
        open={confirmingCancel}
        onOpenChange={(e) => {
          if (!e.open) setConfirmingCancel(false);
        }}
        title="取消智能建档？"
        testId="new-student-cancel-confirm"
        cancelText="继续建档"
        footer={
          <Button colorPalette="red" loading={busy} onClick={cancelRun} data-testid="new-student-cancel-yes">
            确认取消
          </Button>
        }
      >
        {cvRead ? '简历已识别完成，本次智能建档已计费；取消后不会创建档案。' : '取消后不会创建档案，也不会扣除积分。'}
      </AppDialog>
    </>
  );
}

/** The list page's plain form (?new=1): a nickname, posted to the page's action; works without JavaScript. */
export function NewStudentInlineForm({
  failure,
}: {
  failure: { errors: { name?: string; form?: string }; values: { name: string } } | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create';
  return (
    <Box id="new-student" bg="white" rounded="xl" borderWidth="1px" p={{ base: '4', md: '5' }} data-testid="new-student-form">
      <Form method="post" action={`${ARCHIVES_ROUTE}?new=1`}>
        <input type="hidden" name="intent" value="create" />
        <Stack gap="3">
          <Text fontWeight="semibold">新建学生</Text>
          <FormAlert>{failure?.errors.form ?? null}</FormAlert>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ sm: 'flex-start' }}>
            <Box flex="1">
              <FormField label="学生昵称" error={failure?.errors.name}>
                <Input name="name" defaultValue={failure?.values.name} maxLength={50} placeholder="如：王小明" autoFocus />
              </FormField>
            </Box>
            <HStack pt={{ sm: '7' }} gap="2">
              <Button type="submit" colorPalette="blue" loading={saving}>
                创建
              </Button>
              <Button asChild variant="outline">
                <a href={ARCHIVES_ROUTE}>取消</a>
              </Button>
            </HStack>
          </Stack>
          <Text fontSize="xs" color="gray.500">
            上传简历由 AI 自动建档需要启用浏览器的 JavaScript；这里可先按昵称创建，再在详情页补充。
          </Text>
        </Stack>
      </Form>
    </Box>
  );
}
