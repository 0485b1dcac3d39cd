import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { users } from './users';

// Payments: recharge packages, orders and the notifications of the gateways.

/**
 * Recharge packages (issue 12), edited at /dash/admin/packages. Prices are integer fen (分) and
 * points integer hundredths, like every amount here; an order copies what it bought.
 */
export const packages = pgTable(
  'packages',
  {
    id: id(),
    name: text('name').notNull(),
    pointsCents: bigint('points_cents', { mode: 'number' }).notNull(),
    bonusPointsCents: bigint('bonus_points_cents', { mode: 'number' }).notNull().default(0),
    priceFen: integer('price_fen').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('packages_price_positive', sql`${t.priceFen} > 0`),
    check('packages_points_positive', sql`${t.pointsCents} > 0 and ${t.bonusPointsCents} >= 0`),
  ],
);

/**
 * A package order (ADR 0027): pending → paid (credited in the same transaction, once), or expired
 * / cancelled. A notification that arrives after expiry still credits, and says so (`paid_late`).
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: id(),
    orderNo: text('order_no').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: uuid('package_id').references(() => packages.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    /** What the user pays, copied from the package when the order was made. */
    amountFen: integer('amount_fen').notNull(),
    currency: text('currency').notNull().default('CNY'),
    /** Points credited on payment (the package's points plus its bonus). */
    pointsCents: bigint('points_cents', { mode: 'number' }).notNull(),
    /** WECHAT or ALIPAY: the method the user picked (spec §3 type). */
    channel: text('channel', { enum: ['WECHAT', 'ALIPAY'] }).notNull(),
    /** Who takes the money: sandbox, wechat or alipay; set when the payment starts. */
    provider: text('provider', { enum: ['sandbox', 'wechat', 'alipay'] }),
    status: text('status', { enum: ['pending', 'paid', 'expired', 'cancelled'] })
      .notNull()
      .default('pending'),
    codeUrl: text('code_url'),
    providerTradeNo: text('provider_trade_no'),
    ledgerEntryId: uuid('ledger_entry_id'),
    paidLate: boolean('paid_late').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_order_no_key').on(t.orderNo),
    index('payment_orders_user_created_idx').on(t.userId, t.createdAt),
    index('payment_orders_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    // GET /metrics counts the last day's orders by state (ADR 0056).
    index('payment_orders_created_idx').on(t.createdAt),
    check('payment_orders_amount_positive', sql`${t.amountFen} > 0`),
  ],
);

/** Every notification received, verified or not, as it arrived (the raw body) and what became of it. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: id(),
    provider: text('provider').notNull(),
    orderNo: text('order_no'),
    /** The gateway's id for the notification or trade, when it could be read. */
    eventId: text('event_id'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    raw: text('raw').notNull(),
    verified: boolean('verified').notNull(),
    /** credited, credited_late, duplicate, ignored, rejected, error (a failure on our side; the gateway retries) */
    outcome: text('outcome').notNull(),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_notifications_order_idx').on(t.orderNo, t.receivedAt)],
);
