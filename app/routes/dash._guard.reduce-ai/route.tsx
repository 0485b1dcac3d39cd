import { Badge, Box, Button, Field, Heading, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { FolderOpen, ScanSearch } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { AI_INPUT_LIMITS } from '../../../contracts/ai-operation-constants';
import type { DetectionLabel } from '../../../contracts/detection-constants';
import { DetectionResult } from '~/components/detection/detection-result';
import { ReducePanel } from '~/components/detection/reduce-panel';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { useShellUser } from '~/hooks/use-app-data';
import { useHydrated } from '~/hooks/use-hydrated';
import { priceOf, priceText } from '~/services/ai-prices';
import { cacheAiRate, cachedAiRate, freshCacheEntry } from '~/services/browser/ai-rate-cache.client';
import { trackEvent } from '~/services/browser/analytics.client';
import { checkedAgo, DETECTION_LABEL_TEXT, REDUCE_AI_PAGE_ID, REDUCE_AI_ROUTE } from '~/services/detection';
import { pageTitle } from '~/services/navigation';
import { reduceAiAction, reduceAiLoader } from './reduce-ai.server';
import { workDetailHref } from '~/services/works';
import { UploadDocument } from '~/components/upload-document';
import { ProgressMask, useProgressMask } from '~/components/ui/progress-mask';
import { useSubmittedText } from '~/hooks/use-submitted-text';
import { REDUCE_PANEL_ID } from '~/services/text-submit';

const PAGE = '查AI率 / 降AI率';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];
export const loader = (args: LoaderFunctionArgs) => reduceAiLoader(PAGE, args);
export const action = (args: ActionFunctionArgs) => reduceAiAction(PAGE, args);

/** Opens a saved work's text: a GET form (sent on change with JavaScript, by 打开 without). */
function OpenWork({ works, current }: { works: Array<{ id: string; title: string }>; current: string }) {
  const submit = useSubmit();
  if (works.length === 0) return null;
  return (
    <Form method="get" aria-label="打开已保存的作品">
      <HStack gap="2" align="flex-end">
        <Field.Root flex="1" minW="0">
          <Field.Label fontSize="sm">从作品打开</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field name="workId" defaultValue={current} bg="white" onChange={(e) => submit(e.currentTarget.form)}>
              <option value="">选择一个已保存的作品…</option>
              {works.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.title}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button type="submit" size="sm" variant="outline" bg="white">
          <FolderOpen size={14} /> 打开
        </Button>
      </HStack>
    </Form>
  );
}

type LastCheck = {
  aiRate: number;
  label: DetectionLabel | null;
  ago: string | null;
  /** 'cache': this browser's record (24 h, with the text); 'api': the latest check the server kept. */
  source: 'cache' | 'api';
  /** The rate is of the text after 降AI率. */
  reduced: boolean;
  /** The cached text was put back into the empty box. */
  restored: boolean;
};

/** The same text but for spacing (a saved work's paragraphs come back joined by other breaks). */
const sameText = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/** 上次检测: the last check's rate and how old it is, read back (never run again, never charged). */
function LastCheckNote({ last }: { last: LastCheck }) {
  const label = last.label ? DETECTION_LABEL_TEXT[last.label] : null;
  return (
    <HStack
      gap="2"
      flexWrap="wrap"
      bg="gray.50"
      borderWidth="1px"
      rounded="md"
      px="3"
      py="2"
      fontSize="sm"
      color="gray.700"
      data-testid="last-check"
      data-source={last.source}
    >
      <Text>
        {last.reduced ? '上次降AI率后 AI 率' : '上次检测 AI 率'}{' '}
        <Text as="b" fontVariantNumeric="tabular-nums" data-testid="last-check-rate">
          {last.aiRate.toFixed(1)}%
        </Text>
        {last.ago && `（${last.ago}${last.source === 'cache' ? '，本机记录' : ''}）`}
      </Text>
      {label && (
        <Badge colorPalette={label.palette} size="sm">
          {label.title}
        </Badge>
      )}
      <Text color="gray.500" fontSize="xs">
        {last.restored ? '已把当时的文本放回输入框。' : ''}这是之前的结果，重新检测才会消耗积分。
      </Text>
    </HStack>
  );
}

