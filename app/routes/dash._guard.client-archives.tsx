import { Badge, Box, Button, EmptyState, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { Search, UserPlus, Users } from 'lucide-react';
import { NewStudentInlineForm, useNewStudent } from '~/components/archives/new-student';
import { Page } from '~/components/page';
import { HistoryPager } from '~/components/points/points-history-table';
import { ConfirmPanel } from '~/components/ui/confirm-panel';
import { FormAlert } from '~/components/ui/form-alert';
import { RowActionButton, RowActionDialog, useRowActionDialog, type PendingRowAction } from '~/components/ui/row-actions';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { formatDateTime } from '~/services/dates';
import { ARCHIVES_PAGE_SIZE, archiveDetailHref, ARCHIVES_ROUTE, type ProfileSort } from '~/services/archives';
import { clientArchivesAction, clientArchivesLoader } from '~/services/archives-pages.server';
import { pageTitle } from '~/services/navigation';

const PAGE = '学生档案';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];
export const loader = (args: LoaderFunctionArgs) => clientArchivesLoader(PAGE, args);
export const action = (args: ActionFunctionArgs) => clientArchivesAction(PAGE, args);

const SORT_LABELS: Record<ProfileSort, string> = { updated: '最近更新', created: '最近创建', name: '姓名' };

type Student = ReturnType<typeof useLoaderData<typeof loader>>['list']['items'][number];

const askDelete = (s: Student): PendingRowAction => ({
  intent: 'delete',
  id: s.id,
  title: '删除学生档案？',
  body: `「${s.name}」的档案将被删除，且不能恢复。`,
  confirmText: '确认删除',
});

