import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Source-run bundles live where their packages resolve (Node walks up to the project's node_modules). */
const CACHE_DIR = fileURLToPath(new URL('../node_modules/.cache/lx-threads/', import.meta.url));
const bundles = new Map<string, Promise<URL>>();

/**
 * The file a worker thread starts from. The built server has each thread bundled beside it under
 * the `built` name (ADR 0046), used as is. Run from the sources (development, tests), the thread's
 * TypeScript is bundled the same way, once per process, with esbuild (a development dependency,
 * as the sources need): a TypeScript loader registered in every new thread cost about 1.5 s of CPU
 * per start (ADR 0046, addendum).
 */
export function threadEntry(built: URL, source: URL): Promise<URL> {
  const key = built.href;
  let entry = bundles.get(key);
  if (!entry) {
    entry = existsSync(fileURLToPath(built)) ? Promise.resolve(built) : bundle(source);
    // A failed bundle is tried again by the next thread rather than remembered.
    entry.catch(() => bundles.delete(key));
    bundles.set(key, entry);
  }
  return entry;
}

async function bundle(source: URL): Promise<URL> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(source)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    write: false,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0].contents;
  // Named by content: processes running side by side share a file, and a changed source gets a new one.
  const name = `${path.basename(fileURLToPath(source), '.ts')}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  const file = path.join(CACHE_DIR, name);
  if (!existsSync(file)) {
    await mkdir(CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(partial, code);
    await rename(partial, file);
  }
  return pathToFileURL(file);
}
