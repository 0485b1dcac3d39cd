import { Badge, Box, Button, Field, Grid, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { ArrowLeft, FileDown, GitCompare, PenLine, ScanSearch } from 'lucide-react';
import { CV_LENGTH_LABELS, CV_LENGTHS } from '../../../contracts/ai-operation-constants';
import type { DiffPart } from '../../../contracts/works';
import { Page } from '~/components/page';
import { ConfirmPanel } from '~/components/ui/confirm-panel';
import { FormAlert } from '~/components/ui/form-alert';
import { RowActionButton, RowActionDialog, useRowActionDialog, type PendingRowAction } from '~/components/ui/row-actions';
import { AiRateBadge } from '~/components/works/ai-rate-badge';
import { WorkDocument } from '~/components/works/work-document';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { archiveDetailHref } from '~/services/archives';
import { formatDateTime } from '~/services/dates';
import { REDUCE_AI_ROUTE } from '~/services/detection';
import { workExportHref } from '~/services/work-export';
import { pageTitle } from '~/services/navigation';
import {
  openInWritingPageHref,
  VERSION_SOURCE_LABELS,
  WORK_TYPE_LABELS,
  workDetailHref,
  WORKS_ROUTE,
  writingPageOf,
} from '~/services/works';
import { workDetailAction, workDetailLoader } from '~/services/pages/works-pages.server';

const PAGE = '作品详情';
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.work.title ?? PAGE) }];
export const loader = (args: LoaderFunctionArgs) => workDetailLoader(PAGE, args);
export const action = (args: ActionFunctionArgs) => workDetailAction(PAGE, args);

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Version = Data['versions'][number];

const versionName = (v: Pick<Version, 'number' | 'source'>) => `版本 ${v.number}（${VERSION_SOURCE_LABELS[v.source]}）`;

function Card({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '4', md: '5' }} data-testid={testId} minW="0">
      <Text fontWeight="semibold" mb="3">
        {title}
      </Text>
      {children}
    </Box>
  );
}

function Meta({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <HStack justify="space-between" gap="3" fontSize="sm" py="1">
      <Text color="gray.500" flexShrink="0">
        {label}
      </Text>
      <Box textAlign="end" minW="0" truncate>
        {children}
      </Box>
    </HStack>
  );
}

/** The word-level comparison: deletions struck through in red, insertions underlined in green. */
function Diff({ parts }: { parts: DiffPart[] }) {
  return (
    <Box whiteSpace="pre-wrap" lineHeight="1.9" overflowWrap="anywhere" data-testid="version-diff">
      {parts.map((part, i) =>
        part.type === 'equal' ? (
          <span key={i}>{part.text}</span>
        ) : part.type === 'insert' ? (
          <Box as="ins" key={i} bg="green.100" color="green.900" textDecoration="underline" data-testid="diff-insert">
            {part.text}
          </Box>
        ) : (
          <Box as="del" key={i} bg="red.100" color="red.800" data-testid="diff-delete">
            {part.text}
          </Box>
        ),
      )}
    </Box>
  );
}

