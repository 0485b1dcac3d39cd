import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { systemNotifications, updateLogs } from '../../../db/schema';
import type { NotificationType } from '../../../contracts/constants';
import type { Countdown, NotificationEvent, NotificationInput, SystemNotification } from '../../../contracts/notifications';
import type { ServerMessageType } from '../../../contracts/realtime';
import type { RealtimePublisher } from '../../realtime/bus';
import { DomainError, notFound } from '../errors';
import { toUpdateLogDto, type UpdateLogRow } from './update-logs';
import { recordAdminAction, type AdminActor } from '../admin-audit';
import type { Transaction } from '../points/ledger';

type Row = typeof systemNotifications.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Spec §3 `countdown` of a maintenance notice (ADR 0061): the window from the start to the end (the
 * end time, else the estimated completion) and what is left of it at `now`, in whole seconds.
 */
export function maintenanceCountdown(
  row: Pick<Row, 'type' | 'startTime' | 'endTime' | 'estimatedCompletionTime'>,
  now: number,
): Countdown | null {
  const end = row.endTime ?? row.estimatedCompletionTime;
  if (row.type !== 'MAINTENANCE' || !row.startTime || !end || end <= row.startTime) return null;
  // Rounded: times a client sends a millisecond apart still make a 30-minute window 1800 s.
  const totalSeconds = Math.round((end.getTime() - row.startTime.getTime()) / 1000);
  const remainingSeconds = Math.min(totalSeconds, Math.max(0, Math.ceil((end.getTime() - now) / 1000)));
  return { totalSeconds, remainingSeconds };
}

