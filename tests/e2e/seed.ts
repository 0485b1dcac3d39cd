import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { E2E_PORT } from './ports';

/**
 * What the end-to-end run finds in its fresh database. The embedded database admits one process
 * and Playwright starts the web server before any global setup, so playwright.config.ts runs this
 * file (`node --import tsx tests/e2e/seed.ts <data dir>`) while it loads, before the server starts.
 *
 * For tests: an administrator, E2E_ADMIN_PHONE. Its signed-in browser state is saved once per run
 * by tests/e2e/global-setup.ts: `test.use({ storageState: adminStorageState() })` (one login for
 * the whole run, as SMS codes to one phone are limited to one a minute). Such tests must not log
 * out: that would end the session every admin test shares.
 */
export const E2E_ADMIN_PHONE = '13700000001';
/**
 * Phone accounts with 50 points that a new WeChat account binds and merges (ADR 0039), one per
 * test: made here because a phone just logged in must wait a minute before its next SMS code.
 */
export const E2E_MERGE_PHONES = ['13700000101', '13700000102'] as const;

const SEEDED_MARKER = 'e2e-seeded';

/** The run's data directory (set by playwright.config.ts, inherited by workers). */
export function e2eDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the end-to-end tests through playwright.config.ts');
  return dir;
}

/** The administrator's signed-in browser state on the server at `baseURL` (the main one unless told). */
export const adminStorageState = (baseURL = `http://127.0.0.1:${E2E_PORT}`) =>
  path.join(e2eDataDir(), `e2e-admin-state-${new URL(baseURL).port}.json`);
/** Written once the seed has run, so Playwright's workers, which load the config again, skip it. */
export const seededMarker = (dataDir: string) => path.join(dataDir, SEEDED_MARKER);

async function seed(dataDir: string) {
  // Loaded here, not at the top: Playwright's workers import this module for the constants above.
  const { openDatabase } = await import('../../db/client');
  const { findOrCreateUserByPhone, setRole } = await import('../../server/domain/users');
  const { recordChange } = await import('../../server/domain/points/ledger');
  const { loadCatalogue } = await import('../../server/domain/school-match/catalogue');
  const database = await openDatabase({ dataDir });
  try {
    // Loaded here once: both servers then start on a current catalogue (a fresh one takes 10–15 s).
    await loadCatalogue(database.db);
    await findOrCreateUserByPhone(database.db, E2E_ADMIN_PHONE);
    await setRole(database.db, E2E_ADMIN_PHONE, 'admin');
    for (const phone of E2E_MERGE_PHONES) {
      const { user } = await findOrCreateUserByPhone(database.db, phone);
      await recordChange(database.db, {
        userId: user.id,
        cents: 5000,
        type: 'reward',
        source: 'gift',
        key: 'welcome',
        description: '新用户注册赠送',
      });
    }
  } finally {
    await database.close();
  }
  writeFileSync(seededMarker(dataDir), new Date().toISOString());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: node --import tsx tests/e2e/seed.ts <data dir>');
  await seed(dataDir);
}
