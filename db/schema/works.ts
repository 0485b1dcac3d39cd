import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { VERSION_SOURCES, WORK_TYPES } from '../../contracts/work-constants';
import { DETECTION_LABELS } from '../../contracts/detection-constants';
import type { ReduceSegment } from '../../contracts/detection-constants';
import { id, createdAt } from './columns';
import { users } from './users';
import { clientProfiles } from './archives';
import { orgs } from './orgs';

// Works and the records of AI work on them: versions, AI operations, AI-rate checks and reductions.

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
    /** The organisation it belongs to (issue 30); null in its author's personal space. user_id stays its author. */
    orgId: uuid('org_id').references(() => orgs.id),
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
    /**
     * Lower-cased paragraphs of the work's earlier texts that its current text no longer has,
     * newest first and bounded: what the global search finds as a document in older versions.
     */
    historySearchText: text('history_search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // id too: the global search reads a user's works newest first (ties by id) straight from it.
    index('works_user_updated_id_idx').on(t.userId, t.updatedAt, t.id),
    index('works_org_updated_id_idx')
      .on(t.orgId, t.updatedAt, t.id)
      .where(sql`${t.orgId} is not null`),
    index('works_client_profile_idx').on(t.clientProfileId),
    index('works_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('works_history_search_trgm_idx').using('gin', sql`${t.historySearchText} gin_trgm_ops`),
    // The global search's title matches (ranked first) without reading every other match (ADR 0066).
    // No pending list: PGlite has no autovacuum to flush one, and every search would scan it.
    index('works_title_trgm_idx')
      .using('gin', sql`lower(${t.title}) gin_trgm_ops`)
      .with({ fastupdate: false }),
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
    /** The space it ran in (issue 30): an organisation's generation records are its members' operations there. */
    orgId: uuid('org_id').references(() => orgs.id),
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
    index('ai_operations_org_created_idx')
      .on(t.orgId, t.createdAt)
      .where(sql`${t.orgId} is not null`),
    index('ai_operations_active_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    // GET /metrics counts the operations that ended in the last hour (ADR 0056).
    index('ai_operations_finished_idx').on(t.finishedAt),
  ],
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
