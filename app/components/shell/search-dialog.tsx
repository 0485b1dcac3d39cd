import { Box, Button, Flex, Input, InputGroup, Kbd, Mark, Spinner, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@remix-run/react';
import { BookOpen, FileText, Link2, UserRound, type LucideIcon } from 'lucide-react';
import { Fragment, useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { AppDialog } from '~/components/ui/app-dialog';
import { GlobalSearch, highlightParts, IDLE_SEARCH, searchResultHref, type SearchResult } from '~/services/global-search';
import { ACCOUNT_ROUTES, ID_VERIFICATION_ROUTE, MENU_GROUPS, UPDATE_LOGS_ROUTE } from '~/services/navigation';
import { resourceFetch } from '~/services/browser/resource-fetch.client';

/** Ctrl/Cmd+K opens the search box anywhere in the dashboard; Escape closes it. */
export function useSearchShortcut(open: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

type SearchablePage = { id: string; label: string; to: string; group: string; keywords?: string };

/** The words people type for a menu page besides its name. */
const MENU_KEYWORDS: Record<string, string> = { 'essay-revision': '修改 批改 修改意见 评价 建议' };

/** Every page a user can open, with the words people type for it. */
const PAGES: SearchablePage[] = [
  ...MENU_GROUPS.flatMap((g) =>
    g.items.filter((i) => i.available).map((i) => ({ id: i.id, label: i.label, to: i.to, group: g.label, keywords: MENU_KEYWORDS[i.id] })),
  ),
  { id: 'profile', label: '个人资料', to: '/dash/profile', group: '账户', keywords: '资料 用户名 邮箱 头像' },
  { id: 'account', label: '账户与安全', to: '/dash/account', group: '账户', keywords: '账号 安全 退出 登出 设备 邀请码' },
  {
    id: 'user-id-verification',
    label: '实名认证',
    to: ID_VERIFICATION_ROUTE,
    group: '账户',
    keywords: '实名 认证 身份证 身份证号 真实姓名 实名制',
  },
  { id: 'settings', label: '设置', to: '/dash/settings', group: '账户', keywords: '设置 偏好' },
  { id: 'points-history', label: '积分明细', to: ACCOUNT_ROUTES.pointsHistory, group: '积分', keywords: '积分 余额 消费 记录 账单' },
  { id: 'redemption-code', label: '使用兑换码', to: ACCOUNT_ROUTES.redemption, group: '积分', keywords: '兑换 兑换码 卡密 积分' },
  { id: 'invitation', label: '邀请好友', to: ACCOUNT_ROUTES.invitation, group: '积分', keywords: '邀请 邀请码 好友 奖励 积分' },
  { id: 'recharge', label: '充值积分', to: ACCOUNT_ROUTES.recharge, group: '积分', keywords: '充值 购买 套餐 微信支付 支付宝 积分' },
  { id: 'pricing', label: '积分价格与充值套餐', to: ACCOUNT_ROUTES.pricing, group: '积分', keywords: '价格 收费 套餐 积分' },
  { id: 'orders', label: '我的订单', to: ACCOUNT_ROUTES.orders, group: '积分', keywords: '订单 充值记录 支付' },
  { id: 'feedback', label: '意见反馈', to: '/dash/feedback', group: '帮助与支持', keywords: '反馈 建议 问题 投诉 客服' },
  {
    id: 'update-logs',
    label: '更新日志',
    to: UPDATE_LOGS_ROUTE,
    group: '帮助与支持',
    keywords: '更新 版本 新功能 修复 优化 公告 changelog',
  },
  { id: 'privacy-policy', label: '隐私政策', to: '/dash/privacy-policy', group: '帮助与支持', keywords: '隐私 个人信息 数据' },
  {
    id: 'clarity-tracking-example',
    label: '数据统计说明',
    to: '/dash/clarity-tracking-example',
    group: '帮助与支持',
    keywords: '统计 埋点 跟踪 请勿跟踪 Clarity 隐私',
  },
  { id: 'service-agreement', label: '用户服务协议', to: '/dash/service-agreement', group: '帮助与支持', keywords: '协议 条款 服务' },
  {
    id: 'websocket-test',
    label: '实时连接测试',
    to: '/dash/websocket-test',
    group: '帮助与支持',
    keywords: 'websocket socket 实时 连接 推送 心跳 测试',
  },
];

export const searchPages = (query: string): SearchablePage[] => {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return PAGES.filter((p) => [p.label, p.group, p.keywords ?? ''].some((text) => text.toLowerCase().includes(q)));
};

/** One row of the list: a page or an API result, opened the same way. */
type SearchOption = { key: string; to: string; title: string; detail: string; icon: LucideIcon };
type Section = { label: string; options: SearchOption[] };

/** API results are grouped in this order, under these headers. */
const RESULT_GROUPS: { type: SearchResult['type']; label: string; icon: LucideIcon }[] = [
  { type: 'client', label: '学生', icon: UserRound },
  { type: 'document', label: '文书', icon: FileText },
  { type: 'work', label: '作品', icon: BookOpen },
];

/** Within this many pixels of the list's bottom, the next page loads (spec §9). */
const LOAD_MORE_DISTANCE_PX = 100;

function sectionsFor(pages: SearchablePage[], results: SearchResult[]): Section[] {
  const sections: Section[] = [
    { label: '页面', options: pages.map((p) => ({ key: `page:${p.id}`, to: p.to, title: p.label, detail: p.group, icon: Link2 })) },
    ...RESULT_GROUPS.map(({ type, label, icon }) => ({
      label,
      options: results
        .filter((r) => r.type === type)
        .map((r) => ({ key: `${r.type}:${r.id}`, to: searchResultHref(r), title: r.title, detail: r.content, icon })),
    })),
  ];
  return sections.filter((s) => s.options.length > 0);
}

/** The query's occurrences in `text` as <mark> elements (React nodes: result text is never HTML). */
function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, i) =>
        part.match ? (
          <Mark key={i} bg="yellow.200" color="inherit" rounded="xs" whiteSpace="normal">
            {part.text}
          </Mark>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

/** The search controller for the dialog's lifetime, read through React's external-store hook. */
function useGlobalSearch() {
  const [search] = useState(() => new GlobalSearch({ fetch: resourceFetch }));
  useEffect(() => () => search.dispose(), [search]);
  const state = useSyncExternalStore(search.subscribe, search.getState, () => IDLE_SEARCH);
  return [search, state] as const;
}

/**
 * The global search box: pages of the site (found in the browser, as before) first, then the
 * user's students, documents and works from the API, each opening its page.
 */
export function SearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [query, setQuery] = useState('');
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [search, state] = useGlobalSearch();
  const navigate = useNavigate();
  const listRef = useRef<HTMLDivElement>(null);
  /** Only a keyboard move scrolls the list to the active row; the mouse is already on it. */
  const movedByKeyboard = useRef(false);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = useCallback((i: number) => `${baseId}-option-${i}`, [baseId]);

  const pages = useMemo(() => searchPages(query), [query]);
  const sections = useMemo(() => sectionsFor(pages, query.trim() ? state.results : []), [pages, query, state.results]);
  const options = useMemo(() => sections.flatMap((s) => s.options), [sections]);
  // Tracked by key, so results arriving or loading below do not move the selection.
  const activeIndex = Math.max(
    0,
    options.findIndex((o) => o.key === activeKey),
  );

  const type = (q: string) => {
    setQuery(q);
    setActiveKey(null);
    search.setQuery(q);
  };
  /** Every close goes through here (the header only ever opens the dialog itself), so closing clears the query. */
  const changeOpen = (next: boolean) => {
    if (!next) type('');
    onOpenChange(next);
  };
  const go = (to: string) => {
    changeOpen(false);
    navigate(to);
  };
  const move = (index: number) => {
    const next = options[Math.min(Math.max(index, 0), options.length - 1)];
    if (!next || next.key === options[activeIndex]?.key) return;
    movedByKeyboard.current = true;
    setActiveKey(next.key);
  };

  const loadMoreIfNearBottom = useCallback(() => {
    const list = listRef.current;
    if (list && list.scrollHeight - list.scrollTop - list.clientHeight <= LOAD_MORE_DISTANCE_PX) search.loadMore();
  }, [search]);
  // Also after each answer: a page of results that does not fill the list cannot be scrolled.
  useEffect(loadMoreIfNearBottom, [state, loadMoreIfNearBottom]);

  useEffect(() => {
    if (!movedByKeyboard.current) return;
    movedByKeyboard.current = false;
    document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, optionId]);

  const trimmed = query.trim();
  const firstPageLoading = state.status === 'loading' && !state.loadingMore;

  return (
    <AppDialog
      open={open}
      onOpenChange={(e) => changeOpen(e.open)}
      placement="top"
      size="lg"
      title="搜索"
      testId="search-dialog"
      contentProps={{ mt: { base: '4', md: '20' }, mx: { base: '3', md: 'auto' } }}
    >
      <InputGroup endElement={trimmed && firstPageLoading ? <Spinner size="sm" color="gray.400" aria-label="搜索中" /> : undefined}>
        <Input
          autoFocus
          placeholder="搜索学生、文书、作品或页面"
          aria-label="搜索"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={options.length > 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          value={query}
          onChange={(e) => type(e.target.value)}
          onKeyDown={(e) => {
            // Keys that confirm or pick an IME candidate (Chinese input) belong to the IME.
            if (e.nativeEvent.isComposing) return;
            // Esc 关闭 from the box itself too: on a busy CI machine an Escape typed right after the
            // dialog opened once never reached the dialog's own listener, and the dialog stayed open.
            if (e.key === 'Escape') {
              e.preventDefault();
              changeOpen(false);
              return;
            }
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              move(activeIndex + (e.key === 'ArrowDown' ? 1 : -1));
            }
            if (e.key === 'Enter' && options[activeIndex]) {
              e.preventDefault();
              go(options[activeIndex].to);
            }
          }}
        />
      </InputGroup>
      <Box
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="搜索结果"
        aria-busy={state.status === 'loading'}
        mt="3"
        mx="-2"
        px="2"
        minH="24"
        maxH="min(60vh, 32rem)"
        overflowY="auto"
        overscrollBehavior="contain"
        onScroll={loadMoreIfNearBottom}
        data-testid="search-results"
      >
        {!trimmed ? (
          <Text fontSize="sm" color="gray.500" py="4" textAlign="center">
            输入关键词，查找学生、文书、作品或页面
          </Text>
        ) : (
          <>
            <SearchSections
              sections={sections}
              query={trimmed}
              activeIndex={activeIndex}
              optionId={optionId}
              sectionId={(label) => `${baseId}-${label}`}
              onHover={(key) => key !== activeKey && setActiveKey(key)}
              onOpen={go}
            />
            <SearchStatus state={state} query={trimmed} found={options.length > 0} onRetry={() => search.retry()} />
          </>
        )}
      </Box>
      <Text fontSize="xs" color="gray.400" mt="2" display={{ base: 'none', md: 'block' }}>
        <Kbd size="sm">↑</Kbd> <Kbd size="sm">↓</Kbd> 选择，<Kbd size="sm">Enter</Kbd> 打开，<Kbd size="sm">Esc</Kbd> 关闭
      </Text>
    </AppDialog>
  );
}

/** The rows under their section headers; `activeIndex` counts across the sections. */
function SearchSections({
  sections,
  query,
  activeIndex,
  optionId,
  sectionId,
  onHover,
  onOpen,
}: {
  sections: Section[];
  query: string;
  activeIndex: number;
  optionId: (index: number) => string;
  sectionId: (label: string) => string;
  onHover: (key: string) => void;
  onOpen: (to: string) => void;
}) {
  let index = 0;
  return sections.map((section) => (
    <Box key={section.label} role="group" aria-labelledby={sectionId(section.label)} mb="2">
      <Text id={sectionId(section.label)} fontSize="xs" fontWeight="medium" color="gray.500" px="3" pt="2" pb="1">
        {section.label}
      </Text>
      <Stack gap="0.5">
        {section.options.map((option) => {
          const i = index++;
          return (
            <SearchOptionRow
              key={option.key}
              id={optionId(i)}
              option={option}
              query={query}
              active={i === activeIndex}
              onHover={() => onHover(option.key)}
              onOpen={() => onOpen(option.to)}
            />
          );
        })}
      </Stack>
    </Box>
  ));
}

function SearchOptionRow({
  id,
  option,
  query,
  active,
  onHover,
  onOpen,
}: {
  id: string;
  option: SearchOption;
  query: string;
  active: boolean;
  onHover: () => void;
  onOpen: () => void;
}) {
  const Icon = option.icon;
  return (
    <Flex
      id={id}
      role="option"
      aria-selected={active}
      data-testid="search-option"
      gap="3"
      align="flex-start"
      px="3"
      py="2"
      rounded="md"
      cursor="pointer"
      bg={active ? 'blue.50' : undefined}
      // Move, not enter: a list scrolled by the keyboard under a still pointer keeps its selection.
      onMouseMove={onHover}
      onClick={onOpen}
    >
      <Box as="span" mt="0.5" color={active ? 'blue.600' : 'gray.400'} flexShrink={0}>
        <Icon size={16} aria-hidden />
      </Box>
      <Box minW="0" flex="1">
        <Text fontSize="sm" truncate>
          <Highlighted text={option.title} query={query} />
        </Text>
        {option.detail && (
          <Text fontSize="xs" color="gray.500" lineClamp={2} wordBreak="break-word">
            <Highlighted text={option.detail} query={query} />
          </Text>
        )}
      </Box>
    </Flex>
  );
}

/** Below the rows: loading (the first page or more), the error with 重试, or nothing found. */
function SearchStatus({
  state,
  query,
  found,
  onRetry,
}: {
  state: ReturnType<typeof useGlobalSearch>[1];
  query: string;
  found: boolean;
  onRetry: () => void;
}) {
  return (
    <>
      {state.status === 'loading' && (state.loadingMore || !found) && (
        <Flex justify="center" align="center" gap="2" py="3" fontSize="sm" color="gray.500" data-testid="search-loading">
          <Spinner size="xs" /> {state.loadingMore ? '加载更多…' : '搜索中…'}
        </Flex>
      )}
      {state.status === 'error' && (
        <Flex justify="center" align="center" gap="3" py="3" fontSize="sm" color="red.600" role="alert" data-testid="search-error">
          {state.error}
          <Button size="xs" variant="outline" onClick={onRetry}>
            重试
          </Button>
        </Flex>
      )}
      {state.status === 'loaded' && !found && (
        <Text fontSize="sm" color="gray.500" py="4" textAlign="center" wordBreak="break-all">
          没有找到与“{query}”相关的结果
        </Text>
      )}
    </>
  );
}