/** /dash/client-archives: the user's students, searchable and sortable, each opened or deleted from here. */
export default function ClientArchives() {
  const { list, query, sort, creating } = useLoaderData<typeof loader>();
  const data = useActionAnswer<typeof action>();
  const dialog = useRowActionDialog(data);
  const newStudent = useNewStudent();
  const submit = useSubmit();
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location?.pathname === ARCHIVES_ROUTE;
  const row = data && 'stage' in data ? data : null;
  const asking = row?.stage === 'confirm' ? list.items.find((s) => s.id === row.id) : undefined;
  const create = data && 'intent' in data && data.intent === 'create' ? data : null;
  const hrefFor = (page: number) => {
    const params = new URLSearchParams({
      ...(query && { q: query }),
      ...(sort !== 'updated' && { sort }),
      ...(page > 1 && { page: String(page) }),
    });
    return params.size ? `${ARCHIVES_ROUTE}?${params}` : ARCHIVES_ROUTE;
  };

  return (
    <Page
      title={PAGE}
      description="每位学生的背景、成绩与经历。写文书时选择学生，AI 会参考档案内容。"
      actions={
        <Button asChild colorPalette="blue" size="sm">
          <Link to={`${ARCHIVES_ROUTE}?new=1#new-student`} onClick={newStudent.openFromLink} data-testid="archives-new-student">
            <UserPlus size={16} /> 新建学生
          </Link>
        </Button>
      }
    >
      <Stack gap="5">
        {(creating || create) && <NewStudentInlineForm failure={create && !create.ok ? create : null} />}
        {asking && (
          <ConfirmPanel
            title="删除学生档案？"
            fields={{ intent: 'delete', id: asking.id }}
            confirmText="确认删除"
            testId="archive-confirm-panel"
          >
            「{asking.name}」的档案将被删除，且不能恢复。
          </ConfirmPanel>
        )}
        <FormAlert status="success" testId="archive-action-done">
          {row?.stage === 'done' ? row.message : null}
        </FormAlert>
        <FormAlert>{row?.stage === 'failed' ? row.error : null}</FormAlert>

        <Form method="get" role="search" aria-label="搜索学生档案" data-testid="archives-search">
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
            <Input
              // Keyed by the URL's query: 清除筛选 and back/forward must not leave stale text behind.
              key={query}
              name="q"
              defaultValue={query}
              placeholder="按姓名、学校、专业搜索"
              aria-label="搜索学生"
              maxLength={100}
              flex={{ sm: '1' }}
              bg="white"
            />
            <HStack gap="2">
              <NativeSelect.Root size="md" width={{ base: 'full', sm: '36' }}>
                <NativeSelect.Field
                  key={sort}
                  name="sort"
                  defaultValue={sort}
                  aria-label="排序"
                  bg="white"
                  onChange={(e) => submit(e.currentTarget.form)}
                >
                  {Object.entries(SORT_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Button type="submit" variant="outline" loading={searching} bg="white">
                <Search size={16} /> 搜索
              </Button>
            </HStack>
          </Stack>
        </Form>

        {list.total === 0 ? (
          <EmptyState.Root size="sm" bg="white" borderWidth="1px" rounded="xl" data-testid="archives-empty">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <Users />
              </EmptyState.Indicator>
              {query ? (
                <>
                  <EmptyState.Title>没有找到与“{query}”相关的学生</EmptyState.Title>
                  <EmptyState.Description>换个关键词试试，或清除搜索查看全部学生。</EmptyState.Description>
                  <Button asChild size="sm" variant="outline">
                    <Link to={ARCHIVES_ROUTE}>清除搜索</Link>
                  </Button>
                </>
              ) : (
                <>
                  <EmptyState.Title>还没有学生档案</EmptyState.Title>
                  <EmptyState.Description>点击「新建学生」，填写昵称或上传学生简历，AI 会自动整理档案。</EmptyState.Description>
                </>
              )}
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '3', md: '4' }}>
            <Text fontSize="sm" color="gray.600" mb="3" data-testid="archives-total">
              {query ? `找到 ${list.total} 位学生` : `共 ${list.total} 位学生`}
            </Text>
            <Table.ScrollArea>
              <Table.Root size="sm" data-testid="archives" interactive>
                <Table.Header>
                  <Table.Row bg="gray.50">
                    <Table.ColumnHeader>学生</Table.ColumnHeader>
                    <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>学校</Table.ColumnHeader>
                    <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>专业 / 学位</Table.ColumnHeader>
                    <Table.ColumnHeader display={{ base: 'none', lg: 'table-cell' }}>更新时间</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">操作</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {list.items.map((s) => (
                    <Table.Row key={s.id} data-testid="archive-row">
                      <Table.Cell maxW={{ base: '36', sm: '52', md: '60' }}>
                        <Link to={archiveDetailHref(s.id)}>
                          <Text fontWeight="medium" color="blue.700" truncate title={s.name}>
                            {s.name}
                          </Text>
                        </Link>
                        <Text fontSize="xs" color="gray.500" truncate display={{ base: 'block', md: 'none' }}>
                          {[s.currentSchool, s.major].filter(Boolean).join(' · ') || '未填写学校与专业'}
                        </Text>
                      </Table.Cell>
                      <Table.Cell display={{ base: 'none', md: 'table-cell' }} maxW="56" truncate title={s.currentSchool ?? undefined}>
                        {s.currentSchool ?? (
                          <Text as="span" color="gray.400">
                            —
                          </Text>
                        )}
                      </Table.Cell>
                      <Table.Cell display={{ base: 'none', md: 'table-cell' }} maxW="56" truncate>
                        {s.major ?? (
                          <Text as="span" color="gray.400">
                            —
                          </Text>
                        )}
                        {s.degree && (
                          <Badge ms="2" size="sm" variant="subtle">
                            {s.degree}
                          </Badge>
                        )}
                      </Table.Cell>
                      <Table.Cell display={{ base: 'none', lg: 'table-cell' }} fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                        {formatDateTime(s.updated_at)}
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        <HStack gap="1" justify="flex-end">
                          {/* On a phone the name is the link: room for 删除. */}
                          <Button asChild size="xs" variant="ghost" colorPalette="blue" display={{ base: 'none', sm: 'inline-flex' }}>
                            <Link to={archiveDetailHref(s.id)} data-testid="open-archive">
                              查看
                            </Link>
                          </Button>
                          <RowActionButton action={askDelete(s)} onAsk={dialog.ask} label="删除" palette="red" testId="delete-archive" />
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <HistoryPager
              page={list.page}
              pageSize={ARCHIVES_PAGE_SIZE}
              total={list.total}
              hrefFor={hrefFor}
              label="学生档案分页"
              testId="archives-pager"
            />
          </Box>
        )}
      </Stack>
      <RowActionDialog pending={dialog.pending} onClose={dialog.close} />
    </Page>
  );
}
