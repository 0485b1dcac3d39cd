import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadPgliteDataDir, pgliteDir } from '../../db/client';
import { backup, restore } from '../../server/cli/backup-restore';
import { createRedemptionBatch } from '../../server/domain/points/redemption-codes';
import { CLI_ACTOR } from '../../server/domain/admin-audit';
import { client, login, plainDoc, startTestServer, type TestServer } from './harness';

/**
 * `npm run backup` / `npm run restore` (issue 27): a server's users, balances and works, backed up
 * after it stopped, restored into a new place, and found again over HTTP by a server started on
 * the copy. The same secrets on both sides, so the sessions signed before the backup still work.
 */
const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), SESSION_SECRET: randomBytes(32).toString('hex') };
const work = { dir: mkdtempSync(path.join(tmpdir(), 'lx-backup-test-')) };
afterAll(() => rmSync(work.dir, { recursive: true, force: true }));

type Seeded = { tokens: string[]; balances: number[]; workId: string; phones: string[] };

/** Two users, one of whom redeems a code and saves a work. */
async function seed(server: TestServer): Promise<Seeded> {
  const [alice, bob] = [await login(server.url), await login(server.url)];
  const api = client(server.url);
  const { codes } = await createRedemptionBatch(server.database.db, CLI_ACTOR, { points: 12.5, count: 1, maxUses: 1 });
  expect((await api.post('/redemption-codes/redeem', { code: codes[0] }, alice.accessToken)).status).toBe(200);
  const created = await api.post(
    '/works',
    { title: '备份测试文书', type: 'ps', content: plainDoc('我想学习数据科学。') },
    alice.accessToken,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const tokens = [alice.accessToken, bob.accessToken];
  const balances = await Promise.all(tokens.map(async (t) => (await api.get('/user/info', t)).body.data.total_points as number));
  expect(balances[0]).toBe(balances[1]! + 12.5);
  return { tokens, balances, workId: created.body.data.id as string, phones: [alice.phone, bob.phone] };
}

/** The same users, balances and work, over HTTP, with the sessions from before the backup. */
async function expectSeeded(server: TestServer, seeded: Seeded) {
  const api = client(server.url);
  for (const [i, token] of seeded.tokens.entries()) {
    const info = await api.get('/user/info', token);
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body.data.total_points).toBe(seeded.balances[i]);
    expect(info.body.data.phone).toContain(seeded.phones[i]!.slice(-4));
  }
  const saved = await api.get(`/works/${seeded.workId}`, seeded.tokens[0]);
  expect(saved.status).toBe(200);
  expect(saved.body.data.title).toBe('备份测试文书');
  expect(JSON.stringify(saved.body.data.content)).toContain('我想学习数据科学。');
  expect((await api.get(`/works/${seeded.workId}`, seeded.tokens[1])).status).toBe(404);
}

/**
 * The embedded database: refuses a held directory, restores into a new one, and the copy serves the
 * same data. Started from the run's migrated copy (tests/setup/pglite-template.ts).
 */
async function embeddedRoundTrip() {
  const source = path.join(work.dir, 'source');
  const target = path.join(work.dir, 'restored');
  mkdirSync(source);
  // Started from the run's migrated copy (tests/setup/pglite-template.ts): it saves migrating a new directory.
  await loadPgliteDataDir(source, pgliteDir(source), new Blob([readFileSync(inject('pgliteTemplatePath'))]));
  const first = await startTestServer({ ...secrets, DATA_DIR: source, DATABASE_URL: '' });
  let seeded: Seeded;
  try {
    seeded = await seed(first);
  } finally {
    await first.close();
  }
  // A file kept beside the database (development secrets live there) travels with it.
  writeFileSync(path.join(source, 'dev-secrets.json'), JSON.stringify({ jwt: 'j'.repeat(64), session: 's'.repeat(64) }));
  const file = path.join(work.dir, 'embedded.zip');

  // A live process holding the directory (its pid in pglite.lock): no backup of a running database.
  writeFileSync(path.join(source, 'pglite.lock'), String(process.ppid));
  await expect(backup({ dataDir: source }, file)).rejects.toThrow(`正被进程 ${process.ppid} 使用`);
  rmSync(path.join(source, 'pglite.lock'));
  expect(existsSync(file)).toBe(false);

  expect(await backup({ dataDir: source }, file)).toContain('dev-secrets.json');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  await expect(backup({ dataDir: source }, file)).rejects.toThrow('已存在');
  expect(await restore({ dataDir: target }, file)).toContain('恢复嵌入式数据库');
  expect(readFileSync(path.join(target, 'dev-secrets.json'), 'utf8')).toBe(readFileSync(path.join(source, 'dev-secrets.json'), 'utf8'));
  await expect(restore({ dataDir: target }, file)).rejects.toThrow('不是空的');

  const copy = await startTestServer({ ...secrets, DATA_DIR: target, DATABASE_URL: '' });
  try {
    await expectSeeded(copy, seeded);
    // The copy is the live database now: a restore over it is refused, even with --force.
    writeFileSync(path.join(target, 'pglite.lock'), String(process.ppid));
    await expect(restore({ dataDir: target }, file, { force: true })).rejects.toThrow('正被进程');
    rmSync(path.join(target, 'pglite.lock'));
  } finally {
    await copy.close();
  }
}

/** PostgreSQL: pg_dump of a database, pg_restore into a fresh one, and the copy serves the same data. */
async function postgresRoundTrip(base: string) {
  const names = [`lx_backup_src_${randomInt(1e9)}`, `lx_backup_dst_${randomInt(1e9)}`];
  const urlOf = (name: string) => Object.assign(new URL(base), { pathname: `/${name}` }).toString();
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(statement).finally(() => c.end());
  };
  for (const name of names) await admin(`create database ${name}`);
  try {
    const [source, target] = names.map(urlOf) as [string, string];
    const first = await startTestServer({ ...secrets, DATABASE_URL: source });
    let seeded: Seeded;
    try {
      seeded = await seed(first);
    } finally {
      await first.close();
    }
    const file = path.join(work.dir, 'postgres.dump');
    expect(await backup({ dataDir: 'unused', databaseUrl: source }, file)).toContain('已备份 PostgreSQL');
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');
    expect(await restore({ dataDir: 'unused', databaseUrl: target }, file)).toContain('恢复 PostgreSQL');
    await expect(restore({ dataDir: 'unused', databaseUrl: target }, file)).rejects.toThrow('不是空的');

    const copy = await startTestServer({ ...secrets, DATABASE_URL: target });
    try {
      await expectSeeded(copy, seeded);
      // A server is connected to it now: no restore over a database in use, even with --force.
      await expect(restore({ dataDir: 'unused', databaseUrl: target }, file, { force: true })).rejects.toThrow('其他连接');
    } finally {
      await copy.close();
    }
  } finally {
    for (const name of names) await admin(`drop database if exists ${name} with (force)`);
  }
}

// Each run backs up and restores its own database: the embedded one, or PostgreSQL when
// TEST_DATABASE_URL is set (npm test runs this file on both).
describe('backup and restore (issue 27)', () => {
  const postgres = process.env.TEST_DATABASE_URL;
  it(
    `${postgres ? 'PostgreSQL' : 'the embedded database'}: backed up, restored into a fresh copy that serves the same users, balances and works`,
    () => (postgres ? postgresRoundTrip(postgres) : embeddedRoundTrip()),
    60_000,
  );
});
