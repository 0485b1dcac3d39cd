import { Checkbox, Grid, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import {
  OUTPUT_LANGUAGE_LABELS,
  OUTPUT_LANGUAGES,
  PS_DOCUMENT_TYPE_LABELS,
  PS_DOCUMENT_TYPES,
  PS_TONE_LABELS,
  PS_TONES,
} from '../../contracts/ai-operation-constants';
import type { ShellHandle } from '~/routes/dash';
import { FormField } from '~/components/ui/form-field';
import { WritingStudio, type StudioPage } from '~/components/writing/writing-studio';
import { pageTitle } from '~/services/navigation';
import { writingPageLoader } from '~/services/writing-pages.server';
import {
  applyPrefill,
  emptyPsForm,
  FOCUS_MAX,
  psFormFrom,
  psFormProblem,
  psInputOf,
  workTitleOf,
  type PsForm,
  type WritingStudent,
} from '~/services/writing';

const PAGE = 'PS / SOP 写作';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];
/** Writing pages grow with the document (spec §2): no inner scrolling area. */
export const handle = { layout: 'writing' } satisfies ShellHandle;
export const loader = (args: LoaderFunctionArgs) => writingPageLoader(PAGE, 'ps', args);

const PS_PAGE: StudioPage<PsForm> = {
  title: PAGE,
  description: '按学生档案生成个人陈述或目的陈述，在编辑器中修改、保存并导出。',
  draftType: 'ps',
  workType: 'ps',
  emptyForm: emptyPsForm,
  formFrom: psFormFrom,
  applyStudent: applyPrefill,
  priceOperation: 'ps',
  request: (form, clientProfileId) =>
    psFormProblem(form) ?? { operation: 'ps', ...(clientProfileId ? { clientProfileId } : {}), input: psInputOf(form) },
  contextOf: (form) => [form.targetSchool, form.targetProgram, form.degree, form.wordLimit, form.extraRequirements, ...form.focus],
  titleOf: (form, student) => workTitleOf(form.documentType, student?.name ?? null, form.targetProgram),
  editorPlaceholder: '填写左侧表单后点击「生成」，或直接在这里写作',
};

function Select<T extends string>({
  label,
  value,
  values,
  labels,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  values: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <FormField label={label}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value as T)} data-testid={testId}>
          {values.map((v) => (
            <option key={v} value={v}>
              {labels[v]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

function PsFormFields({
  form,
  setForm,
  student,
}: {
  form: PsForm;
  setForm: (u: (f: PsForm) => PsForm) => void;
  student: WritingStudent | null;
}) {
  const set = <K extends keyof PsForm>(key: K, value: PsForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  // Entries chosen earlier stay listed even if the archive no longer has them.
  const choices = [...new Set([...(student?.experiences ?? []), ...form.focus])];
  return (
    <Stack gap="3">
      <Select
        label="文书类型"
        value={form.documentType}
        values={PS_DOCUMENT_TYPES}
        labels={PS_DOCUMENT_TYPE_LABELS}
        onChange={(v) => set('documentType', v)}
        testId="ps-document-type"
      />
      <FormField label="目标学校">
        <Input
          size="sm"
          value={form.targetSchool}
          maxLength={100}
          onChange={(e) => set('targetSchool', e.currentTarget.value)}
          data-testid="ps-target-school"
        />
      </FormField>
      <FormField label="目标专业" required>
        <Input
          size="sm"
          value={form.targetProgram}
          maxLength={100}
          onChange={(e) => set('targetProgram', e.currentTarget.value)}
          data-testid="ps-target-program"
        />
      </FormField>
      <Grid templateColumns="1fr 1fr" gap="3">
        <FormField label="申请学位">
          <Input
            size="sm"
            value={form.degree}
            maxLength={50}
            onChange={(e) => set('degree', e.currentTarget.value)}
            data-testid="ps-degree"
          />
        </FormField>
        <FormField label={form.language === 'en' ? '字数（词）' : '字数（字）'}>
          <Input
            size="sm"
            inputMode="numeric"
            value={form.wordLimit}
            onChange={(e) => set('wordLimit', e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
            data-testid="ps-word-limit"
          />
        </FormField>
      </Grid>
      <Grid templateColumns="1fr 1fr" gap="3">
        <Select
          label="语气"
          value={form.tone}
          values={PS_TONES}
          labels={PS_TONE_LABELS}
          onChange={(v) => set('tone', v)}
          testId="ps-tone"
        />
        <Select
          label="输出语言"
          value={form.language}
          values={OUTPUT_LANGUAGES}
          labels={OUTPUT_LANGUAGE_LABELS}
          onChange={(v) => set('language', v)}
          testId="ps-language"
        />
      </Grid>
      <Stack gap="1.5">
        <Text fontSize="sm" fontWeight="medium">
          重点经历
        </Text>
        {choices.length === 0 ? (
          <Text fontSize="xs" color="gray.500">
            {student ? '该学生档案中还没有经历，可在档案页补充。' : '关联学生后可选择档案中的经历。'}
          </Text>
        ) : (
          <Stack gap="1.5" data-testid="ps-focus">
            {choices.map((title) => {
              const checked = form.focus.includes(title);
              return (
                <Checkbox.Root
                  key={title}
                  size="sm"
                  checked={checked}
                  disabled={!checked && form.focus.length >= FOCUS_MAX}
                  onCheckedChange={(e) => set('focus', e.checked ? [...form.focus, title] : form.focus.filter((f) => f !== title))}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label fontSize="sm">{title}</Checkbox.Label>
                </Checkbox.Root>
              );
            })}
          </Stack>
        )}
      </Stack>
      <FormField label="其他要求">
        <Textarea
          size="sm"
          rows={3}
          value={form.extraRequirements}
          maxLength={2000}
          onChange={(e) => set('extraRequirements', e.currentTarget.value)}
          data-testid="ps-extra"
        />
      </FormField>
    </Stack>
  );
}

/** /dash/ps-writing (spec §2): PS / SOP for a student, on the writing pages' frame. */
export default function PsWriting() {
  const data = useLoaderData<typeof loader>();
  return (
    <WritingStudio
      page={PS_PAGE}
      data={data}
      renderForm={(form, setForm, student) => <PsFormFields form={form} setForm={setForm} student={student} />}
    />
  );
}
