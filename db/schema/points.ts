import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { POINTS_SOURCES, POINTS_STATUSES, POINTS_TYPES } from '../../contracts/constants';
import { id, createdAt } from './columns';
import { users } from './users';

// Points: the ledger, prices, redemption codes and channel invite codes.

/**
 * The points ledger: every change of a balance is one row, written in the transaction that changes
 * users.points_cents, so a balance always equals the sum of its rows (`npm run ledger:check`).
 * A reservation for AI work is a pending consumption row; a refund is its own row.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: POINTS_TYPES }).notNull(),
    source: text('source', { enum: POINTS_SOURCES }).notNull(),
    status: text('status', { enum: POINTS_STATUSES }).notNull(),
    /** Signed hundredths: spending is negative. */
    pointsCents: bigint('points_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    description: text('description'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** Why the related AI operation failed (spec §3 aiOperation.error_message). */
    errorMessage: text('error_message'),
    idempotencyKey: text('idempotency_key'),
    /** The row this one settles or refunds (a reservation), or what it came from (a code, an order). */
    relatedId: text('related_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_ledger_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('points_ledger_user_key').on(t.userId, t.idempotencyKey),
    index('points_ledger_pending_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Administrators' prices; an operation without a row costs its default (server/domain/points/prices.ts).
 * The row `custom_recharge` is the custom recharge's rate (issue 28): `points_cents` is the points one
 * yuan buys (hundredths), and only that row has the smallest and largest amount one order may pay.
 */
export const priceTable = pgTable('price_table', {
  operation: text('operation').primaryKey(),
  pointsCents: bigint('points_cents', { mode: 'number' }).notNull(),
  per1000CharsCents: bigint('per_1000_chars_cents', { mode: 'number' }).notNull().default(0),
  minAmountFen: integer('min_amount_fen'),
  maxAmountFen: integer('max_amount_fen'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const redemptionBatches = pgTable('redemption_batches', {
  id: id(),
  pointsCents: bigint('points_cents', { mode: 'number' }).notNull(),
  codeCount: integer('code_count').notNull(),
  maxUses: integer('max_uses').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  note: text('note'),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const redemptionCodes = pgTable(
  'redemption_codes',
  {
    id: id(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => redemptionBatches.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('redemption_codes_code_key').on(t.code), index('redemption_codes_batch_idx').on(t.batchId)],
);

/**
 * One redemption per user per batch (the unique index on batch and user: 每个用户对同一批兑换码只能兑换一次,
 * issue 28), counted into redemption_codes.uses. `batch_id` is null only on the few rows written before
 * the rule was enforced that were a user's second code of a batch (the migration kept the first).
 */
export const redemptions = pgTable(
  'redemptions',
  {
    id: id(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => redemptionCodes.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id').references(() => redemptionBatches.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ledgerId: uuid('ledger_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('redemptions_code_user_key').on(t.codeId, t.userId),
    uniqueIndex('redemptions_batch_user_key').on(t.batchId, t.userId),
    index('redemptions_user_idx').on(t.userId),
  ],
);

/** Invite codes of channels (partners, events): their own reward for the invitee, no inviter. */
export const channelInviteCodes = pgTable(
  'channel_invite_codes',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    rewardCents: bigint('reward_cents', { mode: 'number' }).notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('channel_invite_codes_code_key').on(t.code)],
);
