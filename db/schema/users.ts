import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';

// Users and sign-in: accounts, SMS codes, WeChat scenes, captchas, sessions, refresh tokens, rate limits, socket tickets.

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Null for an account created by a WeChat login until it binds a phone. */
    phone: text('phone'),
    username: text('username'),
    name: text('name'),
    email: text('email'),
    avatar: text('avatar'),
    gender: text('gender', { enum: ['male', 'female', 'other'] }),
    position: text('position'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    wechatNickname: text('wechat_nickname'),
    /** The user's openid under our Official Account (WECHAT_MP_APPID): who a QR scan logs in. */
    wechatOpenid: text('wechat_openid'),
    wechatUnionid: text('wechat_unionid'),
    /** Real-name verification: only masks, a keyed hash and the time are kept, never the number. */
    idVerifiedAt: timestamp('id_verified_at', { withTimezone: true }),
    idRealNameMasked: text('id_real_name_masked'),
    idNumberMasked: text('id_number_masked'),
    idNumberHash: text('id_number_hash'),
    /** An account merged into another (ADR 0039): kept, emptied, for its ledger history; it cannot log in. */
    mergedIntoUserId: uuid('merged_into_user_id'),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    /** Integer hundredths of a point: exact arithmetic, two decimals at the edges. */
    pointsCents: bigint('points_cents', { mode: 'number' }).notNull().default(0),
    inviteCode: text('invite_code').notNull(),
    invitedBy: uuid('invited_by'),
    /** The channel invite code a user registered with (channel_invite_codes.id). */
    invitedByChannel: uuid('invited_by_channel'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The language model the user last chose (spec §3 AI model state); null means the first configured one. */
    selectedModelId: text('selected_model_id'),
    /** The organisation the user works in (issue 30); null is the personal space. Checked against org_members on every use. */
    activeOrgId: uuid('active_org_id'),
    /** Set when an account deletion was carried out (ADR 0055): the row stays, emptied, for its orders and ledger. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_wechat_openid_key').on(t.wechatOpenid),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    // The last line of defence: no code path may take a balance below zero.
    check('users_points_nonnegative', sql`${t.pointsCents} >= 0`),
  ],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    ip: text('ip').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_created_idx').on(t.phone, t.createdAt), index('sms_codes_ip_created_idx').on(t.ip, t.createdAt)],
);

/**
 * WeChat Official Account temporary QR codes (issue 23): a scene logs in or binds once, and only
 * for the browser holding its secret (kept as a hash). Filled in by the MP's SCAN/subscribe event.
 */
export const wechatScenes = pgTable(
  'wechat_scenes',
  {
    id: id(),
    sceneStr: text('scene_str').notNull(),
    purpose: text('purpose', { enum: ['login', 'bind'] }).notNull(),
    secretHash: text('secret_hash').notNull(),
    /** For a bind scene: the signed-in user who asked for it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    qrUrl: text('qr_url').notNull(),
    status: text('status', { enum: ['pending', 'scanned', 'used'] })
      .notNull()
      .default('pending'),
    openid: text('openid'),
    unionid: text('unionid'),
    nickname: text('nickname'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('wechat_scenes_scene_key').on(t.sceneStr), index('wechat_scenes_expires_idx').on(t.expiresAt)],
);

/** The MP access token, shared by every process on the database and refreshed before it expires. */
export const wechatAccessTokens = pgTable('wechat_access_tokens', {
  appid: text('appid').primaryKey(),
  accessToken: text('access_token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Image challenges asked before SMS sends past the free ones (ADR 0015). Only an HMAC of the
 * lower-cased answer is kept; a challenge is spent by its first answer, right or wrong.
 */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: id(),
    answerHash: text('answer_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('captcha_challenges_expires_idx').on(t.expiresAt)],
);

/** One row per login: the refresh-token family. Revoking it ends every token issued from it. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /**
     * The pair this token was rotated into, sealed with a key derived from the JWT secret. A repeat
     * of the rotation within the grace window gets it again (ADR 0002); cleared after the window.
     */
    successorSealed: text('successor_sealed'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Sliding-window counters for rate limits shared by every process (login attempts per IP). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: id(),
    bucket: text('bucket').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_hits_bucket_created_idx').on(t.bucket, t.createdAt)],
);

/** Single-use, short-lived tickets with which a browser authenticates its socket (AUTH {token}). */
export const socketTickets = pgTable(
  'socket_tickets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    ticketHash: text('ticket_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('socket_tickets_hash_key').on(t.ticketHash), index('socket_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * Account deletion requests (issue 27, ADR 0055): one row per request. An open one (neither
 * cancelled nor purged) is the account's pending deletion, at most one per user; the purge job
 * takes due rows with SKIP LOCKED, so any instance may run it at any time.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_deletions_open_user_key')
      .on(t.userId)
      .where(sql`${t.cancelledAt} is null and ${t.purgedAt} is null`),
    index('account_deletions_due_idx')
      .on(t.scheduledFor)
      .where(sql`${t.cancelledAt} is null and ${t.purgedAt} is null`),
  ],
);
