import { Badge, Box, Button, EmptyState, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { History } from 'lucide-react';
import {
  AI_OPERATION_LABELS,
  AI_OPERATION_STATUS_LABELS,
  AI_OPERATION_STATUSES,
  AI_OPERATIONS,
  type AiOperationStatus,
} from '../../contracts/ai-operation-constants';
import { FilterSelect } from '~/components/filter-select';
import { Page } from '~/components/page';
import { HistoryPager } from '~/components/points/points-history-table';
import { FormAlert } from '~/components/ui/form-alert';
import { createApiClient } from '~/services/api.server';
import { formatDateTime } from '~/services/dates';
import { ApiRequestError } from '~/services/errors';
import { pageTitle } from '~/services/navigation';
import { pageParam } from '~/services/row-actions.server';
import { workDetailHref } from '~/services/works';
import { requireWebSession } from '~/sessions.server';

const PAGE = '生成记录';
const ROUTE = '/dash/generation-records';
const PAGE_SIZE = 20;
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];

const STATUS_PALETTE: Record<AiOperationStatus, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'orange',
};

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

export default function GenerationRecords() {
  const { records, modelNames, operation, status, error } = useLoaderData<typeof loader>();
  const filtered = Boolean(operation || status);
  const hrefFor = (page: number) => {
    const params = new URLSearchParams({
      ...(operation && { operation }),
      ...(status && { status }),
      ...(page > 1 && { page: String(page) }),
    });
    return params.size ? `${ROUTE}?${params}` : ROUTE;
  };
  return (
    <Page title={PAGE} description="每一次 AI 生成：类型、学生、模型、状态与消耗的积分。失败或取消的生成不扣积分。">
      <Stack gap="4">
        <Form method="get" aria-label="筛选生成记录" data-testid="records-filter">
          <HStack gap="2" flexWrap="wrap">
            <FilterSelect
              name="operation"
              label="类型"
              value={operation}
              allLabel="全部类型"
              options={AI_OPERATIONS.map((op) => [op, AI_OPERATION_LABELS[op]])}
              width="48"
            />
            <FilterSelect
              name="status"
              label="状态"
              value={status}
              allLabel="全部状态"
              options={AI_OPERATION_STATUSES.map((st) => [st, AI_OPERATION_STATUS_LABELS[st]])}
              width="36"
            />
            <Button type="submit" variant="outline" bg="white">
              筛选
            </Button>
          </HStack>
        </Form>
        {!records ? (
          <FormAlert testId="records-error">{`获取生成记录失败：${error}`}</FormAlert>
        ) : records.total === 0 ? (
          <EmptyState.Root size="sm" bg="white" borderWidth="1px" rounded="xl" data-testid="records-empty">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <History />
              </EmptyState.Indicator>
              <EmptyState.Title>{filtered ? '没有符合条件的生成记录' : '还没有生成记录'}</EmptyState.Title>
              <EmptyState.Description>
                {filtered ? '换个筛选条件试试。' : '使用写作工具生成文书后，每一次生成都会记录在这里。'}
              </EmptyState.Description>
              {filtered && (
                <Button asChild size="sm" variant="outline">
                  <Link to={ROUTE}>清除筛选</Link>
                </Button>
              )}
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Box bg="white" rounded="xl" borderWidth="1px" p={{ base: '3', md: '4' }}>
            <Table.ScrollArea>
              <Table.Root size="sm" data-testid="records" css={{ '& th, & td': { whiteSpace: 'nowrap' } }}>
                <Table.Header>
                  <Table.Row bg="gray.50">
                    <Table.ColumnHeader>时间</Table.ColumnHeader>
                    <Table.ColumnHeader>类型</Table.ColumnHeader>
                    <Table.ColumnHeader>学生</Table.ColumnHeader>
                    <Table.ColumnHeader>模型</Table.ColumnHeader>
                    <Table.ColumnHeader>状态</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">字数</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">积分</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {records.items.map((r) => (
                    <Table.Row key={r.id} data-testid="record-row">
                      <Table.Cell fontVariantNumeric="tabular-nums">{formatDateTime(r.createdAt)}</Table.Cell>
                      <Table.Cell>
                        {r.operationLabel}
                        {r.workId && (
                          <Link to={workDetailHref(r.workId)} data-testid="record-work">
                            <Text as="span" color="blue.700" fontSize="xs" ms="2">
                              查看作品
                            </Text>
                          </Link>
                        )}
                      </Table.Cell>
                      <Table.Cell maxW="40" truncate>
                        {r.clientProfileId && r.clientProfileName ? (
                          <Link to={`/dash/client-archive-detail?id=${encodeURIComponent(r.clientProfileId)}`}>
                            <Text as="span" color="blue.700">
                              {r.clientProfileName}
                            </Text>
                          </Link>
                        ) : (
                          <Text as="span" color="gray.400">
                            —
                          </Text>
                        )}
                      </Table.Cell>
                      <Table.Cell>
                        {r.offline ? <Badge colorPalette="purple">离线模式</Badge> : (modelNames[r.model] ?? r.model)}
                      </Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={STATUS_PALETTE[r.status]} data-testid="record-status">
                          {AI_OPERATION_STATUS_LABELS[r.status]}
                        </Badge>
                        {r.errorMessage && (
                          <Text fontSize="xs" color="red.600" mt="1" whiteSpace="normal" maxW="64">
                            {r.errorMessage}
                          </Text>
                        )}
                      </Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                        {r.outputChars}
                      </Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" data-testid="record-points">
                        {r.points.toFixed(2)}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <HistoryPager
              page={records.page}
              pageSize={PAGE_SIZE}
              total={records.total}
              hrefFor={hrefFor}
              label="生成记录分页"
              testId="records-pager"
            />
          </Box>
        )}
      </Stack>
    </Page>
  );
}
