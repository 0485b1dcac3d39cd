import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** LISTEN on a channel; the returned function stops listening. */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  /** NOTIFY, delivered to every listener of every process on this database (payload < 8000 bytes). */
  notify: (channel: string, payload: string) => Promise<void>;
  close: () => Promise<void>;
};

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const checkChannel = (channel: string) => {
  if (!CHANNEL.test(channel)) throw new Error(`invalid channel name ${channel}`);
  return channel;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite: in DATA_DIR on disk, or in memory
 * when `dataDir` is 'memory://' (tests). Migrations run before the handle is returned.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  onIdleError?: (error: Error) => void;
  /** An in-memory PGlite starts from this migrated copy (createPgliteTemplate): tests start servers faster. */
  pgliteTemplate?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // An idle connection dropped by a restart or failover emits 'error'; unhandled, it would end the
    // process. Requests then fail (and /healthz says 503) until the pool reconnects.
    pool.on('error', (error) => options.onIdleError?.(error));
    try {
      const probe = await pool.connect();
      probe.release();
    } catch (error) {
      await pool.end().catch(() => {});
      throw new DatabaseUnavailableError(`无法连接 PostgreSQL：${(error as Error).message}`);
    }
    const db = drizzle(pool, { schema });
    // Several instances may start at once against one database: migrate one at a time.
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock(727274)');
      await migrate(db, { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock(727274)').catch(() => {});
      lock.release();
    }
    const listeners = new Set<{ end: () => Promise<void> }>();
    return {
      db,
      kind: 'postgres',
      listen: async (channel, onPayload) => {
        const listener = await listenOnPostgres(pg, options.databaseUrl!, checkChannel(channel), onPayload, options.onIdleError);
        listeners.add(listener);
        return async () => {
          listeners.delete(listener);
          await listener.end();
        };
      },
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [checkChannel(channel), payload]);
      },
      close: async () => {
        await Promise.all([...listeners].map((l) => l.end()));
        await pool.end();
      },
    };
  }

  const { PGlite, extensions, drizzle, migrate } = await pgliteModules();
  const inMemory = options.dataDir === 'memory://';
  let release = () => {};
  if (!inMemory) {
    mkdirSync(options.dataDir, { recursive: true });
    release = lockDataDir(options.dataDir);
  }
  try {
    const client = inMemory
      ? new PGlite({ extensions, loadDataDir: options.pgliteTemplate })
      : new PGlite(pgliteDir(options.dataDir), { extensions });
    await client.waitReady;
    const db = drizzle(client, { schema });
    // A template is already migrated: this only confirms it is current.
    await migrate(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      listen: (channel, onPayload) => client.listen(checkChannel(channel), onPayload),
      notify: async (channel, payload) => {
        await client.query('select pg_notify($1, $2)', [checkChannel(channel), payload]);
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    if (error instanceof DatabaseUnavailableError) throw error;
    throw new DatabaseUnavailableError(`无法打开嵌入式数据库（${options.dataDir}）：${(error as Error).message}`);
  }
}

async function pgliteModules() {
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    // Trigram indexes for the global search (migration 0006 creates the extension).
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite, extensions: { pg_trgm }, drizzle, migrate };
}

/** The last migration this code ships (db/migrations/meta/_journal.json), read once. */
let shipped: { count: number; lastWhen: number; lastTag: string } | undefined;
export function shippedMigrations(): { count: number; lastWhen: number; lastTag: string } {
  if (shipped) return shipped;
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const last = journal.entries[journal.entries.length - 1];
  return (shipped = { count: journal.entries.length, lastWhen: last?.when ?? 0, lastTag: last?.tag ?? '' });
}

/**
 * Where the database stands against the shipped migrations: drizzle records each applied one in
 * drizzle.__drizzle_migrations with its journal timestamp, and applies those newer than its last.
 * 'behind' when a shipped one is missing; 'ahead' when the database has one this code does not
 * know (a newer release migrated it during a rolling deploy).
 */
