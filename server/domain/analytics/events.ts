import { asc, eq, lt } from 'drizzle-orm';
import type { AnalyticsEventInput, AnalyticsRole, AnalyticsSessionEvents } from '../../../contracts/analytics';
import type { Database } from '../../../db/client';
import { analyticsEvents } from '../../../db/schema';

/** Events older than this are deleted by the daily prune (the privacy policy says so). */
export const ANALYTICS_RETENTION_DAYS = 180;

/** Batches per hour: per signed-in account, and per IP for guests (the operation log's rule). */
export const ANALYTICS_BATCHES_PER_USER_PER_HOUR = 1200;
export const ANALYTICS_BATCHES_PER_IP_PER_HOUR = 600;

export type AnalyticsBatchWrite = {
  sessionId: string;
  events: AnalyticsEventInput[];
  /** From the session: null for a guest, whose role is then guest whatever the client said. */
  userId: string | null;
  /** The signed-in account's role (from the database), for the events the page recorded while signed in. */
  role: AnalyticsRole;
  /** X-Batch-Id: a batch already stored under this id is not stored again. */
  batchId?: string;
};

/**
 * One batch, one INSERT. With a batch id, every event carries (id, its place in the batch) under a
 * unique index, so a resent batch inserts nothing and reports itself as a duplicate.
 */
export async function recordAnalyticsBatch(db: Database, batch: AnalyticsBatchWrite): Promise<{ stored: number; duplicate: boolean }> {
  const rows = batch.events.map((event, i) => {
    // The session decides the role: a guest stays a guest whatever it claims, and a signed-in
    // account is never more than it is. An event the page recorded as a guest's (the login page,
    // sent once signed in) stays a guest's, without the account.
    const guest = !batch.userId || event.role === 'guest';
    return {
      sessionId: batch.sessionId,
      userId: guest ? null : batch.userId,
      role: guest ? ('guest' as const) : batch.role,
      type: event.type,
      page: event.page,
      pageName: event.pageName,
      data: event.data ?? null,
      occurredAt: new Date(event.at),
      batchId: batch.batchId ?? null,
      batchSeq: batch.batchId ? i : null,
    };
  });
  const inserted = await db.insert(analyticsEvents).values(rows).onConflictDoNothing().returning({ id: analyticsEvents.id });
  return { stored: inserted.length, duplicate: Boolean(batch.batchId) && inserted.length === 0 };
}

/** The daily prune: events past the retention period. */
export async function pruneAnalyticsEvents(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ANALYTICS_RETENTION_DAYS * 24 * 3600_000);
  const removed = await db.delete(analyticsEvents).where(lt(analyticsEvents.createdAt, cutoff)).returning({ id: analyticsEvents.id });
  return removed.length;
}

/** Events shown for one session at most (a 30-minute session rarely has a tenth of this). */
export const SESSION_EVENTS_SHOWN = 500;

/** One analytics session's events, oldest first: the console's 会话明细. */
export async function sessionEvents(db: Database, sessionId: string): Promise<AnalyticsSessionEvents> {
  const rows = await db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.sessionId, sessionId))
    .orderBy(asc(analyticsEvents.createdAt), asc(analyticsEvents.batchSeq))
    .limit(SESSION_EVENTS_SHOWN);
  return {
    sessionId,
    events: rows.map((r) => ({
      type: r.type as AnalyticsSessionEvents['events'][number]['type'],
      page: r.page,
      pageName: r.pageName,
      role: r.role,
      signedIn: r.userId !== null,
      data: r.data ?? null,
      occurredAt: r.occurredAt.toISOString(),
      receivedAt: r.createdAt.toISOString(),
    })),
  };
}
