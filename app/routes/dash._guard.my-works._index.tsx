import { Badge, Box, Button, EmptyState, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { FolderHeart, LayoutGrid, Rows3, Search } from 'lucide-react';
import { WORK_TYPES } from '../../contracts/work-constants';
import { FilterSelect } from '~/components/filter-select';
import { Page } from '~/components/page';
import { HistoryPager } from '~/components/points/points-history-table';
import { ConfirmPanel } from '~/components/ui/confirm-panel';
import { FormAlert } from '~/components/ui/form-alert';
import { RowActionButton, RowActionDialog, useRowActionDialog, type PendingRowAction } from '~/components/ui/row-actions';
import { AiRateBadge } from '~/components/works/ai-rate-badge';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { archiveDetailHref } from '~/services/archives';
import { formatDateTime } from '~/services/dates';
import { pageTitle } from '~/services/navigation';
import { WORK_TYPE_LABELS, workDetailHref, WORKS_PAGE_SIZE, WORKS_ROUTE } from '~/services/works';
import { myWorksAction, myWorksLoader, type WorksView } from '~/services/works-pages.server';

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

function WorksTable({ items, onAsk }: { items: Work[]; onAsk: (a: PendingRowAction) => void }) {
  return (
    <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '3', md: '4' }}>
      <Table.ScrollArea>
        <Table.Root size="sm" data-testid="works-table" interactive>
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader>标题</Table.ColumnHeader>
              <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>类型</Table.ColumnHeader>
              <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>学生</Table.ColumnHeader>
              <Table.ColumnHeader display={{ base: 'none', lg: 'table-cell' }} textAlign="end">
                字数
              </Table.ColumnHeader>
              <Table.ColumnHeader display={{ base: 'none', lg: 'table-cell' }}>AI 率</Table.ColumnHeader>
              <Table.ColumnHeader display={{ base: 'none', lg: 'table-cell' }}>更新时间</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">操作</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((w) => (
              <Table.Row key={w.id} data-testid="work-row">
                <Table.Cell maxW={{ base: '44', sm: '60', md: '72' }}>
                  <Link to={workDetailHref(w.id)}>
                    <Text fontWeight="medium" color="blue.700" truncate title={w.title}>
                      {w.title}
                    </Text>
                  </Link>
                  <Text fontSize="xs" color="gray.500" truncate display={{ base: 'block', md: 'none' }}>
                    {WORK_TYPE_LABELS[w.type]}
                    {w.clientName ? ` · ${w.clientName}` : ''}
                  </Text>
                </Table.Cell>
                <Table.Cell display={{ base: 'none', md: 'table-cell' }} whiteSpace="nowrap">
                  {WORK_TYPE_LABELS[w.type]}
                </Table.Cell>
                <Table.Cell display={{ base: 'none', md: 'table-cell' }} maxW="40" truncate>
                  <StudentLink work={w} />
                </Table.Cell>
                <Table.Cell display={{ base: 'none', lg: 'table-cell' }} textAlign="end" fontVariantNumeric="tabular-nums">
                  {w.wordCount}
                </Table.Cell>
                <Table.Cell display={{ base: 'none', lg: 'table-cell' }}>
                  <AiRateBadge rate={w.aiRate} label={w.aiLabel} />
                </Table.Cell>
                <Table.Cell display={{ base: 'none', lg: 'table-cell' }} whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  {formatDateTime(w.updated_at)}
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <HStack gap="1" justify="flex-end">
                    <Button asChild size="xs" variant="ghost" colorPalette="blue" display={{ base: 'none', sm: 'inline-flex' }}>
                      <Link to={workDetailHref(w.id)}>查看</Link>
                    </Button>
                    <RowActionButton action={askDelete(w)} onAsk={onAsk} label="删除" palette="red" testId="delete-work" />
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}

