import path from 'node:path';
import { DatabaseUnavailableError } from '../../db/client';
import { envSchema, loadDotEnv } from '../config';
import { backup, BackupError, restore, type BackupTarget } from './backup-restore';

/** `npm run backup -- FILE [--force]` and `npm run restore -- FILE [--force]` (server/cli/backup-restore.ts, ADR 0056). */
const USAGE = [
  '用法：npm run backup -- <备份文件> [--force]    备份数据库（--force 覆盖已有的备份文件）',
  '      npm run restore -- <备份文件> [--force]   从备份恢复（--force 覆盖非空的目标）',
  '设置了 DATABASE_URL 时备份/恢复 PostgreSQL（需要 pg_dump/pg_restore），否则备份/恢复 DATA_DIR 中的嵌入式数据库（需先停止服务）。',
].join('\n');

/** Only where the database is: read without loadConfig, which would write development secrets into DATA_DIR. */
function settings(): BackupTarget {
  loadDotEnv();
  const env = Object.fromEntries(Object.entries(process.env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const parsed = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(env);
  if (!parsed.success) throw new BackupError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  return { dataDir: parsed.data.DATA_DIR, databaseUrl: parsed.data.DATABASE_URL };
}

async function main(argv: string[]): Promise<number> {
  const [mode, ...rest] = argv;
  const force = rest.includes('--force');
  const files = rest.filter((arg) => arg !== '--force');
  if ((mode !== 'backup' && mode !== 'restore') || files.length !== 1 || files[0]!.startsWith('-')) {
    console.error(USAGE);
    return 64;
  }
  const file = path.resolve(files[0]!);
  console.log(await (mode === 'backup' ? backup : restore)(settings(), file, { force }));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof BackupError || error instanceof DatabaseUnavailableError;
    const verb = process.argv[2] === 'restore' ? '恢复' : '备份';
    console.error(`${verb}失败：${known ? (error as Error).message : ((error as Error).stack ?? String(error))}`);
    process.exit(1);
  },
);
