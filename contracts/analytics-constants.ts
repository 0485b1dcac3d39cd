/**
 * First-party analytics (issue 28; spec §1, §4, §9): event types with their Chinese names, the
 * roles, the batch headers and the bounds both sides keep. No zod here, so browser code (the
 * tracker) can import it without taking zod into the page (contracts/analytics.ts has the schemas).
 */

export const ANALYTICS_EVENT_TYPES = [
  'page_view',
  'page_exit',
  'identify',
  'tool_used',
  'document_generated',
  'check_run',
  'order_paid',
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

export const ANALYTICS_EVENT_LABELS: Record<AnalyticsEventType, string> = {
  page_view: '页面浏览',
  page_exit: '离开页面（停留超过 0.5 秒）',
  identify: '身份标识（每 30 秒一次）',
  tool_used: '使用工具',
  document_generated: '生成文书',
  check_run: '查AI率',
  order_paid: '订单支付成功',
};

/** Spec §1: the role read for analytics; a visitor without a session is a guest. */
export const ANALYTICS_ROLES = ['guest', 'user', 'admin'] as const;
export type AnalyticsRole = (typeof ANALYTICS_ROLES)[number];
export const ANALYTICS_ROLE_LABELS: Record<AnalyticsRole, string> = { guest: '访客', user: '普通用户', admin: '管理员' };

/**
 * Spec §7 "batch headers exist for batched calls": a batch names itself and its size. The id makes
 * a resent batch (a retried request, a beacon sent twice) a no-op; a size that disagrees with the
 * body is refused.
 */
export const BATCH_ID_HEADER = 'X-Batch-Id';
export const BATCH_SIZE_HEADER = 'X-Batch-Size';

export const ANALYTICS_LIMITS = {
  /** Events in one batch. */
  maxEvents: 50,
  /** An event's `data` as JSON text. */
  maxDataChars: 1024,
  /** A page path (without the query). */
  maxPageChars: 300,
  maxPageNameChars: 40,
  /** The summary's range in days. */
  maxDays: 90,
} as const;

/** Spec §4, §9. */
export const ANALYTICS_TIMINGS = {
  /** The session id rotates this long after it was made. */
  sessionRotateMs: 30 * 60_000,
  /** Identify repeats this often while a page is open. */
  identifyEveryMs: 30_000,
  /** A page exit is logged only after a stay longer than this. */
  minExitStayMs: 500,
} as const;

/** The summary's range choices in the console. */
export const ANALYTICS_RANGE_DAYS = [1, 7, 30, 90] as const;