/** /dash/my-works: the works the writing tools saved, as cards or a table, filtered by type, student and text. */
export default function MyWorks() {
  const { list, query, type, student, view, students, deleted } = useLoaderData<typeof loader>();
  const data = useActionAnswer<typeof action>();
  const dialog = useRowActionDialog(data);
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location?.pathname === WORKS_ROUTE;
  const asking = data?.stage === 'confirm' ? list.items.find((w) => w.id === data.id) : undefined;
  const filtered = Boolean(query || type || student);
  const hrefFor = (page: number, nextView: WorksView = view) => {
    const params = new URLSearchParams({
      ...(query && { q: query }),
      ...(type && { type }),
      ...(student && { student }),
      ...(nextView !== 'cards' && { view: nextView }),
      ...(page > 1 && { page: String(page) }),
    });
    return params.size ? `${WORKS_ROUTE}?${params}` : WORKS_ROUTE;
  };

  return (
    <Page
      title={PAGE}
      description="写作工具保存的文书与简历。每次生成和保存都会留下版本，可随时查看、比较和恢复。"
      maxW="6xl"
      actions={
        <HStack gap="1" role="group" aria-label="显示方式" data-testid="works-view">
          <Button asChild size="sm" variant={view === 'cards' ? 'solid' : 'outline'} bg={view === 'cards' ? undefined : 'white'}>
            <Link to={hrefFor(list.page, 'cards')} aria-current={view === 'cards' ? 'true' : undefined}>
              <LayoutGrid size={14} /> 卡片
            </Link>
          </Button>
          <Button asChild size="sm" variant={view === 'table' ? 'solid' : 'outline'} bg={view === 'table' ? undefined : 'white'}>
            <Link to={hrefFor(list.page, 'table')} aria-current={view === 'table' ? 'true' : undefined}>
              <Rows3 size={14} /> 列表
            </Link>
          </Button>
        </HStack>
      }
    >
      <Stack gap="5">
        {asking && (
          <ConfirmPanel title="删除作品？" fields={{ intent: 'delete', id: asking.id }} confirmText="确认删除" testId="work-confirm-panel">
            「{asking.title}」及其全部版本将被删除，且不能恢复。
          </ConfirmPanel>
        )}
        <FormAlert status="success" testId="work-action-done">
          {data?.stage === 'done' ? data.message : deleted ? '作品已删除' : null}
        </FormAlert>
        <FormAlert>{data?.stage === 'failed' ? data.error : null}</FormAlert>

        <Form method="get" role="search" aria-label="筛选作品" data-testid="works-filter">
          {view !== 'cards' && <input type="hidden" name="view" value={view} />}
          <Stack direction={{ base: 'column', lg: 'row' }} gap="2">
            <Input
              // Keyed by the URL's query: 清除筛选 and back/forward must not leave stale text behind.
              key={query}
              name="q"
              defaultValue={query}
              placeholder="按标题或正文搜索"
              aria-label="搜索作品"
              maxLength={100}
              flex={{ lg: '1' }}
              bg="white"
            />
            <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
              <FilterSelect
                name="type"
                label="作品类型"
                value={type}
                allLabel="全部类型"
                options={WORK_TYPES.map((t) => [t, WORK_TYPE_LABELS[t]])}
                width="40"
              />
              <FilterSelect
                name="student"
                label="学生"
                value={student}
                allLabel="全部学生"
                options={students.map((s) => [s.id, s.name])}
                width="40"
              />
              <Button type="submit" variant="outline" loading={searching} bg="white">
                <Search size={16} /> 搜索
              </Button>
            </Stack>
          </Stack>
        </Form>

        {list.total === 0 ? (
          <EmptyState.Root size="sm" bg="white" borderWidth="1px" rounded="xl" data-testid="works-empty">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <FolderHeart />
              </EmptyState.Indicator>
              {filtered ? (
                <>
                  <EmptyState.Title>没有符合条件的作品</EmptyState.Title>
                  <EmptyState.Description>换个关键词或筛选条件试试。</EmptyState.Description>
                  <Button asChild size="sm" variant="outline">
                    <Link to={view === 'cards' ? WORKS_ROUTE : `${WORKS_ROUTE}?view=${view}`}>清除筛选</Link>
                  </Button>
                </>
              ) : (
                <>
                  <EmptyState.Title>还没有作品</EmptyState.Title>
                  <EmptyState.Description>用写作工具生成文书并保存后，作品和它的版本历史会出现在这里。</EmptyState.Description>
                </>
              )}
            </EmptyState.Content>
          </EmptyState.Root>
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
              <WorksTable items={list.items} onAsk={dialog.ask} />
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
