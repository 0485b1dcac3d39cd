import { Box, Button, Code, Flex, HStack, Input, Link as ChakraLink, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, NavLink, useLoaderData, useNavigation } from '@remix-run/react';
import { BarChart3, MousePointerClick, Search } from 'lucide-react';
import type { AnalyticsSessionEvents, AnalyticsSummary } from '../../../contracts/analytics';
import { ANALYTICS_EVENT_LABELS, ANALYTICS_RANGE_DAYS, ANALYTICS_ROLE_LABELS } from '../../../contracts/analytics-constants';
import { formatBeijingTime } from '~/components/admin/format';
import { FormField } from '~/components/ui/form-field';
import { ConsoleSection } from '~/components/console/console-section';
import { DataTable, type Column } from '~/components/list-page/data-table';
import { ListEmptyState } from '~/components/list-page/list-empty';
import { Page } from '~/components/page';
import { pageTitle } from '~/services/navigation';
import { analyticsSummaryLoader } from './analytics.server';

const PAGE = '数据统计';
const ROUTE = '/dash/admin/analytics';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];
export const loader = (args: LoaderFunctionArgs) => analyticsSummaryLoader(PAGE, args);

const RANGE_LABELS: Record<(typeof ANALYTICS_RANGE_DAYS)[number], string> = { 1: '今天', 7: '近 7 天', 30: '近 30 天', 90: '近 90 天' };
const number = (n: number) => n.toLocaleString('zh-CN');
const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : '—');

type Day = AnalyticsSummary['daily'][number];
type PageRow = AnalyticsSummary['pageViews'][number];
type ToolRow = AnalyticsSummary['tools'][number];

/** A number and its bar, the bar's length relative to the column's largest value. */
function BarCell({ value, max, color = 'blue.500' }: { value: number; max: number; color?: string }) {
  return (
    <HStack gap="2" minW="28">
      <Box flex="1" h="2" bg="gray.100" rounded="full" overflow="hidden" minW="12">
        <Box h="full" bg={color} rounded="full" w={max > 0 ? `${(value / max) * 100}%` : '0'} />
      </Box>
      <Text as="span" fontVariantNumeric="tabular-nums" minW="10" textAlign="end">
        {number(value)}
      </Text>
    </HStack>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Box bg="white" borderWidth="1px" rounded="xl" px="4" py="3" data-testid={testId}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">
        {number(value)}
      </Text>
    </Box>
  );
}

/** The range choice: plain links (?days=N), so it works without JavaScript; the page dims while the next range loads. */
function RangeChoice({ days: current, loading }: { days: number; loading: boolean }) {
  return (
    <Flex gap="2" wrap="wrap" align="center" as="nav" aria-label="统计范围" data-testid="analytics-ranges">
      <Text fontSize="sm" color="fg.muted" mr="1">
        统计范围
      </Text>
      {ANALYTICS_RANGE_DAYS.map((days) => (
        <ChakraLink
          key={days}
          asChild
          px="3"
          py="1"
          rounded="full"
          fontSize="sm"
          borderWidth="1px"
          bg={current === days ? 'blue.600' : 'white'}
          color={current === days ? 'white' : 'gray.700'}
          borderColor={current === days ? 'blue.600' : 'gray.200'}
          _hover={{ textDecoration: 'none', borderColor: 'blue.300' }}
        >
          <NavLink to={`${ROUTE}?days=${days}`} aria-current={current === days ? 'true' : undefined} preventScrollReset>
            {RANGE_LABELS[days]}
          </NavLink>
        </ChakraLink>
      ))}
      {loading && (
        <HStack gap="2" color="fg.muted" fontSize="sm" data-testid="analytics-loading" role="status">
          <Spinner size="xs" /> 加载中…
        </HStack>
      )}
    </Flex>
  );
}

/** Accounts registered in the range → with a generation → with a payment, each against the step before. */
function Funnel({ funnel }: { funnel: AnalyticsSummary['funnel'] }) {
  const { registered, generated, paid } = funnel;
  const steps = [
    { label: '注册', value: registered, of: null as number | null },
    { label: '首次生成文书', value: generated, of: registered },
    { label: '首次支付', value: paid, of: generated },
  ];
  return (
    <ConsoleSection title="转化漏斗（本期注册的用户）" testId="analytics-funnel">
      <Stack gap="3">
        {steps.map((step) => (
          <Box key={step.label} data-testid={`funnel-${step.label}`}>
            <HStack justify="space-between" fontSize="sm" mb="1">
              <Text fontWeight="medium">{step.label}</Text>
              <Text fontVariantNumeric="tabular-nums">
                {number(step.value)} 人
                {step.of !== null && (
                  <Text as="span" color="fg.muted">
                    {' '}
                    · 上一步的 {percent(step.value, step.of)}
                  </Text>
                )}
              </Text>
            </HStack>
            <Box h="2.5" bg="gray.100" rounded="full" overflow="hidden">
              <Box h="full" bg="blue.500" rounded="full" w={registered > 0 ? `${(step.value / registered) * 100}%` : '0'} />
            </Box>
          </Box>
        ))}
        <Text fontSize="xs" color="fg.muted">
          按账户记录计算：本期注册的账户中，有过一次成功的文书生成的人数，以及其中又有过一笔已支付订单的人数。
        </Text>
      </Stack>
    </ConsoleSection>
  );
}

