import { Box, Input, Kbd, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@remix-run/react';
import { useEffect, useMemo, useState } from 'react';
import { AppDialog } from '~/components/ui/app-dialog';
import { ACCOUNT_ROUTES, MENU_GROUPS, UPDATE_LOGS_ROUTE } from '~/services/navigation';

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

/** Every page a user can open, with the words people type for it. */
const PAGES: SearchablePage[] = [
  ...MENU_GROUPS.flatMap((g) => g.items.filter((i) => i.available).map((i) => ({ id: i.id, label: i.label, to: i.to, group: g.label }))),
  { id: 'profile', label: '个人资料', to: '/dash/profile', group: '账户', keywords: '资料 用户名 邮箱 头像' },
  { id: 'account', label: '账户与安全', to: '/dash/account', group: '账户', keywords: '账号 安全 退出 登出 设备 邀请码' },
  { id: 'settings', label: '设置', to: '/dash/settings', group: '账户', keywords: '设置 偏好' },
  { id: 'points-history', label: '积分明细', to: ACCOUNT_ROUTES.pointsHistory, group: '积分', keywords: '积分 余额 消费 记录 账单' },
  { id: 'redemption-code', label: '使用兑换码', to: ACCOUNT_ROUTES.redemption, group: '积分', keywords: '兑换 兑换码 卡密 积分' },
  { id: 'invitation', label: '邀请好友', to: ACCOUNT_ROUTES.invitation, group: '积分', keywords: '邀请 邀请码 好友 奖励 积分' },
  { id: 'feedback', label: '意见反馈', to: '/dash/feedback', group: '帮助与支持', keywords: '反馈 建议 问题 投诉 客服' },
  { id: 'update-logs', label: '更新日志', to: UPDATE_LOGS_ROUTE, group: '帮助与支持', keywords: '更新 版本 新功能 修复 优化 公告 changelog' },
  { id: 'privacy-policy', label: '隐私政策', to: '/dash/privacy-policy', group: '帮助与支持', keywords: '隐私 个人信息 数据' },
  { id: 'service-agreement', label: '用户服务协议', to: '/dash/service-agreement', group: '帮助与支持', keywords: '协议 条款 服务' },
  { id: 'websocket-test', label: '实时连接测试', to: '/dash/websocket-test', group: '帮助与支持', keywords: 'websocket socket 实时 连接 推送 心跳 测试' },
];

export const searchPages = (query: string): SearchablePage[] => {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return PAGES.filter((p) => [p.label, p.group, p.keywords ?? ''].some((text) => text.toLowerCase().includes(q)));
};

/**
 * The global search box. Today it finds pages; students, documents and works join the results
 * when the archive and works APIs exist.
 */
export function SearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const results = useMemo(() => searchPages(query), [query]);
  const search = (q: string) => {
    setQuery(q);
    setActive(0);
  };
  /** Every close goes through here (the header only ever opens the dialog itself), so closing clears the query. */
  const changeOpen = (next: boolean) => {
    if (!next) search('');
    onOpenChange(next);
  };

  const go = (to: string) => {
    changeOpen(false);
    navigate(to);
  };

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
      <Input
        autoFocus
        placeholder="输入页面名称，如：个人资料、常见问题"
        aria-label="搜索"
        value={query}
        onChange={(e) => search(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, results.length - 1));
          if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
          if (e.key === 'Enter' && results[active]) go(results[active].to);
        }}
      />
      <Stack mt="3" gap="1" role="listbox" aria-label="搜索结果" minH="24" maxH={{ md: '60vh' }} overflowY="auto">
        {query.trim() === '' ? (
          <Text fontSize="sm" color="gray.500" py="4" textAlign="center">
            输入关键词查找页面。学生档案、文书与作品的搜索将随档案与作品模块一起提供。
          </Text>
        ) : results.length === 0 ? (
          <Text fontSize="sm" color="gray.500" py="4" textAlign="center">
            没有找到与“{query.trim()}”相关的页面
          </Text>
        ) : (
          results.map((r, i) => (
            <Box
              key={r.id}
              role="option"
              aria-selected={i === active}
              px="3"
              py="2"
              rounded="md"
              cursor="pointer"
              bg={i === active ? 'blue.50' : undefined}
              onMouseEnter={() => setActive(i)}
              onClick={() => go(r.to)}
            >
              <Text fontSize="sm">{r.label}</Text>
              <Text fontSize="xs" color="gray.500">
                {r.group}
              </Text>
            </Box>
          ))
        )}
      </Stack>
      <Text fontSize="xs" color="gray.400" mt="2">
        <Kbd size="sm">↑</Kbd> <Kbd size="sm">↓</Kbd> 选择，<Kbd size="sm">Enter</Kbd> 打开，<Kbd size="sm">Esc</Kbd> 关闭
      </Text>
    </AppDialog>
  );
}
