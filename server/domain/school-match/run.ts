import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  MATCH_BAND_LABELS,
  MATCH_BANDS,
  type MatchApplicant,
  type MatchItem,
  type MatchMethodCounts,
  type MatchNarrative,
  type MatchResultListItem,
  type MatchRun,
  type MatchSummaryBand,
  type SavedMatchResult,
} from '../../../contracts/school-match';
import type { Database } from '../../../db/client';
import { institutions, schoolMatchCases, schoolMatchResults, schoolPrograms } from '../../../db/schema';
import { schoolMatchNarrativeMessages, SCHOOL_MATCH_NARRATIVE_CHARS, SCHOOL_MATCH_PROMPT_VERSION } from '../../ai/prompts/school-match';
import { isProviderError } from '../../ai/providers';
import { resultOrThrow, type AiEngine } from '../ai/engine';
import { findUnsupportedAsync, knownTextOf } from '../ai/fact-check';
import { getProfile } from '../archives/profiles';
import { DomainError, notFound } from '../errors';
import { recordOperationLog } from '../operation-logs';
import { containsPattern } from './catalogue';
import { casesOf, type CaseRow } from './cases';
import { matchOffThread } from './match-in-thread';
import type { Applicant, GpaExpectation, MatchResult, ProgramFacts, RecordedCase } from './model/types';
import { countrySpellings } from './countries';
import { visibleTo, type ProgramRow } from './programs';
import { type Workspace } from '../orgs/workspace';

/**
 * 选校 runs (issue 26, ADR 0052): the programs asked for (or found by the applicant's targets),
 * matched by the admission model (ADR 0051) on ALL of this account's cases and never another's,
 * charged once per run through the paid lifecycle (ADR 0035), saved with an operation-log row.
 */

type InstitutionRow = typeof institutions.$inferSelect;
type Deps = { db: Database; engine: AiEngine };

export const RUN_FAILED = '选校失败，积分已退还，请重试';

