import { Box, Button, Field, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useNavigate, useNavigation } from '@remix-run/react';
import { FilePenLine, Save, ScanSearch, Sparkles, WandSparkles, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { AI_INPUT_LIMITS } from '../../../contracts/ai-operation-constants';
import { WORK_TYPES } from '../../../contracts/work-constants';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { AppDialog } from '~/components/ui/app-dialog';
import { UploadDocument } from '~/components/upload-document';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { useShellUser } from '~/hooks/use-app-data';
import { useHydrated } from '~/hooks/use-hydrated';
import { DRAFT_TYPES } from '~/services/drafts';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/pages/page-loaders.server';
import { isStudioTool, TEXT_SUBMIT_PAGE, TEXT_TOOLS, type ReduceHandoff, type StudioTextTool, type TextTool } from '~/services/text-submit';
import { WORK_TYPE_LABELS } from '~/services/works';
import { handTextToStudio, studioDraftHasText } from './handoff.client';
import { textSubmitAction } from './text-submit.server';
import type { SAVE_FIELDS } from './text-submit.server';

const PAGE = TEXT_SUBMIT_PAGE;
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];
export const loader = sessionOnlyLoader;
export const action = (args: ActionFunctionArgs) => textSubmitAction(PAGE, args);

const EMPTY_TEXT = '请先粘贴文本或上传文档';
const TOOL_ICONS: Record<TextTool, LucideIcon> = { detect: ScanSearch, reduce: WandSparkles, polish: Sparkles, revision: FilePenLine };

/** The four tools, as large buttons: each opens its page with the text. They need JavaScript. */
function ToolChoices({ hydrated, onOpen }: { hydrated: boolean; onOpen: (tool: TextTool) => void }) {
  return (
    <Box>
      <Heading as="h2" size="md" mb="3">
        选择处理方式
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        {TEXT_TOOLS.map((tool) => {
          const Icon = TOOL_ICONS[tool.id];
          return (
            <Button
              key={tool.id}
              type="button"
              variant="outline"
              bg="white"
              h="auto"
              py="3"
              px="4"
              justifyContent="flex-start"
              textAlign="left"
              whiteSpace="normal"
              disabled={!hydrated}
              onClick={() => onOpen(tool.id)}
              data-testid={`open-${tool.id}`}
            >
              <HStack gap="3" align="flex-start">
                <Box color="blue.600" pt="0.5">
                  <Icon size={18} />
                </Box>
                <Stack gap="0.5">
                  <Text fontWeight="semibold">{tool.label}</Text>
                  <Text fontSize="xs" color="gray.600" fontWeight="normal">
                    {tool.detail}
                  </Text>
                </Stack>
              </HStack>
            </Button>
          );
        })}
      </SimpleGrid>
      {!hydrated && (
        <Text fontSize="xs" color="gray.500" mt="2">
          页面加载完成后即可选择工具；保存为作品无需等待。
        </Text>
      )}
    </Box>
  );
}

type SaveFailure = {
  errors: Partial<Record<(typeof SAVE_FIELDS)[number] | 'form', string>>;
  values: Partial<Record<(typeof SAVE_FIELDS)[number], string>>;
};