export async function migrationState(db: Database): Promise<{ state: 'current' | 'behind' | 'ahead'; applied: number; shipped: number }> {
  const expected = shippedMigrations();
  // Both drivers answer { rows }.
  const { rows } = (await db.execute(
    sql`select count(*)::int as applied, coalesce(max(created_at), 0)::bigint as last from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { applied: number; last: string | number }[] };
  const row = rows[0]!;
  const last = Number(row.last);
  const applied = Number(row.applied);
  const state = last < expected.lastWhen ? 'behind' : last > expected.lastWhen ? 'ahead' : applied < expected.count ? 'behind' : 'current';
  return { state, applied, shipped: expected.count };
}

/**
 * What autovacuum's ANALYZE does, for the tables whose planner statistics are missing or stale
 * (never gathered for a table that has rows, or its size moved by more than a tenth since): the
 * statistics, and the GIN indexes' pending lists moved into the indexes (every search through one
 * reads its pending list whole). PostgreSQL's autovacuum normally leaves nothing to do; embedded
 * PGlite has none, and without statistics its planner takes every table for a small one and never
 * reads an index in order to stop at a LIMIT (ADR 0066). Answers the tables analyzed.
 */
export async function analyzeStaleTables(db: Database): Promise<string[]> {
  const { rows } = (await db.execute(sql`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and pg_relation_size(c.oid) > 0
      and ((c.reltuples <> 0 and not exists (select 1 from pg_stats s where s.schemaname = 'public' and s.tablename = c.relname))
        or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > c.relpages / 10)
    order by c.relname`)) as unknown as { rows: { name: string }[] };
  for (const { name } of rows) {
    await db.execute(sql`analyze ${sql.identifier(name)}`);
    await db.execute(sql`
      select gin_clean_pending_list(i.indexrelid)
      from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
        join pg_class ic on ic.oid = i.indexrelid join pg_am am on am.oid = ic.relam
      where n.nspname = 'public' and t.relname = ${name} and am.amname = 'gin'`);
  }
  return rows.map((r) => r.name);
}

/**
 * The embedded database's directory inside DATA_DIR. Backup and restore (server/cli/backup.ts) go
 * through these two, under the same lock a server takes: never while a server has it open.
 */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** A consistent copy of a stopped embedded database: PGlite's own data-directory dump (a gzipped tar), not migrated first. */
export async function dumpPgliteDataDir(dataDir: string): Promise<Blob> {
  if (!existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION')))
    throw new DatabaseUnavailableError(`数据目录 ${dataDir} 中没有嵌入式数据库（缺少 ${pgliteDir(dataDir)}）`);
  const { PGlite, extensions } = await pgliteModules();
  const release = lockDataDir(dataDir);
  try {
    const client = new PGlite(pgliteDir(dataDir), { extensions });
    try {
      await client.waitReady;
      return await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Unpacks a dump into `directory` (which must not hold a database) and opens it once to prove it
 * starts; `dataDir` is locked meanwhile. Answers how many migrations the copy has applied.
 */
export async function loadPgliteDataDir(dataDir: string, directory: string, dump: Blob): Promise<number> {
  const { PGlite, extensions } = await pgliteModules();
  const release = lockDataDir(dataDir);
  try {
    const client = new PGlite(directory, { extensions, loadDataDir: dump });
    try {
      await client.waitReady;
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      return rows[0]?.n ?? 0;
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** The pid of a live process holding DATA_DIR's embedded database, or null. */
export function dataDirHolder(dataDir: string): number | null {
  const lockFile = path.join(dataDir, 'pglite.lock');
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, 'utf8'));
  return Number.isInteger(pid) && pid !== process.pid && isAlive(pid) ? pid : null;
}

/**
 * A migrated in-memory PGlite as a data-directory dump, empty but for what `prepare` writes. Loading it takes about a third of
 * the time of creating and migrating a database, which the API suite does once per server.
 */
export async function createPgliteTemplate(options: { prepare?: (db: Database) => Promise<void> } = {}): Promise<Blob> {
  const { PGlite, extensions, drizzle, migrate } = await pgliteModules();
  const client = new PGlite({ extensions });
  try {
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    // What every server would otherwise do at start (the 选校 catalogue, ADR 0050): once per run.
    await options.prepare?.(db as unknown as Database);
    // And the statistics a start would gather for it.
    await analyzeStaleTables(db as unknown as Database);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * One dedicated connection per listened channel (pooled connections cannot LISTEN). If it drops,
 * it reconnects with backoff; notifications sent while it was down are lost, which is acceptable
 * for live notices (pages revalidate on reconnect).
 */
async function listenOnPostgres(
  pg: typeof import('pg').default,
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onError?: (error: Error) => void,
): Promise<{ end: () => Promise<void> }> {
  let ended = false;
  let current: InstanceType<typeof pg.Client> | null = null;
  let retryMs = 500;
  const scheduleRetry = () => {
    if (ended) return;
    setTimeout(
      () =>
        void connect().catch((error) => {
          onError?.(error as Error);
          scheduleRetry();
        }),
      retryMs,
    ).unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    client.on('error', (error) => {
      onError?.(error);
      if (current === client) current = null;
      client.end().catch(() => {});
      scheduleRetry();
    });
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    retryMs = 500;
    if (ended) return void (await client.end());
    current = client;
  };
  await connect();
  return {
    end: async () => {
      ended = true;
      await current?.end().catch(() => {});
      current = null;
    },
  };
}

/** PGlite is single-process: a second process opening the same directory would corrupt it. */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'pglite.lock');
  const pid = dataDirHolder(dataDir);
  if (pid !== null) {
    throw new DatabaseUnavailableError(`数据目录 ${dataDir} 正被进程 ${pid} 使用（嵌入式数据库只允许一个进程打开）。请先停止该进程。`);
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A killed server nobody has reaped yet (a zombie: containers often run without an init that
  // reaps) still answers kill(pid, 0) but holds nothing open.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
  } catch {
    return true;
  }
}
