import { and, count, desc, eq, inArray, isNull, like, lte, sql } from 'drizzle-orm';
import { diffArrays } from 'diff';
import type { DetectionLabel } from '../../../contracts/detection-constants';
import type { Database } from '../../../db/client';
import { aiOperations, clientProfiles, works, workVersions } from '../../../db/schema';
import { AI_OPERATION_WORK_TYPES, isWritingOperation } from '../../../contracts/ai-operations';
import { diffTokens, documentText } from '../../../contracts/work-text';
import {
  MAX_VERSIONS_PER_WORK,
  editorDocumentSchema,
  type DiffPart,
  type EditorDocument,
  type VersionCompare,
  type VersionSource,
  type VersionSummary,
  type Work,
  type WorkCreate,
  type WorkListItem,
  type WorkListQuery,
  type WorkUpdate,
  type WorkType,
  type WorkVersion,
} from '../../../contracts/works';
import { notFound, validationError } from '../errors';
import { assertCanRead, assertCanWrite, ownedBy, ownerValues, type Workspace } from '../orgs/workspace';
import { likePattern } from '../like-pattern';

type WorkRow = typeof works.$inferSelect;
type VersionRow = typeof workVersions.$inferSelect;
/** A handle inside or outside a transaction. */
type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

const workMissing = () => notFound('作品不存在');
const versionMissing = () => notFound('版本不存在');

/** The search covers the title, the student's name and the text's start (a long essay's first 50k characters). */
const SEARCH_TEXT_CHARS = 50_000;
const searchTextOf = (title: string, plainText: string) => `${title}\n${plainText.slice(0, SEARCH_TEXT_CHARS)}`.toLowerCase();

/** Stored content always reads through the schema: older rows gain new fields' defaults. */
const readContent = (content: unknown): EditorDocument => editorDocumentSchema.parse(content ?? { blocks: [] });

/** A work of the space by id; anyone else's reads as missing. */
const owned = (ws: Workspace, id: string) => and(eq(works.id, id), ownedBy(ws, works));