/** The progress mask while a check waits for its answer (spec §4: 35 s, held at 95% until done). */
function DetectionMask() {
  const value = useProgressMask({ running: true });
  return <ProgressMask value={value} label="正在检测 AI 率…" hint="逐句分析文本特征，结果出来后显示在下方。" testId="detect-running" />;
}

/** /dash/reduce-ai: paste a text or open a work, check its AI rate (a plain form post), read the result. */
/**
 * The note about the last check (spec §3, §4), and the cached text put back into an empty box.
 * Null while an answer is shown or once the box holds another text.
 */
function useLastCheck({
  lastCheck,
  active,
  hidden,
  userId,
  pageIdentifier,
  text,
  setText,
  submitted,
  initialText,
}: {
  lastCheck: ReturnType<typeof useLoaderData<typeof loader>>['lastCheck'];
  active: boolean;
  hidden: boolean;
  userId: string;
  pageIdentifier: string;
  text: string;
  setText: (text: string) => void;
  submitted: boolean;
  initialText: string;
}): LastCheck | null {
  // The last check (spec §3, §4): this browser's cache while fresh (it has the text, put back into
  // an empty box), else the latest the API kept (the loader read it, free).
  const fromApi: LastCheck | null = lastCheck
    ? { aiRate: lastCheck.aiRate, label: lastCheck.label, ago: lastCheck.ago, source: 'api', reduced: false, restored: false }
    : null;
  // Read after hydration (the server has no browser storage), once per page, opened work and answer.
  const apiTimestamp = lastCheck?.timestamp ?? null;
  const entry = useMemo(
    () => (active ? freshCacheEntry(cachedAiRate(userId, pageIdentifier), apiTimestamp) : null),
    [active, userId, pageIdentifier, apiTimestamp],
  );
  // An empty box gets the cached text back, once per entry (state adjusted while rendering).
  const entryKey = entry ? `${pageIdentifier}:${entry.timestamp}` : null;
  const [seen, setSeen] = useState<{ key: string; restored: boolean } | null>(null);
  if (entry && entryKey && seen?.key !== entryKey) {
    const restore = !text.trim() && !submitted;
    setSeen({ key: entryKey, restored: restore });
    if (restore) setText(entry.modified ?? entry.original);
  }
  const fromCache: LastCheck | null = entry
    ? {
        aiRate: entry.aiRate,
        label: entry.label ?? null,
        ago: checkedAgo(entry.timestamp),
        source: 'cache',
        reduced: entry.modified !== null,
        restored: seen?.key === entryKey && seen.restored,
      }
    : null;
  // A note about an earlier check holds only for the text it was of: the cached text, or for the
  // API's record the text the page opened with. Another text in the box (pasted, typed, uploaded)
  // has not been checked, so the note goes.
  const checkedText = entry ? (entry.modified ?? entry.original) : initialText;
  const stillApplies = sameText(text, checkedText);
  return hidden || !stillApplies ? null : (fromCache ?? fromApi);
}

