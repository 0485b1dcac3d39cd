import { ANALYTICS_EVENT_TYPES, ANALYTICS_LIMITS, ANALYTICS_ROLES } from './analytics-constants';
import { z } from './zod';

export * from './analytics-constants';

export const analyticsEventSchema = z.object({
  type: z.enum(ANALYTICS_EVENT_TYPES, { error: '事件类型无效' }),
  page: z
    .string({ error: '缺少页面路径' })
    .max(ANALYTICS_LIMITS.maxPageChars, '页面路径过长')
    .regex(/^\/[^\s?#]*$/, '页面路径无效'),
  pageName: z.string({ error: '缺少页面名称' }).trim().min(1, '缺少页面名称').max(ANALYTICS_LIMITS.maxPageNameChars, '页面名称过长'),
  role: z.enum(ANALYTICS_ROLES, { error: '角色无效' }),
  /** When it happened in the browser (ISO 8601); kept as the client said, the server's own time beside it. */
  at: z.iso.datetime({ offset: true, error: '事件时间无效' }),
  data: z
    .record(z.string(), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]), { error: '附加数据必须是对象' })
    .refine((d) => JSON.stringify(d).length <= ANALYTICS_LIMITS.maxDataChars, '附加数据过大')
    .optional(),
});
export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;

/** POST /api/v1/analytics/events (spec §4): one browser session's batch. */
export const analyticsBatchSchema = z.object({
  sessionId: z.string({ error: '缺少会话标识' }).regex(/^[A-Za-z0-9_-]{8,64}$/, '会话标识无效'),
  events: z
    .array(analyticsEventSchema, { error: '缺少事件列表' })
    .min(1, '事件列表为空')
    .max(ANALYTICS_LIMITS.maxEvents, `一批最多 ${ANALYTICS_LIMITS.maxEvents} 个事件`),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/** The batch headers' values (X-Batch-Id, X-Batch-Size), both optional for a direct API client. */
export const batchHeadersSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '批次标识无效')
    .optional(),
  size: z.coerce
    .number({ error: '批次大小无效' })
    .int('批次大小无效')
    .min(1, '批次大小无效')
    .max(ANALYTICS_LIMITS.maxEvents, '批次大小无效')
    .optional(),
});

export const analyticsAcceptedSchema = z.object({
  /** Rows written by this request: 0 when the batch id was already stored. */
  stored: z.number(),
  duplicate: z.boolean(),
});

/** What the web's resource route takes from the page (a beacon cannot set headers, so the batch id rides in the body). */
export const analyticsBeaconSchema = analyticsBatchSchema.extend({
  batchId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '批次标识无效'),
});

/** GET /api/v1/admin/analytics/summary?days=N */
export const analyticsSummaryQuerySchema = z.object({
  days: z.coerce
    .number({ error: '天数无效' })
    .int('天数必须是整数')
    .min(1, '天数至少为 1')
    .max(ANALYTICS_LIMITS.maxDays, `天数最多为 ${ANALYTICS_LIMITS.maxDays}`)
    .default(7),
});

export const analyticsSummarySchema = z.object({
  days: z.number(),
  /** The range: from the start of the first Beijing day to now. */
  from: z.string(),
  to: z.string(),
  totals: z.object({ events: z.number(), pageViews: z.number(), sessions: z.number(), users: z.number() }),
  /** One row per Beijing day of the range, oldest first, days without events included. */
  daily: z.array(z.object({ day: z.string(), activeUsers: z.number(), guestSessions: z.number(), pageViews: z.number() })),
  pageViews: z.array(z.object({ page: z.string(), pageName: z.string(), views: z.number(), sessions: z.number() })),
  tools: z.array(z.object({ tool: z.string(), uses: z.number(), users: z.number() })),
  /** Counts of the events that record outcomes (document generated, check run, order paid). */
  outcomes: z.array(z.object({ type: z.enum(ANALYTICS_EVENT_TYPES), count: z.number() })),
  /** Accounts registered in the range; of them, those with a generation; of those, those who paid (from the product's own records). */
  funnel: z.object({ registered: z.number(), generated: z.number(), paid: z.number() }),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

/** GET /api/v1/admin/analytics/sessions/{sessionId}: one analytics session's events, oldest first (support and checks). */
export const analyticsSessionIdSchema = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '会话标识无效'),
});
export const analyticsSessionEventsSchema = z.object({
  sessionId: z.string(),
  events: z.array(
    z.object({
      type: z.enum(ANALYTICS_EVENT_TYPES),
      page: z.string(),
      pageName: z.string(),
      role: z.enum(ANALYTICS_ROLES),
      /** Whether the event came from a signed-in account (which one is not shown). */
      signedIn: z.boolean(),
      data: z.record(z.string(), z.unknown()).nullable(),
      occurredAt: z.string(),
      receivedAt: z.string(),
    }),
  ),
});
export type AnalyticsSessionEvents = z.infer<typeof analyticsSessionEventsSchema>;
