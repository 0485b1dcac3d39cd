import { Grid, Stack, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import {
  PS_DOCUMENT_TYPE_LABELS,
  PS_DOCUMENT_TYPES,
  PS_TONE_LABELS,
  PS_TONES,
  STUDENT_REQUIRED,
} from '../../../contracts/ai-operation-constants';
import type { ShellHandle } from '~/routes/dash/route';
import {
  ChoiceCheckbox,
  ChoiceField,
  ExtraRequirementsField,
  LanguageField,
  fieldSetter,
  TargetProgramField,
  TextField,
  WordLimitField,
  type FormUpdate,
} from '~/components/writing/form-fields';
import { WritingStudio, type StudioPage } from '~/components/writing/writing-studio';
import { pageTitle } from '~/services/navigation';
import { writingPageLoader } from '~/services/pages/writing-pages.server';
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
  // A PS is written from the archive: no student, no generation (refused by the API too).
  request: (form, clientProfileId) =>
    clientProfileId ? (psFormProblem(form) ?? { operation: 'ps', clientProfileId, input: psInputOf(form) }) : STUDENT_REQUIRED.ps!,
  contextOf: (form) => [form.targetSchool, form.targetProgram, form.degree, form.wordLimit, form.extraRequirements, ...form.focus],
  titleOf: (form, student) => workTitleOf(form.documentType, student?.name ?? null, form.targetProgram),
  editorPlaceholder: '填写左侧表单后点击「生成」，或直接在这里写作',
};

function PsFormFields({ form, setForm, student }: { form: PsForm; setForm: FormUpdate<PsForm>; student: WritingStudent | null }) {
  const set = fieldSetter(setForm);
  // Entries chosen earlier stay listed even if the archive no longer has them.
  const choices = [...new Set([...(student?.experiences ?? []), ...form.focus])];
  return (
    <Stack gap="3">
      <ChoiceField
        label="文书类型"
        value={form.documentType}
        values={PS_DOCUMENT_TYPES}
        labelOf={(v) => PS_DOCUMENT_TYPE_LABELS[v]}
        onChange={(v) => set('documentType', v)}
        testId="ps-document-type"
      />
      <TextField
        label="目标学校"
        value={form.targetSchool}
        maxLength={100}
        onChange={(v) => set('targetSchool', v)}
        testId="ps-target-school"
      />
      <TargetProgramField required value={form.targetProgram} onChange={(v) => set('targetProgram', v)} testId="ps-target-program" />
      <Grid templateColumns="1fr 1fr" gap="3">
        <TextField label="申请学位" value={form.degree} maxLength={50} onChange={(v) => set('degree', v)} testId="ps-degree" />
        <WordLimitField language={form.language} value={form.wordLimit} onChange={(v) => set('wordLimit', v)} testId="ps-word-limit" />
      </Grid>
      <Grid templateColumns="1fr 1fr" gap="3">
        <ChoiceField
          label="语气"
          value={form.tone}
          values={PS_TONES}
          labelOf={(v) => PS_TONE_LABELS[v]}
          onChange={(v) => set('tone', v)}
          testId="ps-tone"
        />
        <LanguageField value={form.language} onChange={(v) => set('language', v)} testId="ps-language" />
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
            {choices.map((title) => (
              <ChoiceCheckbox
                key={title}
                value={title}
                label={title}
                chosen={form.focus}
                disabled={!form.focus.includes(title) && form.focus.length >= FOCUS_MAX}
                onChange={(focus) => set('focus', focus)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <ExtraRequirementsField value={form.extraRequirements} onChange={(v) => set('extraRequirements', v)} testId="ps-extra" />
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
