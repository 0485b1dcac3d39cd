import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { recordAdminAction, type AdminActor } from '../admin-audit';
import type { Degree, ImportError, Program, ProgramImportResult } from '../../../contracts/school-match';
import {
  DEGREES,
  GPA_SCALES,
  PROGRAM_CSV_COLUMNS,
  PROGRAM_CSV_REQUIRED,
  REQUIRED_TESTS,
  type RequiredTest,
} from '../../../contracts/school-match';
import type { Database } from '../../../db/client';
import { schoolMatchCases, schoolPrograms } from '../../../db/schema';
import { containsPattern, institutionNamed, isStale } from './catalogue';
import { countrySpellings } from './countries';
import { blankToUndefined, decodeCsv, normaliseName, readCsvRows, yieldNow } from './csv';

/**
 * Programs (issue 26): the shared catalogue an administrator imports (user_id null) and the
 * programs an account adds through its cases (user_id = the account). The import key is the
 * normalised school | program | degree (ADR 0050): re-importing a row updates that program.
 */

export type ProgramRow = typeof schoolPrograms.$inferSelect;

export const programKey = (school: string, program: string, degree: Degree) =>
  `${normaliseName(school)}|${normaliseName(program)}|${degree}`;

const searchTextOf = (p: { school: string; program: string; programZh?: string | null }) =>
  [p.school, p.program, p.programZh ?? ''].join(' ').normalize('NFKC').toLowerCase();

/** Degrees as consultants write them in a sheet: the contract's words, or the Chinese ones. */
const DEGREE_ALIASES: Record<string, Degree> = {
  本科: 'bachelor',
  学士: 'bachelor',
  硕士: 'master',
  研究生: 'master',
  博士: 'phd',
  其他: 'other',
};
export function readDegree(value: string | undefined): Degree | null {
  const v = (value ?? '').trim().toLowerCase();
  if ((DEGREES as readonly string[]).includes(v)) return v as Degree;
  return DEGREE_ALIASES[v] ?? null;
}

export function toProgramDto(row: ProgramRow, casesCount: number, now = Date.now()): Program {
  return {
    id: row.id,
    institutionId: row.institutionId,
    school: row.school,
    program: row.program,
    programZh: row.programZh,
    degree: row.degree,
    field: row.field,
    country: row.country,
    duration: row.duration,
    tuition: row.tuition,
    tuitionCurrency: row.tuitionCurrency,
    livingCost: row.livingCost,
    deadlines: row.deadlines,
    ieltsOverall: row.ieltsOverall,
    ieltsMinBand: row.ieltsMinBand,
    toeflTotal: row.toeflTotal,
    toeflMinSection: row.toeflMinSection,
    gpa985: row.gpa985,
    gpa211: row.gpa211,
    gpaShuangfei: row.gpaShuangfei,
    gpaOverseas: row.gpaOverseas,
    gpaScale: row.gpaScale,
    testsRequired: row.testsRequired,
    admissionRate: row.admissionRate,
    officialUrl: row.officialUrl,
    verifiedAt: row.verifiedAt,
    source: row.source,
    ranking: row.ranking,
    rankingSource: row.rankingSource,
    shared: row.userId === null,
    stale: isStale(row.verifiedAt, now),
    casesCount,
  };
}

/** What the caller may see: the shared catalogue and its own programs. */
export const visibleTo = (userId: string) => or(isNull(schoolPrograms.userId), eq(schoolPrograms.userId, userId))!;

