import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { and, asc, count, eq, getTableColumns, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Institution } from '../../../contracts/school-match';
import { STALE_AFTER_DAYS } from '../../../contracts/school-match';
import type { Database } from '../../../db/client';
import { institutions, schoolCatalogueVersions } from '../../../db/schema';
import { countrySpellings } from './countries';
import { normaliseName, yieldNow } from './csv';
import { containsPattern } from '../like-pattern';

/**
 * The shipped institution catalogue (issue 26; ADR 0050): Hipo's world list of universities and
 * the College Scorecard's US four-year institutions, joined where the Scorecard's web address is a
 * Hipo domain. Read from catalogue-data/ (its SOURCES.md and Hipo's MIT notice beside the files)
 * and loaded before the API is mounted, once per catalogue version.
 */

/** Raise when the shipped files or the way they are read change: the next start reloads. */
export const CATALOGUE_VERSION = 1;
const CATALOGUE_NAME = 'institutions';

/**
 * The date each source's records were last verified, as the files say: the Scorecard's data
 * release, and the day Hipo's list was copied (it has no dates of its own). SOURCES.md.
 */
const SOURCE_DATES = { scorecard: '2025-01-16', hipo: '2026-11-27' } as const;

export const CATALOGUE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'catalogue-data');
const SCORECARD_FILE = 'us_4year_scorecard.csv';
const HIPO_FILE = 'hipo_world_universities_and_domains.json';

/** Rows per INSERT: on PGlite (in this thread) one batch holds the event loop for its whole insert. */
const BATCH_ROWS = 100;
/** One lock for every process loading the catalogue into one database. */
const CATALOGUE_LOCK = 727_275;

type InstitutionRow = typeof institutions.$inferInsert;
type HipoRecord = {
  name: string;
  domains: string[];
  web_pages: string[];
  country: string;
  alpha_two_code: string;
  'state-province': string | null;
};

const numberOrNull = (value: string | undefined) => {
  if (value === undefined || value.trim() === '' || value === 'NA') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};
const intOrNull = (value: string | undefined) => {
  const n = numberOrNull(value);
  return n === null ? null : Math.round(n);
};
const textOrNull = (value: string | undefined | null) => (value && value.trim() !== '' && value !== 'NA' ? value.trim() : null);

/** Work between yields while building: the first start serves /healthz and sockets meanwhile (ADR 0034). */
const YIELD_EVERY = 500;

/** The Scorecard CSV's rows, parsed in 16 KB chunks so the event loop is never held long. */
async function* scorecardRows(csv: string): AsyncGenerator<Record<string, string>> {
  const chunks = function* () {
    for (let at = 0; at < csv.length; at += 16_384) yield csv.slice(at, at + 16_384);
  };
  const parser = Readable.from(chunks()).pipe(parse({ columns: true, bom: true, trim: true }));
  yield* parser as AsyncIterable<Record<string, string>>;
}

