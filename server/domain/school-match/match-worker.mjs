// The 选校 match thread's entry outside the built server (development, tests): plain JavaScript that
// registers tsx, then runs the TypeScript thread. The built server has its own entry, bundled from
// match-thread.ts (ADR 0046).
import { register } from 'tsx/esm/api';

register();
await import('./match-thread.ts');
