import { Grid, SegmentGroup, Stack } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { ShellHandle } from '~/routes/dash/route';
import { fieldSetter, LanguageField, TextAreaField, TextField, WordLimitField, type FormUpdate } from '~/components/writing/form-fields';
import { WritingStudio, type StudioPage } from '~/components/writing/writing-studio';
import { pageTitle } from '~/services/navigation';
import { writingPageLoader } from '~/services/pages/writing-pages.server';
import { emptyFreeForm, freeFormFrom, freeRequest, workTitleOf, type FreeForm } from '~/services/writing';

const PAGE = '自由写作';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];
/** Writing pages grow with the document (spec §2): no inner scrolling area. */
export const handle = { layout: 'writing' } satisfies ShellHandle;
export const loader = (args: LoaderFunctionArgs) => writingPageLoader(PAGE, 'free', args);

const MODES = [
  { value: 'topic', label: '自由命题' },
  { value: 'requirement', label: '按要求写作' },
] as const;

const FREE_PAGE: StudioPage<FreeForm> = {
  title: PAGE,
  description: '自定义题目，或粘贴完整的写作要求，生成补充文书与短问答。',
  draftType: 'free',
  workType: 'free',
  emptyForm: emptyFreeForm,
  formFrom: freeFormFrom,
  // A free topic has no archive fields to fill; the student is still the facts' source.
  applyStudent: (form) => form,
  priceOperation: 'free',
  request: freeRequest,
  contextOf: (form) => [form.topic, form.prompt, form.requirement, form.wordLimit],
  titleOf: (form, student) =>
    workTitleOf(PAGE, student?.name ?? null, form.mode === 'topic' ? form.topic : form.requirement.split('\n')[0]!.slice(0, 40)),
  editorPlaceholder: '填写左侧题目或写作要求后点击「生成」，或直接在这里写作',
};

function FreeFormFields({ form, setForm }: { form: FreeForm; setForm: FormUpdate<FreeForm> }) {
  const set = fieldSetter(setForm);
  return (
    <Stack gap="3">
      <SegmentGroup.Root
        size="sm"
        value={form.mode}
        onValueChange={(e) => set('mode', e.value === 'requirement' ? 'requirement' : 'topic')}
        data-testid="free-mode"
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={MODES.map((m) => ({ value: m.value, label: m.label }))} />
      </SegmentGroup.Root>
      {form.mode === 'topic' ? (
        <>
          <TextField label="题目" required value={form.topic} maxLength={200} onChange={(v) => set('topic', v)} testId="free-topic" />
          <TextAreaField
            label="写作提示"
            rows={4}
            value={form.prompt}
            maxLength={5000}
            onChange={(v) => set('prompt', v)}
            testId="free-prompt"
          />
        </>
      ) : (
        <TextAreaField
          label="写作要求"
          required
          helper="粘贴学校的题目与要求，至少10个字符"
          rows={8}
          value={form.requirement}
          maxLength={10_000}
          onChange={(v) => set('requirement', v)}
          testId="free-requirement"
        />
      )}
      <Grid templateColumns="1fr 1fr" gap="3">
        <WordLimitField language={form.language} value={form.wordLimit} onChange={(v) => set('wordLimit', v)} testId="free-word-limit" />
        <LanguageField value={form.language} onChange={(v) => set('language', v)} testId="free-language" />
      </Grid>
    </Stack>
  );
}

/** /dash/free-writing (spec §2): free topic and write by requirement, on the writing pages' frame. */
export default function FreeWriting() {
  const data = useLoaderData<typeof loader>();
  return <WritingStudio page={FREE_PAGE} data={data} renderForm={(form, setForm) => <FreeFormFields form={form} setForm={setForm} />} />;
}