/** The records of the shipped files, one per institution, keyed by `catalogueKey`. */
export async function buildCatalogue(scorecardCsv: string, hipo: HipoRecord[], version = CATALOGUE_VERSION): Promise<InstitutionRow[]> {
  const byDomain = new Map<string, number>();
  hipo.forEach((h, i) => h.domains.forEach((d) => byDomain.has(d.toLowerCase()) || byDomain.set(d.toLowerCase(), i)));
  const usedHipo = new Set<number>();
  const out = new Map<string, InstitutionRow>();

  let read = 0;
  for await (const r of scorecardRows(scorecardCsv)) {
    if (++read % YIELD_EVERY === 0) await yieldNow();
    const unitId = intOrNull(r.unitid);
    const name = textOrNull(r.name);
    if (unitId === null || !name) continue;
    const match = r.hipo_domain ? byDomain.get(r.hipo_domain.toLowerCase()) : undefined;
    // One Hipo record joins one Scorecard record (branch campuses may share a domain).
    const joined = match !== undefined && !usedHipo.has(match);
    if (joined) usedHipo.add(match);
    const key = `scorecard:${unitId}`;
    out.set(key, {
      catalogueKey: key,
      name,
      nameKey: normaliseName(name),
      country: 'United States',
      countryCode: 'US',
      city: textOrNull(r.city),
      state: textOrNull(r.state),
      control: textOrNull(r.control),
      website: textOrNull(r.url) ?? (joined ? (hipo[match].web_pages[0] ?? null) : null),
      scorecardUnitId: unitId,
      admissionRate: numberOrNull(r.admission_rate),
      admissionRateYear: textOrNull(r.admission_rate_year),
      testRequirement: textOrNull(r.adm_req_test),
      satAverage: intOrNull(r.sat_avg),
      satMath25: intOrNull(r.sat_math_p25),
      satMath75: intOrNull(r.sat_math_p75),
      satVerbal25: intOrNull(r.sat_verbal_p25),
      satVerbal75: intOrNull(r.sat_verbal_p75),
      act25: intOrNull(r.act_p25),
      act75: intOrNull(r.act_p75),
      tuitionInStateUsd: intOrNull(r.tuition_in_state_usd),
      tuitionOutOfStateUsd: intOrNull(r.tuition_out_of_state_usd),
      tuitionYear: textOrNull(r.tuition_year),
      roomBoardUsd: intOrNull(r.room_board_on_usd),
      undergraduates: intOrNull(r.n_undergrads),
      completionRate: numberOrNull(r.completion_rate),
      medianEarnings10yUsd: intOrNull(r.median_earnings_10y_usd),
      source: joined ? 'scorecard+hipo' : 'scorecard',
      verifiedAt: SOURCE_DATES.scorecard,
      catalogueVersion: version,
    });
  }

  for (const [i, h] of hipo.entries()) {
    if (i % YIELD_EVERY === 0) await yieldNow();
    if (usedHipo.has(i) || !h.name?.trim() || !h.country) continue;
    const nameKey = normaliseName(h.name);
    const key = `hipo:${h.alpha_two_code || h.country}:${nameKey}`;
    // The list names a few universities twice: the first record stands.
    if (out.has(key)) continue;
    out.set(key, {
      catalogueKey: key,
      name: h.name.trim(),
      nameKey,
      country: h.country,
      countryCode: textOrNull(h.alpha_two_code),
      city: null,
      state: textOrNull(h['state-province']),
      control: null,
      website: h.web_pages[0] ?? (h.domains[0] ? `https://${h.domains[0]}/` : null),
      source: 'hipo',
      verifiedAt: SOURCE_DATES.hipo,
      catalogueVersion: version,
    });
  }
  return [...out.values()];
}

export async function readShippedCatalogue(dir = CATALOGUE_DIR, version = CATALOGUE_VERSION): Promise<InstitutionRow[]> {
  const [scorecard, hipo] = await Promise.all([
    readFile(path.join(dir, SCORECARD_FILE), 'utf8'),
    readFile(path.join(dir, HIPO_FILE), 'utf8'),
  ]);
  return buildCatalogue(scorecard, JSON.parse(hipo) as HipoRecord[], version);
}

async function loadedVersion(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ version: schoolCatalogueVersions.version })
    .from(schoolCatalogueVersions)
    .where(eq(schoolCatalogueVersions.name, CATALOGUE_NAME));
  return row?.version ?? null;
}

export type CatalogueLoad = { loaded: boolean; version: number; rows: number; ms: number };

/**
 * Loads the shipped catalogue when this database has an older version (or none): an upsert by
 * `catalogue_key` in batches, then the records no longer shipped are removed (programs keep their
 * rows; their institution link is cleared). Under an advisory lock, so processes starting together
 * on one PostgreSQL load it once. A current database costs one indexed read.
 */
