import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, integer } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * First-party analytics (issue 28, ADR 0058): one row per event a browser reported, written in
 * batches, never changed (a trigger refuses UPDATE). Rows go with their account (the account
 * purge deletes them) and after ANALYTICS_RETENTION_DAYS (the daily prune).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    /** The browser's analytics session (rotates every 30 minutes), not the login session. */
    sessionId: text('session_id').notNull(),
    /** The signed-in account that sent it; null for a guest. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** guest, user or admin: decided by the server from the session, not taken from the client. */
    role: text('role', { enum: ['guest', 'user', 'admin'] }).notNull(),
    type: text('type').notNull(),
    page: text('page').notNull(),
    pageName: text('page_name').notNull(),
    data: jsonb('data').$type<Record<string, string | number | boolean | null>>(),
    /** The browser's time of the event; `created_at` is the server's, and the one the summary reads. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** X-Batch-Id and the event's place in it: a resent batch is stored once. */
    batchId: text('batch_id'),
    batchSeq: integer('batch_seq'),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_created_idx').on(t.createdAt),
    index('analytics_events_type_created_idx').on(t.type, t.createdAt),
    index('analytics_events_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('analytics_events_batch_idx')
      .on(t.batchId, t.batchSeq)
      .where(sql`${t.batchId} is not null`),
  ],
);
