import { and, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminAuditLog, users } from '../../db/schema';
import { maskPhone } from '../../contracts/constants';
import {
  ADMIN_AUDIT_ACTION_LABELS,
  ADMIN_AUDIT_EXPORT_MAX_ROWS,
  ADMIN_AUDIT_TARGET_LABELS,
  type AdminAuditAction,
  type AdminAuditEntry,
  type AdminAuditPage,
  type AdminAuditQuery,
  type AdminAuditTarget,
} from '../../contracts/admin-audit';
import { csvDocument } from './csv-writer';
import type { Transaction } from './points/ledger';

/**
 * Who did it and from where: the signed-in administrator and the request's address (behind
 * TRUST_PROXY), or the admin command line (no account, ip 'cli').
 */
export type AdminActor = { adminId: string | null; ip: string; userAgent?: string | null };
export const CLI_ACTOR: AdminActor = { adminId: null, ip: 'cli', userAgent: null };

const USER_AGENT_MAX = 200;
const CLI_LABEL = '命令行';

export type AdminActionRecord = {
  action: AdminAuditAction;
  targetType: AdminAuditTarget;
  targetId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** How the log names an administrator: the account's name with its phone masked, kept if the account goes. */
const labelOf = (user: { username: string | null; phone: string | null; id: string }) =>
  [user.username, maskPhone(user.phone)].filter(Boolean).join(' ') || user.id;

/**
 * One row of the audit log, inside the caller's transaction: the change and its record commit or
 * roll back together, and a refused change (thrown before this) leaves none. Callers pass only the
 * fields that matter, never secrets or a target's full phone number (mask with maskPhone).
 */
export async function recordAdminAction(tx: Transaction | Database, actor: AdminActor, record: AdminActionRecord): Promise<void> {
  let adminLabel = CLI_LABEL;
  if (actor.adminId) {
    const [admin] = await tx
      .select({ id: users.id, username: users.username, phone: users.phone })
      .from(users)
      .where(eq(users.id, actor.adminId));
    adminLabel = admin ? labelOf(admin) : actor.adminId;
  }
  await tx.insert(adminAuditLog).values({
    adminId: actor.adminId,
    adminLabel,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
    ip: actor.ip,
    userAgent: actor.userAgent ? actor.userAgent.slice(0, USER_AGENT_MAX) : null,
  });
}

type Filters = Pick<AdminAuditQuery, 'action' | 'adminId'>;
const whereOf = (filters: Filters): SQL | undefined =>
  and(
    filters.action ? eq(adminAuditLog.action, filters.action) : undefined,
    filters.adminId ? eq(adminAuditLog.adminId, filters.adminId) : undefined,
  );

type Row = typeof adminAuditLog.$inferSelect;
const toEntry = (row: Row): AdminAuditEntry => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  adminId: row.adminId,
  adminLabel: row.adminLabel,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  before: row.before ?? null,
  after: row.after ?? null,
  ip: row.ip,
  userAgent: row.userAgent,
});

/** GET /api/v1/admin/audit-log: newest first, with the administrators the filter can offer. */
export async function auditLogPage(db: Database, query: AdminAuditQuery): Promise<AdminAuditPage> {
  const where = whereOf(query);
  const [rows, [counted], admins] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(adminAuditLog).where(where),
    db
      .selectDistinctOn([adminAuditLog.adminId], { id: adminAuditLog.adminId, label: adminAuditLog.adminLabel })
      .from(adminAuditLog)
      .where(isNotNull(adminAuditLog.adminId))
      .orderBy(adminAuditLog.adminId, desc(adminAuditLog.createdAt))
      .limit(200),
  ]);
  return {
    items: rows.map(toEntry),
    page: query.page,
    pageSize: query.pageSize,
    total: counted?.n ?? 0,
    admins: admins.map((a) => ({ id: a.id!, label: a.label })),
  };
}

const json = (value: unknown) => (value == null ? '' : JSON.stringify(value));

/**
 * GET /api/v1/admin/audit-log/export: the filter's newest ADMIN_AUDIT_EXPORT_MAX_ROWS rows as CSV
 * (Beijing time, Chinese labels; before/after as JSON text). `truncated` says more rows matched.
 */
export async function auditLogCsv(db: Database, filters: Filters): Promise<{ csv: string; rows: number; truncated: boolean }> {
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(whereOf(filters))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(ADMIN_AUDIT_EXPORT_MAX_ROWS + 1);
  const truncated = rows.length > ADMIN_AUDIT_EXPORT_MAX_ROWS;
  const kept = truncated ? rows.slice(0, ADMIN_AUDIT_EXPORT_MAX_ROWS) : rows;
  const csv = csvDocument(
    ['时间（北京时间）', '管理员', '管理员ID', '操作', '操作代码', '对象类型', '对象ID', '变更前', '变更后', 'IP', 'User-Agent'],
    kept.map((r) => [
      beijingTime(r.createdAt),
      r.adminLabel,
      r.adminId ?? '',
      ADMIN_AUDIT_ACTION_LABELS[r.action],
      r.action,
      ADMIN_AUDIT_TARGET_LABELS[r.targetType],
      r.targetId ?? '',
      json(r.before),
      json(r.after),
      r.ip,
      r.userAgent ?? '',
    ]),
  );
  return { csv, rows: kept.length, truncated };
}

/** 2026-11-27 15:04:05 in Beijing time (UTC+8, no daylight saving). */
const beijingTime = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
