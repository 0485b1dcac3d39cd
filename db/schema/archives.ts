import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { orgs } from './orgs';
import { users } from './users';

// Student archives and the CV reads that fill them.

/**
 * Student archives (spec §3 client profile). The sections live in `data` (contracts/archives.ts);
 * `search_text` is what the global search matches, kept by the domain on every write and indexed
 * with trigrams. Owned by the user who created it: every query filters by user_id.
 */
export const clientProfiles = pgTable(
  'client_profiles',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organisation it belongs to (issue 30); null in its creator's personal space. */
    orgId: uuid('org_id').references(() => orgs.id),
    name: text('name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    cvText: text('cv_text'),
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // id too: the global search and the list read a user's rows newest first (ties by id) straight from it.
    index('client_profiles_user_updated_id_idx').on(t.userId, t.updatedAt, t.id),
    // The same for an organisation's students (ADR 0067).
    index('client_profiles_org_updated_id_idx')
      .on(t.orgId, t.updatedAt, t.id)
      .where(sql`${t.orgId} is not null`),
    index('client_profiles_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The global search's name matches (ranked first) without reading every other match (ADR 0066).
    // No pending list: PGlite has no autovacuum to flush one, and every search would scan it.
    index('client_profiles_name_trgm_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * One CV read for 新建学生 (issue 10): the extracted text and detected fields, and the points
 * reservation that pays for it. Importing it settles the charge; cancelling (or a sweep) refunds.
 */
export const cvDetections = pgTable(
  'cv_detections',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reservationId: uuid('reservation_id').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    nickname: text('nickname'),
    text: text('text').notNull(),
    detected: jsonb('detected').$type<Record<string, unknown>>().notNull(),
    profileId: uuid('profile_id').references(() => clientProfiles.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('cv_detections_user_idx').on(t.userId, t.createdAt)],
);
