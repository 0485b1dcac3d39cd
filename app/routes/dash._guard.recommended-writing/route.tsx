import { Grid, Stack } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import {
  LETTER_VOICE_LABELS,
  LETTER_VOICES,
  RECOMMENDER_RELATIONSHIP_LABELS,
  RECOMMENDER_RELATIONSHIPS,
} from '../../../contracts/ai-operation-constants';
import type { ShellHandle } from '~/routes/dash/route';
import {
  ChoiceField,
  fieldSetter,
  LanguageField,
  TextAreaField,
  TextField,
  WordLimitField,
  type FormUpdate,
} from '~/components/writing/form-fields';
import { WritingStudio, type StudioPage } from '~/components/writing/writing-studio';
import { pageTitle } from '~/services/navigation';
import { writingPageLoader } from '~/services/pages/writing-pages.server';
import { applyRlStudent, emptyRlForm, rlFormFrom, rlRequest, workTitleOf, type RlForm } from '~/services/writing';

const PAGE = '推荐信写作';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];
/** Writing pages grow with the document (spec §2): no inner scrolling area. */
export const handle = { layout: 'writing' } satisfies ShellHandle;
export const loader = (args: LoaderFunctionArgs) => writingPageLoader(PAGE, 'rl', args);

const RL_PAGE: StudioPage<RlForm> = {
  title: PAGE,
  description: '从推荐人视角起草推荐信，供推荐人审阅确认。',
  draftType: 'recommendation',
  workType: 'rl',
  emptyForm: emptyRlForm,
  formFrom: rlFormFrom,
  applyStudent: applyRlStudent,
  priceOperation: 'recommendation',
  request: rlRequest,
  contextOf: (f) => [
    f.recommenderName,
    f.recommenderTitle,
    f.organization,
    f.relationshipDetail,
    f.knownDuration,
    f.courses,
    f.qualities,
    f.targetProgram,
    f.wordLimit,
  ],
  titleOf: (form, student) => workTitleOf('推荐信', student?.name ?? null, form.recommenderName),
  editorPlaceholder: '填写左侧推荐人信息后点击「生成」，或直接在这里写作',
};

function RlFormFields({ form, setForm }: { form: RlForm; setForm: FormUpdate<RlForm> }) {
  const set = fieldSetter(setForm);
  const text = (
    label: string,
    key: 'recommenderName' | 'recommenderTitle' | 'organization' | 'relationshipDetail' | 'knownDuration' | 'targetProgram',
    max: number,
    more: { required?: boolean; helper?: string } = {},
  ) => <TextField label={label} value={form[key]} maxLength={max} onChange={(v) => set(key, v)} testId={`rl-${key}`} {...more} />;
  const lines = (label: string, key: 'courses' | 'qualities', rows: number, helper: string) => (
    <TextAreaField label={label} helper={helper} rows={rows} value={form[key]} onChange={(v) => set(key, v)} testId={`rl-${key}`} />
  );
  return (
    <Stack gap="3">
      <Grid templateColumns="1fr 1fr" gap="3">
        {text('推荐人姓名', 'recommenderName', 50, { required: true })}
        {text('推荐人职称', 'recommenderTitle', 100, { required: true })}
      </Grid>
      {text('推荐人单位', 'organization', 100, { required: true })}
      <ChoiceField
        label="与学生的关系"
        value={form.relationship}
        values={RECOMMENDER_RELATIONSHIPS}
        labelOf={(v) => RECOMMENDER_RELATIONSHIP_LABELS[v].zh}
        onChange={(v) => set('relationship', v)}
        testId="rl-relationship"
      />
      {text('关系说明', 'relationshipDetail', 200, { helper: '如：《数据结构》授课教师、毕业设计导师' })}
      <Grid templateColumns="1fr 1fr" gap="3">
        {text('相识时长', 'knownDuration', 50)}
        {text('申请专业', 'targetProgram', 100)}
      </Grid>
      {lines('共同的课程或项目', 'courses', 3, '每行一项')}
      {lines('要突出的品质', 'qualities', 4, '每行一项，可写「品质：具体事例」')}
      <Grid templateColumns="1fr 1fr" gap="3">
        <ChoiceField
          label="语气"
          value={form.voice}
          values={LETTER_VOICES}
          labelOf={(v) => LETTER_VOICE_LABELS[v]}
          onChange={(v) => set('voice', v)}
          testId="rl-voice"
        />
        <LanguageField value={form.language} onChange={(v) => set('language', v)} testId="rl-language" />
      </Grid>
      <WordLimitField language={form.language} value={form.wordLimit} onChange={(v) => set('wordLimit', v)} testId="rl-word-limit" />
    </Stack>
  );
}

/** /dash/recommended-writing (spec §2): a recommendation letter in the recommender's voice. */
export default function RecommendedWriting() {
  const data = useLoaderData<typeof loader>();
  return <WritingStudio page={RL_PAGE} data={data} renderForm={(form, setForm) => <RlFormFields form={form} setForm={setForm} />} />;
}
