import { sql } from 'drizzle-orm';
import type { ReduceSegment } from '../contracts/detection-constants';
import { bigint, boolean, check, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_STATUSES,
  NOTIFICATION_TYPES,
  POINTS_SOURCES,
  POINTS_STATUSES,
  POINTS_TYPES,
  UPDATE_TYPES,
} from '../contracts/constants';
import { VERSION_SOURCES, WORK_TYPES } from '../contracts/work-constants';
import { DETECTION_LABELS } from '../contracts/detection-constants';

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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

export const operationLogs = pgTable(
  'operation_logs',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    operationType: text('operation_type').notNull(),
    operationResult: text('operation_result', { enum: ['success', 'fail'] }).notNull(),
    relatedResourceId: text('related_resource_id'),
    relatedResourceType: text('related_resource_type', {
      enum: ['writing', 'payment_order', 'redemption_code', 'invite_code', 'school_match_result'],
    }),
    errorMessage: text('error_message'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
    sourcePage: text('source_page'),
    createdAt: createdAt(),
  },
  (t) => [index('operation_logs_user_created_idx').on(t.userId, t.createdAt)],
);

export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: ['bug', 'feature', 'billing', 'other'] }).notNull(),
    content: text('content').notNull(),
    contact: text('contact'),
    pagePath: text('page_path'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_user_idx').on(t.userId)],
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

/** One row per probe name, rewritten by /healthz: proves the database still accepts writes. */
export const healthProbes = pgTable('health_probes', {
  name: text('name').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

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

/** Administrators' prices; an operation without a row costs its default (server/domain/points/prices.ts). */
export const priceTable = pgTable('price_table', {
  operation: text('operation').primaryKey(),
  pointsCents: bigint('points_cents', { mode: 'number' }).notNull(),
  per1000CharsCents: bigint('per_1000_chars_cents', { mode: 'number' }).notNull().default(0),
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

/** One redemption per user per code (the unique index), counted into redemption_codes.uses. */
export const redemptions = pgTable(
  'redemptions',
  {
    id: id(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => redemptionCodes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ledgerId: uuid('ledger_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('redemptions_code_user_key').on(t.codeId, t.userId), index('redemptions_user_idx').on(t.userId)],
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

/** Spec §3 update log; `content` is markdown, rendered through a sanitiser. */
export const updateLogs = pgTable(
  'update_logs',
  {
    id: id(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    updateType: text('update_type', { enum: UPDATE_TYPES }).notNull(),
    importance: integer('importance').notNull().default(1),
    affectedModules: jsonb('affected_modules').$type<string[]>().notNull().default([]),
    notes: text('notes'),
    publishTime: timestamp('publish_time', { withTimezone: true }),
    status: text('status', { enum: ['DRAFT', 'PUBLISHED'] })
      .notNull()
      .default('DRAFT'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('update_logs_status_publish_idx').on(t.status, t.publishTime)],
);

/** Spec §3 system notification: announcements, maintenance notices and the other types. Deleting is soft. */
export const systemNotifications = pgTable(
  'system_notifications',
  {
    id: id(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('DRAFT'),
    importance: integer('importance').notNull().default(1),
    needConfirmation: boolean('need_confirmation').notNull().default(false),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    redirectUrl: text('redirect_url'),
    estimatedCompletionTime: timestamp('estimated_completion_time', { withTimezone: true }),
    updateLogId: uuid('update_log_id').references(() => updateLogs.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('system_notifications_active_idx').on(t.type, t.status, t.endTime)],
);

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
    name: text('name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    cvText: text('cv_text'),
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_profiles_user_updated_idx').on(t.userId, t.updatedAt),
    index('client_profiles_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
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

/**
 * A work (issue 11): an editor document (spec §3) with its plain text and counts, owned by its
 * user and optionally about one of their students. Deleting the student keeps the work.
 */
export const works = pgTable(
  'works',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientProfileId: uuid('client_profile_id').references(() => clientProfiles.id, { onDelete: 'set null' }),
    type: text('type', { enum: WORK_TYPES }).notNull(),
    title: text('title').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    plainText: text('plain_text').notNull().default(''),
    wordCount: integer('word_count').notNull().default(0),
    charCount: integer('char_count').notNull().default(0),
    /** The last AI-detection rate, 0–100 with one decimal, as the check showed it. */
    aiRate: real('ai_rate'),
    /** The last check's label (human / mixed / ai): what the work's AI rate is coloured by. */
    aiLabel: text('ai_label', { enum: DETECTION_LABELS }),
    /** The number the next version takes minus one: versions are numbered without a max() scan. */
    versionSeq: integer('version_seq').notNull().default(0),
    /** Lower-cased title and the start of the text, for the list filter and the global search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('works_user_updated_idx').on(t.userId, t.updatedAt),
    index('works_client_profile_idx').on(t.clientProfileId),
    index('works_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** One version of a work: a full copy of its content at a create, save, generation or restore. */
export const workVersions = pgTable(
  'work_versions',
  {
    id: id(),
    workId: uuid('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    source: text('source', { enum: VERSION_SOURCES }).notNull(),
    title: text('title').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    plainText: text('plain_text').notNull().default(''),
    wordCount: integer('word_count').notNull().default(0),
    charCount: integer('char_count').notNull().default(0),
    /** The version a restore copied (no foreign key: pruning may remove it). */
    restoredFrom: uuid('restored_from'),
    /** The AI operation that produced a generation. */
    operationId: uuid('operation_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('work_versions_work_number_idx').on(t.workId, t.number)],
);

/**
 * One AI operation (issue 11, ADR 0026): its request, model, status and charge. The rows in
 * queued/running with a fresh heartbeat are the global queue and the running set that every
 * process counts under one advisory lock.
 */
export const aiOperations = pgTable(
  'ai_operations',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operation: text('operation').notNull(),
    clientProfileId: uuid('client_profile_id').references(() => clientProfiles.id, { onDelete: 'set null' }),
    workId: uuid('work_id').references(() => works.id, { onDelete: 'set null' }),
    model: text('model').notNull(),
    /** 'openai-compatible' or 'offline': offline output is labelled 离线模式 wherever it appears. */
    providerKind: text('provider_kind').notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    inputChars: integer('input_chars').notNull().default(0),
    outputChars: integer('output_chars').notNull().default(0),
    pointsReservedCents: bigint('points_reserved_cents', { mode: 'number' }).notNull().default(0),
    pointsChargedCents: bigint('points_charged_cents', { mode: 'number' }).notNull().default(0),
    reservationId: uuid('reservation_id'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    promptVersion: text('prompt_version'),
    /**
     * Whether it holds one of the language model's slots (AI_MAX_CONCURRENT). Local work (查AI率, the
     * local rewriter, CV rules) has a row too, for the per-user cap and crash recovery, but no slot.
     */
    usesModel: boolean('uses_model').notNull().default(true),
    /** Refreshed by the process that owns the operation; a stale one (a crashed process) no longer holds a slot. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_operations_user_created_idx').on(t.userId, t.createdAt),
    index('ai_operations_active_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

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

/**
 * AI-content checks (查AI率, issue 14): one row per charged check, so the latest rate of a page or
 * a work can be read back (GET /api/ai-rate/{pageIdentifier}). The text itself is not kept: its
 * length and a hash are enough to recognise a re-check.
 */
export const aiDetections = pgTable(
  'ai_detections',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workId: uuid('work_id').references(() => works.id, { onDelete: 'set null' }),
    pageIdentifier: text('page_identifier'),
    textHash: text('text_hash').notNull(),
    chars: integer('chars').notNull(),
    /** The calibrated rate ×10 (one decimal, exact). */
    aiRatePermille: integer('ai_rate_permille').notNull(),
    label: text('label', { enum: ['human', 'mixed', 'ai'] }).notNull(),
    language: text('language').notNull(),
    modelVersion: text('model_version').notNull(),
    pointsCents: bigint('points_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('ai_detections_user_page_idx').on(t.userId, t.pageIdentifier, t.createdAt),
    index('ai_detections_user_work_idx').on(t.userId, t.workId, t.createdAt),
  ],
);

/**
 * 降AI率 runs (issue 14): one row per charged reduction, so its result can be saved into a work
 * with its new rate without a second charge (the saved text is checked again locally, free).
 */
export const aiReductions = pgTable(
  'ai_reductions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workId: uuid('work_id').references(() => works.id, { onDelete: 'set null' }),
    mode: text('mode', { enum: ['light', 'balanced', 'strong'] }).notNull(),
    engine: text('engine', { enum: ['local', 'model'] }).notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed', 'cancelled'] })
      .notNull()
      .default('running'),
    chars: integer('chars').notNull(),
    beforePermille: integer('before_permille').notNull(),
    afterPermille: integer('after_permille'),
    changedSentences: integer('changed_sentences').notNull().default(0),
    pointsCents: bigint('points_cents', { mode: 'number' }).notNull().default(0),
    errorMessage: text('error_message'),
    /**
     * The result's sentences (each original and rewrite) while it may be saved (24 h, then pruned):
     * a save is checked against them, so the free score of a save is only ever this run's text.
     */
    segments: jsonb('segments').$type<ReduceSegment[]>(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('ai_reductions_user_created_idx').on(t.userId, t.createdAt)],
);