function toWorkDto(row: WorkRow, clientName: string | null): Work {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    clientProfileId: row.clientProfileId,
    clientName,
    content: readContent(row.content),
    plainText: row.plainText,
    wordCount: row.wordCount,
    charCount: row.charCount,
    aiRate: row.aiRate,
    aiLabel: row.aiLabel,
    latestVersion: row.versionSeq,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toVersionSummary(row: Omit<VersionRow, 'content' | 'plainText' | 'workId' | 'operationId'>): VersionSummary {
  return {
    id: row.id,
    number: row.number,
    source: row.source,
    title: row.title,
    wordCount: row.wordCount,
    charCount: row.charCount,
    restoredFrom: row.restoredFrom,
    created_at: row.createdAt.toISOString(),
  };
}

/** The caller's own student: anyone else's reads as missing, like a profile of one's own that was deleted. */
async function ownProfileName(db: Db, ws: Workspace, profileId: string): Promise<string> {
  const [profile] = await db
    .select({ name: clientProfiles.name })
    .from(clientProfiles)
    .where(and(eq(clientProfiles.id, profileId), ownedBy(ws, clientProfiles)));
  if (!profile) throw notFound('学生档案不存在');
  return profile.name;
}

async function profileNameOf(db: Db, profileId: string | null): Promise<string | null> {
  if (!profileId) return null;
  const [profile] = await db.select({ name: clientProfiles.name }).from(clientProfiles).where(eq(clientProfiles.id, profileId));
  return profile?.name ?? null;
}

/**
 * Writes the work's current content as its next version and prunes those beyond
 * MAX_VERSIONS_PER_WORK. Runs inside the transaction that locked the work row and bumped
 * `versionSeq`, so numbers never collide.
 */
async function writeVersion(
  tx: Db,
  work: WorkRow,
  source: VersionSource,
  extra: { restoredFrom?: string; operationId?: string } = {},
): Promise<void> {
  await tx.insert(workVersions).values({
    workId: work.id,
    number: work.versionSeq,
    source,
    title: work.title,
    content: work.content,
    plainText: work.plainText,
    wordCount: work.wordCount,
    charCount: work.charCount,
    restoredFrom: extra.restoredFrom ?? null,
    operationId: extra.operationId ?? null,
  });
  if (work.versionSeq > MAX_VERSIONS_PER_WORK) {
    await tx
      .delete(workVersions)
      .where(and(eq(workVersions.workId, work.id), lte(workVersions.number, work.versionSeq - MAX_VERSIONS_PER_WORK)));
  }
}

/** Characters of earlier texts the global search keeps per work (about four pages of removed paragraphs). */
const HISTORY_SEARCH_CHARS = 20_000;
const paragraphsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * The history the global search matches as documents (issue 28): the previous text's paragraphs
 * and the older history, newest first, without those the new text has and without repeats,
 * bounded. One pass with sets: linear in the texts' length.
 */
export function historySearchTextOf(previous: { plainText: string; historySearchText: string }, currentText: string): string {
  const current = new Set(paragraphsOf(currentText));
  const seen = new Set<string>();
  const kept: string[] = [];
  let room = HISTORY_SEARCH_CHARS;
  for (const paragraph of [...paragraphsOf(previous.plainText), ...previous.historySearchText.split('\n')]) {
    if (!paragraph || current.has(paragraph) || seen.has(paragraph)) continue;
    seen.add(paragraph);
    kept.push(paragraph.slice(0, room));
    room -= paragraph.length + 1;
    if (room <= 0) break;
  }
  return kept.join('\n');
}

/**
 * The stored columns derived from a document: the content itself, its text, counts and search
 * text; given the row it replaces, the search history too.
 */
function contentColumns(title: string, content: EditorDocument, previous?: WorkRow) {
  const text = documentText(content.blocks);
  return {
    content: content as unknown as Record<string, unknown>,
    plainText: text.plainText,
    wordCount: text.wordCount,
    charCount: text.charCount,
    searchText: searchTextOf(title, text.plainText),
    ...(previous ? { historySearchText: historySearchTextOf(previous, text.plainText) } : {}),
  };
}

/**
 * Links the caller's operations whose text a save holds to the work (a writing page sends its
 * generations and accepted proposals): an unknown or someone else's id is a 404, one that delivered
 * no text a 400, and either rolls the save back. An operation already linked keeps its link. Answers
 * the newest document generation of the work's type among them: the version it writes is then a
 * 'generation' (ADR 0030).
 */
async function linkOperations(
  tx: Db,
  userId: string,
  work: { id: string; type: WorkType },
  ids: string[] | undefined,
): Promise<string | null> {
  if (!ids || ids.length === 0) return null;
  const rows = await tx
    .select({
      id: aiOperations.id,
      operation: aiOperations.operation,
      status: aiOperations.status,
      outputChars: aiOperations.outputChars,
      createdAt: aiOperations.createdAt,
    })
    .from(aiOperations)
    .where(and(inArray(aiOperations.id, ids), eq(aiOperations.userId, userId)));
  if (rows.length !== ids.length) throw notFound('生成记录不存在');
  // A stopped generation whose text the page kept counts: its words are in the document.
  if (rows.some((r) => !(r.status === 'succeeded' || (r.status === 'cancelled' && r.outputChars > 0)))) {
    throw validationError('生成记录未产生内容，无法关联到作品', 'operationIds');
  }
  await tx
    .update(aiOperations)
    .set({ workId: work.id })
    .where(and(inArray(aiOperations.id, ids), eq(aiOperations.userId, userId), isNull(aiOperations.workId)));
  const generations = rows
    .filter((r) => isWritingOperation(r.operation) && AI_OPERATION_WORK_TYPES[r.operation] === work.type)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return generations[0]?.id ?? null;
}

export async function createWork(db: Database, ws: Workspace, input: WorkCreate): Promise<Work> {
  assertCanWrite(ws);
  return db.transaction(async (tx) => {
    const clientProfileId = input.clientProfileId ?? null;
    const clientName = clientProfileId ? await ownProfileName(tx, ws, clientProfileId) : null;
    const [row] = await tx
      .insert(works)
      .values({
        ...ownerValues(ws),
        clientProfileId,
        type: input.type,
        title: input.title,
        versionSeq: 1,
        ...contentColumns(input.title, input.content),
      })
      .returning();
    const generation = await linkOperations(tx, ws.userId, row!, input.operationIds);
    await writeVersion(tx, row!, generation ? 'generation' : 'create', { operationId: generation ?? undefined });
    return toWorkDto(row!, clientName);
  });
}

/** A work of the space; anyone else's reads as missing (404), never as forbidden. */
export async function getWork(db: Database, ws: Workspace, id: string): Promise<Work> {
  assertCanRead(ws);
  const [found] = await db
    .select({ work: works, clientName: clientProfiles.name })
    .from(works)
    .leftJoin(clientProfiles, eq(clientProfiles.id, works.clientProfileId))
    .where(owned(ws, id));
  if (!found) throw workMissing();
  return toWorkDto(found.work, found.clientName);
}

/**
 * What an export needs of the caller's work, with its content as stored JSON text, unread: the
 * export thread parses and checks it (render-job.ts), so a large document costs the server's
 * event loop nothing (issue 22). Someone else's work reads as missing (404), as in getWork.
 */
export async function getWorkForExport(
  db: Database,
  ws: Workspace,
  id: string,
): Promise<{ id: string; title: string; type: Work['type']; contentJson: string }> {
  assertCanRead(ws);
  const [found] = await db
    .select({ id: works.id, title: works.title, type: works.type, contentJson: sql<string>`${works.content}::text` })
    .from(works)
    .where(owned(ws, id));
  if (!found) throw workMissing();
  return found;
}

/**
 * JSON with object keys sorted: jsonb does not keep key order, so a plain stringify would see changes
 * that are not. Block ids are left out: the page and the server number the blocks of the same
 * generation each their own way, and new ids alone are no new content.
 */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([k, v]) => v !== undefined && !(k === 'id' && 'children' in value));
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
const sameContent = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * PUT: the fields sent replace the stored ones. New content (different from the stored) is an
 * explicit save and becomes a version; a title, type or student change alone does not.
 * `operationIds` are linked either way.
 */
