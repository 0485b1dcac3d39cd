// The command-line entry (npm run detect) keeps outputs aligned with inputs.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDetector } from './index';
import { ESSAY_1000_WORDS } from './samples';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, '../../..');

describe('cli (npm run detect)', () => {
  it('writes one line per input line, in order, and flags bad lines', () => {
    const dir = mkdtempSync(join(tmpdir(), 'detect-'));
    const input = join(dir, 'in.jsonl');
    const out = join(dir, 'out.jsonl');
    writeFileSync(
      input,
      [
        JSON.stringify({ text: ESSAY_1000_WORDS, id: 1 }),
        JSON.stringify({ text: 'Too short.' }),
        '',
        '{not json',
        JSON.stringify({ body: 'x' }),
        JSON.stringify({ text: ESSAY_1000_WORDS }),
      ].join('\n') + '\n',
    );
    const res = spawnSync(process.execPath, ['--import', 'tsx', join(HERE, 'cli.ts'), input, '--out', out], {
      cwd: REPO,
      encoding: 'utf8',
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('in.jsonl:3: blank line');
    expect(res.stderr).toContain('in.jsonl:4: invalid JSON');
    expect(res.stderr).toContain('in.jsonl:5: missing string field "text"');
    const lines = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(6);
    const expected = loadDetector().detect(ESSAY_1000_WORDS);
    if (!expected.ok) throw new Error('sample essay should be judged');
    expect(lines[0]).toMatchObject({
      aiRate: expected.aiRate,
      label: expected.label,
      reliability: expected.reliability,
      caveats: expected.caveats,
      modelVersion: expected.modelVersion,
    });
    expect(lines[1]).toMatchObject({ aiRate: null, label: null, code: 'TEXT_TOO_SHORT' });
    for (const i of [2, 3, 4]) expect(lines[i]).toHaveProperty('error');
    expect(lines[5]).toEqual(lines[0]);
    // Good input only: exit code 0 and stdout output.
    writeFileSync(input, `${JSON.stringify({ text: ESSAY_1000_WORDS })}\n`);
    const stdout = execFileSync(process.execPath, ['--import', 'tsx', join(HERE, 'cli.ts'), input], { cwd: REPO, encoding: 'utf8' });
    expect(JSON.parse(stdout.trim())).toMatchObject({ aiRate: expected.aiRate, label: expected.label });
  }, 30_000);
});