/** Exactly these programs, in the order asked; one the caller may not see is 项目不存在 (404), as elsewhere. */
async function requestedPrograms(db: Database, userId: string, ids: readonly string[]): Promise<ProgramRow[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(schoolPrograms)
    .where(and(inArray(schoolPrograms.id, unique), visibleTo(userId)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (byId.size !== unique.length) throw notFound('项目不存在');
  return unique.map((id) => byId.get(id)!);
}

/**
 * The catalogue searched by the applicant's targets (countries, degree, fields), at most `limit`:
 * programs with this account's cases first (they get the best number), then by school and program.
 */
async function searchedPrograms(db: Database, userId: string, applicant: MatchApplicant, limit: number): Promise<ProgramRow[]> {
  const where: SQL[] = [visibleTo(userId)];
  const countries = countrySpellings(applicant.countries ?? []);
  if (countries.length) where.push(inArray(sql`lower(${schoolPrograms.country})`, countries));
  if (applicant.degree) where.push(eq(schoolPrograms.degree, applicant.degree));
  const fields = (applicant.fields ?? []).map((f) => containsPattern(f.normalize('NFKC').toLowerCase()));
  if (fields.length) where.push(or(...fields.flatMap((p) => [ilike(schoolPrograms.field, p), ilike(schoolPrograms.searchText, p)]))!);
  const ownCases = sql<number>`(select count(*)::int from ${schoolMatchCases} c where c.program_id = "school_programs"."id" and c.user_id = ${userId})`;
  const rows = await db
    .select({ program: schoolPrograms })
    .from(schoolPrograms)
    .where(and(...where))
    .orderBy(desc(ownCases), asc(schoolPrograms.school), asc(schoolPrograms.program), asc(schoolPrograms.id))
    .limit(limit);
  if (rows.length === 0) {
    throw new DomainError('VALIDATION_ERROR', '没有符合目标国家、学位和专业方向的项目，请调整目标或选择项目', { field: 'applicant' });
  }
  return rows.map((r) => r.program);
}

const TIERS = [
  ['gpa985', '985'],
  ['gpa211', '211'],
  ['gpaShuangfei', '双非'],
  ['gpaOverseas', '海本'],
] as const;

/**
 * What the model knows of a program. Costs are compared in USD only: a program priced in another
 * currency has them unknown (no exchange rate is guessed). A US bachelor's program takes its
 * institution's Scorecard figures, and its tuition and room and board where the program has none.
 */
export function programFacts(row: ProgramRow, institution: InstitutionRow | undefined): ProgramFacts {
  const inUsd = row.tuitionCurrency == null || row.tuitionCurrency.toUpperCase() === 'USD';
  const scorecard = row.degree === 'bachelor' && institution?.scorecardUnitId != null ? institution : undefined;
  const gpaExpectations: GpaExpectation[] =
    row.gpaScale == null
      ? []
      : TIERS.flatMap(([column, tier]) => (row[column] == null ? [] : [{ tier, gpa: row[column]!, scale: row.gpaScale! }]));
  return {
    id: row.id,
    degree: row.degree,
    country: row.country ?? (scorecard ? 'US' : null),
    tuitionUsd: (inUsd ? row.tuition : null) ?? scorecard?.tuitionOutOfStateUsd ?? null,
    livingUsd: (inUsd ? row.livingCost : null) ?? scorecard?.roomBoardUsd ?? null,
    language: {
      ieltsOverall: row.ieltsOverall,
      ieltsMinBand: row.ieltsMinBand,
      toeflTotal: row.toeflTotal,
      toeflMinSection: row.toeflMinSection,
    },
    gpaExpectations,
    testsRequired: row.testsRequired,
    admissionRate: row.admissionRate,
    scorecard: scorecard
      ? {
          admissionRate: scorecard.admissionRate,
          satMath25: scorecard.satMath25,
          satMath75: scorecard.satMath75,
          satVerbal25: scorecard.satVerbal25,
          satVerbal75: scorecard.satVerbal75,
          act25: scorecard.act25,
          act75: scorecard.act75,
        }
      : null,
  };
}

const recorded = (c: CaseRow): RecordedCase => ({
  programId: c.programId,
  result: c.result,
  term: c.term,
  gpa: c.gpa,
  gpaScale: c.gpaScale,
  schoolTier: c.schoolTier,
  major: c.major,
  ielts: c.ielts,
  toefl: c.toefl,
  greV: c.greV,
  greQ: c.greQ,
  gmat: c.gmat,
  international: c.international,
});

/** Everything a run reads, before any charge: the programs, ALL this account's cases and the catalogue facts. */
async function loadRun(db: Database, ws: Workspace, input: MatchRun) {
  const userId = ws.userId;
  if (input.clientProfileId) await getProfile(db, ws, input.clientProfileId);
  const programs = input.programIds
    ? await requestedPrograms(db, userId, input.programIds)
    : await searchedPrograms(db, userId, input.applicant, input.limit);
  const cases = await casesOf(db, userId);
  const known = new Map(programs.map((p) => [p.id, p]));
  const missing = [...new Set(cases.map((c) => c.programId))].filter((id) => !known.has(id));
  // The cases' programs are the shared catalogue's or this account's own (a case's program is visible to its owner).
  if (missing.length) {
    for (const row of await db
      .select()
      .from(schoolPrograms)
      .where(and(inArray(schoolPrograms.id, missing), visibleTo(userId)))) {
      known.set(row.id, row);
    }
  }
  const institutionIds = [...new Set([...known.values()].flatMap((p) => (p.institutionId ? [p.institutionId] : [])))];
  const institutionRows = institutionIds.length ? await db.select().from(institutions).where(inArray(institutions.id, institutionIds)) : [];
  const byInstitution = new Map(institutionRows.map((i) => [i.id, i]));
  const facts = new Map(
    [...known.values()].map((p) => [p.id, programFacts(p, p.institutionId ? byInstitution.get(p.institutionId) : undefined)]),
  );
  return { programs, cases: cases.map(recorded), facts };
}

const percent = (p: number) => `${Math.round(p * 100)}%`;
const METHOD_TEXT = { cases: '依据本机构案例', scorecard: '依据 College Scorecard 录取率与成绩区间', requirements: '' } as const;

/** One line per program, written only from its computed evidence: the range, the gaps, the cost. */
function summaryLine(item: MatchItem): string {
  const name = `${item.school} ${item.program}`;
  const chance = item.probability
    ? `录取概率约 ${percent(item.probability.low)}–${percent(item.probability.high)}（${METHOD_TEXT[item.method]}）`
    : '未给出概率（无本机构案例和录取率数据，只比较了要求）';
  const gaps = item.gaps.length ? `；待补：${item.gaps.map((g) => g.text).join('；')}` : '';
  const cost = item.cost ? `；${item.cost.text}` : '';
  return `${name}：${chance}${gaps}${cost}`;
}

/** The same evidence as structured Chinese text, per band (used with or without a language model). */
export function summarise(items: readonly MatchItem[]): MatchSummaryBand[] {
  return MATCH_BANDS.map((band) => {
    const inBand = items.filter((i) => i.band === band);
    return { band, title: `${MATCH_BAND_LABELS[band]}（${inBand.length}）`, lines: inBand.map(summaryLine) };
  });
}

function methodCounts(items: readonly MatchItem[]): MatchMethodCounts {
  const counts = { cases: 0, scorecard: 0, requirements: 0 };
  for (const item of items) counts[item.method] += 1;
  return counts;
}

function toItem(result: MatchResult, row: ProgramRow): MatchItem {
  return {
    programId: result.programId,
    school: row.school,
    program: row.program,
    programZh: row.programZh,
    degree: row.degree,
    country: row.country,
    band: result.band,
    probability: result.probability,
    method: result.method,
    evidence: result.evidence,
    gaps: result.gaps,
    ...(result.cost ? { cost: result.cost } : {}),
  };
}

/** What the narrative may name: the list's own words and numbers, and the applicant as sent. */
const knownOf = (items: readonly MatchItem[], summary: readonly MatchSummaryBand[], applicant: MatchApplicant) =>
  knownTextOf(
    summary.map((b) => [b.title, ...b.lines]),
    items.map((i) => [i.school, i.program, i.programZh, i.evidence.map((e) => e.text), i.gaps.map((g) => g.text), i.cost?.text]),
    applicant,
  );

/**
 * The model's few sentences on the list (in the operation's model slot), fact-checked against the
 * list like the writing studio's output. A provider's failure leaves the computed list without a
 * narrative rather than failing it; the caller leaving or the time limit still ends the run.
 */
async function narrate(
  engine: AiEngine,
  model: string,
  summary: readonly MatchSummaryBand[],
  known: string,
  signal: AbortSignal,
): Promise<MatchNarrative | null> {
  let text = '';
  try {
    for await (const delta of engine.provider.stream({
      model,
      messages: schoolMatchNarrativeMessages(summary),
      signal,
      timeoutMs: engine.timeoutMs,
    })) {
      text += delta;
      // A model that does not stop is cut at twice the asked length (the stream's end aborts the request).
      if (text.length > SCHOOL_MATCH_NARRATIVE_CHARS * 2) break;
    }
  } catch (error) {
    if (signal.aborted || !isProviderError(error)) throw error;
    return null;
  }
  text = text.trim().slice(0, SCHOOL_MATCH_NARRATIVE_CHARS * 2);
  if (!text) return null;
  return { text, model, unsupported: await findUnsupportedAsync(text, known, { signal }) };
}

type ResultRow = typeof schoolMatchResults.$inferSelect;
const toResultDto = (row: ResultRow): SavedMatchResult => ({
  id: row.id,
  clientProfileId: row.clientProfileId,
  applicant: row.applicant,
  items: row.items,
  summary: row.summary,
  methods: row.methods,
  narrative: row.narrative ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * POST /school-match/run. The lifecycle's price and balance check come first (402 changes
 * nothing); the reads and the 404s are its free `prepare`; the match and the save are the paid
 * work, so a failure there (the save refused, a crash) refunds the run.
 */
export async function runMatch(deps: Deps, input: MatchRun & { ws: Workspace; signal?: AbortSignal }): Promise<SavedMatchResult> {
  const userId = input.ws.userId;
  const { db, engine } = deps;
  // With a language model configured the run also asks it for the narrative, through the queue.
  const model = engine.provider.kind === 'offline' ? null : await engine.modelFor(userId);
  const outcome = await engine.run({
    userId: userId,
    operation: 'school_match',
    source: 'school_match',
    basis: 'input',
    inputChars: 0,
    model,
    promptVersion: model ? SCHOOL_MATCH_PROMPT_VERSION : undefined,
    clientProfileId: input.clientProfileId ?? undefined,
    signal: input.signal,
    failureMessage: RUN_FAILED,
    prepare: () => loadRun(db, input.ws, input),
    metadata: { programs: input.programIds?.length ?? input.limit },
    work: async ({ prepared, operationId, signal }) => {
      const { programs, cases, facts } = prepared;
      const applicant: Applicant = input.applicant;
      const results = await matchOffThread(
        { applicant, programs: programs.map((p) => facts.get(p.id)!), cases, catalogue: [...facts.values()] },
        signal,
      );
      if (signal.aborted) throw new DomainError('CONFLICT', '已取消');
      const items = results.map((r, i) => toItem(r, programs[i]!));
      const summary = summarise(items);
      const narrative = model ? await narrate(engine, model, summary, knownOf(items, summary, input.applicant), signal) : null;
      if (signal.aborted) throw new DomainError('CONFLICT', '已取消');
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(schoolMatchResults)
          .values({
            userId: userId,
            clientProfileId: input.clientProfileId ?? null,
            applicant: input.applicant,
            items,
            summary,
            methods: methodCounts(items),
            narrative,
            operationId,
          })
          .returning();
        await recordOperationLog(tx as unknown as Database, {
          userId: userId,
          operation_type: 'school_match_run',
          operation_result: 'success',
          related_resource_id: row!.id,
          related_resource_type: 'school_match_result',
          metadata: { programs: items.length, methods: row!.methods },
        });
        return toResultDto(row!);
      });
    },
  });
  return resultOrThrow(outcome, RUN_FAILED);
}

const owned = (userId: string, id: string) => and(eq(schoolMatchResults.id, id), eq(schoolMatchResults.userId, userId));

/** GET /school-match/results: the caller's saved runs, newest first, optionally of one student. */
export async function listResults(
  db: Database,
  userId: string,
  query: { clientProfileId?: string; page: number; pageSize: number },
): Promise<{ items: MatchResultListItem[]; page: number; pageSize: number; total: number }> {
  const condition = and(
    eq(schoolMatchResults.userId, userId),
    query.clientProfileId ? eq(schoolMatchResults.clientProfileId, query.clientProfileId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(schoolMatchResults)
      .where(condition)
      .orderBy(desc(schoolMatchResults.createdAt), desc(schoolMatchResults.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(schoolMatchResults).where(condition),
  ]);
  const items = rows.map((row): MatchResultListItem => {
    const bands = { reach: 0, match: 0, safety: 0 };
    for (const item of row.items) bands[item.band] += 1;
    return {
      id: row.id,
      clientProfileId: row.clientProfileId,
      applicant: row.applicant,
      methods: row.methods,
      bands,
      programs: row.items.length,
      createdAt: row.createdAt.toISOString(),
    };
  });
  return { items, page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 };
}

export async function getResult(db: Database, userId: string, id: string): Promise<SavedMatchResult> {
  const [row] = await db.select().from(schoolMatchResults).where(owned(userId, id));
  if (!row) throw notFound('选校结果不存在');
  return toResultDto(row);
}

export async function deleteResult(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db.delete(schoolMatchResults).where(owned(userId, id)).returning({ id: schoolMatchResults.id });
  if (deleted.length === 0) throw notFound('选校结果不存在');
}
