import { Badge, Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { FolderHeart, LayoutGrid, Rows3 } from 'lucide-react';
import type { ReactNode } from 'react';
import { WORK_TYPES } from '../../../contracts/work-constants';
import { actionsColumn, DataTable, type Column } from '~/components/list-page/data-table';
import { ListEmptyState } from '~/components/list-page/list-empty';
import { ListFilterForm } from '~/components/list-page/filter-form';
import { listHref } from '~/components/list-page/list-href';
import { OpenAndDelete, TitleLink } from '~/components/list-page/row-links';
import { Page } from '~/components/page';
import { HistoryPager } from '~/components/points/points-history-table';
import { RowActionButton, RowActionDialog, RowActionNotices, useRowActionDialog, type PendingRowAction } from '~/components/ui/row-actions';
import { AiRateBadge } from '~/components/works/ai-rate-badge';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { archiveDetailHref } from '~/services/archives';
import { formatDateTime } from '~/services/dates';
import { pageTitle } from '~/services/navigation';
import { WORK_TYPE_LABELS, workDetailHref, WORKS_PAGE_SIZE, WORKS_ROUTE } from '~/services/works';
import { myWorksAction, myWorksLoader, type WorksView } from '~/services/pages/works-pages.server';

const PAGE = '我的作品';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];
export const loader = (args: LoaderFunctionArgs) => myWorksLoader(PAGE, args);
export const action = (args: ActionFunctionArgs) => myWorksAction(PAGE, args);

type Work = ReturnType<typeof useLoaderData<typeof loader>>['list']['items'][number];

const askDelete = (w: Work): PendingRowAction => ({
  intent: 'delete',
  id: w.id,
  title: '删除作品？',
  body: `「${w.title}」及其全部 ${w.latestVersion} 个版本将被删除，且不能恢复。`,
  confirmText: '确认删除',
});

function Counts({ work }: { work: Work }) {
  return (
    <Text fontSize="xs" color="gray.500" fontVariantNumeric="tabular-nums">
      {work.wordCount} 词 · {work.charCount} 字符 · {work.latestVersion} 个版本
    </Text>
  );
}

function StudentLink({ work }: { work: Work }) {
  if (!work.clientProfileId || !work.clientName) {
    return (
      <Text as="span" color="gray.400">
        未关联学生
      </Text>
    );
  }
  return (
    <Link to={archiveDetailHref(work.clientProfileId)}>
      <Text as="span" color="blue.700">
        {work.clientName}
      </Text>
    </Link>
  );
}

function WorkCard({ work, onAsk }: { work: Work; onAsk: (a: PendingRowAction) => void }) {
  return (
    <Stack bg="white" rounded="xl" borderWidth="1px" p="4" gap="2.5" data-testid="work-card" minW="0">
      <HStack justify="space-between" gap="2">
        <Badge colorPalette="blue" variant="subtle">
          {WORK_TYPE_LABELS[work.type]}
        </Badge>
        <AiRateBadge rate={work.aiRate} label={work.aiLabel} />
      </HStack>
      <Link to={workDetailHref(work.id)}>
        <Text fontWeight="semibold" color="blue.800" lineClamp={2} title={work.title}>
          {work.title}
        </Text>
      </Link>
      <Text fontSize="sm" color="gray.600" lineClamp={3} minH="3lh">
        {work.excerpt || '（空白文档）'}
      </Text>
      <Counts work={work} />
      <HStack justify="space-between" gap="2" fontSize="sm" mt="auto">
        <Text truncate minW="0">
          <StudentLink work={work} />
        </Text>
        <Text fontSize="xs" color="gray.500" flexShrink="0" fontVariantNumeric="tabular-nums">
          {formatDateTime(work.updated_at)}
        </Text>
      </HStack>
      <HStack gap="1" justify="flex-end" borderTopWidth="1px" pt="2">
        <Button asChild size="xs" variant="ghost" colorPalette="blue">
          <Link to={workDetailHref(work.id)} data-testid="open-work">
            查看
          </Link>
        </Button>
        <RowActionButton action={askDelete(work)} onAsk={onAsk} label="删除" palette="red" testId="delete-work" />
      </HStack>
    </Stack>
  );
}

