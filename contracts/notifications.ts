import { DISMISSAL_SURFACES, NOTIFICATION_STATUSES, NOTIFICATION_TYPES, UPDATE_TYPES } from './constants';
import { LINK_MAX_LENGTH, linkTarget } from './links';
import { z } from './zod';

const isoOrNull = z.string().nullable();

/** Spec §3 update log, as the API returns it. `content` is markdown. */
export const updateLogSchema = z.object({
  id: z.string(),
  version: z.string(),
  title: z.string(),
  content: z.string(),
  update_type: z.enum(UPDATE_TYPES),
  importance: z.number().int().min(1).max(3),
  /** The spec's shape (issue 28); the flat `affected_modules` and `notes` below carry the same, for the web. */
  additional_info: z.object({ notes: z.string().nullable(), affected_modules: z.array(z.string()) }),
  affected_modules: z.array(z.string()),
  notes: z.string().nullable(),
  publish_time: isoOrNull,
  status: z.enum(['DRAFT', 'PUBLISHED']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UpdateLog = z.infer<typeof updateLogSchema>;

/**
 * Spec §3 maintenance notice `countdown`, in whole seconds (ADR 0061): the maintenance window from its
 * start to its end (`end_time`, else `estimatedCompletionTime`) and what is left of it when the answer
 * was written: the whole window before the start, 0 after the end. Null when there is no window.
 */
export const countdownSchema = z.object({ totalSeconds: z.number().int(), remainingSeconds: z.number().int() });
export type Countdown = z.infer<typeof countdownSchema>;

/** Spec §3 system notification (announcements and maintenance notices are system notifications). */
export const systemNotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  status: z.enum(NOTIFICATION_STATUSES),
  importance: z.number().int(),
  need_confirmation: z.boolean(),
  start_time: isoOrNull,
  end_time: isoOrNull,
  /** Spec §3: "both spellings of the time fields appear"; the same values as start_time and end_time. */
  startTime: isoOrNull,
  endTime: isoOrNull,
  /** MAINTENANCE only (null for other types). */
  countdown: countdownSchema.nullable(),
  redirect_url: z.string().nullable(),
  /** MAINTENANCE only: when the work is expected to be done. */
  estimatedCompletionTime: isoOrNull,
  updateLog: updateLogSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SystemNotification = z.infer<typeof systemNotificationSchema>;

/** GET /api/v1/system/notifications/active/list?type= */
export const activeNotificationsQuerySchema = z.object({ type: z.enum(NOTIFICATION_TYPES).optional().catch(undefined) });
export const activeNotificationsSchema = z.array(systemNotificationSchema);

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalDate = (label: string) => z.preprocess(blankToUndefined, z.coerce.date({ error: `${label}无效` }).optional());

/** Same-site paths (one leading slash) or http(s) links; nothing that runs script (contracts/links.ts). */
export const redirectUrlSchema = z
  .string()
  .trim()
  .max(LINK_MAX_LENGTH, '跳转链接过长')
  .refine((v) => linkTarget(v) !== null, '跳转链接必须是以 / 开头的站内路径或 http(s) 链接');

/**
 * The spec's other spelling of the time fields (startTime, endTime) is accepted too; where both are
 * sent the snake_case one wins.
 */
const timeAliases = (raw: unknown) => {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const v = { ...(raw as Record<string, unknown>) };
  if (v.start_time === undefined && v.startTime !== undefined) v.start_time = v.startTime;
  if (v.end_time === undefined && v.endTime !== undefined) v.end_time = v.endTime;
  delete v.startTime;
  delete v.endTime;
  return v;
};

/** POST /api/v1/admin/notifications (spec §3 field names) and PUT …/{id} (every field optional). */
const notificationFields = z
  .object({
    title: z.string({ error: '请填写标题' }).trim().min(1, '请填写标题').max(100, '标题不能超过100个字符'),
    content: z.string().trim().max(5000, '内容不能超过5000个字符').default(''),
    type: z.enum(NOTIFICATION_TYPES, { error: '请选择通知类型' }),
    status: z.enum(['DRAFT', 'PUBLISHED'], { error: '状态只能是草稿或已发布' }).default('DRAFT'),
    importance: z.coerce.number().int().min(1, '重要程度为1到5').max(5, '重要程度为1到5').default(1),
    need_confirmation: z.preprocess((v) => v === 'true' || v === 'on' || v === true, z.boolean()).default(false),
    start_time: optionalDate('开始时间'),
    end_time: optionalDate('结束时间'),
    redirect_url: z.preprocess(blankToUndefined, redirectUrlSchema.optional()),
    estimatedCompletionTime: optionalDate('预计完成时间'),
    update_log_id: z.preprocess(blankToUndefined, z.string().uuid('版本更新日志不存在').optional()),
  })
  .refine((v) => !v.start_time || !v.end_time || v.end_time > v.start_time, { message: '结束时间必须晚于开始时间', path: ['end_time'] })
  .refine((v) => v.type !== 'MAINTENANCE' || v.start_time, { message: '维护通知需要填写开始时间', path: ['start_time'] });
export const notificationInputSchema = z.preprocess(timeAliases, notificationFields);
export type NotificationInput = z.infer<typeof notificationFields>;

/** GET /api/v1/system/update-logs/public?page&limit&update_type */
export const updateLogsPublicQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).catch(10).default(10),
  update_type: z.enum(UPDATE_TYPES).optional().catch(undefined),
});
export const updateLogsPageSchema = z.object({
  updateLogs: z.array(updateLogSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
});
export type UpdateLogsPage = z.infer<typeof updateLogsPageSchema>;
export const updateLogsLatestQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).catch(10).default(10) });

