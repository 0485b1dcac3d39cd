import { Badge, Box, Code, HStack, Link as ChakraLink, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { useMemo } from 'react';
import {
  ANALYTICS_EVENT_LABELS,
  ANALYTICS_EVENT_TYPES,
  ANALYTICS_ROLE_LABELS,
  ANALYTICS_TIMINGS,
} from '../../../contracts/analytics-constants';
import { ConsoleSection } from '~/components/console/console-section';
import { DataTable, type Column } from '~/components/list-page/data-table';
import { Page } from '~/components/page';
import { usePublicConfig } from '~/hooks/use-app-data';
import { useHydrated } from '~/hooks/use-hydrated';
import { ANALYTICS_PAGE_NAMES, routePathOf } from '~/services/analytics-pages';
import { analytics, browserOptedOut } from '~/services/browser/analytics.client';
import { pageTitle } from '~/services/navigation';
import { sessionOnlyLoader } from '~/services/pages/page-loaders.server';

const PAGE = '数据统计说明';
export const meta: MetaFunction = () => [{ title: pageTitle(PAGE) }];
export const loader = sessionOnlyLoader;

type PageRow = { path: string; name: string };
const PAGE_ROWS: PageRow[] = Object.entries(ANALYTICS_PAGE_NAMES)
  .map(([id, name]) => ({ path: routePathOf(id), name }))
  .filter((row, i, all) => all.findIndex((r) => r.path === row.path) === i)
  .sort((a, b) => a.path.localeCompare(b.path));
const PAGE_COLUMNS: Column<PageRow>[] = [
  { key: 'name', header: '中文页面名', cellProps: { whiteSpace: 'nowrap', fontWeight: 'medium' }, cell: (r) => r.name },
  { key: 'path', header: '地址', cell: (r) => <Code size="sm">{r.path}</Code> },
];

/** What this browser does: filled in after hydration (the server cannot know). */
type BrowserState = { optedOut: boolean; sessionId: string | null; role: string };

/**
 * /dash/clarity-tracking-example (spec §2): what the product records about use, the page-name
 * table, and whether Microsoft Clarity is on in this deployment and in this browser (ADR 0058).
 */
export default function ClarityTrackingExample() {
  const { clarityProjectId } = usePublicConfig();
  // Read in the browser only (the server cannot know), after hydration.
  const hydrated = useHydrated();
  const state = useMemo<BrowserState | null>(() => {
    if (!hydrated) return null;
    const optedOut = browserOptedOut(navigator, window as { doNotTrack?: string | null });
    return { optedOut, sessionId: optedOut ? null : analytics().sessionId(), role: document.body.dataset.analyticsRole ?? 'guest' };
  }, [hydrated]);
  const clarityOn = Boolean(clarityProjectId);
  const minutes = ANALYTICS_TIMINGS.sessionRotateMs / 60_000;

  return (
    <Page title={PAGE} description="本站记录哪些使用数据、怎样记录，以及 Microsoft Clarity 是否开启。">
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <ConsoleSection title="Microsoft Clarity" testId="clarity-status">
            <Stack gap="2">
              <HStack>
                <Badge colorPalette={clarityOn ? 'green' : 'gray'} size="lg" data-testid="clarity-state">
                  {clarityOn ? '已开启' : '未开启'}
                </Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {clarityOn
                  ? `本站配置了 Clarity 项目（${clarityProjectId}）：页面会加载 Clarity 的脚本，用于匿名的页面热图和操作回放；未开启“请勿跟踪”的浏览器才会加载。`
                  : '本站未配置 Clarity 项目（CLARITY_PROJECT_ID）：不加载任何第三方统计脚本，页面的内容安全策略也不允许其他网站的脚本。'}
              </Text>
            </Stack>
          </ConsoleSection>
          <ConsoleSection title="这个浏览器" testId="tracking-browser">
            {state === null ? (
              <Text fontSize="sm" color="fg.muted">
                正在读取…
              </Text>
            ) : state.optedOut ? (
              <Text fontSize="sm" data-testid="tracking-opted-out">
                你的浏览器开启了“请勿跟踪”（Do Not Track）或“全局隐私控制”（GPC）：本站不记录、不发送任何统计数据，也不加载 Clarity。
              </Text>
            ) : (
              <Stack gap="1.5" fontSize="sm">
                <Text>
                  统计角色：
                  <b data-testid="tracking-role">{ANALYTICS_ROLE_LABELS[state.role as keyof typeof ANALYTICS_ROLE_LABELS] ?? state.role}</b>
                </Text>
                <Text>
                  当前统计会话：
                  <Code size="sm" wordBreak="break-all" data-testid="tracking-session">
                    {state.sessionId}
                  </Code>
                </Text>
                <Text color="fg.muted">会话标识只保存在本机，每 {minutes} 分钟更换一次，不含手机号等个人信息。</Text>
              </Stack>
            )}
          </ConsoleSection>
        </SimpleGrid>

        <ConsoleSection title="记录的事件" testId="tracking-events">
          <List.Root gap="2" ps="5" fontSize="sm">
            {ANALYTICS_EVENT_TYPES.map((type) => (
              <List.Item key={type}>
                <b>{ANALYTICS_EVENT_LABELS[type]}</b> <Code size="sm">{type}</Code>
              </List.Item>
            ))}
          </List.Root>
          <Box mt="4" fontSize="sm" color="fg.muted">
            <Text>
              每条记录包含：事件类型、页面地址（不含查询参数）、中文页面名、角色（访客 / 普通用户 /
              管理员）、发生时间和统计会话标识；登录用户还关联账号。
              不记录输入的文字、文书内容、手机号或支付信息。事件先在页面里排队，空闲时或离开页面时（sendBeacon）成批发送，保存 180 天。
            </Text>
            <Text mt="2">
              详见{' '}
              <ChakraLink asChild color="blue.600">
                <Link to="/dash/privacy-policy">隐私政策</Link>
              </ChakraLink>
              。
            </Text>
          </Box>
        </ConsoleSection>

        <ConsoleSection title={`页面名称表（${PAGE_ROWS.length} 个页面）`} testId="tracking-pages">
          <DataTable columns={PAGE_COLUMNS} rows={PAGE_ROWS} rowKey={(r) => r.path} testId="tracking-pages-table" />
        </ConsoleSection>
      </Stack>
    </Page>
  );
}
