// `npm run dev`: `remix watch` rebuilds the web app on change; the server runs under `tsx watch`
// (restarting when server/ changes) and reloads the web build whenever it is rewritten.
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

// A development build first, so the server finds one; `npm start` rebuilds for production.
execFileSync('npx', ['remix', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } });
writeFileSync('build/.build-mode', 'development');

const children = [
  spawn('npx', ['remix', 'watch'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } }),
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', '--ignore', 'build/**', '--ignore', 'app/**', 'server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', WEB_BUILD_WATCH: '1' },
  }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', (code) => code && code !== 0 && (stop('SIGTERM'), process.exit(code)));
