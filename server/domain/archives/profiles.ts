import { and, asc, count, desc, eq, like, not, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { clientProfiles, works, workVersions } from '../../../db/schema';
import { assertCanRead, assertCanWrite, ownedBy, ownerValues, type Workspace } from '../orgs/workspace';
import { profileDataSchema, type ClientProfile, type ProfileData, type SearchResult } from '../../../contracts/archives';
import { notFound } from '../errors';
import { likePattern } from '../like-pattern';

type Row = typeof clientProfiles.$inferSelect;

/** Stored data always reads through the schema: older rows gain new sections' defaults. */
const readData = (data: unknown): ProfileData => profileDataSchema.parse(data ?? {});

export function toProfileDto(row: Row): ClientProfile {
  return {
    id: row.id,
    name: row.name,
    data: readData(row.data),
    cvText: row.cvText,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the global search matches: names, schools, majors, targets, skills, experience titles. */
export function searchTextOf(name: string, data: ProfileData): string {
  const parts = [
    name,
    data.nickname,
    data.currentSchool,
    data.major,
    data.degree,
    data.contact.email,
    ...data.education.flatMap((e) => [e.school, e.major, e.degree]),
    ...data.targets.countries,
    ...data.targets.majors,
    data.targets.degree,
    ...data.skills,
    ...[...data.research, ...data.internships, ...data.projects, ...data.activities].flatMap((e) => [e.title, e.organization]),
    ...data.awards.map((a) => a.title),
    data.notes?.slice(0, 2000),
  ];
  return parts
    .filter((p): p is string => Boolean(p))
    .join(' \n')
    .toLowerCase();
}

/** A student of the space by id; anyone else's reads as missing. */
const owned = (ws: Workspace, id: string) => and(eq(clientProfiles.id, id), ownedBy(ws, clientProfiles));

export async function createProfile(
  db: Database,
  ws: Workspace,
  input: { name: string; data?: Partial<ProfileData>; cvText?: string | null },
): Promise<ClientProfile> {
  assertCanWrite(ws);
  const data = readData(input.data ?? {});
  const [row] = await db
    .insert(clientProfiles)
    .values({ ...ownerValues(ws), name: input.name, data, cvText: input.cvText ?? null, searchText: searchTextOf(input.name, data) })
    .returning();
  return toProfileDto(row!);
}

/** A profile of the space; anyone else's reads as missing (404), never as forbidden. */
export async function getProfile(db: Database, ws: Workspace, id: string): Promise<ClientProfile> {
  assertCanRead(ws);
  const [row] = await db.select().from(clientProfiles).where(owned(ws, id));
  if (!row) throw notFound('学生档案不存在');
  return toProfileDto(row);
}

export async function updateProfile(
  db: Database,
  ws: Workspace,
  id: string,
  input: { name?: string; data?: Partial<ProfileData> },
): Promise<ClientProfile> {
  assertCanWrite(ws);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(clientProfiles).where(owned(ws, id)).for('update');
    if (!current) throw notFound('学生档案不存在');
    const name = input.name ?? current.name;
    // Sections sent replace the stored ones; sections left out keep theirs.
    const data = readData({ ...readData(current.data), ...(input.data ?? {}) });
    const [row] = await tx
      .update(clientProfiles)
      .set({ name, data, searchText: searchTextOf(name, data), updatedAt: new Date() })
      .where(owned(ws, id))
      .returning();
    return toProfileDto(row!);
  });
}

export async function deleteProfile(db: Database, ws: Workspace, id: string): Promise<void> {
  assertCanWrite(ws);
  const deleted = await db.delete(clientProfiles).where(owned(ws, id)).returning({ id: clientProfiles.id });
  if (deleted.length === 0) throw notFound('学生档案不存在');
}

export async function listProfiles(
  db: Database,
  ws: Workspace,
  query: { page: number; pageSize: number; query?: string; sort: 'updated' | 'created' | 'name' },
) {
  assertCanRead(ws);
  const where = and(ownedBy(ws, clientProfiles), query.query ? like(clientProfiles.searchText, likePattern(query.query)) : undefined);
  const order =
    query.sort === 'name'
      ? [asc(clientProfiles.name), desc(clientProfiles.updatedAt)]
      : query.sort === 'created'
        ? [desc(clientProfiles.createdAt), desc(clientProfiles.id)]
        : [desc(clientProfiles.updatedAt), desc(clientProfiles.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: clientProfiles.id,
        name: clientProfiles.name,
        data: clientProfiles.data,
        createdAt: clientProfiles.createdAt,
        updatedAt: clientProfiles.updatedAt,
      })
      .from(clientProfiles)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(clientProfiles).where(where),
  ]);
  return {
    items: rows.map((r) => {
      const data = r.data as Partial<ProfileData>;
      return {
        id: r.id,
        name: r.name,
        currentSchool: data.currentSchool ?? null,
        major: data.major ?? null,
        degree: data.degree ?? null,
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
      };
    }),
    page: query.page,
    pageSize: query.pageSize,
    total: counted?.n ?? 0,
  };
}

