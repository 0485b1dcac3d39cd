import { timeLimit } from '../../../tests/fixtures/event-loop';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PATTERNS, ZH_ENDS } from './fact-check';

/**
 * Every pattern of the fact check runs in linear time (issue 22, ADR 0034; issue 24 added many): the
 * built patterns and every regular expression literal in the file, on runs of each "atom" after a
 * word of the pattern's own, in the style of server/ai/cv/parse-cv-linear.test.ts.
 */
function literalPatterns(file: string) {
  const path = fileURLToPath(new URL(`./${file}`, import.meta.url));
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { where: string; pattern: RegExp }[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText();
      const slash = text.lastIndexOf('/');
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      const flags = text.slice(slash + 1);
      found.push({ where: `${file}:${line}`, pattern: new RegExp(text.slice(1, slash), flags.includes('g') ? flags : `${flags}g`) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const PATTERN_LIST = [
  ...PATTERNS.map(({ kind, re }, i) => ({ where: `PATTERNS[${i}] ${kind}`, pattern: re })),
  ...ZH_ENDS.map(({ kind, re }, i) => ({ where: `ZH_ENDS[${i}] ${kind}`, pattern: re })),
  ...literalPatterns('fact-check.ts'),
  // The alignment of leftovers (ADR 0042) reads names and archive lines with patterns of its own.
  ...literalPatterns('fact-align.ts'),
  ...literalPatterns('fact-dictionary.ts'),
];

const ATOMS = [
  'a',
  'A',
  '1',
  '.',
  ' ',
  '-',
  '中',
  '大',
  '\t',
  '/',
  '(',
  '（',
  "'",
  '’',
  'A ',
  'Aa ',
  'a ',
  '1 ',
  '1.',
  'A.',
  'A-',
  'of ',
  'at A',
  '2023',
  '2023.',
  '一',
  '奖',
  '为',
  'GPA ',
  '中 ',
  '王',
];

function prefixesOf(pattern: RegExp) {
  const words = new Set(['', 'at ', 'GPA', 'Professor ', 'University of ']);
  for (const word of pattern.source.match(/[A-Za-z\u3400-\u9fff]{2,}/g) ?? []) words.add(word);
  return [...words];
}

function timeOf(pattern: RegExp, input: string) {
  const started = performance.now();
  input.replace(pattern, '');
  return performance.now() - started;
}

function worstOf(pattern: RegExp, length: number, limitMs: number) {
  let worst = { ms: 0, input: '' };
  for (const prefix of prefixesOf(pattern)) {
    for (const atom of ATOMS) {
      const input = prefix + atom.repeat(Math.ceil(length / atom.length)) + '!';
      let ms = timeOf(pattern, input);
      if (ms > limitMs / 4) ms = Math.min(ms, timeOf(pattern, input));
      if (ms > worst.ms) worst = { ms, input };
      if (ms > limitMs) return worst;
    }
  }
  return worst;
}

describe('the fact check’s patterns run in linear time', () => {
  it('finds the patterns it checks', () => {
    expect(PATTERN_LIST.length).toBeGreaterThan(40);
  });

  it.each(PATTERN_LIST.map(({ where, pattern }) => [where, pattern] as const))('%s', (_where, pattern) => {
    const small = worstOf(pattern, 2_000, 15);
    expect(small.ms, JSON.stringify(small.input.slice(0, 30))).toBeLessThan(timeLimit(15));
    // Ten times the input takes about ten times as long, not a hundred.
    const slowest = small.input;
    const long = slowest.slice(0, 20) + slowest.slice(20, -1).repeat(10) + slowest.slice(-1);
    const ms = Math.min(timeOf(pattern, long), timeOf(pattern, long));
    expect(ms, `${JSON.stringify(long.slice(0, 30))}… (${long.length})`).toBeLessThan(timeLimit(100));
  });
});
