import { Grid, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import {
  CV_LENGTH_LABELS,
  CV_LENGTHS,
  CV_SECTION_LABELS,
  CV_SECTIONS,
  CV_STYLE_LABELS,
  CV_STYLES,
} from '../../../contracts/ai-operation-constants';
import type { ShellHandle } from '~/routes/dash/route';
import {
  ChoiceCheckbox,
  ChoiceField,
  ExtraRequirementsField,
  fieldSetter,
  LanguageField,
  TargetProgramField,
  type FormUpdate,
} from '~/components/writing/form-fields';
import { WritingStudio, type StudioPage } from '~/components/writing/writing-studio';
import { pageTitle } from '~/services/navigation';
import { writingPageLoader } from '~/services/pages/writing-pages.server';
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

function CvFormFields({ form, setForm }: { form: CvForm; setForm: FormUpdate<CvForm> }) {
  const set = fieldSetter(setForm);
  return (
    <Stack gap="3">
      <Grid templateColumns="1fr 1fr" gap="3">
        <LanguageField label="语言" value={form.language} onChange={(v) => set('language', v)} testId="cv-language" />
        <ChoiceField
          label="篇幅"
          value={form.length}
          values={CV_LENGTHS}
          labelOf={(v) => CV_LENGTH_LABELS[v]}
          onChange={(v) => set('length', v)}
          testId="cv-length"
        />
      </Grid>
      <ChoiceField
        label="风格"
        value={form.style}
        values={CV_STYLES}
        labelOf={(v) => CV_STYLE_LABELS[v]}
        onChange={(v) => set('style', v)}
        testId="cv-style"
      />
      <Stack gap="1.5">
        <Text fontSize="sm" fontWeight="medium">
          简历模块
        </Text>
        <SimpleGrid columns={2} gap="1.5" data-testid="cv-sections">
          {CV_SECTIONS.map((section) => (
            <ChoiceCheckbox
              key={section}
              value={section}
              label={CV_SECTION_LABELS[section].zh}
              chosen={form.sections}
              onChange={(sections) => set('sections', sections)}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <TargetProgramField value={form.targetProgram} onChange={(v) => set('targetProgram', v)} testId="cv-target-program" />
      <ExtraRequirementsField value={form.extraRequirements} onChange={(v) => set('extraRequirements', v)} testId="cv-extra" />
    </Stack>
  );
}

/** /dash/cv-writing (spec §2): a structured CV from the student's archive. */
export default function CvWriting() {
  const data = useLoaderData<typeof loader>();
  return <WritingStudio page={CV_PAGE} data={data} renderForm={(form, setForm) => <CvFormFields form={form} setForm={setForm} />} />;
}
