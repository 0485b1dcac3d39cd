// Builds the Remix app when the build is missing or older than any source file, so that
// `npm start` works on a fresh clone and after a pull without a separate build step.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const BUILD = 'build/index.js';
const SOURCES = ['app', 'remix.config.js', 'package.json'];

function newestMtime(p) {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

const stale = !existsSync(BUILD) || SOURCES.some((s) => existsSync(s) && newestMtime(s) > statSync(BUILD).mtimeMs);
if (stale) {
  console.log('构建 Web 应用（remix build）…');
  execSync('npx remix build', { stdio: 'inherit' });
}
