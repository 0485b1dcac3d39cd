/**
 * `npm start` (`node scripts/start.mjs`): one process from npm's point of view, so the SIGTERM a
 * process manager sends to npm reaches the server (a `build && serve` shell chain would leave the
 * server orphaned). Builds the web app and the server when needed (ADR 0046), then runs the
 * server's plain-JavaScript bundle in this process: no TypeScript loader in production.
 */
import { execFileSync } from 'node:child_process';

execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
// React and Remix pick their production builds from this, at first import below.
process.env.NODE_ENV = 'production';
// Stack traces in the logs name the TypeScript sources (the bundle has source maps beside it).
process.setSourceMapsEnabled(true);
await import('../build/server/index.mjs');