/** GET /school-match/programs: the shared catalogue plus the caller's own; casesCount counts the caller's cases only. */
export async function listPrograms(
  db: Database,
  userId: string,
  filter: { query?: string; country?: string; degree?: Degree; page: number; pageSize: number },
) {
  const where: SQL[] = [visibleTo(userId)];
  if (filter.query) where.push(ilike(schoolPrograms.searchText, containsPattern(filter.query.normalize('NFKC').toLowerCase())));
  if (filter.country) where.push(inArray(sql`lower(${schoolPrograms.country})`, countrySpellings([filter.country])));
  if (filter.degree) where.push(eq(schoolPrograms.degree, filter.degree));
  const condition = and(...where);
  const casesCount = sql<number>`(select count(*)::int from ${schoolMatchCases} c where c.program_id = "school_programs"."id" and c.user_id = ${userId})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ program: schoolPrograms, casesCount })
      .from(schoolPrograms)
      .where(condition)
      .orderBy(asc(schoolPrograms.school), asc(schoolPrograms.program), asc(schoolPrograms.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(schoolPrograms).where(condition),
  ]);
  const now = Date.now();
  return {
    items: rows.map((r) => toProgramDto(r.program, Number(r.casesCount), now)),
    page: filter.page,
    pageSize: filter.pageSize,
    total: total?.n ?? 0,
  };
}

/** Programs by id that the caller may see (the shared catalogue's and its own); others are left out. */
export async function visiblePrograms(db: Database, userId: string, ids: string[]): Promise<ProgramRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(schoolPrograms)
    .where(and(inArray(schoolPrograms.id, ids), visibleTo(userId)));
}

/**
 * The program a case names: the shared catalogue's by key, else this account's, else a new row
 * in this account's catalogue (linked to the institution of that name when exactly one has it).
 * `cache` spares an import the same lookups row after row.
 */
export async function resolveCaseProgram(
  db: Database,
  userId: string,
  named: { school: string; program: string; degree: Degree },
  cache?: Map<string, string>,
  options: { create?: boolean } = {},
): Promise<string | null> {
  const key = programKey(named.school, named.program, named.degree);
  const cached = cache?.get(key);
  if (cached) return cached;
  const found = await db
    .select({ id: schoolPrograms.id, userId: schoolPrograms.userId })
    .from(schoolPrograms)
    .where(and(eq(schoolPrograms.programKey, key), visibleTo(userId)));
  // The shared row first: an account's own copy predates the administrator's import.
  let id = (found.find((r) => r.userId === null) ?? found[0])?.id ?? null;
  if (!id && options.create !== false) {
    const institutionId = await institutionNamed(db, named.school);
    const [created] = await db
      .insert(schoolPrograms)
      .values({
        userId,
        institutionId,
        programKey: key,
        school: named.school,
        program: named.program,
        degree: named.degree,
        searchText: searchTextOf(named),
        source: '案例录入',
      })
      .onConflictDoUpdate({
        target: [schoolPrograms.userId, schoolPrograms.programKey],
        targetWhere: sql`${schoolPrograms.userId} is not null`,
        set: { updatedAt: sql`${schoolPrograms.updatedAt}` },
      })
      .returning({ id: schoolPrograms.id });
    id = created!.id;
  }
  if (id) cache?.set(key, id);
  return id;
}

/** Rows read and written together, each batch one transaction. */
const PROGRAM_BATCH_ROWS = 200;

// --- The administrator's import -------------------------------------------------------------

type ProgramValues = Omit<typeof schoolPrograms.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) =>
  ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** One row of the programs CSV checked: the values to store, or every problem in Chinese. */
export function readProgramRow(values: Record<string, string>): { ok: true; program: ProgramValues } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const text = (name: string, max: number) => {
    const v = blankToUndefined(values[name]);
    if (v !== undefined && v.length > max) problems.push(`${name} 不能超过${max}个字符`);
    return v ?? null;
  };
  const number = (name: string, min: number, max: number, options: { integer?: boolean; step?: number } = {}) => {
    const v = blankToUndefined(values[name]);
    if (v === undefined) return null;
    const n = Number(v);
    if (!Number.isFinite(n) || n < min || n > max) problems.push(`${name} 应为 ${min} 到 ${max} 之间的数字（现为“${v}”）`);
    else if (options.integer && !Number.isInteger(n)) problems.push(`${name} 应为整数（现为“${v}”）`);
    else if (options.step && Math.abs(n / options.step - Math.round(n / options.step)) > 1e-9)
      problems.push(`${name} 应为 ${options.step} 的整数倍（现为“${v}”）`);
    else return n;
    return null;
  };
  const list = (name: string) =>
    (blankToUndefined(values[name]) ?? '')
      .split(/[;；]/)
      .map((s) => s.trim())
      .filter(Boolean);

  const school = text('school', 200);
  const program = text('program', 200);
  const degree = readDegree(values.degree);
  if (!school) problems.push('缺少 school（学校）');
  if (!program) problems.push('缺少 program（项目英文名）');
  if (!degree) problems.push(`degree 应为 bachelor、master、phd 或 other（现为“${values.degree ?? ''}”）`);
  const source = text('source', 200);
  if (!source) problems.push('缺少 source（数据来源）');
  const verifiedAt = blankToUndefined(values.verified_at) ?? null;
  if (!verifiedAt) problems.push('缺少 verified_at（核实日期，如 2026-09-01）');
  else if (!isRealDate(verifiedAt)) problems.push(`verified_at 应为日期，如 2026-09-01（现为“${verifiedAt}”）`);
  const deadlines = list('deadlines');
  for (const d of deadlines) if (!isRealDate(d)) problems.push(`deadlines 中的“${d}”不是日期（如 2026-01-15，多个用分号分隔）`);
  if (deadlines.length > 10) problems.push('deadlines 最多10个');
  const rawTests = list('tests_required');
  for (const t of rawTests)
    if (!(REQUIRED_TESTS as readonly string[]).includes(t.toLowerCase()))
      problems.push(`tests_required 中的“${t}”应为 GRE、GMAT、SAT 或 ACT（多个用分号分隔）`);
  const tests = [...new Set(rawTests.map((t) => t.toLowerCase()))];
  const officialUrl = text('official_url', 500);
  if (officialUrl && !/^https?:\/\/\S+$/i.test(officialUrl))
    problems.push(`official_url 应以 http:// 或 https:// 开头（现为“${officialUrl}”）`);
  const gpaScale = number('gpa_scale', 1, 100);
  if (gpaScale !== null && !(GPA_SCALES as readonly number[]).includes(gpaScale))
    problems.push(`gpa_scale 应为 ${GPA_SCALES.join('、')} 之一（现为“${gpaScale}”）`);
  const gpas = {
    gpa985: number('gpa_985', 0, 100),
    gpa211: number('gpa_211', 0, 100),
    gpaShuangfei: number('gpa_shuangfei', 0, 100),
    gpaOverseas: number('gpa_overseas', 0, 100),
  };
  const anyGpa = Object.values(gpas).some((v) => v !== null);
  if (anyGpa && gpaScale === null) problems.push('填写了 GPA 要求时须填写 gpa_scale（如 4、100）');
  if (gpaScale !== null && Object.values(gpas).some((v) => v !== null && v > gpaScale)) problems.push('GPA 要求不能大于 gpa_scale');
  const tuition = number('tuition', 0, 10_000_000);
  const tuitionCurrency = text('tuition_currency', 3)?.toUpperCase() ?? null;
  if (tuitionCurrency && !/^[A-Z]{3}$/.test(tuitionCurrency))
    problems.push(`tuition_currency 应为三位货币代码，如 USD、GBP（现为“${tuitionCurrency}”）`);
  const livingCost = number('living_cost', 0, 10_000_000);
  if ((tuition !== null || livingCost !== null) && !tuitionCurrency)
    problems.push('填写了 tuition 或 living_cost 时须填写 tuition_currency（如 USD）');
  // An admission rate as a share (0.35) or a percentage (35%).
  const rawRate = blankToUndefined(values.admission_rate);
  const rate = rawRate === undefined ? null : rawRate.endsWith('%') ? Number(rawRate.slice(0, -1)) / 100 : Number(rawRate);
  if (rate !== null && !(Number.isFinite(rate) && rate > 0 && rate <= 1))
    problems.push(`admission_rate 应为 0 到 1 之间的比例或百分比，如 0.35 或 35%（现为“${rawRate}”）`);
  const programZh = text('program_zh', 200);
  const row = {
    ieltsOverall: number('ielts_overall', 0, 9, { step: 0.5 }),
    ieltsMinBand: number('ielts_min_band', 0, 9, { step: 0.5 }),
    toeflTotal: number('toefl_total', 0, 120, { integer: true }),
    toeflMinSection: number('toefl_min_section', 0, 30, { integer: true }),
    ranking: number('ranking', 1, 100_000, { integer: true }),
  };
  const rankingSource = text('ranking_source', 100);
  if (row.ranking !== null && !rankingSource) problems.push('填写了 ranking 时须填写 ranking_source（排名名称与年份，如 QS 2026）');
  const field = text('field', 100);
  const country = text('country', 100);
  const duration = text('duration', 50);
  if (problems.length || !school || !program || !degree) return { ok: false, problems };
  return {
    ok: true,
    program: {
      programKey: programKey(school, program, degree),
      school,
      program,
      programZh,
      degree,
      field,
      country,
      duration,
      tuition,
      tuitionCurrency,
      livingCost,
      admissionRate: rate,
      deadlines,
      ...row,
      ...gpas,
      gpaScale,
      testsRequired: tests as RequiredTest[],
      officialUrl,
      verifiedAt,
      source,
      rankingSource,
      searchText: searchTextOf({ school, program, programZh }),
    },
  };
}