export function toNotificationDto(row: Row, updateLog: UpdateLogRow | null = null, now = Date.now()): SystemNotification {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    type: row.type,
    status: row.status,
    importance: row.importance,
    need_confirmation: row.needConfirmation,
    start_time: iso(row.startTime),
    end_time: iso(row.endTime),
    startTime: iso(row.startTime),
    endTime: iso(row.endTime),
    countdown: maintenanceCountdown(row, now),
    redirect_url: row.redirectUrl,
    estimatedCompletionTime: iso(row.estimatedCompletionTime),
    // Only a published log is shown to users (an UPDATE notice opens the update-log modal with it).
    updateLog: updateLog && updateLog.status === 'PUBLISHED' && !updateLog.deletedAt ? toUpdateLogDto(updateLog) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function withUpdateLogs(db: Database | Transaction, rows: Row[]): Promise<SystemNotification[]> {
  const ids = [...new Set(rows.map((r) => r.updateLogId).filter((id): id is string => Boolean(id)))];
  const logs = ids.length ? await db.select().from(updateLogs).where(inArray(updateLogs.id, ids)) : [];
  const byId = new Map(logs.map((l) => [l.id, l]));
  return rows.map((r) => toNotificationDto(r, r.updateLogId ? (byId.get(r.updateLogId) ?? null) : null));
}

/**
 * GET /api/v1/system/notifications/active/list?type=: published, not deleted, not ended. Notices
 * show from their start time; maintenance notices also before it, so clients can count down.
 */
export async function activeNotifications(db: Database, type?: NotificationType, now = new Date()): Promise<SystemNotification[]> {
  const started = or(isNull(systemNotifications.startTime), lte(systemNotifications.startTime, now));
  const rows = await db
    .select()
    .from(systemNotifications)
    .where(
      and(
        eq(systemNotifications.status, 'PUBLISHED'),
        isNull(systemNotifications.deletedAt),
        or(isNull(systemNotifications.endTime), gt(systemNotifications.endTime, now)),
        type ? eq(systemNotifications.type, type) : undefined,
        type === 'MAINTENANCE' ? undefined : or(eq(systemNotifications.type, 'MAINTENANCE'), started),
      ),
    )
    .orderBy(desc(systemNotifications.importance), asc(systemNotifications.startTime), desc(systemNotifications.updatedAt))
    .limit(50);
  return withUpdateLogs(db, rows);
}

/** The maintenance in force now, if any: published, started, not ended, not deleted. */
export async function maintenanceInForce(db: Database, now = new Date()): Promise<SystemNotification | null> {
  const [row] = await db
    .select()
    .from(systemNotifications)
    .where(
      and(
        eq(systemNotifications.type, 'MAINTENANCE'),
        eq(systemNotifications.status, 'PUBLISHED'),
        isNull(systemNotifications.deletedAt),
        lte(systemNotifications.startTime, now),
        or(isNull(systemNotifications.endTime), gt(systemNotifications.endTime, now)),
      ),
    )
    .orderBy(asc(systemNotifications.startTime))
    .limit(1);
  return row ? toNotificationDto(row) : null;
}

/** The console's list: every notice that is not deleted, newest first. */
export async function allNotifications(db: Database, page: number, pageSize: number) {
  const where = isNull(systemNotifications.deletedAt);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(systemNotifications)
      .where(where)
      .orderBy(desc(systemNotifications.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(systemNotifications).where(where),
  ]);
  return { items: await withUpdateLogs(db, rows), page, pageSize, total: counted?.n ?? 0 };
}

export async function notificationById(db: Database | Transaction, id: string): Promise<SystemNotification> {
  const [row] = await db
    .select()
    .from(systemNotifications)
    .where(and(eq(systemNotifications.id, id), isNull(systemNotifications.deletedAt)));
  if (!row) throw notFound('通知不存在');
  return (await withUpdateLogs(db, [row]))[0]!;
}

const eventOf = (n: SystemNotification): NotificationEvent & { estimatedCompletionTime: string | null } => ({
  id: n.id,
  title: n.title,
  type: n.type,
  importance: n.importance,
  need_confirmation: n.need_confirmation,
  start_time: n.start_time,
  end_time: n.end_time,
  startTime: n.startTime,
  endTime: n.endTime,
  updated_at: n.updated_at,
  estimatedCompletionTime: n.estimatedCompletionTime,
});

/**
 * Pushes a published notice to every socket on every process (through the bus). Events carry the
 * short fields; clients refetch the active list for the content.
 */
async function push(events: RealtimePublisher, n: SystemNotification, now = Date.now()) {
  if (n.status !== 'PUBLISHED') return;
  let type: ServerMessageType = 'SYSTEM_NOTIFICATION';
  if (n.type === 'MAINTENANCE') type = n.start_time && Date.parse(n.start_time) <= now ? 'SYSTEM_MAINTENANCE' : 'MAINTENANCE_NOTIFICATION';
  await events.publish({ audience: { kind: 'everyone' }, type, data: eventOf(n) });
}

/**
 * A published notice withdrawn (ended, unpublished or deleted): maintenance ends for everyone; any
 * other notice is announced again so pages refetch the list (and web processes drop their cached
 * copy) instead of showing it until their cache runs out.
 */
async function pushWithdrawn(events: RealtimePublisher, n: SystemNotification) {
  if (n.type === 'MAINTENANCE') {
    await events.publish({ audience: { kind: 'everyone' }, type: 'MAINTENANCE_END_NOTIFICATION', data: { id: n.id } });
    return;
  }
  await events.publish({ audience: { kind: 'everyone' }, type: 'SYSTEM_NOTIFICATION', data: eventOf(n) });
}

const columns = (input: Partial<NotificationInput>) => ({
  ...(input.title !== undefined && { title: input.title }),
  ...(input.content !== undefined && { content: input.content }),
  ...(input.type !== undefined && { type: input.type }),
  ...(input.status !== undefined && { status: input.status }),
  ...(input.importance !== undefined && { importance: input.importance }),
  ...(input.need_confirmation !== undefined && { needConfirmation: input.need_confirmation }),
  ...('start_time' in input && { startTime: input.start_time ?? null }),
  ...('end_time' in input && { endTime: input.end_time ?? null }),
  ...('redirect_url' in input && { redirectUrl: input.redirect_url ?? null }),
  ...('estimatedCompletionTime' in input && { estimatedCompletionTime: input.estimatedCompletionTime ?? null }),
  ...('update_log_id' in input && { updateLogId: input.update_log_id ?? null }),
});

async function checkUpdateLog(db: Database, id: string | undefined) {
  if (!id) return;
  const [log] = await db
    .select({ id: updateLogs.id })
    .from(updateLogs)
    .where(and(eq(updateLogs.id, id), isNull(updateLogs.deletedAt)));
  if (!log) throw new DomainError('VALIDATION_ERROR', '版本更新日志不存在', { field: 'update_log_id' });
}

/** What the audit log keeps of a notice: its fields, the content cut short. */
const audited = (n: SystemNotification) => ({
  title: n.title,
  type: n.type,
  status: n.status,
  importance: n.importance,
  need_confirmation: n.need_confirmation,
  start_time: n.start_time,
  end_time: n.end_time,
  redirect_url: n.redirect_url,
  estimatedCompletionTime: n.estimatedCompletionTime,
  update_log_id: n.updateLog?.id ?? null,
  content: n.content.length > AUDIT_CONTENT_CHARS ? `${n.content.slice(0, AUDIT_CONTENT_CHARS)}…` : n.content,
});
const AUDIT_CONTENT_CHARS = 500;

type NoticeDeps = { db: Database; events: RealtimePublisher };

/**
 * A notice's change and its audit row in one transaction; the realtime push follows the commit.
 * `change` answers false when there was nothing to change (404 before any row is written).
 */
async function auditedChange(
  deps: NoticeDeps,
  actor: AdminActor,
  id: string,
  action: 'notices.update' | 'notices.publish' | 'notices.expire' | 'notices.delete',
  change: (tx: Transaction, before: SystemNotification) => Promise<void>,
): Promise<{ before: SystemNotification; after: SystemNotification | null }> {
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: systemNotifications.id })
      .from(systemNotifications)
      .where(and(eq(systemNotifications.id, id), isNull(systemNotifications.deletedAt)))
      .for('update');
    if (!locked) throw notFound('通知不存在');
    const before = await notificationById(tx, id);
    await change(tx, before);
    const after = action === 'notices.delete' ? null : await notificationById(tx, id);
    await recordAdminAction(tx, actor, {
      action,
      targetType: 'notification',
      targetId: id,
      before: audited(before),
      after: after ? audited(after) : { deleted: true },
    });
    return { before, after };
  });
}

