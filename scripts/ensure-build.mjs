// Builds the Remix app when the build is missing, older than any source file, or was made in
// another mode (a development build crashes under NODE_ENV=production), so `npm start` works on
// a fresh clone and after a pull without a separate build step.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const BUILD = 'build/index.js';
const MODE_FILE = 'build/.build-mode';
const MODE = 'production';
const SOURCES = ['app', 'contracts', 'remix.config.js', 'package.json', 'public/favicon.svg'];

function newestMtime(p) {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

const stale =
  process.argv.includes('--force') ||
  !existsSync(BUILD) ||
  !existsSync(MODE_FILE) ||
  readFileSync(MODE_FILE, 'utf8').trim() !== MODE ||
  SOURCES.some((s) => existsSync(s) && newestMtime(s) > statSync(BUILD).mtimeMs);

if (stale) {
  console.log('构建 Web 应用（remix build）…');
  execSync('npx remix build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: MODE } });
  writeFileSync(MODE_FILE, MODE);
}