/** Whether storing `next` over `current` would change anything. */
const sameProgram = (current: ProgramRow, next: ProgramValues & { institutionId: string | null }) =>
  (Object.keys(next) as Array<keyof typeof next>).every((k) => JSON.stringify(current[k] ?? null) === JSON.stringify(next[k] ?? null));

/**
 * The administrator's programs CSV (PROGRAM_CSV_COLUMNS; docs/school-match-data.md): each row
 * checked, with its row number in the errors; valid rows inserted or updated by key into the
 * shared catalogue, rows equal to what is stored skipped. A dry run counts the same and writes
 * nothing. A key twice in one file: the later row is refused. Batches of PROGRAM_BATCH_ROWS rows
 * commit one by one. A new shared program takes over the
 * accounts' own copies of it: their cases move to it (still each account's own).
 */
export async function importPrograms(
  db: Database,
  bytes: Uint8Array,
  options: { dryRun: boolean; actor: AdminActor },
): Promise<ProgramImportResult> {
  const { text } = decodeCsv(bytes);
  const errors: ImportError[] = [];
  const valid: Array<{ row: number; program: ProgramValues }> = [];
  const seen = new Map<string, number>();
  await readCsvRows(text, { known: PROGRAM_CSV_COLUMNS, required: PROGRAM_CSV_REQUIRED }, ({ row, values }) => {
    const read = readProgramRow(values);
    if (!read.ok) return void errors.push({ row, message: `第${row}行：${read.problems.join('；')}` });
    const earlier = seen.get(read.program.programKey);
    if (earlier) return void errors.push({ row, message: `第${row}行：与第${earlier}行是同一项目（学校、项目、学位相同）` });
    seen.set(read.program.programKey, row);
    valid.push({ row, program: read.program });
  });

  let imported = 0;
  let updated = 0;
  let unchanged = 0;
  /** One batch: counted, and written unless this is a dry run. */
  const batchWork = async (tx: Database, batch: typeof valid, last: boolean) => {
    const existing = await tx
      .select()
      .from(schoolPrograms)
      .where(
        and(
          isNull(schoolPrograms.userId),
          inArray(
            schoolPrograms.programKey,
            batch.map((b) => b.program.programKey),
          ),
        ),
      );
    const byKey = new Map(existing.map((e) => [e.programKey, e]));
    for (const [i, { program }] of batch.entries()) {
      if (i % 50 === 49) await yieldNow();
      const current = byKey.get(program.programKey);
      const institutionId = current?.institutionId ?? (await institutionNamed(tx, program.school, program.country));
      const next = { ...program, institutionId };
      if (current && sameProgram(current, next)) {
        unchanged++;
        continue;
      }
      if (current) updated++;
      else imported++;
      if (options.dryRun) continue;
      if (current)
        await tx
          .update(schoolPrograms)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(schoolPrograms.id, current.id));
      else {
        const [created] = await tx
          .insert(schoolPrograms)
          .values({ ...next, userId: null })
          .returning({ id: schoolPrograms.id });
        // Accounts that had added this program themselves: their cases now name the catalogue's row.
        const ownCopies = and(eq(schoolPrograms.programKey, program.programKey), isNotNull(schoolPrograms.userId));
        await tx
          .update(schoolMatchCases)
          .set({ programId: created!.id })
          .where(inArray(schoolMatchCases.programId, tx.select({ id: schoolPrograms.id }).from(schoolPrograms).where(ownCopies)));
        await tx.delete(schoolPrograms).where(ownCopies!);
      }
    }
    // The import's audit row commits with its last batch (earlier batches are already in: ADR 0053).
    if (last && !options.dryRun) {
      await recordAdminAction(tx, options.actor, {
        action: 'programs.import',
        targetType: 'school_programs',
        targetId: null,
        after: { rows: valid.length + errors.length, imported, updated, unchanged, invalid: errors.length },
      });
    }
  };
  // One transaction per batch (a long one makes PGlite's commit hold the event loop); importing
  // the file again completes an interrupted import, since rows are keyed.
  for (let at = 0; at < valid.length; at += PROGRAM_BATCH_ROWS) {
    await yieldNow();
    const batch = valid.slice(at, at + PROGRAM_BATCH_ROWS);
    const last = at + PROGRAM_BATCH_ROWS >= valid.length;
    if (options.dryRun) await batchWork(db, batch, last);
    else await db.transaction((tx) => batchWork(tx as unknown as Database, batch, last));
  }
  return { imported, updated, skipped: unchanged + errors.length, errors };
}