/** Characters of a work's text shown in a search result, from a little before the match. */
const SNIPPET_CHARS = 100;
const SNIPPET_LEAD = 20;

/**
 * GET /api/v1/ai/global-search: the user's students, works and documents matching the query as a
 * substring (Chinese or English, any case), in one ranking: by where it matched (the name or
 * title exactly, at its start, within it, then elsewhere), then recency. A work whose title
 * matches is a `work`; one matched only by its text, the current one or paragraphs of its earlier
 * versions (works.history_search_text), is a `document` (issue 28), shown with the text around the match; both open the work. Matching is
 * LIKE with the wildcards escaped (no regular expressions) over stored text, and every branch is
 * the owner's rows only. The trigram indexes serve queries of three or more characters; shorter
 * ones scan only this user's rows.
 *
 * From three characters, each table is two branches of one query (ADR 0066): the rows whose name
 * or title matches (ranks 0–2, found through the trigram index on it, normally few), and the other
 * matches newest first straight from the (user_id, updated_at, id) index, cut at the page's end:
 * a query matching thousands reads about a page of them, not all.
 */
export async function globalSearch(
  db: Database,
  ws: Workspace,
  query: { query: string; page: number; pageSize: number },
): Promise<{ list: SearchResult[]; hasMore: boolean }> {
  const q = query.query.trim().toLowerCase();
  if (!q) return { list: [], hasMore: false };
  const pattern = likePattern(q);
  const offset = (query.page - 1) * query.pageSize;
  assertCanRead(ws);
  const students = studentRows(db, ws, q, pattern);
  const ownWorks = workRows(db, ws, q, pattern);
  // One or two characters have no trigram: no index finds the name matches, and apart they would
  // cost two passes over the user's rows instead of one.
  const rows: SearchRow[] =
    [...q].length < 3
      ? await unionAll(students.all(), ownWorks.all())
          .orderBy(asc(sql`"rank"`), desc(sql`"updated_at"`), desc(sql`"id"`))
          .limit(query.pageSize + 1)
          .offset(offset)
      : await splitSearch(db, students, ownWorks, offset, query.pageSize);
  const page = rows.slice(0, query.pageSize);
  const fromVersions = await versionSnippets(
    db,
    page.filter((r) => r.kind === 'document' && !(r.snippet ?? '').toLowerCase().includes(q)).map((r) => r.id),
    q,
  );
  const list = page.map((r): SearchResult => {
    if (r.kind !== 'client') {
      const snippet = fromVersions.get(r.id) ?? r.snippet ?? '';
      return { id: r.id, type: r.kind, title: r.title, content: snippet.replace(/\s+/g, ' ').trim() };
    }
    const data = r.data ?? {};
    const content = [data.currentSchool, data.major, data.degree].filter(Boolean).join(' · ');
    return { id: r.id, type: 'client', title: r.title, content };
  });
  return { list, hasMore: rows.length > query.pageSize };
}

type SearchRow = { id: string; kind: SearchResult['type']; title: string; data: Partial<ProfileData> | null; snippet: string | null };

/**
 * The page (and one more row, for hasMore) when name and title matches are apart from the rest:
 * those first, all of them (materialized once), then the rest of each table newest first, cut where
 * the page ends: at offset + pageSize + 1 less the name matches. Cut to nothing when the name
 * matches alone reach past the page, the rest is never read: a query matching thousands of names
 * and little else would otherwise walk every row of the user for the rest.
 */
async function splitSearch(
  db: Database,
  students: ReturnType<typeof studentRows>,
  ownWorks: ReturnType<typeof workRows>,
  offset: number,
  pageSize: number,
): Promise<SearchRow[]> {
  const rest = (branch: SQLWrapper) => sql`(${branch} limit greatest(${offset + pageSize + 1} - (select count(*) from titled), 0))`;
  const { rows } = (await db.execute(sql`
    with titled as materialized ${unionAll(students.titled(), ownWorks.titled())}
    (select * from titled)
    union all ${rest(students.untitled())}
    union all ${rest(ownWorks.untitled())}
    order by "rank", "updated_at" desc, "id" desc
    limit ${pageSize + 1} offset ${offset}`)) as unknown as { rows: SearchRow[] };
  return rows;
}

