import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DISMISSAL_SURFACES, NOTIFICATION_STATUSES, NOTIFICATION_TYPES, UPDATE_TYPES } from '../../contracts/constants';
import { ADMIN_AUDIT_ACTIONS, ADMIN_AUDIT_TARGETS } from '../../contracts/admin-audit';
import { id, createdAt } from './columns';
import { users } from './users';

// Notices and logs: update logs, system notifications, operation logs, feedback and health probes.

/** Spec §3 update log; `content` is markdown, rendered through a sanitiser. */
export const updateLogs = pgTable(
  'update_logs',
  {
    id: id(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    updateType: text('update_type', { enum: UPDATE_TYPES }).notNull(),
    importance: integer('importance').notNull().default(1),
    affectedModules: jsonb('affected_modules').$type<string[]>().notNull().default([]),
    notes: text('notes'),
    publishTime: timestamp('publish_time', { withTimezone: true }),
    status: text('status', { enum: ['DRAFT', 'PUBLISHED'] })
      .notNull()
      .default('DRAFT'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('update_logs_status_publish_idx').on(t.status, t.publishTime)],
);

/** Spec §3 system notification: announcements, maintenance notices and the other types. Deleting is soft. */
export const systemNotifications = pgTable(
  'system_notifications',
  {
    id: id(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('DRAFT'),
    importance: integer('importance').notNull().default(1),
    needConfirmation: boolean('need_confirmation').notNull().default(false),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    redirectUrl: text('redirect_url'),
    estimatedCompletionTime: timestamp('estimated_completion_time', { withTimezone: true }),
    updateLogId: uuid('update_log_id').references(() => updateLogs.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('system_notifications_active_idx').on(t.type, t.status, t.endTime)],
);

/**
 * Spec §3 dismissal record, kept for the user on the server (issue 28): an urgent notice's modal
 * closed in one tab does not open again in another tab or browser, nor a banner closed there,
 * until the notice is edited (a newer updated_at). `surface`: the modal, or the banner.
 */
export const announcementDismissals = pgTable(
  'announcement_dismissals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => systemNotifications.id, { onDelete: 'cascade' }),
    surface: text('surface', { enum: DISMISSAL_SURFACES }).notNull(),
    /** The version dismissed: the notice's updated_at as the user saw it. */
    announcementUpdatedAt: timestamp('announcement_updated_at', { withTimezone: true }).notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId, t.surface] })],
);

/** The update logs a user has opened (最近更新's unread marks, issue 28). */
export const updateLogReads = pgTable(
  'update_log_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    updateLogId: uuid('update_log_id')
      .notNull()
      .references(() => updateLogs.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.updateLogId] })],
);

export const operationLogs = pgTable(
  'operation_logs',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    operationType: text('operation_type').notNull(),
    operationResult: text('operation_result', { enum: ['success', 'fail'] }).notNull(),
    relatedResourceId: text('related_resource_id'),
    relatedResourceType: text('related_resource_type', {
      enum: ['writing', 'payment_order', 'redemption_code', 'invite_code', 'school_match_result'],
    }),
    errorMessage: text('error_message'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
    sourcePage: text('source_page'),
    createdAt: createdAt(),
  },
  (t) => [index('operation_logs_user_created_idx').on(t.userId, t.createdAt)],
);

export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: ['bug', 'feature', 'billing', 'other'] }).notNull(),
    content: text('content').notNull(),
    contact: text('contact'),
    pagePath: text('page_path'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_user_idx').on(t.userId)],
);

/** One row per probe name, rewritten by /healthz: proves the database still accepts writes. */
export const healthProbes = pgTable('health_probes', {
  name: text('name').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The administrators' audit log (ADR 0053): append-only, a trigger refuses UPDATE, DELETE and
 * TRUNCATE (except the foreign key's own `set null` when an administrator's account is deleted:
 * `admin_label` keeps who it was). Written in the transaction of the change it records.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: id(),
    /** Null for the admin command line, or once the account is deleted. */
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** Name and masked phone of the administrator when the row was written ('命令行' for the CLI). */
    adminLabel: text('admin_label').notNull(),
    action: text('action', { enum: ADMIN_AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: ADMIN_AUDIT_TARGETS }).notNull(),
    targetId: text('target_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt),
    index('admin_audit_log_action_created_idx').on(t.action, t.createdAt),
    index('admin_audit_log_admin_created_idx').on(t.adminId, t.createdAt),
  ],
);
