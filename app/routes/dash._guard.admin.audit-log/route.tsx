import { Button, Code, Stack, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Download, ScrollText } from 'lucide-react';
import type { AdminAuditEntry } from '../../../contracts/admin-audit';
import {
  ADMIN_AUDIT_ACTION_LABELS,
  ADMIN_AUDIT_EXPORT_MAX_ROWS,
  ADMIN_AUDIT_TARGET_LABELS,
} from '../../../contracts/admin-audit-constants';
import { formatBeijingTime } from '~/components/admin/format';
import { ConsoleList } from '~/components/console/console-list';
import type { Column } from '~/components/list-page/data-table';
import { ListFilterForm } from '~/components/list-page/filter-form';
import { listHref } from '~/components/list-page/list-href';
import { Page } from '~/components/page';
import { pageTitle } from '~/services/navigation';
import { changeSummary } from '~/services/admin-audit';
import { auditLogLoader } from './audit-log.server';

// Not imported from the .server module: that one is empty in the browser bundle.
const PAGE = '管理员操作日志';
const ROUTE = '/dash/admin/audit-log';
const EXPORT_ROUTE = '/resources/admin/audit-log/export';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

// Arrow wrapper: a module-level call into a .server module would run (and fail) in the browser bundle.
export const loader = (args: LoaderFunctionArgs) => auditLogLoader(args);

const ACTION_OPTIONS = Object.entries(ADMIN_AUDIT_ACTION_LABELS) as Array<[string, string]>;

/** The target's kind and who or which: a user by masked phone (as the row keeps it), others by the id's start. */
function target(row: AdminAuditEntry): string {
  const phone = row.after?.phone ?? row.before?.phone;
  const which = typeof phone === 'string' && phone ? phone : row.targetId?.slice(0, 8);
  return `${ADMIN_AUDIT_TARGET_LABELS[row.targetType]}${which ? ` ${which}` : ''}`;
}

const COLUMNS: Column<AdminAuditEntry>[] = [
  {
    key: 'time',
    header: '时间',
    cellProps: { fontVariantNumeric: 'tabular-nums' },
    cell: (row) => formatBeijingTime(row.createdAt),
  },
  { key: 'admin', header: '管理员', cell: (row) => row.adminLabel },
  { key: 'action', header: '操作', cell: (row) => ADMIN_AUDIT_ACTION_LABELS[row.action] },
  {
    key: 'target',
    header: '对象',
    cellPropsOf: (row) => ({ title: row.targetId ?? undefined }),
    cell: target,
  },
  {
    key: 'change',
    header: '变更前 → 变更后',
    // Shown as text (never markup), wrapped to two lines; the whole change on hover and in the CSV export.
    cellPropsOf: (row) => ({ title: changeSummary(row.before, row.after), 'data-testid': 'audit-change' }),
    cell: (row) => (
      <Text as="span" display="block" fontSize="sm" whiteSpace="normal" lineClamp={2} minW="48" maxW="xs">
        {changeSummary(row.before, row.after)}
      </Text>
    ),
  },
  {
    key: 'ip',
    header: 'IP',
    cellPropsOf: (row) => ({ title: row.userAgent ?? undefined }),
    cell: (row) => <Code size="sm">{row.ip === 'cli' ? '命令行' : row.ip}</Code>,
  },
];

export default function AdminAuditLog() {
  const { items, page, pageSize, total, admins, action, adminId } = useLoaderData<typeof loader>();
  const filters = { action, adminId };
  const filtered = Boolean(action || adminId);
  const exportHref = listHref(EXPORT_ROUTE, filters, 1);
  return (
    <Page
      title={PAGE}
      description="管理员在后台和命令行中的每一次修改（积分调整、兑换码、价格、套餐、通知、更新日志、角色、选校项目导入）都会记录在这里，只能追加，不能修改或删除。"
    >
      <Stack gap="6">
        <ListFilterForm
          route={ROUTE}
          label="筛选操作日志"
          testId="audit-log-filters"
          submitLabel="筛选"
          filters={[
            { name: 'action', label: '操作类型', value: action, allLabel: '全部操作', options: ACTION_OPTIONS, width: '44' },
            {
              name: 'adminId',
              label: '管理员',
              value: adminId,
              allLabel: '全部管理员',
              options: admins.map((a) => [a.id, a.label]),
              width: '52',
            },
          ]}
        />
        <ConsoleList
          title={filtered ? `筛选结果（${total} 条）` : `全部记录（${total} 条）`}
          empty={{
            testId: 'audit-log-empty',
            icon: <ScrollText />,
            title: filtered ? '没有符合筛选条件的记录' : '还没有管理员操作记录',
            description: filtered
              ? '换个操作类型或管理员试试，或清除筛选查看全部。'
              : '管理员调整积分、修改价格或发布通知后，记录会出现在这里。',
            clear: filtered ? { href: ROUTE, label: '清除筛选' } : null,
          }}
          columns={COLUMNS}
          rows={items}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ 'data-testid': `audit-row-${row.action}` })}
          testId="audit-log"
          pager={{
            page,
            pageSize,
            total,
            hrefFor: (p) => listHref(ROUTE, filters, p),
            label: '操作日志分页',
            testId: 'audit-log-pager',
          }}
        />
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'center' }}>
          <Button asChild variant="outline" size="sm" alignSelf="flex-start" bg="white">
            {/* A document link (reloadDocument): the browser downloads the file instead of the router fetching it. */}
            <a href={exportHref} download data-testid="audit-log-export">
              <Download size={16} /> 导出 CSV
            </a>
          </Button>
          <Text fontSize="sm" color="fg.muted">
            导出当前筛选条件下最新的 {ADMIN_AUDIT_EXPORT_MAX_ROWS.toLocaleString('zh-CN')} 条记录，可用 Excel 打开。
          </Text>
        </Stack>
      </Stack>
    </Page>
  );
}