/** Where the name or title matched: exactly, at its start, within it, or not (elsewhere). */
const rankBy = (title: SQLWrapper, q: string, pattern: string) => sql<number>`case
      when lower(${title}) = ${q} then 0
      when lower(${title}) like ${pattern.slice(1)} then 1
      when lower(${title}) like ${pattern} then 2
      else 3 end`;

/**
 * The user's matching students: all of them, those whose name matches, or the others newest
 * first. Every branch of the search selects the same columns in the same order: a UNION matches
 * them by position.
 */
function studentRows(db: Database, ws: Workspace, q: string, pattern: string) {
  const named = like(sql`lower(${clientProfiles.name})`, pattern);
  const select = (rank: SQL<number>, where?: SQL) =>
    db
      .select({
        id: clientProfiles.id,
        kind: sql<SearchResult['type']>`'client'`.as('kind'),
        title: sql<string>`${clientProfiles.name}`.as('title'),
        data: sql<Partial<ProfileData> | null>`${clientProfiles.data}`.as('data'),
        snippet: sql<string | null>`null::text`.as('snippet'),
        rank: rank.as('rank'),
        updatedAt: sql<string>`${clientProfiles.updatedAt}`.as('updated_at'),
      })
      .from(clientProfiles)
      // search_text is stored lower-cased: LIKE, not ILIKE (no per-row case folding), and the
      // trigram index serves both.
      .where(and(ownedBy(ws, clientProfiles), like(clientProfiles.searchText, pattern), where));
  const rank = rankBy(clientProfiles.name, q, pattern);
  return {
    all: () => select(rank),
    titled: () => select(rank, named),
    // Constants where the rank is known: less for the planner to read on every search.
    untitled: () => select(sql`3`, not(named)).orderBy(desc(clientProfiles.updatedAt), desc(clientProfiles.id)),
  };
}

/** The user's matching works, as studentRows: a title match is a `work`, any other a `document`. */
function workRows(db: Database, ws: Workspace, q: string, pattern: string) {
  const titled = like(sql`lower(${works.title})`, pattern);
  const select = (kind: SQL<SearchResult['type']>, rank: SQL<number>, where?: SQL) =>
    db
      .select({
        id: works.id,
        kind: kind.as('kind'),
        title: sql<string>`${works.title}`.as('title'),
        data: sql<Partial<ProfileData> | null>`null::jsonb`.as('data'),
        // The text around the first match (its start when only the title matched). Constants inline,
        // not parameters: PostgreSQL then needs no type guess for them.
        snippet: sql<
          string | null
        >`substr(${works.plainText}, greatest(strpos(lower(${works.plainText}), ${q}) - ${sql.raw(String(SNIPPET_LEAD))}, 1), ${sql.raw(String(SNIPPET_CHARS))})`.as(
          'snippet',
        ),
        rank: rank.as('rank'),
        updatedAt: sql<string>`${works.updatedAt}`.as('updated_at'),
      })
      .from(works)
      // The title and current text, or paragraphs of earlier versions (both stored lower-cased, trigram-indexed).
      .where(and(ownedBy(ws, works), or(like(works.searchText, pattern), like(works.historySearchText, pattern)), where));
  const rank = rankBy(works.title, q, pattern);
  return {
    all: () => select(sql`case when ${titled} then 'work' else 'document' end`, rank),
    titled: () => select(sql`'work'`, rank, titled),
    untitled: () => select(sql`'document'`, sql`3`, not(titled)).orderBy(desc(works.updatedAt), desc(works.id)),
  };
}

/**
 * The text around the match in the newest version holding it, for documents found only in an
 * earlier text (the page's few works, already the owner's): one indexed lookup each, newest first.
 */
async function versionSnippets(db: Database, workIds: string[], q: string): Promise<Map<string, string>> {
  const found = await Promise.all(
    workIds.map(async (workId) => {
      const [row] = await db
        .select({
          snippet: sql<string>`substr(${workVersions.plainText}, greatest(strpos(lower(${workVersions.plainText}), ${q}) - ${sql.raw(String(SNIPPET_LEAD))}, 1), ${sql.raw(String(SNIPPET_CHARS))})`,
        })
        .from(workVersions)
        .where(and(eq(workVersions.workId, workId), sql`strpos(lower(${workVersions.plainText}), ${q}) > 0`))
        .orderBy(desc(workVersions.number))
        .limit(1);
      return [workId, row?.snippet] as const;
    }),
  );
  return new Map(found.filter((f): f is readonly [string, string] => typeof f[1] === 'string'));
}
