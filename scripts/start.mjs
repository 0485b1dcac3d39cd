/**
 * `npm start` (`node --import tsx`): one process from npm's point of view, so the SIGTERM a
 * process manager sends to npm reaches the server (a `build && serve` shell chain would leave the
 * server orphaned, and the `tsx` CLI relays signals to a child it SIGKILLs when busy).
 * Builds the web app when needed, then runs the server entry in this process.
 */
import { execFileSync } from 'node:child_process';

execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
// React and Remix pick their production builds from this, at first import below.
process.env.NODE_ENV = 'production';
await import('../server/index');