export async function loadCatalogue(
  db: Database,
  options: { version?: number; records?: () => Promise<InstitutionRow[]> } = {},
): Promise<CatalogueLoad> {
  const started = performance.now();
  const version = options.version ?? CATALOGUE_VERSION;
  const current = await loadedVersion(db);
  if (current !== null && current >= version) return { loaded: false, version: current, rows: 0, ms: performance.now() - started };
  const records = await (options.records ?? (() => readShippedCatalogue(CATALOGUE_DIR, version)))();

  // Each batch travels as one JSON parameter read by jsonb_to_recordset: on PGlite half the time
  // of a multi-row VALUES with a parameter per field.
  const { id: _id, createdAt: _createdAt, ...columns } = getTableColumns(institutions);
  const fields = Object.entries(columns).map(([property, column]) => ({ property, name: column.name, type: column.getSQLType() }));
  const names = sql.raw(fields.map((f) => `"${f.name}"`).join(', '));
  const shape = sql.raw(fields.map((f) => `"${f.name}" ${f.type}`).join(', '));
  const updates = sql.raw(
    fields
      .filter((f) => f.name !== 'catalogue_key')
      .map((f) => `"${f.name}" = excluded."${f.name}"`)
      .join(', '),
  );
  const asJson = (batch: InstitutionRow[]) =>
    JSON.stringify(batch.map((r) => Object.fromEntries(fields.map((f) => [f.name, r[f.property as keyof InstitutionRow] ?? null]))));

  const loaded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK})`);
    const again = await loadedVersion(tx as unknown as Database);
    if (again !== null && again >= version) return false;
    for (let at = 0; at < records.length; at += BATCH_ROWS) {
      // A turn of the event loop between batches: PGlite answers in microtasks, which never let I/O in.
      await yieldNow();
      const batch = asJson(records.slice(at, at + BATCH_ROWS));
      await tx.execute(
        sql`insert into ${institutions} (${names}) select ${names} from jsonb_to_recordset(${batch}::jsonb) as x(${shape})
            on conflict (catalogue_key) do update set ${updates}`,
      );
    }
    await tx.delete(institutions).where(lt(institutions.catalogueVersion, version));
    await tx
      .insert(schoolCatalogueVersions)
      .values({ name: CATALOGUE_NAME, version, rows: records.length })
      .onConflictDoUpdate({ target: schoolCatalogueVersions.name, set: { version, rows: records.length, loadedAt: new Date() } });
    return true;
  });
  return { loaded, version, rows: loaded ? records.length : 0, ms: performance.now() - started };
}

const DAY_MS = 86_400_000;
/** Whether a record last verified on `verifiedAt` (YYYY-MM-DD) is older than STALE_AFTER_DAYS. */
export const isStale = (verifiedAt: string | null, now = Date.now()) =>
  verifiedAt === null || now - Date.parse(`${verifiedAt}T00:00:00Z`) > STALE_AFTER_DAYS * DAY_MS;

export { containsPattern };

export function toInstitutionDto(row: typeof institutions.$inferSelect, now = Date.now()): Institution {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    countryCode: row.countryCode,
    city: row.city,
    state: row.state,
    control: row.control,
    website: row.website,
    admissionRate: row.admissionRate,
    admissionRateYear: row.admissionRateYear,
    testRequirement: row.testRequirement,
    satAverage: row.satAverage,
    satMath25: row.satMath25,
    satMath75: row.satMath75,
    satVerbal25: row.satVerbal25,
    satVerbal75: row.satVerbal75,
    act25: row.act25,
    act75: row.act75,
    tuitionInStateUsd: row.tuitionInStateUsd,
    tuitionOutOfStateUsd: row.tuitionOutOfStateUsd,
    tuitionYear: row.tuitionYear,
    roomBoardUsd: row.roomBoardUsd,
    source: row.source,
    verifiedAt: row.verifiedAt,
    stale: isStale(row.verifiedAt, now),
  };
}

/** GET /school-match/institutions: the catalogue by name (trigram index) and country, by name. */
export async function listInstitutions(db: Database, filter: { query?: string; country?: string; page: number; pageSize: number }) {
  const where: SQL[] = [];
  if (filter.query) where.push(ilike(institutions.name, containsPattern(filter.query)));
  // A country by its English name as the catalogue writes it, or its two-letter code.
  if (filter.country) {
    const spellings = countrySpellings([filter.country]);
    where.push(or(inArray(sql`lower(${institutions.country})`, spellings), inArray(sql`lower(${institutions.countryCode})`, spellings))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(institutions)
      .where(condition)
      .orderBy(asc(institutions.name), asc(institutions.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(institutions).where(condition),
  ]);
  const now = Date.now();
  return { items: rows.map((r) => toInstitutionDto(r, now)), page: filter.page, pageSize: filter.pageSize, total: total?.n ?? 0 };
}

/** The catalogue institution a school name denotes, when exactly one has that (normalised) name. */
export async function institutionNamed(db: Database, school: string, country?: string | null): Promise<string | null> {
  const rows = await db
    .select({ id: institutions.id, country: institutions.country })
    .from(institutions)
    .where(eq(institutions.nameKey, normaliseName(school)))
    .limit(5);
  const candidates = country ? rows.filter((r) => r.country.toLowerCase() === country.toLowerCase()) : rows;
  return candidates.length === 1 ? candidates[0]!.id : null;
}
