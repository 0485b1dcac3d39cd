// `npm run admin` and `npm run ledger:check`: the command-line tools run from the built server
// bundle (ADR 0046), like `npm start`, so they need neither tsx nor the sources' loader in
// production. `node scripts/cli.mjs <admin|ledger-check|backup|restore> [args…]`.
import { execFileSync } from 'node:child_process';

/** Each tool's bundle; backup and restore share one, told apart by their first argument. */
const TOOLS = { admin: 'admin', 'ledger-check': 'ledger-check', backup: 'backup', restore: 'backup' };
const [tool] = process.argv.splice(2, 1);
if (!Object.hasOwn(TOOLS, tool)) {
  console.error(`用法：node scripts/cli.mjs <${Object.keys(TOOLS).join('|')}> [参数…]`);
  process.exit(64);
}
if (TOOLS[tool] === 'backup') process.argv.splice(2, 0, tool);
// Builds only when a source changed. Its progress goes to stderr: stdout is the tool's answer
// (redemption codes are read from it one per line).
execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: ['ignore', 2, 2] });
process.setSourceMapsEnabled(true);
await import(`../build/server/${TOOLS[tool]}-cli.mjs`);
