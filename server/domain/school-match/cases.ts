import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CaseCreate, CaseImportResult, CaseResult, ImportError, SchoolMatchCase, SchoolTier } from '../../../contracts/school-match';
import { CASE_CSV_COLUMNS, CASE_CSV_REQUIRED, CASE_RESULTS, GPA_SCALES, SCHOOL_TIERS } from '../../../contracts/school-match';
import type { Database } from '../../../db/client';
import { schoolMatchCases, schoolMatchShortlist, schoolPrograms } from '../../../db/schema';
import { notFound } from '../errors';
import { blankToUndefined, decodeCsv, readCsvRows, yieldNow } from './csv';
import { readDegree, resolveCaseProgram, visiblePrograms } from './programs';

/**
 * The case library (issue 26): outcomes this account recorded, each with the applicant's
 * anonymised profile as it was. Every read and write is scoped to the account (user_id); nothing
 * here is ever read for another account.
 */

export type CaseRow = typeof schoolMatchCases.$inferSelect;
type CaseValues = Omit<typeof schoolMatchCases.$inferInsert, 'id' | 'userId' | 'programId' | 'createdAt' | 'importKey'>;

const RESULT_ALIASES: Record<string, CaseResult> = {
  admit: 'admitted',
  offer: 'admitted',
  录取: 'admitted',
  reject: 'rejected',
  拒绝: 'rejected',
  拒: 'rejected',
  waitlist: 'waitlisted',
  wl: 'waitlisted',
  候补: 'waitlisted',
};
const TIER_ALIASES: Record<string, SchoolTier> = {
  shuangfei: '双非',
  'double non': '双非',
  'non-211': '双非',
  非211: '双非',
  overseas: '海本',
  海外本科: '海本',
  其他: 'other',
};
const YES = new Set(['yes', 'y', 'true', '1', '是']);
const NO = new Set(['no', 'n', 'false', '0', '否']);

/** A GPA without its scale: the smallest full mark the model reads that holds it (4, 4.3, 4.5, 5, 10, 100). */
export const inferGpaScale = (gpa: number) => GPA_SCALES.find((scale) => gpa <= scale) ?? 100;

/** One row of the case CSV checked: the case and the program it names, or every problem in Chinese. */
export function readCaseRow(
  values: Record<string, string>,
):
  | { ok: true; named: { school: string; program: string; degree: NonNullable<ReturnType<typeof readDegree>> }; values: CaseValues }
  | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const text = (name: string, max: number) => {
    const v = blankToUndefined(values[name]);
    if (v !== undefined && v.length > max) problems.push(`${name} 不能超过${max}个字符`);
    return v ?? null;
  };
  const number = (name: string, min: number, max: number, integer = false) => {
    const v = blankToUndefined(values[name]);
    if (v === undefined) return null;
    const n = Number(v);
    if (!Number.isFinite(n) || n < min || n > max) problems.push(`${name} 应为 ${min} 到 ${max} 之间的数字（现为“${v}”）`);
    else if (integer && !Number.isInteger(n)) problems.push(`${name} 应为整数（现为“${v}”）`);
    else return n;
    return null;
  };

  const school = text('school', 200);
  const program = text('program', 200);
  const degree = readDegree(values.degree);
  if (!school) problems.push('缺少 school（学校）');
  if (!program) problems.push('缺少 program（项目）');
  if (!degree) problems.push(`degree 应为 bachelor、master、phd 或 other（现为“${values.degree ?? ''}”）`);
  const rawResult = (values.result ?? '').trim().toLowerCase();
  const result = (CASE_RESULTS as readonly string[]).includes(rawResult) ? (rawResult as CaseResult) : RESULT_ALIASES[rawResult];
  if (!result) problems.push(`result 应为 admitted、rejected 或 waitlisted（现为“${values.result ?? ''}”）`);

  const gpa = number('gpa', 0, 100);
  let gpaScale = number('gpa_scale', 1, 100);
  if (gpaScale !== null && !(GPA_SCALES as readonly number[]).includes(gpaScale)) {
    problems.push(`gpa_scale 应为 ${GPA_SCALES.join('、')} 之一（现为“${gpaScale}”）`);
    gpaScale = null;
  }
  if (gpa !== null && gpaScale !== null && gpa > gpaScale) problems.push(`gpa（${gpa}）不能大于 gpa_scale（${gpaScale}）`);
  if (gpa !== null && gpaScale === null) gpaScale = inferGpaScale(gpa);
  const rawTier = blankToUndefined(values.school_tier);
  const schoolTier =
    rawTier === undefined
      ? null
      : (SCHOOL_TIERS as readonly string[]).includes(rawTier)
        ? (rawTier as SchoolTier)
        : TIER_ALIASES[rawTier.toLowerCase()];
  if (schoolTier === undefined) problems.push(`school_tier 应为 985、211、双非、海本或 other（现为“${rawTier}”）`);
  const ielts = number('ielts', 0, 9);
  if (ielts !== null && !Number.isInteger(ielts * 2)) problems.push(`ielts 应为 0.5 的整数倍（现为“${ielts}”）`);
  const rawInternational = blankToUndefined(values.international)?.toLowerCase();
  const international =
    rawInternational === undefined ? null : YES.has(rawInternational) ? true : NO.has(rawInternational) ? false : undefined;
  if (international === undefined) problems.push(`international 应为 yes 或 no（现为“${values.international}”）`);
  const caseValues = {
    result: result!,
    term: text('term', 40),
    gpa,
    gpaScale,
    schoolTier: schoolTier ?? null,
    major: text('major', 100),
    ielts,
    toefl: number('toefl', 0, 120, true),
    greV: number('gre_v', 130, 170, true),
    greQ: number('gre_q', 130, 170, true),
    gmat: number('gmat', 200, 805, true),
    international: international ?? null,
    notes: text('notes', 1000),
  };
  if (problems.length || !school || !program || !degree) return { ok: false, problems };
  return { ok: true, named: { school, program, degree }, values: caseValues };
}

