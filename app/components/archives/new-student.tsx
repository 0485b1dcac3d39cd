import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Form, useNavigate, useNavigation } from '@remix-run/react';
import { useEffect, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { AppDialog } from '~/components/ui/app-dialog';
import { FormAlert } from '~/components/ui/form-alert';
import { FormField } from '~/components/ui/form-field';
import { notifyInfo } from '~/services/toasts';
import { useHydrated } from '~/hooks/use-hydrated';
import { archiveDetailHref, ARCHIVES_ROUTE } from '~/services/archives';
import type { ProfileMergeField } from '../../../contracts/archives';
import type { CreatedStudent } from '~/services/browser/auto-profile.client';
import { pickUpload, UPLOAD_MESSAGES } from '~/services/upload-rules';
import { CvMatchChoice } from './cv-match';
import { CreatedStep, FormStep, NameStep, NewStudentFooter, ProgressStep, stepTitle } from './new-student-steps';
import { useAutoProfile } from './use-auto-profile';

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
  const [askedName, setAskedName] = useState('');
  const flow = useAutoProfile(announceCreated);
  const { step, errors, setErrors, running } = flow;

  const reset = () => {
    setNickname('');
    setFile(null);
    setAskedName('');
    flow.reset();
  };
  const close = () => {
    // Closing while it runs, or while it waits for the choice, asks first (the cancel confirmation), like the 取消 button.
    if (running || step.kind === 'match' || step.kind === 'name') return flow.setConfirmingCancel(true);
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
    return file ? flow.createFromCv(file, name) : flow.createPlain(name);
  };

  const go = (to: { detail: CreatedStudent } | 'list') => {
    setDialogOpen(false);
    reset();
    navigate(to === 'list' ? ARCHIVES_ROUTE : archiveDetailHref(to.detail.id));
  };

  const selectMatch = (selected: number) => flow.setStep((s) => (s.kind === 'match' ? { ...s, selected, replace: new Set() } : s));
  const replaceField = (field: ProfileMergeField, take: boolean) =>
    flow.setStep((s) => {
      if (s.kind !== 'match') return s;
      const replace = new Set(s.replace);
      if (take) replace.add(field);
      else replace.delete(field);
      return { ...s, replace };
    });

  return (
    <>
      <AppDialog
        open={open}
        onOpenChange={(e) => {
          if (!e.open) close();
        }}
        title={stepTitle(step)}
        testId="new-student-dialog"
        closeOnInteractOutside={!running && step.kind !== 'match' && step.kind !== 'name'}
        cancelText={step.kind === 'form' ? '取消' : false}
        footer={
          <NewStudentFooter
            step={step}
            busy={flow.busy}
            hasFile={!!file}
            onGo={go}
            onClose={close}
            onAnswerMatch={flow.answerMatch}
            onAnswerName={() => flow.answerName(askedName)}
            onCancelRun={() => flow.setConfirmingCancel(true)}
            onSubmit={submit}
          />
        }
      >
        {step.kind === 'match' ? (
          <CvMatchChoice
            matches={step.matches}
            selected={step.selected}
            onSelect={selectMatch}
            replace={step.replace}
            onReplace={replaceField}
          />
        ) : step.kind === 'name' ? (
          <NameStep name={askedName} error={errors.nickname} onName={setAskedName} onContinue={() => flow.answerName(askedName)} />
        ) : step.kind === 'created' ? (
          <CreatedStep student={step.student} picked={step.picked} />
        ) : step.kind === 'running' ? (
          <ProgressStep fileName={file?.name} startedAt={step.startedAt} phase={step.phase} />
        ) : (
          <FormStep
            errors={errors}
            nickname={nickname}
            onNickname={setNickname}
            file={file}
            onChoose={choose}
            onRemove={() => setFile(null)}
            onSubmit={() => void submit()}
          />
        )}
      </AppDialog>
      <AppDialog
        role="alertdialog"
        open={flow.confirmingCancel}
        onOpenChange={(e) => {
          if (!e.open) flow.setConfirmingCancel(false);
        }}
        title="取消智能建档？"
        testId="new-student-cancel-confirm"
        cancelText="继续建档"
        footer={
          <Button colorPalette="red" loading={flow.busy} onClick={flow.cancelRun} data-testid="new-student-cancel-yes">
            确认取消
          </Button>
        }
      >
        {flow.cvRead ? '简历已识别完成，本次智能建档已计费；取消后不会创建档案。' : '取消后不会创建档案，也不会扣除积分。'}
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
