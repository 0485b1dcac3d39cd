/**
 * Enumerations, their Chinese labels and small formatting rules shared by the API, the web server
 * and browser code. No zod here: components import these, and the browser bundle should not carry
 * a schema library for a list of labels. The schemas in the sibling modules build on them.
 */

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { user: '普通用户', admin: '管理员' };

/** Spec §5: male, female or other. */
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { male: '男', female: '女', other: '其他' };

export const FEEDBACK_CATEGORIES = ['bug', 'feature', 'billing', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  bug: '问题反馈',
  feature: '功能建议',
  billing: '积分与支付',
  other: '其他',
};

/** Spec §3 operation log. */
export const RELATED_RESOURCE_TYPES = ['writing', 'payment_order', 'redemption_code', 'invite_code', 'school_match_result'] as const;
export const OPERATION_RESULTS = ['success', 'fail'] as const;

/** 138****0000: how a phone number is shown anywhere but the login form. */
export const maskPhone = (phone: string | null) =>
  phone == null ? '' : /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;

/** Spec §3 points history item: type, status and source, with the labels the history shows. */
export const POINTS_TYPES = ['consumption', 'refund', 'reward', 'purchase', 'recharge', 'transfer', 'system'] as const;
export type PointsType = (typeof POINTS_TYPES)[number];
export const POINTS_TYPE_LABELS: Record<PointsType, string> = {
  consumption: '消费',
  refund: '退还',
  reward: '奖励',
  purchase: '购买',
  recharge: '充值',
  transfer: '转账',
  system: '系统',
};

export const POINTS_STATUSES = ['pending', 'success', 'failed', 'cancelled'] as const;
export type PointsStatus = (typeof POINTS_STATUSES)[number];
export const POINTS_STATUS_LABELS: Record<PointsStatus, string> = {
  pending: '处理中',
  success: '成功',
  failed: '失败',
  cancelled: '已取消',
};

export const POINTS_SOURCES = [
  'translate',
  'ai_check',
  'ai_reduce',
  'ps_generation',
  'cv_generation',
  'rl_generation',
  'expand',
  'rephrase',
  'rewrite',
  'style',
  'shorten',
  'auto_profile',
  'write_by_requirement',
  'free_generation',
  'order',
  'admin_adjustment',
  'gift',
  'transfer',
  'exchange',
  'activity_reward',
  'first_subscribe_reward',
  'first_phone_login_reward',
  'invite_reward',
  'channel_invite_reward',
  'redemption_code',
  'essay_polish',
  'school_match',
  'account_deletion',
  'essay_revision',
] as const;
export type PointsSource = (typeof POINTS_SOURCES)[number];
export const POINTS_SOURCE_LABELS: Record<PointsSource, string> = {
  translate: '翻译',
  ai_check: '查AI率',
  ai_reduce: '降AI率',
  ps_generation: '个人陈述生成',
  cv_generation: '简历生成',
  rl_generation: '推荐信生成',
  expand: '扩写',
  rephrase: '改写',
  rewrite: '重写',
  style: '风格调整',
  shorten: '缩写',
  auto_profile: '智能建档',
  write_by_requirement: '按要求写作',
  free_generation: '自由生成',
  order: '订单充值',
  admin_adjustment: '管理员调整',
  gift: '赠送',
  transfer: '转账',
  exchange: '兑换',
  activity_reward: '活动奖励',
  first_subscribe_reward: '首次关注奖励',
  first_phone_login_reward: '首次手机登录奖励',
  invite_reward: '邀请奖励',
  channel_invite_reward: '渠道邀请奖励',
  redemption_code: '兑换码',
  essay_polish: '文书润色',
  school_match: '选校',
  account_deletion: '账户注销',
  // Not in the spec's list, which has one essay-improvement source: 文书修改 is its own tool (issue 28).
  essay_revision: '文书修改',
};

/** The paid operations the price table prices (spec §3 sources that spend points): the AI tools and 选校. */
export const PRICED_OPERATIONS = [
  'ai_check',
  'ai_reduce',
  'ps_generation',
  'cv_generation',
  'rl_generation',
  'free_generation',
  'write_by_requirement',
  'essay_revision',
  'essay_polish',
  'expand',
  'rephrase',
  'rewrite',
  'style',
  'shorten',
  'translate',
  'auto_profile',
  'school_match',
] as const satisfies readonly PointsSource[];
export type PricedOperation = (typeof PRICED_OPERATIONS)[number];

/**
 * Points are integer hundredths inside; at the edges two decimals, truncated (spec §9):
 * 1.239 is 1.23, never 1.24.
 */
export const pointsToCents = (points: number) => Math.trunc(Math.round(points * 1e6) / 1e4);
export const centsToPoints = (cents: number) => Math.trunc(cents) / 100;
export const formatPoints = (points: number) => {
  const cents = pointsToCents(points);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** Spec §3 system notification types and statuses, with their Chinese labels. */
export const NOTIFICATION_TYPES = ['MAINTENANCE', 'WARNING', 'ERROR', 'INFO', 'ANNOUNCEMENT', 'SUCCESS', 'UPDATE'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  MAINTENANCE: '系统维护',
  WARNING: '警告',
  ERROR: '故障',
  INFO: '通知',
  ANNOUNCEMENT: '公告',
  SUCCESS: '成功',
  UPDATE: '版本更新',
};
/** DELETED: a notice the console deleted (spec §3); like EXPIRED it clears maintenance mode. */
export const NOTIFICATION_STATUSES = ['DRAFT', 'PUBLISHED', 'EXPIRED', 'DELETED'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
export const NOTIFICATION_STATUS_LABELS: Record<NotificationStatus, string> = {
  DRAFT: '草稿',
  PUBLISHED: '已发布',
  EXPIRED: '已结束',
  DELETED: '已删除',
};

/** Spec §4 announcement queue: these open the announcement modal rather than only a toast. */
export const isUrgentNotification = (n: { importance: number; need_confirmation: boolean; type: NotificationType }) =>
  n.importance >= 3 || n.need_confirmation || n.type === 'MAINTENANCE' || n.type === 'ANNOUNCEMENT';

/** Where a notice was dismissed (issue 28): its urgent modal, or the announcement banner. */
export const DISMISSAL_SURFACES = ['modal', 'banner'] as const;
export type DismissalSurface = (typeof DISMISSAL_SURFACES)[number];

/** Update logs: type and importance with their labels (issue 9). */
export const UPDATE_TYPES = ['FEATURE', 'BUGFIX', 'IMPROVEMENT', 'SECURITY', 'OTHER'] as const;
export type UpdateType = (typeof UPDATE_TYPES)[number];
export const UPDATE_TYPE_LABELS: Record<UpdateType, string> = {
  FEATURE: '新功能',
  BUGFIX: '问题修复',
  IMPROVEMENT: '体验优化',
  SECURITY: '安全更新',
  OTHER: '其他',
};
export const UPDATE_IMPORTANCE_LABELS: Record<1 | 2 | 3, string> = { 1: '普通', 2: '重要', 3: '紧急' };
export const DEFAULT_MAINTENANCE_TITLE = '系统维护通知';

/** Standardised tests a student archive records (issue 10), with their sub-scores. */
/** AP: no total; its sub-scores are the subjects' 1–5 (Calculus BC: 5). */
export const TEST_TYPES = ['TOEFL', 'IELTS', 'GRE', 'GMAT', 'SAT', 'ACT', 'Duolingo', 'AP'] as const;