export default function ReduceAi() {
  const { works, work, lastCheck, prices } = useLoaderData<typeof loader>();
  const detectPrice = priceText(priceOf(prices, 'detect'));
  const answer = useActionAnswer<typeof action>();
  const user = useShellUser();
  const navigation = useNavigation();
  const checking = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'detect';
  const failure = answer && !answer.ok ? answer : null;
  const result = answer?.ok ? answer : null;
  const initialText = failure?.values.text ?? result?.text ?? work?.text ?? '';
  const [text, setText] = useState(initialText);
  // A new answer or another opened work puts its text in the box (state adjusted while rendering).
  const [shown, setShown] = useState(initialText);
  if (shown !== initialText) {
    setShown(initialText);
    setText(initialText);
  }
  const hydrated = useHydrated();
  const [uploaded, setUploaded] = useState<string | null>(null);
  const submitted = useSubmittedText(hydrated && !result && !failure, setText, setUploaded);
  const pageIdentifier = work?.id ?? REDUCE_AI_PAGE_ID;

  const last = useLastCheck({
    lastCheck,
    active: hydrated && !result,
    hidden: Boolean(result),
    userId: user.id,
    pageIdentifier,
    text,
    setText,
    submitted,
    initialText,
  });

  // The AI rate cache (spec §4): the page's last check, 24 h, with the text it was of.
  useEffect(() => {
    if (!result) return;
    cacheAiRate(user.id, result.result.workId ?? REDUCE_AI_PAGE_ID, {
      aiRate: result.result.aiRate,
      writingId: result.result.writingId,
      timestamp: Date.now(),
      original: result.text,
      modified: null,
      label: result.result.label,
    });
    trackEvent('tool_used', { tool: '查AI率' });
    trackEvent('check_run', { label: result.result.label });
  }, [result, user.id]);

  return (
    <Page
      title={PAGE}
      description="检测文书中 AI 生成内容的可能性，并逐句标出依据。检测在本地完成，每次检测消耗积分；文本过短时不检测、不扣积分。"
      maxW="6xl"
    >
      <Stack gap="5">
        <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '4', md: '5' }}>
          <Stack gap="4">
            <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }} justify="space-between">
              <Box flex="1" minW="0">
                <OpenWork works={works} current={work?.id ?? ''} />
              </Box>
              {hydrated && (
                <UploadDocument
                  onText={(t, note) => {
                    setText(t);
                    setUploaded(note);
                  }}
                />
              )}
            </Stack>
            {uploaded && (
              <Text fontSize="sm" color="green.700" data-testid="upload-done">
                {uploaded}
              </Text>
            )}
            {work && (
              <Text fontSize="sm" color="gray.600" data-testid="opened-work">
                已打开作品：
                <Link to={workDetailHref(work.id)}>
                  <Text as="span" color="blue.700">
                    {work.title}
                  </Text>
                </Link>
                {work.aiRate !== null && `（作品记录的 AI 率 ${work.aiRate.toFixed(1)}%）`}
              </Text>
            )}
            {last && <LastCheckNote last={last} />}
            <Form method="post" action={work ? `${REDUCE_AI_ROUTE}?workId=${work.id}` : REDUCE_AI_ROUTE} aria-label="检测AI率">
              <input type="hidden" name="intent" value="detect" />
              {work && <input type="hidden" name="workId" value={work.id} />}
              <Stack gap="3">
                <Field.Root invalid={Boolean(failure?.errors.text ?? failure?.errors.form)}>
                  <Field.Label>要检测的文本</Field.Label>
                  <Textarea
                    name="text"
                    value={text}
                    onChange={(e) => setText(e.currentTarget.value)}
                    rows={12}
                    maxLength={AI_INPUT_LIMITS.essay}
                    placeholder="粘贴个人陈述、文书、简历或推荐信的正文（英文或中文），建议至少 150 词或 300 字。"
                    bg="white"
                    lineHeight="1.8"
                    data-testid="detect-text"
                  />
                  <Field.ErrorText data-testid="detect-error">{failure?.errors.text ?? failure?.errors.form}</Field.ErrorText>
                </Field.Root>
                <HStack justify="space-between" gap="3" flexWrap="wrap">
                  <Text fontSize="xs" color="gray.500" fontVariantNumeric="tabular-nums">
                    {text.length} / {AI_INPUT_LIMITS.essay} 字符
                  </Text>
                  <Button type="submit" colorPalette="blue" loading={checking} loadingText="检测中…" data-testid="detect-submit">
                    <ScanSearch size={16} /> 检测{detectPrice ? ` · ${detectPrice}` : ''}
                  </Button>
                </HStack>
              </Stack>
            </Form>
          </Stack>
        </Box>

        {checking && <DetectionMask />}
        <FormAlert status="success" testId="detect-done">
          {result ? `检测完成，消耗 ${result.result.points.toFixed(2)} 积分。` : null}
        </FormAlert>
        {result && (
          <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '4', md: '5' }}>
            <DetectionResult result={result.result} text={result.text} />
          </Box>
        )}
        {/* 降AI率 streams its progress: it needs JavaScript, the check above does not. */}
        {hydrated && (
          <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '4', md: '5' }} id={REDUCE_PANEL_ID}>
            <Heading as="h2" size="md" mb="3">
              降AI率
            </Heading>
            <ReducePanel text={text} work={work} userId={user.id} onApply={setText} price={priceOf(prices, 'reduce')} />
          </Box>
        )}
      </Stack>
    </Page>
  );
}
