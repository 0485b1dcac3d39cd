import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import pg from 'pg';
import { dataDirHolder, dumpPgliteDataDir, loadPgliteDataDir, pgliteDir, shippedMigrations } from '../../db/client';
import { BackupError, connectionFor, findPgTool, runPgTool } from './pg-tools';

export { BackupError };

/**
 * Backup and restore (issue 27, ADR 0056), run by `npm run backup -- FILE [--force]` and
 * `npm run restore -- FILE [--force]` (server/cli/backup.ts).
 *
 * PostgreSQL (DATABASE_URL set): `pg_dump --format=custom`, a consistent snapshot taken while the
 * servers run; restored with `pg_restore --clean --if-exists --no-owner` in one transaction.
 * Embedded PGlite (DATA_DIR): only while no server has the directory open (its pglite.lock): the
 * copy is PGlite's own dump of its data directory, zipped with the other files DATA_DIR holds
 * (dev-secrets.json: the development keys that sign sessions and key the stored ID-number hashes).
 * A restore never overwrites a database or a file without --force, and then keeps what it replaced
 * beside it (`*.before-restore-<time>`); it refuses while a server uses the target.
 */
const FORMAT = 'liuxue-backup';
const FORMAT_VERSION = 1;
type Manifest = { format: string; version: number; kind: 'pglite'; createdAt: string; migration: string; files: string[] };

/** What a file holds, from its first bytes: a pg_dump custom archive or our zip. */
function formatOf(bytes: Uint8Array): 'pg_dump' | 'zip' | 'unknown' {
  const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
  if (head === 'PGDMP') return 'pg_dump';
  if (head.startsWith('PK\x03\x04')) return 'zip';
  return 'unknown';
}

function readHead(file: string): Uint8Array {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`备份文件不存在：${file}`);
  const head = Buffer.alloc(8);
  const fd = openSync(file, 'r');
  try {
    return head.subarray(0, readSync(fd, head, 0, 8, 0));
  } finally {
    closeSync(fd);
  }
}

function refuseExisting(file: string, force: boolean) {
  if (existsSync(file) && !force) throw new BackupError(`${file} 已存在：换一个文件名，或加 --force 覆盖`);
  mkdirSync(path.dirname(file), { recursive: true });
}

/** A backup holds user data and keys: readable by its owner only, and never seen half-written. */
function writeAtomically(file: string, bytes: Uint8Array) {
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** DATA_DIR's files beside the database (not the lock, not directories such as the database's own). */
function dataDirFiles(dataDir: string): string[] {
  return readdirSync(dataDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'pglite.lock' && !entry.name.endsWith('.partial'))
    .map((entry) => entry.name);
}

async function backupPglite(dataDir: string, file: string, force: boolean): Promise<string> {
  const holder = dataDirHolder(dataDir);
  if (holder !== null) {
    throw new BackupError(
      `数据目录 ${dataDir} 正被进程 ${holder} 使用。嵌入式数据库只在服务停止时备份（运行中复制的文件可能不一致）：` +
        '请先停止服务再运行 npm run backup；需要不停机备份请使用 PostgreSQL（DATABASE_URL）。',
    );
  }
  refuseExisting(file, force);
  const dump = await dumpPgliteDataDir(dataDir);
  const files = dataDirFiles(dataDir);
  const manifest: Manifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    kind: 'pglite',
    createdAt: new Date().toISOString(),
    migration: shippedMigrations().lastTag,
    files,
  };
  const zip: Zippable = {
    'manifest.json': strToU8(JSON.stringify(manifest, null, 2)),
    // Already gzipped by PGlite: stored as is.
    'pglite.tar.gz': [new Uint8Array(await dump.arrayBuffer()), { level: 0 }],
  };
  for (const name of files) zip[`files/${name}`] = readFileSync(path.join(dataDir, name));
  const bytes = zipSync(zip);
  writeAtomically(file, bytes);
  const extra = files.length ? `，另含 ${files.join('、')}` : '';
  return `已备份嵌入式数据库（${dataDir}）到 ${file}（${megabytes(bytes.length)}${extra}）`;
}

function readBackup(file: string): { manifest: Manifest; dump: Uint8Array; files: [string, Uint8Array][] } {
  const entries = unzipSync(readFileSync(file));
  let manifest: Manifest;
  try {
    manifest = JSON.parse(strFromU8(entries['manifest.json'] ?? new Uint8Array())) as Manifest;
  } catch {
    throw new BackupError(`${file} 不是本平台的备份文件（缺少 manifest.json）`);
  }
  if (manifest.format !== FORMAT || manifest.kind !== 'pglite' || !entries['pglite.tar.gz']) {
    throw new BackupError(`${file} 不是本平台的嵌入式数据库备份`);
  }
  if (manifest.version > FORMAT_VERSION) throw new BackupError(`${file} 由更新版本的程序写成（格式 ${manifest.version}）：请用新版本恢复`);
  const files = Object.entries(entries)
    .filter(([name]) => name.startsWith('files/'))
    .map(([name, data]) => [name.slice('files/'.length), data] as [string, Uint8Array]);
  // Names are written into DATA_DIR: a bare file name only, never a path out of it.
  for (const [name] of files) {
    if (!name || name !== path.basename(name) || name === '..' || name === '.') throw new BackupError(`${file} 含有无效的文件名：${name}`);
  }
  return { manifest, dump: entries['pglite.tar.gz'], files };
}

