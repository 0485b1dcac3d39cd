import { RadioGroup, Stack } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { POLISH_LEVEL_LABELS, POLISH_LEVELS, type PolishLevel } from '../../../contracts/ai-operation-constants';
import type { ShellHandle } from '~/routes/dash/route';
import { FormField } from '~/components/ui/form-field';
import { LanguageSelect } from '~/components/writing/language-select';
import { ReviewPageSwitch } from '~/components/writing/review-page-switch';
import { WritingStudio, type StudioPage } from '~/components/writing/writing-studio';
import { pageTitle } from '~/services/navigation';
import { writingPageLoader } from '~/services/pages/writing-pages.server';
import { emptyPolishForm, essaySubject, polishFormFrom, polishRequest, workTitleOf, type PolishForm } from '~/services/writing';

const PAGE = '文书润色';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];
/** A writing page (spec §2 layout rule): the page grows with the essay. */
export const handle = { layout: 'writing' } satisfies ShellHandle;
export const loader = (args: LoaderFunctionArgs) => writingPageLoader(PAGE, 'polish', args);

const POLISH_PAGE: StudioPage<PolishForm> = {
  title: PAGE,
  description: '保留原意和事实，优化语法、用词和行文；润色结果与原文逐句对照，每一句由您决定是否采纳。',
  draftType: 'polish',
  workType: 'polish',
  emptyForm: emptyPolishForm,
  formFrom: polishFormFrom,
  applyStudent: (form) => form,
  priceOperation: 'polish',
  request: polishRequest,
  contextOf: () => [],
  titleOf: (_form, student, text) => workTitleOf(PAGE, student?.name ?? null, essaySubject(text)),
  editorPlaceholder: '在这里粘贴需要润色的文书，然后点击左侧的「开始润色」',
  review: 'polish',
  generateLabel: '开始润色',
};

function PolishFormFields({ form, setForm }: { form: PolishForm; setForm: (u: (f: PolishForm) => PolishForm) => void }) {
  return (
    <Stack gap="3">
      <FormField label="润色程度">
        <RadioGroup.Root
          size="sm"
          value={form.level}
          onValueChange={(e) => {
            const level = (POLISH_LEVELS as readonly string[]).includes(e.value ?? '') ? (e.value as PolishLevel) : 'medium';
            setForm((f) => ({ ...f, level }));
          }}
          data-testid="polish-level"
        >
          <Stack gap="2">
            {POLISH_LEVELS.map((level) => (
              <RadioGroup.Item key={level} value={level}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{POLISH_LEVEL_LABELS[level]}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      </FormField>
      <FormField label="文书语言" helper="润色不翻译：结果与原文语言相同">
        <LanguageSelect
          value={form.language}
          onChange={(language) => setForm((f) => ({ ...f, language }))}
          testId="polish-language"
          autoLabel="自动识别"
        />
      </FormField>
    </Stack>
  );
}

/** /dash/essay-polish (spec §2): the polished version, compared sentence by sentence, each accepted or not. */
export default function EssayPolish() {
  const data = useLoaderData<typeof loader>();
  return (
    <WritingStudio
      page={POLISH_PAGE}
      data={data}
      renderForm={(form, setForm) => (
        <Stack gap="3">
          <ReviewPageSwitch current="polish" />
          <PolishFormFields form={form} setForm={setForm} />
        </Stack>
      )}
    />
  );
}
