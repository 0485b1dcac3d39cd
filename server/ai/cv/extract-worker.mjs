// The extraction worker's entry outside the built server (development, tests): plain JavaScript
// that registers tsx, then runs the TypeScript thread. The built server has its own entry, bundled
// from extract-thread.ts (ADR 0046). (Node 20 does not apply `--import tsx` from a worker's
// execArgv to a .ts entry reliably.)
import { register } from 'tsx/esm/api';

register();
await import('./extract-thread.ts');