type SessionEvent = AnalyticsSessionEvents['events'][number];
const SESSION_COLUMNS: Column<SessionEvent>[] = [
  {
    key: 'at',
    header: '时间',
    cellProps: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
    cell: (e) => formatBeijingTime(e.receivedAt),
  },
  { key: 'type', header: '事件', cellProps: { whiteSpace: 'nowrap' }, cell: (e) => ANALYTICS_EVENT_LABELS[e.type] },
  { key: 'page', header: '页面', cellProps: { whiteSpace: 'nowrap', fontWeight: 'medium' }, cell: (e) => e.pageName },
  { key: 'role', header: '角色', cellProps: { whiteSpace: 'nowrap' }, cell: (e) => ANALYTICS_ROLE_LABELS[e.role] },
  {
    key: 'data',
    header: '附加数据',
    headerProps: { hideBelow: 'md' },
    cellProps: { fontSize: 'xs', color: 'fg.muted', hideBelow: 'md' },
    cell: (e) =>
      e.data
        ? Object.entries(e.data)
            .map(([k, v]) => `${k}: ${String(v)}`)
            .join('，')
        : '—',
  },
];

/** 会话明细: one analytics session's events, looked up by its id (a GET form, works without JavaScript). */
function SessionLookup({
  days,
  query,
  error,
  result,
}: {
  days: number;
  query: string;
  error: string | null;
  result: AnalyticsSessionEvents | null;
}) {
  return (
    <ConsoleSection title="会话明细" testId="analytics-session">
      <Form method="get" aria-label="查找统计会话">
        <input type="hidden" name="days" value={days} />
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ sm: 'flex-start' }}>
          <Box flex="1">
            <FormField label="统计会话标识" error={error ?? undefined}>
              <Input key={query} name="session" defaultValue={query} maxLength={64} bg="white" data-testid="analytics-session-input" />
            </FormField>
          </Box>
          {/* Level with the input: below its label. */}
          <Button type="submit" variant="outline" bg="white" mt={{ sm: '6' }}>
            <Search size={16} /> 查看
          </Button>
        </Stack>
        <Text fontSize="xs" color="fg.muted" mt="1.5">
          用户可在“数据统计说明”页面看到自己当前的会话标识。
        </Text>
      </Form>
      {result && (
        <Box mt="4">
          {result.events.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" data-testid="analytics-session-empty">
              没有这个会话的记录（会话标识有误，或记录已超过保存期限）。
            </Text>
          ) : (
            <>
              <Text fontSize="sm" color="fg.muted" mb="2">
                会话 <Code size="sm">{result.sessionId}</Code> 共 {result.events.length} 条记录
                {result.events.some((e) => e.signedIn) ? '（已登录用户）' : '（访客）'}
              </Text>
              <DataTable
                columns={SESSION_COLUMNS}
                rows={result.events}
                rowKey={(e, i) => `${e.receivedAt}-${i}`}
                rowProps={(e) => ({ 'data-testid': `session-event-${e.type}` })}
                testId="analytics-session-table"
              />
            </>
          )}
          <ChakraLink asChild fontSize="sm" mt="2" display="inline-block">
            <Link to={`${ROUTE}?days=${days}`}>关闭会话明细</Link>
          </ChakraLink>
        </Box>
      )}
    </ConsoleSection>
  );
}

