import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { TIMED_ALONE } from '../../scripts/timed-tests.mjs';

/** A new test with a wall-clock event-loop limit must join the stage that runs alone (scripts/test.mjs). */
describe('timed tests', () => {
  it('every file that measures the event loop runs alone in npm test', () => {
    const files = execFileSync('git', ['grep', '-l', '-E', "from '[./]*(tests/)?fixtures/event-loop'", '--', '*.test.ts'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean)
      .sort();
    expect(files.length).toBeGreaterThan(0);
    // The list may name more (latency tests that time requests themselves), never fewer.
    expect(files.filter((file) => !TIMED_ALONE.includes(file))).toEqual([]);
    for (const file of TIMED_ALONE) expect(existsSync(file), file).toBe(true);
  });
});