function toCaseDto(
  row: CaseRow,
  program: Pick<typeof schoolPrograms.$inferSelect, 'school' | 'program' | 'programZh' | 'degree' | 'country'>,
): SchoolMatchCase {
  return {
    id: row.id,
    programId: row.programId,
    school: program.school,
    program: program.program,
    programZh: program.programZh,
    degree: program.degree,
    country: program.country,
    result: row.result,
    term: row.term,
    gpa: row.gpa,
    gpaScale: row.gpaScale,
    schoolTier: row.schoolTier,
    major: row.major,
    ielts: row.ielts,
    toefl: row.toefl,
    greV: row.greV,
    greQ: row.greQ,
    gmat: row.gmat,
    international: row.international,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

const BATCH_ROWS = 250;

/**
 * POST /school-match/cases/import: the case CSV (CASE_CSV_COLUMNS), each row checked with its
 * row number in the errors. Valid rows are recorded (their programs found or added to this
 * account's catalogue); rows of a file already imported by this account (same bytes, same row)
 * are skipped, so importing a file twice adds nothing. A dry run writes nothing. Rows are
 * written BATCH_ROWS at a time, each batch one transaction.
 */
export async function importCases(
  db: Database,
  userId: string,
  bytes: Uint8Array,
  options: { dryRun: boolean },
): Promise<CaseImportResult> {
  const { text } = decodeCsv(bytes);
  const fileHash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const errors: ImportError[] = [];
  const valid: Array<{
    row: number;
    named: { school: string; program: string; degree: NonNullable<ReturnType<typeof readDegree>> };
    values: CaseValues;
  }> = [];
  await readCsvRows(text, { known: CASE_CSV_COLUMNS, required: CASE_CSV_REQUIRED }, ({ row, values }) => {
    const read = readCaseRow(values);
    if (read.ok) valid.push({ row, named: read.named, values: read.values });
    else errors.push({ row, message: `第${row}行：${read.problems.join('；')}` });
  });

  let imported = 0;
  let already = 0;
  const write = async (tx: Database) => {
    const programs = new Map<string, string>();
    for (let at = 0; at < valid.length; at += BATCH_ROWS) {
      await yieldNow();
      const batch = valid.slice(at, at + BATCH_ROWS).map((v) => ({ ...v, importKey: `${fileHash}:${v.row}` }));
      const existing = await tx
        .select({ importKey: schoolMatchCases.importKey })
        .from(schoolMatchCases)
        .where(
          and(
            eq(schoolMatchCases.userId, userId),
            inArray(
              schoolMatchCases.importKey,
              batch.map((b) => b.importKey),
            ),
          ),
        );
      const done = new Set(existing.map((e) => e.importKey));
      const fresh = batch.filter((b) => !done.has(b.importKey));
      already += batch.length - fresh.length;
      if (options.dryRun) {
        imported += fresh.length;
        continue;
      }
      if (fresh.length === 0) continue;
      // One transaction per batch: one long transaction made PGlite's commit hold the event loop
      // for seconds. An interrupted import is completed by importing the file again (rows are keyed).
      const inserted = await db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const rows = [];
        for (const [i, b] of fresh.entries()) {
          // New programs are written one by one: a turn of the event loop now and then.
          if (i % 50 === 49) await yieldNow();
          rows.push({ ...b.values, userId, importKey: b.importKey, programId: (await resolveCaseProgram(tx, userId, b.named, programs))! });
        }
        return tx.insert(schoolMatchCases).values(rows).onConflictDoNothing().returning({ id: schoolMatchCases.id });
      });
      imported += inserted.length;
      already += fresh.length - inserted.length;
    }
  };
  await write(db);
  return { imported, skipped: errors.length + already, errors };
}