/** The spec's `additional_info {notes, affected_modules}` is accepted as well as the flat fields (which win). */
const additionalInfo = (raw: unknown) => {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const { additional_info: info, ...v } = raw as Record<string, unknown>;
  if (info && typeof info === 'object' && !Array.isArray(info)) {
    const { notes, affected_modules } = info as Record<string, unknown>;
    if (v.notes === undefined && notes !== undefined) v.notes = notes;
    if (v.affected_modules === undefined && affected_modules !== undefined) v.affected_modules = affected_modules;
  }
  return v;
};

/** POST /api/v1/admin/update-logs and PUT …/{id}. */
const updateLogFields = z.object({
  version: z.string({ error: '请填写版本号' }).trim().min(1, '请填写版本号').max(30, '版本号不能超过30个字符'),
  title: z.string({ error: '请填写标题' }).trim().min(1, '请填写标题').max(100, '标题不能超过100个字符'),
  content: z.string({ error: '请填写更新内容' }).trim().min(1, '请填写更新内容').max(20_000, '更新内容不能超过20000个字符'),
  update_type: z.enum(UPDATE_TYPES, { error: '请选择更新类型' }),
  importance: z.coerce.number().int().min(1, '重要程度为1到3').max(3, '重要程度为1到3').default(1),
  affected_modules: z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(/[,，\n]/)
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
      z.array(z.string().trim().min(1).max(30, '模块名不能超过30个字符')).max(20, '最多20个模块'),
    )
    .default([]),
  notes: z.preprocess(blankToUndefined, z.string().trim().max(2000, '备注不能超过2000个字符').optional()),
  publish_time: optionalDate('发布时间'),
  status: z.enum(['DRAFT', 'PUBLISHED']).default('DRAFT'),
});
export const updateLogInputSchema = z.preprocess(additionalInfo, updateLogFields);
export type UpdateLogInput = z.infer<typeof updateLogFields>;

/** Socket pushes carry ids and short fields only (NOTIFY payloads are small): clients refetch. */
export const notificationEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  importance: z.number(),
  need_confirmation: z.boolean(),
  start_time: isoOrNull,
  end_time: isoOrNull,
  /** Spec §3: a maintenance notice carries both spellings of its times, on the socket as over REST. */
  startTime: isoOrNull,
  endTime: isoOrNull,
  updated_at: z.string(),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** Spec §3 dismissal record, kept per user on the server (issue 28); `surface`: the urgent modal or the banner. */
export const dismissalRecordSchema = z.object({
  id: z.string(),
  surface: z.enum(DISMISSAL_SURFACES),
  dismissedAt: z.string(),
  announcementUpdatedAt: z.string(),
});
export type DismissalRecordDto = z.infer<typeof dismissalRecordSchema>;
/** GET /api/v1/system/notifications/dismissals: the user's dismissals of notices still on file. */
export const dismissalsSchema = z.object({ dismissals: z.array(dismissalRecordSchema) });
/** POST /api/v1/system/notifications/{id}/dismiss: the version dismissed (the notice's updated_at as shown); unset: the current one. */
export const dismissInputSchema = z.object({
  surface: z.enum(DISMISSAL_SURFACES, { error: '关闭位置只能是弹窗或横幅' }),
  announcementUpdatedAt: z.preprocess(blankToUndefined, z.coerce.date({ error: '公告版本无效' }).optional()),
});

/** The update-log ids a read-state call is about: at most 50, as a comma list in a query or an array in a body. */
const updateLogIds = z
  .array(z.string().uuid('更新日志不存在'))
  .min(1, '请指定更新日志')
  .max(50, '一次最多50条更新日志')
  .transform((ids) => [...new Set(ids)]);
/** GET /api/v1/system/update-logs/reads?ids=a,b */
export const updateLogReadsQuerySchema = z.object({
  ids: z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), updateLogIds),
});
/** POST /api/v1/system/update-logs/reads {ids} */
export const updateLogReadsInputSchema = z.object({ ids: updateLogIds });
/** Which of the asked logs this user has read (opened, or published before the account existed). */
export const updateLogReadsSchema = z.object({ readIds: z.array(z.string()) });
