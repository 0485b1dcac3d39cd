import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  CaseResult,
  Degree,
  MatchApplicant,
  MatchBand,
  MatchItem,
  MatchMethodCounts,
  MatchNarrative,
  MatchSummaryBand,
  RequiredTest,
  SchoolTier,
} from '../../contracts/school-match';
import { clientProfiles } from './archives';
import { id, createdAt } from './columns';
import { users } from './users';

// School matching (选校, issue 26; ADR 0050): the institution catalogue, programs, the case library.

/**
 * The shipped catalogue (server/domain/school-match/catalogue-data): Hipo's world list joined with
 * the College Scorecard's US four-year institutions. Loaded at start when the shipped version is
 * newer than `school_catalogue_versions` says; `catalogue_key` makes the load an upsert.
 */
export const institutions = pgTable(
  'institutions',
  {
    id: id(),
    /** `scorecard:<unitid>` or `hipo:<alpha-2>:<normalised name>`. */
    catalogueKey: text('catalogue_key').notNull(),
    name: text('name').notNull(),
    /** The normalised name a case's or a program's school is matched on. */
    nameKey: text('name_key').notNull(),
    country: text('country').notNull(),
    countryCode: text('country_code'),
    city: text('city'),
    state: text('state'),
    control: text('control'),
    website: text('website'),
    scorecardUnitId: integer('scorecard_unit_id'),
    admissionRate: doublePrecision('admission_rate'),
    admissionRateYear: text('admission_rate_year'),
    testRequirement: text('test_requirement'),
    satAverage: integer('sat_average'),
    satMath25: integer('sat_math_25'),
    satMath75: integer('sat_math_75'),
    satVerbal25: integer('sat_verbal_25'),
    satVerbal75: integer('sat_verbal_75'),
    act25: integer('act_25'),
    act75: integer('act_75'),
    tuitionInStateUsd: integer('tuition_in_state_usd'),
    tuitionOutOfStateUsd: integer('tuition_out_of_state_usd'),
    tuitionYear: text('tuition_year'),
    roomBoardUsd: integer('room_board_usd'),
    undergraduates: integer('undergraduates'),
    completionRate: doublePrecision('completion_rate'),
    medianEarnings10yUsd: integer('median_earnings_10y_usd'),
    /** Which shipped files the record comes from: `hipo`, `scorecard` or `scorecard+hipo`. */
    source: text('source').notNull(),
    /** The date of the source release the record was taken from (catalogue-data/SOURCES.md). */
    verifiedAt: date('verified_at').notNull(),
    catalogueVersion: integer('catalogue_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('institutions_catalogue_key_idx').on(t.catalogueKey),
    index('institutions_name_key_idx').on(t.nameKey),
    index('institutions_country_name_idx').on(t.country, t.name),
    index('institutions_country_code_idx').on(t.countryCode),
    // Name search by trigrams. A small pending list: on PGlite (in the server's thread) the
    // first-start load then flushes it in small steps rather than in one long pause (ADR 0050).
    index('institutions_name_trgm_idx')
      .using('gin', sql`${t.name} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
  ],
);

/** The catalogue version loaded into this database, per catalogue (`institutions`). */
export const schoolCatalogueVersions = pgTable('school_catalogue_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  rows: integer('rows').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Programs: the shared catalogue (user_id null, imported by an administrator) and each account's
 * own (user_id set, added when a case names a program the catalogue lacks). `program_key` is the
 * normalised school|program|degree: unique among shared rows and within one account's rows.
 */
export const schoolPrograms = pgTable(
  'school_programs',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    institutionId: uuid('institution_id').references(() => institutions.id, { onDelete: 'set null' }),
    programKey: text('program_key').notNull(),
    school: text('school').notNull(),
    program: text('program').notNull(),
    programZh: text('program_zh'),
    degree: text('degree').$type<Degree>().notNull(),
    field: text('field'),
    country: text('country'),
    duration: text('duration'),
    tuition: doublePrecision('tuition'),
    tuitionCurrency: text('tuition_currency'),
    livingCost: doublePrecision('living_cost'),
    deadlines: jsonb('deadlines').$type<string[]>().notNull().default([]),
    ieltsOverall: doublePrecision('ielts_overall'),
    ieltsMinBand: doublePrecision('ielts_min_band'),
    toeflTotal: integer('toefl_total'),
    toeflMinSection: integer('toefl_min_section'),
    gpa985: doublePrecision('gpa_985'),
    gpa211: doublePrecision('gpa_211'),
    gpaShuangfei: doublePrecision('gpa_shuangfei'),
    gpaOverseas: doublePrecision('gpa_overseas'),
    gpaScale: doublePrecision('gpa_scale'),
    testsRequired: jsonb('tests_required').$type<RequiredTest[]>().notNull().default([]),
    admissionRate: doublePrecision('admission_rate'),
    officialUrl: text('official_url'),
    verifiedAt: date('verified_at'),
    source: text('source'),
    ranking: integer('ranking'),
    rankingSource: text('ranking_source'),
    /** School, program and Chinese name, lower-cased: what the list's `query` matches (trigrams). */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('school_programs_shared_key_idx')
      .on(t.programKey)
      .where(sql`${t.userId} is null`),
    uniqueIndex('school_programs_owned_key_idx')
      .on(t.userId, t.programKey)
      .where(sql`${t.userId} is not null`),
    index('school_programs_school_idx').on(t.school, t.program),
    index('school_programs_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The account's case library: one outcome of one program with the applicant's anonymised profile
 * as it was. Owned by user_id, never read for another account. `import_key` (file hash and row)
 * makes re-importing the same file add nothing.
 */
export const schoolMatchCases = pgTable(
  'school_match_cases',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => schoolPrograms.id, { onDelete: 'cascade' }),
    result: text('result').$type<CaseResult>().notNull(),
    term: text('term'),
    gpa: doublePrecision('gpa'),
    gpaScale: doublePrecision('gpa_scale'),
    schoolTier: text('school_tier').$type<SchoolTier>(),
    major: text('major'),
    ielts: doublePrecision('ielts'),
    toefl: integer('toefl'),
    greV: integer('gre_v'),
    greQ: integer('gre_q'),
    gmat: integer('gmat'),
    international: boolean('international'),
    notes: text('notes'),
    importKey: text('import_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('school_match_cases_user_created_idx').on(t.userId, t.createdAt),
    index('school_match_cases_user_program_idx').on(t.userId, t.programId),
    uniqueIndex('school_match_cases_import_key_idx').on(t.userId, t.importKey),
  ],
);

/**
 * A saved 选校 run (issue 26; ADR 0052): the applicant as it was sent, the items as they were
 * computed (never recomputed: a later case changes the next run, not this list), the per-band
 * summary and how many programs each method placed. Deleting the student keeps the list.
 */
export const schoolMatchResults = pgTable(
  'school_match_results',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientProfileId: uuid('client_profile_id').references(() => clientProfiles.id, { onDelete: 'set null' }),
    applicant: jsonb('applicant').$type<MatchApplicant>().notNull(),
    items: jsonb('items').$type<MatchItem[]>().notNull(),
    summary: jsonb('summary').$type<MatchSummaryBand[]>().notNull(),
    methods: jsonb('methods').$type<MatchMethodCounts>().notNull(),
    /** The model's narrative and its fact check; null without a model. */
    narrative: jsonb('narrative').$type<MatchNarrative>(),
    /** The paid operation (ai_operations) that computed it. */
    operationId: uuid('operation_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('school_match_results_user_created_idx').on(t.userId, t.createdAt),
    index('school_match_results_profile_created_idx').on(t.clientProfileId, t.createdAt),
  ],
);

/**
 * A student's 选校 list (issue 26; ADR 0052 addendum): the programs a consultant keeps for one
 * client profile, one row per student and program. `band` and `probability` are copied from the
 * run the placement came from (`result_id`) or set by hand; deleting that run keeps the row.
 */
export const schoolMatchShortlist = pgTable(
  'school_match_shortlist',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientProfileId: uuid('client_profile_id')
      .notNull()
      .references(() => clientProfiles.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => schoolPrograms.id, { onDelete: 'cascade' }),
    resultId: uuid('result_id').references(() => schoolMatchResults.id, { onDelete: 'set null' }),
    band: text('band').$type<MatchBand>(),
    probability: jsonb('probability').$type<{ low: number; mid: number; high: number }>(),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('school_match_shortlist_profile_program_idx').on(t.clientProfileId, t.programId),
    index('school_match_shortlist_user_idx').on(t.userId),
  ],
);