function columns(onAsk: (a: PendingRowAction) => void): Column<Work>[] {
  const wide = (at: 'md' | 'lg') => ({ display: { base: 'none', [at]: 'table-cell' } });
  return [
    {
      key: 'title',
      header: '标题',
      cellProps: { maxW: { base: '44', sm: '60', md: '72' } },
      cell: (w) => (
        <TitleLink
          href={workDetailHref(w.id)}
          title={w.title}
          phoneLine={`${WORK_TYPE_LABELS[w.type]}${w.clientName ? ` · ${w.clientName}` : ''}`}
        />
      ),
    },
    {
      key: 'type',
      header: '类型',
      headerProps: wide('md'),
      cellProps: { ...wide('md'), whiteSpace: 'nowrap' },
      cell: (w) => WORK_TYPE_LABELS[w.type],
    },
    {
      key: 'student',
      header: '学生',
      headerProps: wide('md'),
      cellProps: { ...wide('md'), maxW: '40', truncate: true },
      cell: (w) => <StudentLink work={w} />,
    },
    {
      key: 'words',
      header: '字数',
      headerProps: { ...wide('lg'), textAlign: 'end' },
      cellProps: { ...wide('lg'), textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
      cell: (w) => w.wordCount,
    },
    {
      key: 'ai',
      header: 'AI 率',
      headerProps: wide('lg'),
      cellProps: wide('lg'),
      cell: (w) => <AiRateBadge rate={w.aiRate} label={w.aiLabel} />,
    },
    {
      key: 'updated',
      header: '更新时间',
      headerProps: wide('lg'),
      cellProps: { ...wide('lg'), whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
      cell: (w) => formatDateTime(w.updated_at),
    },
    actionsColumn((w) => <OpenAndDelete href={workDetailHref(w.id)} action={askDelete(w)} onAsk={onAsk} deleteTestId="delete-work" />),
  ];
}

/** The two ways to show the works, as links that keep the filters. */
function ViewSwitch({ view, hrefFor }: { view: WorksView; hrefFor: (view: WorksView) => string }) {
  const option = (value: WorksView, icon: ReactNode, label: string) => (
    <Button asChild size="sm" variant={view === value ? 'solid' : 'outline'} bg={view === value ? undefined : 'white'}>
      <Link to={hrefFor(value)} aria-current={view === value ? 'true' : undefined}>
        {icon} {label}
      </Link>
    </Button>
  );
  return (
    <HStack gap="1" role="group" aria-label="显示方式" data-testid="works-view">
      {option('cards', <LayoutGrid size={14} />, '卡片')}
      {option('table', <Rows3 size={14} />, '列表')}
    </HStack>
  );
}

/** /dash/my-works: the works the writing tools saved, as cards or a table, filtered by type, student and text. */
export default function MyWorks() {
  const { list, query, type, student, view, students, deleted } = useLoaderData<typeof loader>();
  const data = useActionAnswer<typeof action>();
  const dialog = useRowActionDialog(data);
  const filtered = Boolean(query || type || student);
  const hrefFor = (page: number, nextView: WorksView = view) =>
    listHref(WORKS_ROUTE, { q: query, type, student, view: nextView !== 'cards' && nextView }, page);

  return (
    <Page
      title={PAGE}
      description="写作工具保存的文书与简历。每次生成和保存都会留下版本，可随时查看、比较和恢复。"
      maxW="6xl"
      actions={<ViewSwitch view={view} hrefFor={(v) => hrefFor(list.page, v)} />}
    >
      <Stack gap="5">
        <RowActionNotices
          answer={data}
          items={list.items}
          describe={askDelete}
          panelTestId="work-confirm-panel"
          doneTestId="work-action-done"
          doneFallback={deleted ? '作品已删除' : null}
        />

        <ListFilterForm
          route={WORKS_ROUTE}
          label="筛选作品"
          testId="works-filter"
          search={{ query, placeholder: '按标题或正文搜索', label: '搜索作品' }}
          hidden={view !== 'cards' ? { view } : undefined}
          wideAt="lg"
          filters={[
            {
              name: 'type',
              label: '作品类型',
              value: type,
              allLabel: '全部类型',
              options: WORK_TYPES.map((t) => [t, WORK_TYPE_LABELS[t]]),
              width: '40',
            },
            {
              name: 'student',
              label: '学生',
              value: student,
              allLabel: '全部学生',
              options: students.map((s) => [s.id, s.name]),
              width: '40',
            },
          ]}
        />

        {list.total === 0 ? (
          <ListEmptyState
            framed
            testId="works-empty"
            icon={<FolderHeart />}
            title={filtered ? '没有符合条件的作品' : '还没有作品'}
            description={filtered ? '换个关键词或筛选条件试试。' : '用写作工具生成文书并保存后，作品和它的版本历史会出现在这里。'}
            clear={filtered ? { href: view === 'cards' ? WORKS_ROUTE : `${WORKS_ROUTE}?view=${view}`, label: '清除筛选' } : null}
          />
        ) : (
          <Stack gap="3">
            <Text fontSize="sm" color="gray.600" data-testid="works-total">
              {filtered ? `找到 ${list.total} 个作品` : `共 ${list.total} 个作品`}
            </Text>
            {view === 'cards' ? (
              <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="works-cards">
                {list.items.map((w) => (
                  <WorkCard key={w.id} work={w} onAsk={dialog.ask} />
                ))}
              </SimpleGrid>
            ) : (
              <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '3', md: '4' }}>
                <DataTable
                  columns={columns(dialog.ask)}
                  rows={list.items}
                  rowKey={(w) => w.id}
                  rowProps={() => ({ 'data-testid': 'work-row' })}
                  testId="works-table"
                  interactive
                />
              </Box>
            )}
            <HistoryPager
              page={list.page}
              pageSize={WORKS_PAGE_SIZE}
              total={list.total}
              hrefFor={(p) => hrefFor(p)}
              label="作品分页"
              testId="works-pager"
            />
          </Stack>
        )}
      </Stack>
      <RowActionDialog pending={dialog.pending} onClose={dialog.close} />
    </Page>
  );
}
