import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { SHORTLIST_MAX, type ShortlistAdd, type ShortlistItem } from '../../../contracts/school-match';
import type { Database } from '../../../db/client';
import { clientProfiles, schoolMatchShortlist, schoolPrograms } from '../../../db/schema';
import { notFound, validationError } from '../errors';
import { visibleTo } from './programs';
import { getResult } from './run';
import { assertCanRead, ownedBy, type Workspace } from '../orgs/workspace';

/**
 * A student's 选校 list (issue 26; ADR 0052 addendum): the programs a consultant keeps for one
 * client profile, one row per student and program. Every read and write is the caller's: the
 * student must be theirs, the program theirs or the shared catalogue's, a run theirs.
 */

export const SHORTLIST_FULL = `每位学生的选校清单最多${SHORTLIST_MAX}个项目，请先移出不需要的项目`;
export const SHORTLIST_ROW_MISSING = '选校清单中没有该项目';

const columns = {
  id: schoolMatchShortlist.id,
  clientProfileId: schoolMatchShortlist.clientProfileId,
  programId: schoolMatchShortlist.programId,
  school: schoolPrograms.school,
  program: schoolPrograms.program,
  programZh: schoolPrograms.programZh,
  degree: schoolPrograms.degree,
  country: schoolPrograms.country,
  band: schoolMatchShortlist.band,
  probability: schoolMatchShortlist.probability,
  resultId: schoolMatchShortlist.resultId,
  note: schoolMatchShortlist.note,
  createdAt: schoolMatchShortlist.createdAt,
};

/** Reach first, then match, then safety, then the unplaced; within a band by school and program. */
const BAND_ORDER = sql`case ${schoolMatchShortlist.band} when 'reach' then 0 when 'match' then 1 when 'safety' then 2 else 3 end`;

/**
 * A student of the caller's space, locked for the rest of the transaction when `lock` (the list's
 * size is checked under it). The list itself is the caller's own, in an organisation too (ADR 0067).
 */
async function ownedProfile(db: Database, ws: Workspace, clientProfileId: string, lock = false): Promise<void> {
  assertCanRead(ws);
  const query = db
    .select({ id: clientProfiles.id })
    .from(clientProfiles)
    .where(and(eq(clientProfiles.id, clientProfileId), ownedBy(ws, clientProfiles)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('学生档案不存在');
}

async function rowsOf(db: Database, userId: string, where: SQL): Promise<ShortlistItem[]> {
  const rows = await db
    .select(columns)
    .from(schoolMatchShortlist)
    .innerJoin(schoolPrograms, eq(schoolPrograms.id, schoolMatchShortlist.programId))
    .where(and(eq(schoolMatchShortlist.userId, userId), where))
    .orderBy(BAND_ORDER, asc(schoolPrograms.school), asc(schoolPrograms.program), asc(schoolMatchShortlist.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** GET /school-match/shortlist?clientProfileId: one student's list; another account's student is 404. */
export async function listShortlist(db: Database, ws: Workspace, clientProfileId: string): Promise<{ items: ShortlistItem[] }> {
  await ownedProfile(db, ws, clientProfileId);
  return { items: await rowsOf(db, ws.userId, eq(schoolMatchShortlist.clientProfileId, clientProfileId)) };
}

/**
 * POST /school-match/shortlist: adds the program to the student's list, or updates the row that is
 * already there. With `resultId` the placement is that run's: its probability, and its band unless
 * a band is given. Fields left out keep what the row had; a new program beyond SHORTLIST_MAX is refused.
 */
export async function addToShortlist(db: Database, ws: Workspace, input: ShortlistAdd): Promise<{ item: ShortlistItem; created: boolean }> {
  const userId = ws.userId;
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Database;
    await ownedProfile(tx, ws, input.clientProfileId, true);
    const [program] = await tx
      .select({ id: schoolPrograms.id })
      .from(schoolPrograms)
      .where(and(eq(schoolPrograms.id, input.programId), visibleTo(userId)));
    if (!program) throw notFound('项目不存在');
    const placement = input.resultId ? await placementFrom(tx, userId, input.resultId, input.programId) : null;

    const [existing] = await tx
      .select()
      .from(schoolMatchShortlist)
      .where(and(eq(schoolMatchShortlist.clientProfileId, input.clientProfileId), eq(schoolMatchShortlist.programId, input.programId)));
    const band = input.band !== undefined ? input.band : placement ? placement.band : (existing?.band ?? null);
    const fromRun = placement
      ? { resultId: input.resultId!, probability: placement.probability }
      : { resultId: existing?.resultId ?? null, probability: existing?.probability ?? null };
    const note = input.note !== undefined ? input.note || null : (existing?.note ?? null);

    let id: string;
    if (existing) {
      await tx
        .update(schoolMatchShortlist)
        .set({ band, note, ...fromRun, updatedAt: new Date() })
        .where(eq(schoolMatchShortlist.id, existing.id));
      id = existing.id;
    } else {
      const [size] = await tx
        .select({ n: count() })
        .from(schoolMatchShortlist)
        .where(eq(schoolMatchShortlist.clientProfileId, input.clientProfileId));
      if ((size?.n ?? 0) >= SHORTLIST_MAX) throw validationError(SHORTLIST_FULL, 'programId');
      const [row] = await tx
        .insert(schoolMatchShortlist)
        .values({ userId, clientProfileId: input.clientProfileId, programId: input.programId, band, note, ...fromRun })
        .returning({ id: schoolMatchShortlist.id });
      id = row!.id;
    }
    const [item] = await rowsOf(tx, userId, eq(schoolMatchShortlist.id, id));
    return { item: item!, created: !existing };
  });
}

/** The band and probability a run gave the program; the run must be the caller's and contain it. */
async function placementFrom(db: Database, userId: string, resultId: string, programId: string) {
  const result = await getResult(db, userId, resultId);
  const item = result.items.find((i) => i.programId === programId);
  if (!item) throw validationError('该选校结果中没有这个项目', 'resultId');
  return { band: item.band, probability: item.probability };
}

/** DELETE /school-match/shortlist/:id: the caller's row only; another's reads as missing. */
export async function removeFromShortlist(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(schoolMatchShortlist)
    .where(and(eq(schoolMatchShortlist.id, id), eq(schoolMatchShortlist.userId, userId)))
    .returning({ id: schoolMatchShortlist.id });
  if (deleted.length === 0) throw notFound(SHORTLIST_ROW_MISSING);
}
