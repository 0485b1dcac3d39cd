import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { announcementDismissals, systemNotifications } from '../../../db/schema';
import type { DismissalSurface } from '../../../contracts/constants';
import type { DismissalRecordDto } from '../../../contracts/notifications';
import { DomainError, notFound } from '../errors';

const toDto = (row: typeof announcementDismissals.$inferSelect): DismissalRecordDto => ({
  id: row.notificationId,
  surface: row.surface,
  dismissedAt: row.dismissedAt.toISOString(),
  announcementUpdatedAt: row.announcementUpdatedAt.toISOString(),
});

/**
 * GET /api/v1/system/notifications/dismissals: this user's dismissals (spec §3 dismissal record) of
 * the notices still active (published, not ended, not deleted). A notice edited after its dismissal has a newer updated_at than
 * the record, so the browser shows it again (app/services/notices.ts isDismissed).
 */
export async function listDismissals(db: Database, userId: string, now = new Date()): Promise<DismissalRecordDto[]> {
  const rows = await db
    .select({ dismissal: announcementDismissals })
    .from(announcementDismissals)
    .innerJoin(systemNotifications, eq(systemNotifications.id, announcementDismissals.notificationId))
    .where(
      and(
        eq(announcementDismissals.userId, userId),
        eq(systemNotifications.status, 'PUBLISHED'),
        isNull(systemNotifications.deletedAt),
        or(isNull(systemNotifications.endTime), gt(systemNotifications.endTime, now)),
      ),
    )
    .limit(200);
  return rows.map((r) => toDto(r.dismissal));
}

/**
 * POST /api/v1/system/notifications/{id}/dismiss: the user closed a notice's urgent modal or its
 * banner (`surface`), so no other tab or browser of theirs opens that again. `shownVersion` is
 * the updated_at the user saw; never later than the notice's own (an edit made since still shows).
 * Maintenance notices are not dismissible: they say when the service stops.
 */
export async function dismissNotification(
  db: Database,
  userId: string,
  notificationId: string,
  surface: DismissalSurface,
  shownVersion: Date | undefined,
  now = new Date(),
): Promise<DismissalRecordDto> {
  const [notice] = await db
    .select({ type: systemNotifications.type, updatedAt: systemNotifications.updatedAt })
    .from(systemNotifications)
    .where(and(eq(systemNotifications.id, notificationId), isNull(systemNotifications.deletedAt)));
  if (!notice) throw notFound('通知不存在');
  if (notice.type === 'MAINTENANCE') throw new DomainError('VALIDATION_ERROR', '维护通知不能关闭');
  const version = shownVersion && shownVersion < notice.updatedAt ? shownVersion : notice.updatedAt;
  const [row] = await db
    .insert(announcementDismissals)
    .values({ userId, notificationId, surface, announcementUpdatedAt: version, dismissedAt: now })
    .onConflictDoUpdate({
      target: [announcementDismissals.userId, announcementDismissals.notificationId, announcementDismissals.surface],
      // A stale tab dismissing an older version never brings back a newer one dismissed elsewhere.
      set: {
        announcementUpdatedAt: sql`greatest(${announcementDismissals.announcementUpdatedAt}, excluded.announcement_updated_at)`,
        dismissedAt: now,
      },
    })
    .returning();
  return toDto(row!);
}