/** 保存为作品: the title (the first line when left empty) and type, posted with the text. */
function SaveAsWork({ failure, saving }: { failure: SaveFailure | null; saving: boolean }) {
  return (
    <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '4', md: '5' }}>
      <Heading as="h2" size="md" mb="3">
        保存为作品
      </Heading>
      <FormAlert>{failure?.errors.form}</FormAlert>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
        <Field.Root flex="2" invalid={Boolean(failure?.errors.title)}>
          <Field.Label fontSize="sm">标题</Field.Label>
          <Input
            name="title"
            maxLength={200}
            defaultValue={failure?.values.title ?? ''}
            placeholder="留空则取文本第一行"
            bg="white"
            data-testid="save-title"
          />
          <Field.ErrorText>{failure?.errors.title}</Field.ErrorText>
        </Field.Root>
        <Field.Root flex="1" invalid={Boolean(failure?.errors.type)}>
          <Field.Label fontSize="sm">作品类型</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="type" defaultValue={failure?.values.type ?? 'free'} bg="white" data-testid="save-type">
              {WORK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {WORK_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{failure?.errors.type}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" loading={saving} loadingText="保存中…" data-testid="save-work">
          <Save size={16} /> 保存为作品
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * /dash/text-submit (spec §2): paste a text or upload a document, then choose what to do with it.
 * 查AI率 and 降AI率 receive it in the navigation's history state, 润色 and 修改 as their page's
 * draft (after asking when that draft holds other text); 保存为作品 is a form post (no JavaScript
 * needed) that opens the new work.
 */
export default function TextSubmit() {
  const answer = useActionAnswer<typeof action>();
  const failure = answer && !answer.ok ? answer : null;
  const user = useShellUser();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post';
  const [text, setText] = useState(failure?.values.text ?? '');
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** A studio tool whose draft holds other text: confirm before replacing it. */
  const [replacing, setReplacing] = useState<StudioTextTool | null>(null);

  function open(tool: TextTool, confirmed = false) {
    if (!text.trim()) return setError(EMPTY_TEXT);
    setError(null);
    const target = TEXT_TOOLS.find((t) => t.id === tool)!;
    if (!isStudioTool(tool)) {
      const state: ReduceHandoff = { textSubmit: { text, tool } };
      return navigate(target.route, { state });
    }
    if (!confirmed && studioDraftHasText(user.id, tool)) return setReplacing(tool);
    setReplacing(null);
    if (!handTextToStudio(user.id, tool, text)) return setError('浏览器无法保存草稿（本地存储不可用或已满），请清理草稿后重试');
    navigate(target.route);
  }

  const textError = error ?? failure?.errors.text ?? null;
  return (
    <Page title={PAGE} description="粘贴文本或上传文档，选择要做的处理：查AI率、降AI率、润色、修改，或直接保存为作品。" maxW="5xl">
      <Form method="post" aria-label={PAGE}>
        <Stack gap="5">
          <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '4', md: '5' }}>
            <Stack gap="3">
              {hydrated && (
                <UploadDocument
                  onText={(t, note) => {
                    setText(t);
                    setUploaded(note);
                    setError(null);
                  }}
                />
              )}
              {uploaded && (
                <Text fontSize="sm" color="green.700" data-testid="upload-done">
                  {uploaded}
                </Text>
              )}
              <Field.Root invalid={Boolean(textError)}>
                <Field.Label>文本</Field.Label>
                <Textarea
                  name="text"
                  value={text}
                  onChange={(e) => {
                    setText(e.currentTarget.value);
                    if (error) setError(null);
                  }}
                  rows={14}
                  maxLength={AI_INPUT_LIMITS.essay}
                  placeholder="粘贴个人陈述、文书、简历或推荐信的正文（英文或中文）"
                  bg="white"
                  lineHeight="1.8"
                  data-testid="submit-text"
                />
                <Field.ErrorText data-testid="submit-error">{textError}</Field.ErrorText>
              </Field.Root>
              <Text fontSize="xs" color="gray.500" fontVariantNumeric="tabular-nums" textAlign="right">
                {text.length} / {AI_INPUT_LIMITS.essay} 字符
              </Text>
            </Stack>
          </Box>

          <ToolChoices hydrated={hydrated} onOpen={(tool) => open(tool)} />
          <SaveAsWork failure={failure} saving={saving} />
        </Stack>
      </Form>

      <AppDialog
        role="alertdialog"
        open={replacing !== null}
        onOpenChange={(details) => {
          if (!details.open) setReplacing(null);
        }}
        title="替换未完成的草稿？"
        testId="replace-draft"
        footer={
          <Button colorPalette="blue" onClick={() => replacing && open(replacing, true)} data-testid="replace-draft-confirm">
            替换并打开
          </Button>
        }
      >
        <Text>{replacing ? DRAFT_TYPES[replacing] : ''}页有一份未完成的草稿。继续将用这段文本替换它，原草稿不会保留。</Text>
      </AppDialog>
    </Page>
  );
}
