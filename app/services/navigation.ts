import type { LucideIcon } from 'lucide-react';
import type { UpdateType } from '../../contracts/constants';
import {
  BarChart3,
  BookOpen,
  Building2,
  CircleHelp,
  ClipboardPaste,
  Coins,
  FilePen,
  FileText,
  FolderHeart,
  GraduationCap,
  History,
  Info,
  LayoutDashboard,
  Mail,
  Megaphone,
  NotebookPen,
  Package,
  PenLine,
  ScanSearch,
  ScrollText,
  ShieldCheck,
  Sparkles,
  Tags,
  Ticket,
  Users,
} from 'lucide-react';

/**
 * The sidebar menu groups of spec §2. `available` is false for tools whose pages a later
 * release brings: they show, dimmed, so the menu matches the product, but lead nowhere yet.
 */
export type MenuItem = { id: string; label: string; to: string; icon: LucideIcon; available: boolean };
export type MenuGroup = { id: string; label: string; icon: LucideIcon; items: MenuItem[] };

export const MENU_GROUPS: MenuGroup[] = [
  {
    id: 'main',
    label: '主要功能',
    icon: LayoutDashboard,
    items: [
      { id: 'overview', label: '概览', to: '/dash/overview', icon: LayoutDashboard, available: true },
      { id: 'quick-start', label: '写作工具', to: '/dash/quick-start', icon: Sparkles, available: true },
      { id: 'reduce-ai', label: '查AI率 / 降AI率', to: '/dash/reduce-ai', icon: ScanSearch, available: true },
      { id: 'text-submit', label: '文本提交', to: '/dash/text-submit', icon: ClipboardPaste, available: true },
    ],
  },
  {
    id: 'school',
    label: '选校',
    icon: GraduationCap,
    items: [{ id: 'school-match', label: '智能选校', to: '/dash/school-match', icon: GraduationCap, available: true }],
  },
  {
    id: 'documents',
    label: '文书工具',
    icon: PenLine,
    items: [
      { id: 'ps-writing', label: 'PS / SOP', to: '/dash/ps-writing', icon: PenLine, available: true },
      { id: 'essay-polish', label: '文书润色', to: '/dash/essay-polish', icon: Sparkles, available: true },
      // Not in the spec's list (§2), but consultants looked for it here (issue 28).
      { id: 'essay-revision', label: '文书修改', to: '/dash/essay-revision', icon: FilePen, available: true },
      { id: 'cv-writing', label: '简历 CV', to: '/dash/cv-writing', icon: FileText, available: true },
      { id: 'recommended-writing', label: '推荐信 RL', to: '/dash/recommended-writing', icon: Mail, available: true },
      { id: 'free-writing', label: '自由写作', to: '/dash/free-writing', icon: NotebookPen, available: true },
    ],
  },
  {
    id: 'archives',
    label: '学生档案与作品',
    icon: Users,
    items: [
      { id: 'client-archives', label: '学生档案', to: '/dash/client-archives', icon: Users, available: true },
      { id: 'my-works', label: '我的作品', to: '/dash/my-works', icon: FolderHeart, available: true },
      { id: 'generation-records', label: '生成记录', to: '/dash/generation-records', icon: History, available: true },
      { id: 'org', label: '机构与成员', to: '/dash/org', icon: Building2, available: true },
    ],
  },
  {
    id: 'support',
    label: '帮助与支持',
    icon: CircleHelp,
    items: [
      { id: 'faq', label: '常见问题', to: '/dash/faq', icon: BookOpen, available: true },
      { id: 'about', label: '关于我们', to: '/dash/about', icon: Info, available: true },
    ],
  },
];

/**
 * The operator console (/dash/admin/*): in the menu for administrators only. The pages check the
 * role themselves through the API; hiding the entry is a courtesy, not the protection.
 */
export const ADMIN_MENU_GROUP: MenuGroup = {
  id: 'admin',
  label: '管理后台',
  icon: ShieldCheck,
  items: [
    { id: 'admin-redemption-codes', label: '兑换码', to: '/dash/admin/redemption-codes', icon: Ticket, available: true },
    { id: 'admin-prices', label: '积分价格', to: '/dash/admin/prices', icon: Tags, available: true },
    { id: 'admin-packages', label: '充值套餐', to: '/dash/admin/packages', icon: Package, available: true },
    { id: 'admin-points', label: '用户积分', to: '/dash/admin/points', icon: Coins, available: true },
    { id: 'admin-notifications', label: '通知公告', to: '/dash/admin/notifications', icon: Megaphone, available: true },
    { id: 'admin-update-logs', label: '更新日志', to: '/dash/admin/update-logs', icon: History, available: true },
    { id: 'admin-audit-log', label: '操作日志', to: '/dash/admin/audit-log', icon: ScrollText, available: true },
    { id: 'admin-analytics', label: '数据统计', to: '/dash/admin/analytics', icon: BarChart3, available: true },
    { id: 'admin-orgs', label: '机构', to: '/dash/admin/orgs', icon: Building2, available: true },
  ],
};

/** Spec §2 system/update-logs: not in the sidebar's groups; reached by search, the about page and update notices. */
export const UPDATE_LOGS_ROUTE = '/dash/system/update-logs';
/** Organisations, members and the space the user works in (issue 30). */
export const ORG_ROUTE = '/dash/org';
export const updateLogRoute = (id: string) => `${UPDATE_LOGS_ROUTE}/${encodeURIComponent(id)}`;
/** The list for a type filter and page: the filter links and the pager (plain links, so both work without JavaScript). */
export function updateLogsHref(updateType: UpdateType | null, page = 1): string {
  const params = new URLSearchParams();
  if (updateType) params.set('update_type', updateType);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${UPDATE_LOGS_ROUTE}?${query}` : UPDATE_LOGS_ROUTE;
}

/** Spec §2 user-id-verification: reached from the account page and search, not the sidebar. */
export const ID_VERIFICATION_ROUTE = '/dash/user-id-verification';

/** Pages of the header's points display and user menu (spec §2 header), not in the sidebar. */
export const ACCOUNT_ROUTES = {
  redemption: '/dash/redemption-code',
  invitation: '/dash/invitation',
  pointsHistory: '/dash/points-history',
  pricing: '/dash/pricing',
  recharge: '/dash/recharge',
  orders: '/dash/orders',
} as const;

/** The two essay-improvement pages, each in the menu and linked from the other. */
export const REVIEW_PAGES = {
  revision: { label: '文书修改', route: '/dash/essay-revision' },
  polish: { label: '文书润色', route: '/dash/essay-polish' },
} as const;

const AVAILABLE = new Set([
  REVIEW_PAGES.revision.route,
  ...MENU_GROUPS.flatMap((g) => g.items)
    .filter((i) => i.available)
    .map((i) => i.to),
  ...Object.values(ACCOUNT_ROUTES),
]);
export const isRouteAvailable = (to: string) => AVAILABLE.has(to);

/** The sidebar's pinned 充值积分 target (spec §2). */
export const CHARGE_ROUTE = ACCOUNT_ROUTES.pricing;

export const SIDEBAR_WIDTH = { collapsed: 80, expanded: 240 } as const;
export const SIDEBAR_BREAKPOINTS = { mobile: 768, desktop: 1200 } as const;
export const HOVER_PANEL_CLOSE_DELAY_MS = 300;

export const PRODUCT_NAME = '留学文书 AI';
export const pageTitle = (page: string) => `${page} - ${PRODUCT_NAME}`;