export async function updateWork(db: Database, ws: Workspace, id: string, input: WorkUpdate): Promise<Work> {
  assertCanWrite(ws);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(works).where(owned(ws, id)).for('update');
    if (!current) throw workMissing();
    const clientProfileId = input.clientProfileId === undefined ? current.clientProfileId : input.clientProfileId;
    if (input.clientProfileId) await ownProfileName(tx, ws, input.clientProfileId);
    const title = input.title ?? current.title;
    const content = input.content ?? readContent(current.content);
    const changed = input.content !== undefined && !sameContent(input.content, readContent(current.content));
    const [row] = await tx
      .update(works)
      .set({
        title,
        type: input.type ?? current.type,
        clientProfileId,
        ...contentColumns(title, content, current),
        versionSeq: changed ? current.versionSeq + 1 : current.versionSeq,
        updatedAt: new Date(),
      })
      .where(owned(ws, id))
      .returning();
    const generation = await linkOperations(tx, ws.userId, row!, input.operationIds);
    if (changed) await writeVersion(tx, row!, generation ? 'generation' : 'save', { operationId: generation ?? undefined });
    return toWorkDto(row!, await profileNameOf(tx, row!.clientProfileId));
  });
}

/**
 * A generation's result (for the AI engine): replaces the content and records a 'generation'
 * version tied to its operation.
 */
export async function saveGeneratedContent(
  db: Database,
  ws: Workspace,
  id: string,
  input: { content: EditorDocument; operationId?: string },
): Promise<Work> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(works).where(owned(ws, id)).for('update');
    if (!current) throw workMissing();
    const [row] = await tx
      .update(works)
      .set({ ...contentColumns(current.title, input.content, current), versionSeq: current.versionSeq + 1, updatedAt: new Date() })
      .where(owned(ws, id))
      .returning();
    await writeVersion(tx, row!, 'generation', { operationId: input.operationId });
    return toWorkDto(row!, await profileNameOf(tx, row!.clientProfileId));
  });
}

/** The last AI-detection rate (0–100, one decimal, as the check showed it) and the label the detector gave it. */
export async function recordAiRate(db: Database, ws: Workspace, id: string, rate: number, label: DetectionLabel): Promise<void> {
  const aiRate = Math.round(Math.min(100, Math.max(0, rate)) * 10) / 10;
  const updated = await db.update(works).set({ aiRate, aiLabel: label }).where(owned(ws, id)).returning({ id: works.id });
  if (updated.length === 0) throw workMissing();
}

export async function deleteWork(db: Database, ws: Workspace, id: string): Promise<void> {
  assertCanWrite(ws);
  const deleted = await db.delete(works).where(owned(ws, id)).returning({ id: works.id });
  if (deleted.length === 0) throw workMissing();
}

const EXCERPT_CHARS = 120;

