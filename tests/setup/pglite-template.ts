import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from '../../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory dump; '' when the run uses PostgreSQL. */
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
  const template = await createPgliteTemplate();
  writeFileSync(file, Buffer.from(await template.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
