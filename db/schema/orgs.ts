import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ORG_ROLES } from '../../contracts/org-constants';
import { id, createdAt } from './columns';
import { users } from './users';

// Organisations (issue 30): agencies whose consultants share students and works (ADR 0067).

export const orgs = pgTable('orgs', {
  id: id(),
  name: text('name').notNull(),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

/**
 * Who belongs to an organisation, with what role. Leaving deletes the row: every request of a
 * member reads it afresh, so a removed member is refused at once.
 */
export const orgMembers = pgTable(
  'org_members',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ORG_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] }), index('org_members_user_idx').on(t.userId)],
);

/** An invitation by phone number; the invitee accepts it once signed in with that number. */
export const orgInvitations = pgTable(
  'org_invitations',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    role: text('role', { enum: ORG_ROLES }).notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id),
  },
  (t) => [
    // One open invitation per number and organisation: inviting again updates its role.
    uniqueIndex('org_invitations_open_key')
      .on(t.orgId, t.phone)
      .where(sql`${t.acceptedAt} is null`),
    index('org_invitations_phone_idx').on(t.phone),
  ],
);
