import { Badge, Stack, Text } from '@chakra-ui/react';
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { History } from 'lucide-react';
import {
  AI_OPERATION_LABELS,
  AI_OPERATION_STATUS_LABELS,
  AI_OPERATION_STATUSES,
  AI_OPERATIONS,
  type AiOperationStatus,
} from '../../../contracts/ai-operation-constants';
import { StatusBadge, type StatusStyle } from '~/components/console/status-badge';
import type { Column } from '~/components/list-page/data-table';
import { ListFilterForm } from '~/components/list-page/filter-form';
import { listHref } from '~/components/list-page/list-href';
import { ListTable } from '~/components/list-page/list-table';
import { Page } from '~/components/page';
import { FormAlert } from '~/components/ui/form-alert';
import { createApiClient } from '~/services/api/client.server';
import { formatDateTime } from '~/services/dates';
import { ApiRequestError } from '~/services/errors';
import { pageTitle } from '~/services/navigation';
import { pageParam } from '~/services/pages/row-actions.server';
import { workDetailHref } from '~/services/works';
import { requireWebSession } from '~/sessions.server';

const PAGE = '生成记录';
const ROUTE = '/dash/generation-records';
const PAGE_SIZE = 20;
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

const STATUS: Record<AiOperationStatus, StatusStyle> = {
  queued: { label: AI_OPERATION_STATUS_LABELS.queued, palette: 'gray' },
  running: { label: AI_OPERATION_STATUS_LABELS.running, palette: 'blue' },
  succeeded: { label: AI_OPERATION_STATUS_LABELS.succeeded, palette: 'green' },
  failed: { label: AI_OPERATION_STATUS_LABELS.failed, palette: 'red' },
  cancelled: { label: AI_OPERATION_STATUS_LABELS.cancelled, palette: 'orange' },
};

const OPERATION_OPTIONS = AI_OPERATIONS.map((op): [string, string] => [op, AI_OPERATION_LABELS[op]]);
const STATUS_OPTIONS = AI_OPERATION_STATUSES.map((st): [string, string] => [st, AI_OPERATION_STATUS_LABELS[st]]);

/** /dash/generation-records?operation&status&page: every AI operation of the user, filtered by links and a GET form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const url = new URL(request.url);
  const operation = (AI_OPERATIONS as readonly string[]).includes(url.searchParams.get('operation') ?? '')
    ? url.searchParams.get('operation')!
    : '';
  const statusParam = url.searchParams.get('status') as AiOperationStatus | null;
  const status = statusParam && AI_OPERATION_STATUSES.includes(statusParam) ? statusParam : '';
  const page = pageParam(request);
  try {
    const api = createApiClient(request, context, PAGE);
    const [records, models] = await Promise.all([
      api.ai.operations({ page, pageSize: PAGE_SIZE, operation: operation || undefined, status: status || undefined }),
      api.ai.models(),
    ]);
    const last = Math.max(1, Math.ceil(records.total / PAGE_SIZE));
    if (page > last) {
      url.searchParams.set('page', String(last));
      throw redirect(`${ROUTE}?${url.searchParams}`);
    }
    // Records name the model by id; a configured model reads by its display name.
    const modelNames = Object.fromEntries(models.models.map((m) => [m.id, m.name]));
    return { records, modelNames, operation, status, error: null };
  } catch (error) {
    if (error instanceof ApiRequestError)
      return json(
        { records: null, modelNames: {} as Record<string, string>, operation, status, error: error.message },
        { status: error.status >= 400 ? error.status : 503 },
      );
    throw error;
  }
}

type GenerationRecord = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['records']>['items'][number];

function columns(modelNames: Record<string, string>): Column<GenerationRecord>[] {
  return [
    {
      key: 'time',
      header: '时间',
      cellProps: { fontVariantNumeric: 'tabular-nums' },
      cell: (r) => formatDateTime(r.createdAt),
    },
    {
      key: 'operation',
      header: '类型',
      cell: (r) => (
        <>
          {r.operationLabel}
          {r.workId && (
            <Link to={workDetailHref(r.workId)} data-testid="record-work">
              <Text as="span" color="blue.700" fontSize="xs" ms="2">
                查看作品
              </Text>
            </Link>
          )}
        </>
      ),
    },
    {
      key: 'student',
      header: '学生',
      cellProps: { maxW: '40', truncate: true },
      cell: (r) =>
        r.clientProfileId && r.clientProfileName ? (
          <Link to={`/dash/client-archive-detail?id=${encodeURIComponent(r.clientProfileId)}`}>
            <Text as="span" color="blue.700">
              {r.clientProfileName}
            </Text>
          </Link>
        ) : (
          <Text as="span" color="gray.400">
            —
          </Text>
        ),
    },
    {
      key: 'model',
      header: '模型',
      cell: (r) => (r.offline ? <Badge colorPalette="purple">离线模式</Badge> : (modelNames[r.model] ?? r.model)),
    },
    {
      key: 'status',
      header: '状态',
      cell: (r) => (
        <>
          <StatusBadge status={r.status} styles={STATUS} testId="record-status" />
          {r.errorMessage && (
            <Text fontSize="xs" color="red.600" mt="1" whiteSpace="normal" maxW="64">
              {r.errorMessage}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'chars',
      header: '字数',
      headerProps: { textAlign: 'end' },
      cellProps: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
      cell: (r) => r.outputChars,
    },
    {
      key: 'points',
      header: '积分',
      headerProps: { textAlign: 'end' },
      cellProps: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
      cellPropsOf: () => ({ 'data-testid': 'record-points' }),
      cell: (r) => r.points.toFixed(2),
    },
  ];
}

export default function GenerationRecords() {
  const { records, modelNames, operation, status, error } = useLoaderData<typeof loader>();
  const filtered = Boolean(operation || status);
  return (
    <Page title={PAGE} description="每一次 AI 生成：类型、学生、模型、状态与消耗的积分。失败或取消的生成不扣积分。">
      <Stack gap="4">
        <ListFilterForm
          route={ROUTE}
          label="筛选生成记录"
          testId="records-filter"
          submitLabel="筛选"
          filters={[
            { name: 'operation', label: '类型', value: operation, allLabel: '全部类型', options: OPERATION_OPTIONS, width: '48' },
            { name: 'status', label: '状态', value: status, allLabel: '全部状态', options: STATUS_OPTIONS, width: '36' },
          ]}
        />
        {!records ? (
          <FormAlert testId="records-error">{`获取生成记录失败：${error}`}</FormAlert>
        ) : (
          <ListTable
            total={records.total}
            empty={{
              testId: 'records-empty',
              icon: <History />,
              title: filtered ? '没有符合条件的生成记录' : '还没有生成记录',
              description: filtered ? '换个筛选条件试试。' : '使用写作工具生成文书后，每一次生成都会记录在这里。',
              clear: filtered ? { href: ROUTE, label: '清除筛选' } : null,
            }}
            columns={columns(modelNames)}
            rows={records.items}
            rowKey={(r) => r.id}
            rowProps={() => ({ 'data-testid': 'record-row' })}
            testId="records"
            nowrap
            pager={{
              page: records.page,
              pageSize: PAGE_SIZE,
              hrefFor: (page) => listHref(ROUTE, { operation, status }, page),
              label: '生成记录分页',
              testId: 'records-pager',
            }}
          />
        )}
      </Stack>
    </Page>
  );
}
