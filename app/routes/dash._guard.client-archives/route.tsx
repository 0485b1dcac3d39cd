import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { UserPlus, Users } from 'lucide-react';
import { NewStudentInlineForm, useNewStudent } from '~/components/archives/new-student';
import { actionsColumn, type Column } from '~/components/list-page/data-table';
import { ListFilterForm } from '~/components/list-page/filter-form';
import { listHref } from '~/components/list-page/list-href';
import { ListTable } from '~/components/list-page/list-table';
import { OpenAndDelete, TitleLink } from '~/components/list-page/row-links';
import { Page } from '~/components/page';
import { RowActionDialog, RowActionNotices, useRowActionDialog, type PendingRowAction } from '~/components/ui/row-actions';
import { useActionAnswer } from '~/hooks/use-action-answer';
import { formatDateTime } from '~/services/dates';
import { ARCHIVES_PAGE_SIZE, archiveDetailHref, ARCHIVES_ROUTE, type ProfileSort } from '~/services/archives';
import { clientArchivesAction, clientArchivesLoader } from '~/services/pages/archives-pages.server';
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

const missing = (
  <Text as="span" color="gray.400">
    —
  </Text>
);

function columns(onAsk: (a: PendingRowAction) => void): Column<Student>[] {
  return [
    {
      key: 'name',
      header: '学生',
      cellProps: { maxW: { base: '36', sm: '52', md: '60' } },
      cell: (s) => (
        <TitleLink
          href={archiveDetailHref(s.id)}
          title={s.name}
          phoneLine={[s.currentSchool, s.major].filter(Boolean).join(' · ') || '未填写学校与专业'}
        />
      ),
    },
    {
      key: 'school',
      header: '学校',
      headerProps: { display: { base: 'none', md: 'table-cell' } },
      cellProps: { display: { base: 'none', md: 'table-cell' }, maxW: '56', truncate: true },
      cellPropsOf: (s) => ({ title: s.currentSchool ?? undefined }),
      cell: (s) => s.currentSchool ?? missing,
    },
    {
      key: 'major',
      header: '专业 / 学位',
      headerProps: { display: { base: 'none', md: 'table-cell' } },
      cellProps: { display: { base: 'none', md: 'table-cell' }, maxW: '56', truncate: true },
      cell: (s) => (
        <>
          {s.major ?? missing}
          {s.degree && (
            <Badge ms="2" size="sm" variant="subtle">
              {s.degree}
            </Badge>
          )}
        </>
      ),
    },
    {
      key: 'updated',
      header: '更新时间',
      headerProps: { display: { base: 'none', lg: 'table-cell' } },
      cellProps: { display: { base: 'none', lg: 'table-cell' }, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      cell: (s) => formatDateTime(s.updated_at),
    },
    actionsColumn((s) => (
      <OpenAndDelete
        href={archiveDetailHref(s.id)}
        openTestId="open-archive"
        action={askDelete(s)}
        onAsk={onAsk}
        deleteTestId="delete-archive"
      />
    )),
  ];
}

/** /dash/client-archives: the user's students, searchable and sortable, each opened or deleted from here. */
export default function ClientArchives() {
  const { list, query, sort, creating } = useLoaderData<typeof loader>();
  const data = useActionAnswer<typeof action>();
  const dialog = useRowActionDialog(data);
  const newStudent = useNewStudent();
  const row = data && 'stage' in data ? data : null;
  const create = data && 'intent' in data && data.intent === 'create' ? data : null;
  const hrefFor = (page: number) => listHref(ARCHIVES_ROUTE, { q: query, sort: sort !== 'updated' && sort }, page);

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
        <RowActionNotices
          answer={row}
          items={list.items}
          describe={askDelete}
          panelTestId="archive-confirm-panel"
          doneTestId="archive-action-done"
        />

        <ListFilterForm
          route={ARCHIVES_ROUTE}
          label="搜索学生档案"
          testId="archives-search"
          search={{ query, placeholder: '按姓名、学校、专业搜索', label: '搜索学生' }}
          filters={[{ name: 'sort', label: '排序', value: sort, options: Object.entries(SORT_LABELS), width: '36' }]}
        />

        <ListTable
          total={list.total}
          empty={{
            testId: 'archives-empty',
            icon: <Users />,
            title: query ? `没有找到与“${query}”相关的学生` : '还没有学生档案',
            description: query
              ? '换个关键词试试，或清除搜索查看全部学生。'
              : '点击「新建学生」，填写昵称或上传学生简历，AI 会自动整理档案。',
            clear: query ? { href: ARCHIVES_ROUTE, label: '清除搜索' } : null,
          }}
          summary={{ text: query ? `找到 ${list.total} 位学生` : `共 ${list.total} 位学生`, testId: 'archives-total' }}
          columns={columns(dialog.ask)}
          rows={list.items}
          rowKey={(s) => s.id}
          rowProps={() => ({ 'data-testid': 'archive-row' })}
          testId="archives"
          interactive
          pager={{ page: list.page, pageSize: ARCHIVES_PAGE_SIZE, hrefFor, label: '学生档案分页', testId: 'archives-pager' }}
        />
      </Stack>
      <RowActionDialog pending={dialog.pending} onClose={dialog.close} />
    </Page>
  );
}