/** POST /api/v1/admin/notifications: published at once when status is PUBLISHED. */
export async function createNotification(deps: NoticeDeps, actor: AdminActor, input: NotificationInput): Promise<SystemNotification> {
  await checkUpdateLog(deps.db, input.update_log_id);
  const dto = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(systemNotifications)
      .values({ ...columns(input), title: input.title, type: input.type, createdBy: actor.adminId })
      .returning();
    const created = await notificationById(tx, row!.id);
    await recordAdminAction(tx, actor, {
      action: 'notices.create',
      targetType: 'notification',
      targetId: created.id,
      after: audited(created),
    });
    return created;
  });
  await push(deps.events, dto);
  return dto;
}

/**
 * PUT /api/v1/admin/notifications/{id}: the whole notice again (the console's form). An edit of a
 * published notice is pushed again: its new update time makes dismissed copies show once more.
 */
export async function updateNotification(
  deps: NoticeDeps,
  actor: AdminActor,
  id: string,
  input: NotificationInput,
): Promise<SystemNotification> {
  await checkUpdateLog(deps.db, input.update_log_id);
  const { before, after } = await auditedChange(deps, actor, id, 'notices.update', async (tx) => {
    await tx
      .update(systemNotifications)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(systemNotifications.id, id));
  });
  if (before.status === 'PUBLISHED' && before.type === 'MAINTENANCE' && (after!.status !== 'PUBLISHED' || after!.type !== 'MAINTENANCE')) {
    await pushWithdrawn(deps.events, before);
  }
  await push(deps.events, after!);
  return after!;
}

/** POST …/{id}/publish */
export async function publishNotification(deps: NoticeDeps, actor: AdminActor, id: string): Promise<SystemNotification> {
  const { after } = await auditedChange(deps, actor, id, 'notices.publish', async (tx) => {
    await tx.update(systemNotifications).set({ status: 'PUBLISHED', updatedAt: new Date() }).where(eq(systemNotifications.id, id));
  });
  await push(deps.events, after!);
  return after!;
}

/** POST …/{id}/expire: ends it now (a maintenance notice ends maintenance for everyone at once). */
export async function expireNotification(deps: NoticeDeps, actor: AdminActor, id: string): Promise<SystemNotification> {
  const now = new Date();
  const { before, after } = await auditedChange(deps, actor, id, 'notices.expire', async (tx, old) => {
    await tx
      .update(systemNotifications)
      .set({
        status: 'EXPIRED',
        endTime: old.end_time && Date.parse(old.end_time) < now.getTime() ? new Date(old.end_time) : now,
        updatedAt: now,
      })
      .where(eq(systemNotifications.id, id));
  });
  if (before.status === 'PUBLISHED') await pushWithdrawn(deps.events, before);
  return after!;
}

/** DELETE …/{id}: soft, the status becomes DELETED (spec §3); a deleted maintenance notice also ends maintenance. */
export async function deleteNotification(deps: NoticeDeps, actor: AdminActor, id: string): Promise<void> {
  const { before } = await auditedChange(deps, actor, id, 'notices.delete', async (tx) => {
    const now = new Date();
    await tx.update(systemNotifications).set({ status: 'DELETED', deletedAt: now, updatedAt: now }).where(eq(systemNotifications.id, id));
  });
  if (before.status === 'PUBLISHED') await pushWithdrawn(deps.events, before);
}
