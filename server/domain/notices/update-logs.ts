import { and, count, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { updateLogReads, updateLogs } from '../../../db/schema';
import type { UpdateType } from '../../../contracts/constants';
import type { UpdateLog, UpdateLogInput, UpdateLogsPage } from '../../../contracts/notifications';
import { notFound } from '../errors';
import { recordAdminAction, type AdminActor } from '../admin-audit';
import type { Transaction } from '../points/ledger';

export type UpdateLogRow = typeof updateLogs.$inferSelect;

export const toUpdateLogDto = (row: UpdateLogRow): UpdateLog => ({
  id: row.id,
  version: row.version,
  title: row.title,
  content: row.content,
  update_type: row.updateType,
  importance: row.importance,
  additional_info: { notes: row.notes, affected_modules: row.affectedModules },
  affected_modules: row.affectedModules,
  notes: row.notes,
  publish_time: row.publishTime?.toISOString() ?? null,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Published, not deleted, and its publish time (if any) has come. */
const visible = () =>
  and(
    eq(updateLogs.status, 'PUBLISHED'),
    isNull(updateLogs.deletedAt),
    or(isNull(updateLogs.publishTime), lte(updateLogs.publishTime, new Date())),
  );
const newestFirst = [desc(sql`coalesce(${updateLogs.publishTime}, ${updateLogs.createdAt})`), desc(updateLogs.id)];

/** GET /api/v1/system/update-logs/latest?limit */
export async function latestUpdateLogs(db: Database, limit: number): Promise<UpdateLog[]> {
  const rows = await db
    .select()
    .from(updateLogs)
    .where(visible())
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toUpdateLogDto);
}

/** GET /api/v1/system/update-logs/public?page&limit&update_type (spec §7 page shape). */
export async function publicUpdateLogs(
  db: Database,
  query: { page: number; limit: number; update_type?: UpdateType },
): Promise<UpdateLogsPage> {
  const where = and(visible(), query.update_type ? eq(updateLogs.updateType, query.update_type) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(updateLogs)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(updateLogs).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    updateLogs: rows.map(toUpdateLogDto),
    total,
    page: query.page,
    pageSize: query.limit,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

/** GET /api/v1/system/update-logs/detail/{id}: published ones for everybody, any for the console. */
export async function updateLogDetail(db: Database, id: string, options: { includeDrafts?: boolean } = {}): Promise<UpdateLog> {
  const [row] = await db
    .select()
    .from(updateLogs)
    .where(and(eq(updateLogs.id, id), options.includeDrafts ? isNull(updateLogs.deletedAt) : visible()));
  if (!row) throw notFound('更新日志不存在');
  return toUpdateLogDto(row);
}

/** The console's list: drafts included, newest first. */
export async function allUpdateLogs(db: Database, page: number, limit: number): Promise<UpdateLogsPage> {
  const where = isNull(updateLogs.deletedAt);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(updateLogs)
      .where(where)
      .orderBy(desc(updateLogs.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(updateLogs).where(where),
  ]);
  const total = counted?.n ?? 0;
  return { updateLogs: rows.map(toUpdateLogDto), total, page, pageSize: limit, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

const columns = (input: UpdateLogInput) => ({
  version: input.version,
  title: input.title,
  content: input.content,
  updateType: input.update_type,
  importance: input.importance,
  affectedModules: input.affected_modules,
  notes: input.notes ?? null,
  // Published without a time means now.
  publishTime: input.publish_time ?? (input.status === 'PUBLISHED' ? new Date() : null),
  status: input.status,
});

/** What the audit log keeps of an update log: its fields, the content cut short. */
const audited = (l: UpdateLog) => ({
  version: l.version,
  title: l.title,
  update_type: l.update_type,
  importance: l.importance,
  status: l.status,
  publish_time: l.publish_time,
  affected_modules: l.affected_modules,
  content: l.content.length > 500 ? `${l.content.slice(0, 500)}…` : l.content,
});

export async function createUpdateLog(db: Database, actor: AdminActor, input: UpdateLogInput): Promise<UpdateLog> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(updateLogs).values(columns(input)).returning();
    const created = toUpdateLogDto(row!);
    await recordAdminAction(tx, actor, {
      action: 'update_logs.create',
      targetType: 'update_log',
      targetId: created.id,
      after: audited(created),
    });
    return created;
  });
}

/** The live row, locked for the rest of the transaction: 404 when missing or deleted. */
async function lockedLog(tx: Transaction, id: string): Promise<UpdateLog> {
  const [row] = await tx
    .select()
    .from(updateLogs)
    .where(and(eq(updateLogs.id, id), isNull(updateLogs.deletedAt)))
    .for('update');
  if (!row) throw notFound('更新日志不存在');
  return toUpdateLogDto(row);
}

export async function updateUpdateLog(db: Database, actor: AdminActor, id: string, input: UpdateLogInput): Promise<UpdateLog> {
  return db.transaction(async (tx) => {
    const before = await lockedLog(tx, id);
    const [row] = await tx
      .update(updateLogs)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(updateLogs.id, id))
      .returning();
    const after = toUpdateLogDto(row!);
    await recordAdminAction(tx, actor, {
      action: 'update_logs.update',
      targetType: 'update_log',
      targetId: id,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}

export async function deleteUpdateLog(db: Database, actor: AdminActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedLog(tx, id);
    await tx.update(updateLogs).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(updateLogs.id, id));
    await recordAdminAction(tx, actor, {
      action: 'update_logs.delete',
      targetType: 'update_log',
      targetId: id,
      before: audited(before),
      after: { deleted: true },
    });
  });
}

/**
 * GET /api/v1/system/update-logs/reads?ids=: which of these logs the user has read (最近更新's
 * unread marks). Opened ones are read, and so is anything published before the account existed:
 * a new user starts with nothing unread rather than the whole history.
 */
export async function readUpdateLogIds(db: Database, user: { id: string; createdAt: Date }, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: updateLogs.id, readAt: updateLogReads.readAt })
    .from(updateLogs)
    .leftJoin(updateLogReads, and(eq(updateLogReads.updateLogId, updateLogs.id), eq(updateLogReads.userId, user.id)))
    .where(
      and(
        inArray(updateLogs.id, ids),
        or(isNotNull(updateLogReads.readAt), lt(sql`coalesce(${updateLogs.publishTime}, ${updateLogs.createdAt})`, user.createdAt)),
      ),
    );
  return rows.map((r) => r.id);
}

/** POST /api/v1/system/update-logs/reads {ids}: the user opened these (published) logs; idempotent. */
export async function markUpdateLogsRead(db: Database, user: { id: string; createdAt: Date }, ids: string[]): Promise<string[]> {
  const logs = await db
    .select({ id: updateLogs.id })
    .from(updateLogs)
    .where(and(inArray(updateLogs.id, ids), visible()));
  if (logs.length === 0) throw notFound('更新日志不存在');
  await db
    .insert(updateLogReads)
    .values(logs.map((l) => ({ userId: user.id, updateLogId: l.id })))
    .onConflictDoNothing();
  return readUpdateLogIds(db, user, ids);
}
