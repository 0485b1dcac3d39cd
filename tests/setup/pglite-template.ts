import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from '../../db/client';
import { loadCatalogue } from '../../server/domain/school-match/catalogue';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory dump (with the shipped 选校 catalogue); '' when the run uses PostgreSQL. */
    pgliteTemplatePath: string;
  }
}

/**
 * Migrate once per run instead of once per test server (the Epic Stack's global setup does the
 * same): every in-memory API server of the run starts from this copy (tests/api/harness.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplatePath', '');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'lx-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  // The servers then find the 选校 catalogue current, as a restarted server does.
  const template = await createPgliteTemplate({ prepare: async (db) => void (await loadCatalogue(db)) });
  writeFileSync(file, Buffer.from(await template.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
