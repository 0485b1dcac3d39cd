import { Checkbox, Grid, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import {
  CV_LENGTH_LABELS,
  CV_LENGTHS,
  CV_SECTION_LABELS,
  CV_SECTIONS,
  CV_STYLE_LABELS,
  CV_STYLES,
  OUTPUT_LANGUAGE_LABELS,
  OUTPUT_LANGUAGES,
} from '../../contracts/ai-operation-constants';
import type { ShellHandle } from '~/routes/dash';
import { FormField } from '~/components/ui/form-field';
import { WritingStudio, type StudioPage } from '~/components/writing/writing-studio';
import { pageTitle } from '~/services/navigation';
import { writingPageLoader } from '~/services/writing-pages.server';
import { applyCvStudent, cvFormFrom, cvRequest, emptyCvForm, workTitleOf, type CvForm } from '~/services/writing';

const PAGE = '简历 CV 写作';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];
/** Writing pages grow with the document (spec §2): no inner scrolling area. */
export const handle = { layout: 'writing' } satisfies ShellHandle;
export const loader = (args: LoaderFunctionArgs) => writingPageLoader(PAGE, 'cv', args);

const CV_PAGE: StudioPage<CvForm> = {
  title: PAGE,
  description: '把学生档案中的经历整理成结构清晰的中英文简历，一页或两页。',
  draftType: 'cv',
  workType: 'cv',
  emptyForm: emptyCvForm,
  formFrom: cvFormFrom,
  applyStudent: applyCvStudent,
  priceOperation: 'cv',
  request: cvRequest,
  contextOf: (f) => [f.targetProgram, f.extraRequirements],
  exportOptionsOf: (form) => ({ cvLength: form.length }),
  titleOf: (form, student) => workTitleOf('简历', student?.name ?? null, form.language === 'en' ? 'English' : '中文'),
  editorPlaceholder: '选择学生并点击「生成」，简历会按档案内容写在这里',
};

function Choice<T extends string>(props: {
  label: string;
  value: T;
  values: readonly T[];
  labels: Record<T, string>;
  onChange: (v: T) => void;
  testId: string;
}) {
  return (
    <FormField label={props.label}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.currentTarget.value as T)} data-testid={props.testId}>
          {props.values.map((v) => (
            <option key={v} value={v}>
              {props.labels[v]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

function CvFormFields({ form, setForm }: { form: CvForm; setForm: (u: (f: CvForm) => CvForm) => void }) {
  const set = <K extends keyof CvForm>(key: K, value: CvForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  return (
    <Stack gap="3">
      <Grid templateColumns="1fr 1fr" gap="3">
        <Choice
          label="语言"
          value={form.language}
          values={OUTPUT_LANGUAGES}
          labels={OUTPUT_LANGUAGE_LABELS}
          onChange={(v) => set('language', v)}
          testId="cv-language"
        />
        <Choice
          label="篇幅"
          value={form.length}
          values={CV_LENGTHS}
          labels={CV_LENGTH_LABELS}
          onChange={(v) => set('length', v)}
          testId="cv-length"
        />
      </Grid>
      <Choice
        label="风格"
        value={form.style}
        values={CV_STYLES}
        labels={CV_STYLE_LABELS}
        onChange={(v) => set('style', v)}
        testId="cv-style"
      />
      <Stack gap="1.5">
        <Text fontSize="sm" fontWeight="medium">
          简历模块
        </Text>
        <SimpleGrid columns={2} gap="1.5" data-testid="cv-sections">
          {CV_SECTIONS.map((section) => (
            <Checkbox.Root
              key={section}
              size="sm"
              checked={form.sections.includes(section)}
              onCheckedChange={(e) => set('sections', e.checked ? [...form.sections, section] : form.sections.filter((s) => s !== section))}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label fontSize="sm">{CV_SECTION_LABELS[section].zh}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      </Stack>
      <FormField label="目标专业">
        <Input
          size="sm"
          value={form.targetProgram}
          maxLength={100}
          onChange={(e) => set('targetProgram', e.currentTarget.value)}
          data-testid="cv-target-program"
        />
      </FormField>
      <FormField label="其他要求">
        <Textarea
          size="sm"
          rows={3}
          value={form.extraRequirements}
          maxLength={2000}
          onChange={(e) => set('extraRequirements', e.currentTarget.value)}
          data-testid="cv-extra"
        />
      </FormField>
    </Stack>
  );
}

/** /dash/cv-writing (spec §2): a structured CV from the student's archive. */
export default function CvWriting() {
  const data = useLoaderData<typeof loader>();
  return <WritingStudio page={CV_PAGE} data={data} renderForm={(form, setForm) => <CvFormFields form={form} setForm={setForm} />} />;
}