async function restorePglite(dataDir: string, file: string, force: boolean): Promise<string> {
  const kind = formatOf(readHead(file));
  if (kind === 'pg_dump') throw new BackupError(`${file} 是 PostgreSQL 的备份（pg_dump）：请设置 DATABASE_URL 指向要恢复到的数据库`);
  if (kind !== 'zip') throw new BackupError(`${file} 不是本平台的备份文件`);
  const backup = readBackup(file);
  const holder = dataDirHolder(dataDir);
  if (holder !== null) throw new BackupError(`数据目录 ${dataDir} 正被进程 ${holder} 使用：请先停止服务再恢复`);
  mkdirSync(dataDir, { recursive: true });
  const target = pgliteDir(dataDir);
  const hasDatabase = existsSync(target) && readdirSync(target).length > 0;
  const differing = backup.files.filter(([name, data]) => {
    const here = path.join(dataDir, name);
    return existsSync(here) && !readFileSync(here).equals(Buffer.from(data));
  });
  if ((hasDatabase || differing.length > 0) && !force) {
    const what = [hasDatabase ? '数据库' : '', ...differing.map(([name]) => name)].filter(Boolean).join('、');
    throw new BackupError(
      `目标 ${dataDir} 不是空的（已有${what}）。确认要覆盖请加 --force（被替换的会改名保留为 *.before-restore-<时间>）`,
    );
  }

  const when = stamp();
  // Unpacked and started beside the target first: a failure leaves the target as it was.
  const staging = path.join(dataDir, `pglite.restoring-${when}`);
  let applied: number;
  try {
    applied = await loadPgliteDataDir(dataDir, staging, new Blob([new Uint8Array(backup.dump)]));
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  const kept: string[] = [];
  if (hasDatabase) {
    renameSync(target, `${target}.before-restore-${when}`);
    kept.push(`pglite.before-restore-${when}`);
  } else rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
  for (const [name, data] of backup.files) {
    const here = path.join(dataDir, name);
    if (differing.some(([n]) => n === name)) {
      renameSync(here, `${here}.before-restore-${when}`);
      kept.push(`${name}.before-restore-${when}`);
    }
    writeFileSync(here, data, { mode: 0o600 });
    chmodSync(here, 0o600);
  }
  return (
    `已从 ${file}（${backup.manifest.createdAt}）恢复嵌入式数据库到 ${dataDir}：${applied} 个迁移记录` +
    (backup.files.length ? `，文件 ${backup.files.map(([n]) => n).join('、')}` : '') +
    (kept.length ? `。原有内容保留为 ${kept.join('、')}` : '') +
    '。启动服务时会应用本版本新增的迁移。'
  );
}

/** The server's major version, the number of tables outside the system schemas, and the other sessions on it. */
async function inspectPostgres(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`无法连接 PostgreSQL：${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ major: number; tables: number; sessions: number }>(
      `select current_setting('server_version_num')::int / 10000 as major,
              (select count(*)::int from pg_tables where schemaname not in ('pg_catalog', 'information_schema')) as tables,
              (select count(*)::int from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend') as sessions`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

async function backupPostgres(databaseUrl: string, file: string, force: boolean): Promise<string> {
  refuseExisting(file, force);
  const { major } = await inspectPostgres(databaseUrl);
  const pgDump = findPgTool('pg_dump', major);
  const { dbname, env } = connectionFor(databaseUrl);
  const partial = `${file}.partial`;
  try {
    await runPgTool(pgDump, ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], env);
    chmodSync(partial, 0o600);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return `已备份 PostgreSQL 数据库到 ${file}（${megabytes(statSync(file).size)}，pg_dump 自定义格式，可用 pg_restore 查看）`;
}

/** How long a restore waits for the sessions of servers that were just stopped to end. */
const SESSIONS_GRACE_MS = 3_000;

async function restorePostgres(databaseUrl: string, file: string, force: boolean): Promise<string> {
  const kind = formatOf(readHead(file));
  if (kind === 'zip') throw new BackupError(`${file} 是嵌入式数据库的备份：恢复到嵌入式数据库时请不要设置 DATABASE_URL`);
  if (kind !== 'pg_dump') throw new BackupError(`${file} 不是 pg_dump 自定义格式的备份`);
  let target = await inspectPostgres(databaseUrl);
  // A server just stopped: its connections' backends end a moment after it closed them.
  for (let waited = 0; target.sessions > 0 && waited < SESSIONS_GRACE_MS; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    target = await inspectPostgres(databaseUrl);
  }
  if (target.sessions > 0) {
    throw new BackupError(`目标数据库还有 ${target.sessions} 个其他连接：请先停止所有使用它的服务再恢复`);
  }
  if (target.tables > 0 && !force) {
    throw new BackupError(`目标数据库不是空的（已有 ${target.tables} 张表）。确认要覆盖请加 --force（备份中的对象会先被删除再重建）`);
  }
  const pgRestore = findPgTool('pg_restore', target.major);
  const { dbname, env } = connectionFor(databaseUrl);
  // One transaction: a restore that fails part-way changes nothing.
  await runPgTool(
    pgRestore,
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
  return `已从 ${file} 恢复 PostgreSQL 数据库。启动服务时会应用本版本新增的迁移。`;
}

/** Where the database is: PostgreSQL when a URL is given, else the embedded one in `dataDir`. */
export type BackupTarget = { dataDir: string; databaseUrl?: string };

/** Writes a backup of the target to `file` (absolute); answers the line to print. */
export function backup(target: BackupTarget, file: string, options: { force?: boolean } = {}): Promise<string> {
  return target.databaseUrl
    ? backupPostgres(target.databaseUrl, file, !!options.force)
    : backupPglite(target.dataDir, file, !!options.force);
}

/** Restores `file` (absolute) into the target; answers the line to print. */
export function restore(target: BackupTarget, file: string, options: { force?: boolean } = {}): Promise<string> {
  return target.databaseUrl
    ? restorePostgres(target.databaseUrl, file, !!options.force)
    : restorePglite(target.dataDir, file, !!options.force);
}