export async function listWorks(
  db: Database,
  ws: Workspace,
  query: WorkListQuery,
): Promise<{ items: WorkListItem[]; page: number; pageSize: number; total: number }> {
  assertCanRead(ws);
  const where = and(
    ownedBy(ws, works),
    query.type ? eq(works.type, query.type) : undefined,
    query.clientProfileId ? eq(works.clientProfileId, query.clientProfileId) : undefined,
    // search_text is stored lower-cased: LIKE, and the trigram index serves it.
    query.query ? like(works.searchText, likePattern(query.query)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: works.id,
        title: works.title,
        type: works.type,
        clientProfileId: works.clientProfileId,
        clientName: clientProfiles.name,
        plainText: works.plainText,
        wordCount: works.wordCount,
        charCount: works.charCount,
        aiRate: works.aiRate,
        aiLabel: works.aiLabel,
        versionSeq: works.versionSeq,
        createdAt: works.createdAt,
        updatedAt: works.updatedAt,
      })
      .from(works)
      .leftJoin(clientProfiles, eq(clientProfiles.id, works.clientProfileId))
      .where(where)
      .orderBy(desc(works.updatedAt), desc(works.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(works).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      type: r.type,
      clientProfileId: r.clientProfileId,
      clientName: r.clientName,
      excerpt: r.plainText.slice(0, EXCERPT_CHARS),
      wordCount: r.wordCount,
      charCount: r.charCount,
      aiRate: r.aiRate,
      aiLabel: r.aiLabel,
      latestVersion: r.versionSeq,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: counted?.n ?? 0,
  };
}

async function ensureOwned(db: Db, ws: Workspace, workId: string): Promise<void> {
  assertCanRead(ws);
  const [work] = await db.select({ id: works.id }).from(works).where(owned(ws, workId));
  if (!work) throw workMissing();
}

const summaryColumns = {
  id: workVersions.id,
  number: workVersions.number,
  source: workVersions.source,
  title: workVersions.title,
  wordCount: workVersions.wordCount,
  charCount: workVersions.charCount,
  restoredFrom: workVersions.restoredFrom,
  createdAt: workVersions.createdAt,
};

/** Newest first, without the content (GET …/versions/{versionId} has it). */
export async function listVersions(db: Database, ws: Workspace, workId: string): Promise<{ items: VersionSummary[] }> {
  await ensureOwned(db, ws, workId);
  const rows = await db.select(summaryColumns).from(workVersions).where(eq(workVersions.workId, workId)).orderBy(desc(workVersions.number));
  return { items: rows.map(toVersionSummary) };
}

async function versionRow(db: Db, workId: string, versionId: string): Promise<VersionRow> {
  const [row] = await db
    .select()
    .from(workVersions)
    .where(and(eq(workVersions.id, versionId), eq(workVersions.workId, workId)));
  if (!row) throw versionMissing();
  return row;
}

export async function getVersion(db: Database, ws: Workspace, workId: string, versionId: string): Promise<WorkVersion> {
  await ensureOwned(db, ws, workId);
  const row = await versionRow(db, workId, versionId);
  return { ...toVersionSummary(row), content: readContent(row.content), plainText: row.plainText };
}

/** Word-level comparison gives up after this long and compares lines instead. */
const WORD_DIFF_TIMEOUT_MS = 1500;

/** Adjacent parts of one type merged: the diff of tokens gives one change object per run already, lines may not. */
function pushPart(parts: DiffPart[], type: DiffPart['type'], text: string) {
  if (!text) return;
  const last = parts.at(-1);
  if (last?.type === type) last.text += text;
  else parts.push({ type, text });
}

/**
 * `to` against `from`, token by token: each CJK character, each latin word, whitespace and
 * punctuation (contracts/work-text.ts). Texts too different to finish in time fall back to lines.
 */
export function compareTexts(from: string, to: string, timeoutMs = WORD_DIFF_TIMEOUT_MS): { parts: DiffPart[]; coarse: boolean } {
  const parts: DiffPart[] = [];
  const collect = (changes: { value: string[]; added: boolean; removed: boolean }[]) => {
    for (const change of changes) pushPart(parts, change.added ? 'insert' : change.removed ? 'delete' : 'equal', change.value.join(''));
  };
  const words = diffArrays(diffTokens(from), diffTokens(to), { timeout: timeoutMs });
  if (words) {
    collect(words);
    return { parts, coarse: false };
  }
  const lines = (text: string) => text.split(/(?<=\n)/);
  collect(diffArrays(lines(from), lines(to)));
  return { parts, coarse: true };
}

export async function compareVersions(
  db: Database,
  ws: Workspace,
  workId: string,
  query: { from: string; to: string },
): Promise<VersionCompare> {
  await ensureOwned(db, ws, workId);
  const [from, to] = await Promise.all([versionRow(db, workId, query.from), versionRow(db, workId, query.to)]);
  return { from: toVersionSummary(from), to: toVersionSummary(to), ...compareTexts(from.plainText, to.plainText) };
}

/**
 * Restore: the old version's content becomes the work's and a new version; every version stays.
 * The title stays the current one (a rename is not undone by restoring text).
 */
export async function restoreVersion(db: Database, ws: Workspace, workId: string, versionId: string): Promise<Work> {
  assertCanWrite(ws);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(works).where(owned(ws, workId)).for('update');
    if (!current) throw workMissing();
    const old = await versionRow(tx, workId, versionId);
    const [row] = await tx
      .update(works)
      .set({
        ...contentColumns(current.title, readContent(old.content), current),
        versionSeq: current.versionSeq + 1,
        updatedAt: new Date(),
      })
      .where(owned(ws, workId))
      .returning();
    await writeVersion(tx, row!, 'restore', { restoredFrom: old.id });
    return toWorkDto(row!, await profileNameOf(tx, row!.clientProfileId));
  });
}
