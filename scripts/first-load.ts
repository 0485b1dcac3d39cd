import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The page whose first load DESIGN §7 budgets: what a signed-in user opens first. */
export const FIRST_LOAD_ROUTE = 'routes/dash._guard.overview';
/** The ceiling the build is held to (ADR 0065): the committed measure plus this much. */
export const FIRST_LOAD_SLACK_KB = 2;
export const FIRST_LOAD_FILE = path.join('bench', 'first-load.json');

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

/**
 * The JavaScript a browser loads for a route before it is interactive, gzipped: the entry and
 * every route of the match with their imports, as Remix's <Scripts> lists them for modulepreload.
 * Read from the build's manifest, so no server is needed.
 */
export function firstLoadOf(routeId = FIRST_LOAD_ROUTE, publicDir = 'public'): { kb: number; files: number } {
  const buildDir = path.join(publicDir, 'build');
  const manifestFile = readdirSync(buildDir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!manifestFile) throw new Error(`no Remix manifest in ${buildDir}: build first`);
  const text = readFileSync(path.join(buildDir, manifestFile), 'utf8');
  const manifest = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Manifest;
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let route = manifest.routes[routeId]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined!) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  if (files.size === 1 + manifest.entry.imports.length) throw new Error(`route ${routeId} is not in the build`);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(path.join(publicDir, file))).length;
  return { kb: Math.round((bytes / 1024) * 10) / 10, files: files.size };
}
