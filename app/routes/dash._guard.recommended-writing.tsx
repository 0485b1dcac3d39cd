import { Grid, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import {
  LETTER_VOICE_LABELS,
  LETTER_VOICES,
  OUTPUT_LANGUAGE_LABELS,
  OUTPUT_LANGUAGES,
  RECOMMENDER_RELATIONSHIP_LABELS,
  RECOMMENDER_RELATIONSHIPS,
} from '../../contracts/ai-operation-constants';
import type { ShellHandle } from '~/routes/dash';
import { FormField } from '~/components/ui/form-field';
import { WritingStudio, type StudioPage } from '~/components/writing/writing-studio';
import { pageTitle } from '~/services/navigation';
import { writingPageLoader } from '~/services/writing-pages.server';
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

function Choice<T extends string>(props: {
  label: string;
  value: T;
  values: readonly T[];
  labelOf: (v: T) => string;
  onChange: (v: T) => void;
  testId: string;
}) {
  return (
    <FormField label={props.label}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.currentTarget.value as T)} data-testid={props.testId}>
          {props.values.map((v) => (
            <option key={v} value={v}>
              {props.labelOf(v)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

function RlFormFields({ form, setForm }: { form: RlForm; setForm: (u: (f: RlForm) => RlForm) => void }) {
  const set = <K extends keyof RlForm>(key: K, value: RlForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = (
    key: 'recommenderName' | 'recommenderTitle' | 'organization' | 'relationshipDetail' | 'knownDuration' | 'targetProgram',
    max: number,
  ) => <Input size="sm" value={form[key]} maxLength={max} onChange={(e) => set(key, e.currentTarget.value)} data-testid={`rl-${key}`} />;
  return (
    <Stack gap="3">
      <Grid templateColumns="1fr 1fr" gap="3">
        <FormField label="推荐人姓名" required>
          {text('recommenderName', 50)}
        </FormField>
        <FormField label="推荐人职称" required>
          {text('recommenderTitle', 100)}
        </FormField>
      </Grid>
      <FormField label="推荐人单位" required>
        {text('organization', 100)}
      </FormField>
      <Choice
        label="与学生的关系"
        value={form.relationship}
        values={RECOMMENDER_RELATIONSHIPS}
        labelOf={(v) => RECOMMENDER_RELATIONSHIP_LABELS[v].zh}
        onChange={(v) => set('relationship', v)}
        testId="rl-relationship"
      />
      <FormField label="关系说明" helper="如：《数据结构》授课教师、毕业设计导师">
        {text('relationshipDetail', 200)}
      </FormField>
      <Grid templateColumns="1fr 1fr" gap="3">
        <FormField label="相识时长">{text('knownDuration', 50)}</FormField>
        <FormField label="申请专业">{text('targetProgram', 100)}</FormField>
      </Grid>
      <FormField label="共同的课程或项目" helper="每行一项">
        <Textarea
          size="sm"
          rows={3}
          value={form.courses}
          onChange={(e) => set('courses', e.currentTarget.value)}
          data-testid="rl-courses"
        />
      </FormField>
      <FormField label="要突出的品质" helper="每行一项，可写「品质：具体事例」">
        <Textarea
          size="sm"
          rows={4}
          value={form.qualities}
          onChange={(e) => set('qualities', e.currentTarget.value)}
          data-testid="rl-qualities"
        />
      </FormField>
      <Grid templateColumns="1fr 1fr" gap="3">
        <Choice
          label="语气"
          value={form.voice}
          values={LETTER_VOICES}
          labelOf={(v) => LETTER_VOICE_LABELS[v]}
          onChange={(v) => set('voice', v)}
          testId="rl-voice"
        />
        <Choice
          label="输出语言"
          value={form.language}
          values={OUTPUT_LANGUAGES}
          labelOf={(v) => OUTPUT_LANGUAGE_LABELS[v]}
          onChange={(v) => set('language', v)}
          testId="rl-language"
        />
      </Grid>
      <FormField label={form.language === 'en' ? '字数（词）' : '字数（字）'}>
        <Input
          size="sm"
          inputMode="numeric"
          value={form.wordLimit}
          onChange={(e) => set('wordLimit', e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
          data-testid="rl-word-limit"
        />
      </FormField>
    </Stack>
  );
}

/** /dash/recommended-writing (spec §2): a recommendation letter in the recommender's voice. */
export default function RecommendedWriting() {
  const data = useLoaderData<typeof loader>();
  return <WritingStudio page={RL_PAGE} data={data} renderForm={(form, setForm) => <RlFormFields form={form} setForm={setForm} />} />;
}
