// `npm run admin` and `npm run ledger:check`: the command-line tools run from the built server
// bundle (ADR 0046), like `npm start`, so they need neither tsx nor the sources' loader in
// production. `node scripts/cli.mjs <admin|ledger-check> [args…]`.
import { execFileSync } from 'node:child_process';

const TOOLS = new Set(['admin', 'ledger-check']);
const [tool] = process.argv.splice(2, 1);
if (!TOOLS.has(tool)) {
  console.error(`用法：node scripts/cli.mjs <${[...TOOLS].join('|')}> [参数…]`);
  process.exit(64);
}
// Builds only when a source changed. Its progress goes to stderr: stdout is the tool's answer
// (redemption codes are read from it one per line).
execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: ['ignore', 2, 2] });
process.setSourceMapsEnabled(true);
await import(`../build/server/${tool}-cli.mjs`);