/** POST /school-match/cases: one case, its program by id (one the account may see) or by name. */
export async function createCase(db: Database, userId: string, input: CaseCreate): Promise<SchoolMatchCase> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    let programId = input.programId ?? null;
    if (programId) {
      if ((await visiblePrograms(tx, userId, [programId])).length === 0) throw notFound('项目不存在');
    } else {
      programId = await resolveCaseProgram(tx, userId, { school: input.school!, program: input.program!, degree: input.degree! });
    }
    const gpaScale = input.gpaScale ?? (input.gpa != null ? inferGpaScale(input.gpa) : null);
    const [row] = await tx
      .insert(schoolMatchCases)
      .values({
        userId,
        programId: programId!,
        result: input.result,
        term: input.term || null,
        gpa: input.gpa ?? null,
        gpaScale,
        schoolTier: input.schoolTier ?? null,
        major: input.major || null,
        ielts: input.ielts ?? null,
        toefl: input.toefl ?? null,
        greV: input.greV ?? null,
        greQ: input.greQ ?? null,
        gmat: input.gmat ?? null,
        international: input.international ?? null,
        notes: input.notes || null,
      })
      .returning();
    const [program] = await visiblePrograms(tx, userId, [programId!]);
    return toCaseDto(row!, program!);
  });
}

/** GET /school-match/cases: this account's cases, newest first. */
export async function listCases(db: Database, userId: string, query: { page: number; pageSize: number }) {
  const mine = eq(schoolMatchCases.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ case: schoolMatchCases, program: schoolPrograms })
      .from(schoolMatchCases)
      .innerJoin(schoolPrograms, eq(schoolPrograms.id, schoolMatchCases.programId))
      .where(mine)
      .orderBy(desc(schoolMatchCases.createdAt), desc(schoolMatchCases.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(schoolMatchCases).where(mine),
  ]);
  return { items: rows.map((r) => toCaseDto(r.case, r.program)), page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 };
}

/** DELETE /school-match/cases/{id}: another account's case is "not found", as elsewhere. */
export async function deleteCase(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(schoolMatchCases)
    .where(and(eq(schoolMatchCases.id, id), eq(schoolMatchCases.userId, userId)))
    .returning({ id: schoolMatchCases.id });
  if (deleted.length === 0) throw notFound('案例不存在');
}

/** This account's cases, optionally of some programs only: what a match run may learn from. */
export async function casesOf(db: Database, userId: string, programIds?: string[]): Promise<CaseRow[]> {
  if (programIds && programIds.length === 0) return [];
  return db
    .select()
    .from(schoolMatchCases)
    .where(and(eq(schoolMatchCases.userId, userId), programIds ? inArray(schoolMatchCases.programId, programIds) : undefined));
}

/**
 * An account merge (ADR 0039) moves the case library: the merged account's cases and own
 * programs go to the kept account. A program both had added keeps the kept account's row and the
 * cases (and the students' list rows naming it) move to it; a row of a file both had imported keeps its case but no longer its import key.
 */
export async function moveCaseLibrary(tx: Database, fromUserId: string, toUserId: string): Promise<void> {
  const theirs = await tx
    .select({ id: schoolPrograms.id, programKey: schoolPrograms.programKey })
    .from(schoolPrograms)
    .where(eq(schoolPrograms.userId, fromUserId));
  if (theirs.length) {
    const ours = await tx
      .select({ id: schoolPrograms.id, programKey: schoolPrograms.programKey })
      .from(schoolPrograms)
      .where(
        and(
          eq(schoolPrograms.userId, toUserId),
          inArray(
            schoolPrograms.programKey,
            theirs.map((p) => p.programKey),
          ),
        ),
      );
    const kept = new Map(ours.map((p) => [p.programKey, p.id]));
    for (const program of theirs) {
      const target = kept.get(program.programKey);
      if (!target) continue;
      await tx.update(schoolMatchCases).set({ programId: target }).where(eq(schoolMatchCases.programId, program.id));
      // The students' lists too (the moved students are the other account's: no row of theirs names `target` yet).
      await tx.update(schoolMatchShortlist).set({ programId: target }).where(eq(schoolMatchShortlist.programId, program.id));
      await tx.delete(schoolPrograms).where(eq(schoolPrograms.id, program.id));
    }
    await tx.update(schoolPrograms).set({ userId: toUserId }).where(eq(schoolPrograms.userId, fromUserId));
  }
  await tx.execute(sql`
    update ${schoolMatchCases} c set user_id = ${toUserId},
      import_key = case when exists (select 1 from ${schoolMatchCases} k where k.user_id = ${toUserId} and k.import_key = c.import_key) then null else c.import_key end
    where c.user_id = ${fromUserId}`);
}
