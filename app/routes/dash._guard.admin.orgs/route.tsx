import { Stack } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Building2 } from 'lucide-react';
import type { AdminOrg } from '../../../contracts/orgs';
import { formatBeijingTime } from '~/components/admin/format';
import { ConsoleList } from '~/components/console/console-list';
import type { Column } from '~/components/list-page/data-table';
import { ListFilterForm } from '~/components/list-page/filter-form';
import { listHref } from '~/components/list-page/list-href';
import { Page } from '~/components/page';
import { pageTitle } from '~/services/navigation';
import { adminOrgsLoader } from './orgs.server';

// Not imported from the .server module: that one is empty in the browser bundle.
const PAGE = '机构';
const ROUTE = '/dash/admin/orgs';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

export const loader = (args: LoaderFunctionArgs) => adminOrgsLoader(args);

const COLUMNS: Column<AdminOrg>[] = [
  { key: 'name', header: '机构名称', cell: (row) => row.name },
  { key: 'owners', header: '所有者', cell: (row) => row.owners.join('、') || '—' },
  { key: 'members', header: '成员', cellProps: { fontVariantNumeric: 'tabular-nums' }, cell: (row) => row.memberCount },
  { key: 'students', header: '学生', cellProps: { fontVariantNumeric: 'tabular-nums' }, cell: (row) => row.studentCount },
  { key: 'works', header: '作品', cellProps: { fontVariantNumeric: 'tabular-nums' }, cell: (row) => row.workCount },
  {
    key: 'created',
    header: '创建时间',
    cellProps: { fontVariantNumeric: 'tabular-nums' },
    cell: (row) => formatBeijingTime(row.createdAt),
  },
];

export default function AdminOrgs() {
  const { items, page, pageSize, total, q } = useLoaderData<typeof loader>();
  return (
    <Page title={PAGE} description="用户创建的机构：所有者、成员数，以及机构名下的学生和作品数量。">
      <Stack gap="6">
        <ListFilterForm
          route={ROUTE}
          label="搜索机构"
          testId="admin-orgs-filters"
          search={{ query: q, placeholder: '按机构名称搜索', label: '搜索机构' }}
          filters={[]}
        />
        <ConsoleList
          title={q ? `搜索结果（${total} 个）` : `全部机构（${total} 个）`}
          empty={{
            testId: 'admin-orgs-empty',
            icon: <Building2 />,
            title: q ? `没有名称包含“${q}”的机构` : '还没有机构',
            description: q ? '换个关键词试试，或清除搜索查看全部。' : '用户在「机构与成员」页面创建机构后会出现在这里。',
            clear: q ? { href: ROUTE, label: '清除搜索' } : null,
          }}
          columns={COLUMNS}
          rows={items}
          rowKey={(row) => row.id}
          rowProps={() => ({ 'data-testid': 'admin-org-row' })}
          testId="admin-orgs"
          pager={{ page, pageSize, total, hrefFor: (p) => listHref(ROUTE, { q }, p), label: '机构分页', testId: 'admin-orgs-pager' }}
        />
      </Stack>
    </Page>
  );
}