export default function AdminAnalytics() {
  const { summary, sessionQuery, sessionError, sessionEvents } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === ROUTE;
  const maxDaily = Math.max(...summary.daily.map((d) => Math.max(d.activeUsers, d.guestSessions)), 0);
  const maxDailyViews = Math.max(...summary.daily.map((d) => d.pageViews), 0);
  const maxViews = Math.max(...summary.pageViews.map((p) => p.views), 0);
  const maxTool = Math.max(...summary.tools.map((t) => t.uses), 0);

  const dailyColumns: Column<Day>[] = [
    { key: 'day', header: '日期', cellProps: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }, cell: (d) => d.day },
    { key: 'users', header: '活跃用户', cell: (d) => <BarCell value={d.activeUsers} max={maxDaily} /> },
    { key: 'guests', header: '访客会话', cell: (d) => <BarCell value={d.guestSessions} max={maxDaily} color="gray.400" /> },
    { key: 'views', header: '页面浏览', cell: (d) => <BarCell value={d.pageViews} max={maxDailyViews} color="teal.500" /> },
  ];
  const pageColumns: Column<PageRow>[] = [
    { key: 'name', header: '页面', cellProps: { whiteSpace: 'nowrap', fontWeight: 'medium' }, cell: (p) => p.pageName },
    {
      key: 'path',
      header: '路径',
      cellProps: { color: 'fg.muted', fontSize: 'xs', hideBelow: 'md' },
      headerProps: { hideBelow: 'md' },
      cell: (p) => p.page,
    },
    { key: 'views', header: '浏览次数', cell: (p) => <BarCell value={p.views} max={maxViews} /> },
    {
      key: 'sessions',
      header: '会话数',
      cellProps: { fontVariantNumeric: 'tabular-nums', textAlign: 'end' },
      headerProps: { textAlign: 'end' },
      cell: (p) => number(p.sessions),
    },
  ];
  const toolColumns: Column<ToolRow>[] = [
    { key: 'tool', header: '工具', cellProps: { whiteSpace: 'nowrap', fontWeight: 'medium' }, cell: (t) => t.tool },
    { key: 'uses', header: '使用次数', cell: (t) => <BarCell value={t.uses} max={maxTool} color="purple.500" /> },
    {
      key: 'users',
      header: '使用人数',
      cellProps: { fontVariantNumeric: 'tabular-nums', textAlign: 'end' },
      headerProps: { textAlign: 'end' },
      cell: (t) => number(t.users),
    },
  ];

  return (
    <Page
      title={PAGE}
      description="本站自有的访问统计：页面浏览按中文页面名汇总，活跃用户按北京时间每天计算；开启“请勿跟踪”或“全局隐私控制”的浏览器不计入。"
      maxW="6xl"
      actions={
        <ChakraLink asChild fontSize="sm" color="blue.600" flexShrink={0}>
          <Link to="/dash/clarity-tracking-example">记录了什么？</Link>
        </ChakraLink>
      }
    >
      <Stack gap="5">
        <RangeChoice days={summary.days} loading={loading} />

        <Stack gap="5" opacity={loading ? 0.6 : 1} transition="opacity 0.15s" data-testid="analytics-summary" data-days={summary.days}>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            <Stat label="页面浏览" value={summary.totals.pageViews} testId="stat-page-views" />
            <Stat label="会话" value={summary.totals.sessions} testId="stat-sessions" />
            <Stat label="登录用户" value={summary.totals.users} testId="stat-users" />
            <Stat label="事件总数" value={summary.totals.events} testId="stat-events" />
          </SimpleGrid>

          <ConsoleSection title="每日活跃" testId="analytics-daily">
            <DataTable columns={dailyColumns} rows={[...summary.daily].reverse()} rowKey={(d) => d.day} testId="analytics-daily-table" />
          </ConsoleSection>

          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
            <ConsoleSection title="页面浏览（按页面）" testId="analytics-pages">
              {summary.pageViews.length === 0 ? (
                <ListEmptyState
                  testId="analytics-pages-empty"
                  icon={<BarChart3 />}
                  title="这段时间还没有页面浏览"
                  description="用户打开页面后，浏览记录会在几秒内出现在这里。"
                />
              ) : (
                <DataTable
                  columns={pageColumns}
                  rows={summary.pageViews}
                  rowKey={(p) => p.pageName}
                  rowProps={(p) => ({ 'data-testid': `analytics-page-${p.pageName}` })}
                  testId="analytics-pages-table"
                />
              )}
            </ConsoleSection>

            <Stack gap="5">
              <ConsoleSection title="工具使用" testId="analytics-tools">
                {summary.tools.length === 0 ? (
                  <ListEmptyState
                    testId="analytics-tools-empty"
                    icon={<MousePointerClick />}
                    title="这段时间还没有使用工具"
                    description="用户生成文书、查AI率或降AI率后会计入这里。"
                  />
                ) : (
                  <DataTable columns={toolColumns} rows={summary.tools} rowKey={(t) => t.tool} testId="analytics-tools-table" />
                )}
                <HStack gap="4" mt="4" wrap="wrap" fontSize="sm" color="fg.muted" data-testid="analytics-outcomes">
                  {summary.outcomes.map((o) => (
                    <Text key={o.type}>
                      {ANALYTICS_EVENT_LABELS[o.type]}：
                      <Text as="span" color="fg" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                        {number(o.count)}
                      </Text>
                    </Text>
                  ))}
                </HStack>
              </ConsoleSection>

              <Funnel funnel={summary.funnel} />
            </Stack>
          </SimpleGrid>

          <SessionLookup days={summary.days} query={sessionQuery} error={sessionError} result={sessionEvents} />
        </Stack>
      </Stack>
    </Page>
  );
}
