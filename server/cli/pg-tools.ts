import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL's client programs for `npm run backup` / `restore` (ADR 0056): pg_dump and pg_restore
 * from the PATH or Debian's /usr/lib/postgresql/<major>/bin, the newest found, and only one at
 * least as new as the server (an older pg_dump refuses a newer server).
 */
export class BackupError extends Error {
  override name = 'BackupError';
}

type Tool = 'pg_dump' | 'pg_restore';

function majorOf(binary: string): number | null {
  try {
    const out = execFileSync(binary, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(out);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

function candidates(tool: Tool): string[] {
  const found: string[] = [];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    if (existsSync(path.join(dir, tool))) found.push(path.join(dir, tool));
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const version of readdirSync(debian)) {
      const binary = path.join(debian, version, 'bin', tool);
      if (existsSync(binary)) found.push(binary);
    }
  }
  return found;
}

/** The newest `tool` installed whose major version is at least `serverMajor`. */
export function findPgTool(tool: Tool, serverMajor: number): string {
  const versions = candidates(tool)
    .map((binary) => ({ binary, major: majorOf(binary) }))
    .filter((c): c is { binary: string; major: number } => c.major !== null)
    .sort((a, b) => b.major - a.major);
  if (versions.length === 0) {
    throw new BackupError(`找不到 ${tool}：请安装 PostgreSQL 客户端（Debian：apt-get install postgresql-client）`);
  }
  const best = versions[0]!;
  if (best.major < serverMajor) {
    throw new BackupError(
      `${tool} 版本过旧：数据库服务器是 PostgreSQL ${serverMajor}，找到的 ${tool} 是 ${best.major}（${best.binary}）。` +
        `请安装 ${serverMajor} 或更新版本的客户端（Debian：apt-get install postgresql-client-${serverMajor}）`,
    );
  }
  return best.binary;
}

/**
 * The connection for a client program: the URL without its password (which would show in `ps`),
 * and the password in PGPASSWORD.
 */
export function connectionFor(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}), PGAPPNAME: 'liuxue-backup' },
  };
}

/** Runs a client program; rejects with its own error output (in Chinese context) when it fails. */
export function runPgTool(binary: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
      process.stderr.write(chunk);
    });
    child.on('error', (error) => reject(new BackupError(`无法运行 ${binary}：${error.message}`)));
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new BackupError(
              `${path.basename(binary)} 失败（退出码 ${code}）${errors.trim() ? `：${errors.trim().split('\n').pop()}` : ''}`,
            ),
          ),
    );
  });
}