function VersionSelect({ name, label, value, versions }: { name: string; label: string; value: string; versions: Version[] }) {
  return (
    <Field.Root flex="1" minW="0">
      <Field.Label fontSize="xs" color="gray.600">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field name={name} defaultValue={value} bg="white">
          {versions.map((v) => (
            <option key={v.id} value={v.id}>
              {versionName(v)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

const EXPORT_LABELS = { docx: '导出 Word', pdf: '导出 PDF' } as const;

/**
 * Word and PDF downloads. A CV also picks its layout (one page, compact, or two pages): a plain GET
 * form to the same download address, so the choice works without JavaScript.
 */
function WorkExport({ workId, cv }: { workId: string; cv: boolean }) {
  if (!cv) {
    return (['docx', 'pdf'] as const).map((format) => (
      <Button key={format} asChild variant="outline" size="sm" bg="white">
        <a href={workExportHref(workId, format)} download data-testid={`export-${format}`}>
          <FileDown size={16} /> {EXPORT_LABELS[format]}
        </a>
      </Button>
    ));
  }
  const action = workExportHref(workId, 'docx').split('?')[0];
  return (
    <form method="get" action={action} data-testid="cv-export">
      <HStack gap="2" flexWrap="wrap">
        <NativeSelect.Root size="sm" w="auto" minW="7.5rem" bg="white">
          <NativeSelect.Field name="cvLength" aria-label="简历版式" defaultValue="one_page" data-testid="cv-export-length">
            {CV_LENGTHS.map((length) => (
              <option key={length} value={length}>
                {CV_LENGTH_LABELS[length]}版式
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {(['docx', 'pdf'] as const).map((format) => (
          <Button
            key={format}
            type="submit"
            name="format"
            value={format}
            variant="outline"
            size="sm"
            bg="white"
            data-testid={`export-${format}`}
          >
            <FileDown size={16} /> {EXPORT_LABELS[format]}
          </Button>
        ))}
      </HStack>
    </form>
  );
}

type Work = Data['work'];
type Comparison = NonNullable<Data['comparison']>;
type Ask = (action: PendingRowAction) => void;

const askRestore = (v: Version): PendingRowAction => ({
  intent: 'restore',
  id: v.id,
  title: `恢复到${versionName(v)}？`,
  body: '当前内容会保留在版本历史中，恢复后会生成一个新版本，不会丢失任何内容。',
  confirmText: '确认恢复',
  palette: 'blue',
});
const askDelete = (work: Pick<Work, 'id' | 'title'>): PendingRowAction => ({
  intent: 'delete',
  id: work.id,
  title: '删除作品？',
  body: `「${work.title}」及其全部版本将被删除，且不能恢复。`,
  confirmText: '确认删除',
});

/** /dash/my-works/my-works-detail?id= (also /dash/works/works-detail): a work, read, with its versions. */
export default function WorkDetail() {
  const { work, versions, version, comparison, compareFrom, compareTo, restored, renamed } = useLoaderData<typeof loader>();
  const data = useActionAnswer<typeof action>();
  const dialog = useRowActionDialog(data);
  const row = data && 'stage' in data ? data : null;
  const rename = data && 'intent' in data && data.intent === 'rename' ? data : null;
  const latest = versions[0];
  const here = workDetailHref(work.id);
  const asking = row?.stage === 'confirm' ? row : null;
  const askingVersion = asking?.intent === 'restore' ? versions.find((v) => v.id === asking.id) : undefined;

  return (
    <Page
      title={work.title}
      description={`${WORK_TYPE_LABELS[work.type]}${work.clientName ? ` · ${work.clientName}` : ''}`}
      maxW="7xl"
      actions={<WorkActions work={work} onAsk={dialog.ask} />}
    >
      <Stack gap="5">
        {asking && (
          <ConfirmPanel
            title={asking.intent === 'delete' ? askDelete(work).title : askingVersion ? askRestore(askingVersion).title : '恢复版本？'}
            fields={{ intent: asking.intent, id: asking.id }}
            confirmText={asking.intent === 'delete' ? '确认删除' : '确认恢复'}
            testId="work-confirm-panel"
          >
            {asking.intent === 'delete' ? askDelete(work).body : '当前内容会保留在版本历史中，恢复后会生成一个新版本。'}
          </ConfirmPanel>
        )}
        <FormAlert status="success" testId="work-action-done">
          {restored ? '已恢复到所选版本，并保存为新版本。' : renamed ? '标题已保存' : null}
        </FormAlert>
        <FormAlert>{row?.stage === 'failed' ? row.error : null}</FormAlert>

        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 340px' }} gap="5" alignItems="start">
          <Stack gap="4" minW="0">
            {comparison ? (
              <VersionCompare comparison={comparison} here={here} />
            ) : version ? (
              <VersionView version={version} latest={latest} here={here} onAsk={dialog.ask} />
            ) : (
              <Card title="正文" testId="work-content">
                <WorkDocument blocks={work.content.blocks} testId="work-document" />
              </Card>
            )}
          </Stack>

          <Stack gap="4" minW="0">
            <WorkInfo work={work} rename={rename} />
            <VersionHistory
              workId={work.id}
              versions={versions}
              viewing={version?.id}
              compareFrom={compareFrom}
              compareTo={compareTo}
              onAsk={dialog.ask}
            />
          </Stack>
        </Grid>
      </Stack>
      <RowActionDialog pending={dialog.pending} onClose={dialog.close} />
    </Page>
  );
}

/** The header: back to the list, open in the writing page, the AI-rate check, export, delete. */
function WorkActions({ work, onAsk }: { work: Work; onAsk: Ask }) {
  const writing = writingPageOf(work.type);
  return (
    <HStack gap="2" flexWrap="wrap">
      <Button asChild variant="outline" size="sm" bg="white">
        <Link to={WORKS_ROUTE}>
          <ArrowLeft size={16} /> 返回列表
        </Link>
      </Button>
      {/* A 降AI率 result's page is the check page: 查AI率 below opens it there. */}
      {work.type === 'reduce' ? null : writing.available ? (
        <Button asChild colorPalette="blue" size="sm">
          <Link to={openInWritingPageHref(work.type, work.id)} data-testid="open-in-writing-page">
            <PenLine size={16} /> 在写作页打开
          </Link>
        </Button>
      ) : (
        <Button size="sm" variant="outline" disabled title="写作页即将开放" data-testid="open-in-writing-page">
          <PenLine size={16} /> 在写作页打开
          <Badge size="xs" ms="1">
            未开放
          </Badge>
        </Button>
      )}
      <Button asChild variant="outline" size="sm" bg="white">
        <Link to={`${REDUCE_AI_ROUTE}?workId=${encodeURIComponent(work.id)}`} data-testid="check-ai-rate">
          <ScanSearch size={16} /> 查AI率
        </Link>
      </Button>
      <WorkExport workId={work.id} cv={work.type === 'cv'} />
      <Box borderWidth="1px" borderColor="red.200" rounded="md" bg="white">
        <RowActionButton action={askDelete(work)} onAsk={onAsk} label="删除作品" palette="red" testId="delete-work" />
      </Box>
    </HStack>
  );
}

function VersionCompare({ comparison, here }: { comparison: Comparison; here: string }) {
  return (
    <Card title="版本比较" testId="version-compare">
      <Stack gap="3">
        <HStack gap="2" flexWrap="wrap" fontSize="sm">
          <Badge colorPalette="red" variant="subtle">
            旧：{versionName(comparison.from)}
          </Badge>
          <Text color="gray.500">→</Text>
          <Badge colorPalette="green" variant="subtle">
            新：{versionName(comparison.to)}
          </Badge>
          <Link to={here}>
            <Text as="span" color="blue.700" fontSize="sm">
              关闭比较
            </Text>
          </Link>
        </HStack>
        {comparison.coarse && (
          <Text fontSize="xs" color="orange.700">
            两个版本差异较大，已按行比较。
          </Text>
        )}
        {comparison.parts.every((p) => p.type === 'equal') ? (
          <Text color="gray.600" data-testid="diff-same">
            两个版本的正文相同。
          </Text>
        ) : (
          <Diff parts={comparison.parts} />
        )}
      </Stack>
    </Card>
  );
}

/** An earlier version, read; it can be restored as the newest. */
function VersionView({
  version,
  latest,
  here,
  onAsk,
}: {
  version: NonNullable<Data['version']>;
  latest: Version | undefined;
  here: string;
  onAsk: Ask;
}) {
  return (
    <Card title={`${versionName(version)} · ${formatDateTime(version.created_at)}`} testId="version-view">
      <Stack gap="4">
        <HStack gap="2" flexWrap="wrap" bg="blue.50" rounded="md" px="3" py="2" fontSize="sm">
          <Text flex="1" minW="40">
            你正在查看历史版本，当前作品内容未改变。
          </Text>
          {latest && version.id !== latest.id && (
            <RowActionButton action={askRestore(version)} onAsk={onAsk} label="恢复此版本" palette="blue" testId="restore-version" />
          )}
          <Link to={here}>
            <Text as="span" color="blue.700">
              返回当前内容
            </Text>
          </Link>
        </HStack>
        <WorkDocument blocks={version.content.blocks} testId="version-document" />
      </Stack>
    </Card>
  );
}

type RenameAnswer = { errors: { title?: string; form?: string }; values: { title?: string } } | null;

/** 作品信息, with the title's rename form. */
function WorkInfo({ work, rename }: { work: Work; rename: RenameAnswer }) {
  const navigation = useNavigation();
  const renaming = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'rename';
  return (
    <Card title="作品信息" testId="work-meta">
      <Meta label="类型">{WORK_TYPE_LABELS[work.type]}</Meta>
      <Meta label="学生">
        {work.clientProfileId && work.clientName ? (
          <Link to={archiveDetailHref(work.clientProfileId)}>
            <Text as="span" color="blue.700">
              {work.clientName}
            </Text>
          </Link>
        ) : (
          <Text as="span" color="gray.400">
            未关联学生
          </Text>
        )}
      </Meta>
      <Meta label="字数">
        <Text as="span" fontVariantNumeric="tabular-nums">
          {work.wordCount} 词 · {work.charCount} 字符
        </Text>
      </Meta>
      <Meta label="AI 率">
        <AiRateBadge rate={work.aiRate} label={work.aiLabel} />
      </Meta>
      <Meta label="创建时间">{formatDateTime(work.created_at)}</Meta>
      <Meta label="最近更新">{formatDateTime(work.updated_at)}</Meta>
      <Form method="post" aria-label="修改标题">
        <input type="hidden" name="intent" value="rename" />
        <Field.Root invalid={Boolean(rename?.errors.title ?? rename?.errors.form)} mt="3">
          <Field.Label fontSize="sm">标题</Field.Label>
          <HStack gap="2" w="full">
            <Input name="title" size="sm" defaultValue={rename?.values.title ?? work.title} maxLength={200} bg="white" />
            <Button type="submit" size="sm" variant="outline" loading={renaming}>
              保存
            </Button>
          </HStack>
          <Field.ErrorText>{rename?.errors.title ?? rename?.errors.form}</Field.ErrorText>
        </Field.Root>
      </Form>
    </Card>
  );
}

/** 版本历史: every version, newest first, to view, restore, or compare two of. */
function VersionHistory({
  workId,
  versions,
  viewing,
  compareFrom,
  compareTo,
  onAsk,
}: {
  workId: string;
  versions: Version[];
  viewing: string | undefined;
  compareFrom: string | null;
  compareTo: string | null;
  onAsk: Ask;
}) {
  const latest = versions[0];
  const here = workDetailHref(workId);
  return (
    <Card title={`版本历史（${versions.length}）`} testId="version-history">
      {versions.length >= 2 && (
        <Form method="get" aria-label="比较版本">
          <input type="hidden" name="id" value={workId} />
          <Stack gap="2" mb="4">
            <Stack direction={{ base: 'column', sm: 'row', lg: 'row' }} gap="2" align={{ sm: 'flex-end' }}>
              <VersionSelect name="from" label="旧版本" value={compareFrom ?? versions[1]!.id} versions={versions} />
              <VersionSelect name="to" label="新版本" value={compareTo ?? versions[0]!.id} versions={versions} />
            </Stack>
            <Button type="submit" size="sm" variant="outline" data-testid="compare-versions">
              <GitCompare size={14} /> 比较
            </Button>
          </Stack>
        </Form>
      )}
      <Stack as="ol" gap="0" listStyleType="none" maxH={{ lg: '480px' }} overflowY="auto">
        {versions.map((v) => (
          <Box
            as="li"
            key={v.id}
            borderTopWidth="1px"
            py="2.5"
            data-testid="version-row"
            bg={viewing === v.id ? 'blue.50' : undefined}
            px="1"
          >
            <HStack justify="space-between" gap="2">
              <Box minW="0">
                <Text fontSize="sm" fontWeight="medium">
                  {versionName(v)}
                  {v.id === latest?.id && (
                    <Badge size="xs" colorPalette="green" ms="1.5">
                      当前
                    </Badge>
                  )}
                </Text>
                <Text fontSize="xs" color="gray.500" fontVariantNumeric="tabular-nums">
                  {formatDateTime(v.created_at)} · {v.wordCount} 词
                </Text>
              </Box>
              <HStack gap="0.5" flexShrink="0">
                <Button asChild size="xs" variant="ghost" colorPalette="blue">
                  <Link to={`${here}&version=${encodeURIComponent(v.id)}`} data-testid="view-version">
                    查看
                  </Link>
                </Button>
                {v.id !== latest?.id && (
                  <RowActionButton action={askRestore(v)} onAsk={onAsk} label="恢复" palette="blue" testId="restore-version" />
                )}
              </HStack>
            </HStack>
          </Box>
        ))}
      </Stack>
      {versions.length === 0 && (
        <Text fontSize="sm" color="gray.500">
          还没有版本。
        </Text>
      )}
    </Card>
  );
}
