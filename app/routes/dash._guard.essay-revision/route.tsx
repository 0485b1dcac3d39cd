import { Stack, Textarea } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AI_INPUT_LIMITS } from '../../../contracts/ai-operation-constants';
import type { ShellHandle } from '~/routes/dash/route';
import { FormField } from '~/components/ui/form-field';
import { LanguageSelect } from '~/components/writing/language-select';
import { ReviewPageSwitch } from '~/components/writing/review-page-switch';
import { WritingStudio, type StudioPage } from '~/components/writing/writing-studio';
import { pageTitle } from '~/services/navigation';
import { writingPageLoader } from '~/services/pages/writing-pages.server';
import { emptyRevisionForm, essaySubject, revisionFormFrom, revisionRequest, workTitleOf, type RevisionForm } from '~/services/writing';

const PAGE = '文书修改';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];
/** Like the writing pages, the page grows with the essay: no inner scrolling area. */
export const handle = { layout: 'writing' } satisfies ShellHandle;
export const loader = (args: LoaderFunctionArgs) => writingPageLoader(PAGE, 'revision', args);

const REVISION_PAGE: StudioPage<RevisionForm> = {
  title: PAGE,
  description: '逐条给出带理由的修改建议和总体评价，由您决定采纳哪一条；不会悄悄改写全文。',
  draftType: 'revision',
  workType: 'revision',
  emptyForm: emptyRevisionForm,
  formFrom: revisionFormFrom,
  // Revision reads the archive to check the essay's facts; it has no fields to fill from it.
  applyStudent: (form) => form,
  priceOperation: 'revision',
  request: revisionRequest,
  contextOf: (form) => [form.requirements],
  titleOf: (_form, student, text) => workTitleOf(PAGE, student?.name ?? null, essaySubject(text)),
  editorPlaceholder: '在这里粘贴需要修改的文书，然后点击左侧的「生成修改意见」',
  review: 'revision',
  generateLabel: '生成修改意见',
};

function RevisionFormFields({ form, setForm }: { form: RevisionForm; setForm: (u: (f: RevisionForm) => RevisionForm) => void }) {
  return (
    <Stack gap="3">
      <FormField label="修改要求" helper="例如：突出科研经历、压缩到 650 词以内、开头更吸引人（选填）">
        <Textarea
          size="sm"
          rows={4}
          value={form.requirements}
          maxLength={AI_INPUT_LIMITS.requirements}
          onChange={(e) => {
            const requirements = e.currentTarget.value;
            setForm((f) => ({ ...f, requirements }));
          }}
          data-testid="revision-requirements"
        />
      </FormField>
      <FormField label="意见语言" helper="修改后的文字保持文书本身的语言">
        <LanguageSelect value={form.language} onChange={(language) => setForm((f) => ({ ...f, language }))} testId="revision-language" />
      </FormField>
    </Stack>
  );
}

/** /dash/essay-revision (spec §2): annotated suggestions, each accepted or not, and an overall assessment. */
export default function EssayRevision() {
  const data = useLoaderData<typeof loader>();
  return (
    <WritingStudio
      page={REVISION_PAGE}
      data={data}
      renderForm={(form, setForm) => (
        <Stack gap="3">
          <ReviewPageSwitch current="revision" />
          <RevisionFormFields form={form} setForm={setForm} />
        </Stack>
      )}
    />
  );
}
