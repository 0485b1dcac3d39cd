import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { detectedCvSchema } from '../../../contracts/client-profiles';
import { DATE_RE, LEADING_DATE_RE, MAX_LINE_CHARS, PRESENT_RE, RANGE_RE, TRAILING_DATE_RE } from './lines';
import { parseCv } from './parse-cv';
import { subScorePatterns } from './test-scores';

/**
 * V8 backtracks: a pattern with quantifiers that can share characters (\s*[:=]?\s*, [\w.-]+@ from
 * every letter of a run, (.+?)…(.+?)$) takes quadratic or worse time on the right input, and the
 * CV reader ran such patterns on uploaded text. Every regular expression literal in the reader's
 * files is found here by parsing the source, so a pattern added later is checked too.
 */
const FILES = ['parse-cv.ts', 'lines.ts', 'normalise.ts', 'test-scores.ts', 'pdf.ts', 'pdf-scan.ts'];

function literalPatterns() {
  const found: { where: string; pattern: RegExp }[] = [];
  for (const file of FILES) {
    const path = fileURLToPath(new URL(`./${file}`, import.meta.url));
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText();
        const slash = text.lastIndexOf('/');
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push({ where: `${file}:${line}`, pattern: new RegExp(text.slice(1, slash), text.slice(slash + 1)) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const built = [
  ...Object.entries({ DATE_RE, RANGE_RE, LEADING_DATE_RE, TRAILING_DATE_RE, PRESENT_RE }).map(([name, pattern]) => ({
    where: `lines.ts ${name}`,
    pattern,
  })),
  ...subScorePatterns().map((pattern, i) => ({ where: `test-scores.ts sub-score #${i}`, pattern })),
];
const PATTERNS = [...literalPatterns(), ...built];

/** Runs of one "atom", after a word of the pattern's own (which unlocks its later parts), then a character that makes it fail. */
const ATOMS = [
  'a',
  'A',
  '1',
  '.',
  ' ',
  '-',
  '中',
  '\t',
  '/',
  ':',
  '(',
  ')',
  '@',
  '+',
  '%',
  '\u3000',
  'a.',
  '1.',
  'A ',
  'a ',
  '1 ',
  'Aa ',
  "A'",
  '1/',
  '2021.',
  'of ',
  ' -',
  '- ',
  '|',
  ' |',
  '学',
  'a@',
  '1-',
  '.1',
  'A.',
  '(a',
];
const SUFFIXES = ['', '!'];

function prefixesOf(pattern: RegExp) {
  const words = new Set(['']);
  for (const word of pattern.source.match(/[A-Za-z\u3400-\u9fff]{2,}/g) ?? []) words.add(word);
  for (const letter of pattern.source.match(/(?<!\\)[A-Za-z](?=[^A-Za-z])/g) ?? []) words.add(letter);
  return [...words];
}

/** A global pattern's every match (native, as replace and matchAll walk it), or one exec. */
function timeOf(pattern: RegExp, input: string) {
  const started = performance.now();
  if (pattern.global || pattern.sticky) input.replace(pattern, '');
  else pattern.exec(input);
  return performance.now() - started;
}
/** The best of two runs: a shared machine can pause any single one. */
const bestOf = (pattern: RegExp, input: string) => Math.min(timeOf(pattern, input), timeOf(pattern, input));

function worstInput(pattern: RegExp, length: number, limitMs: number) {
  let worst = { ms: 0, input: '' };
  for (const prefix of prefixesOf(pattern)) {
    for (const atom of ATOMS) {
      const run = atom.repeat(Math.ceil(length / atom.length));
      for (const suffix of SUFFIXES) {
        const input = prefix + run + suffix;
        let ms = timeOf(pattern, input);
        if (ms > limitMs / 4) ms = bestOf(pattern, input);
        if (ms > worst.ms) worst = { ms, input };
        // A quadratic pattern at this length is already slow: stop before a longer one hangs.
        if (ms > limitMs) return worst;
      }
    }
  }
  return worst;
}

const describeInput = (input: string) =>
  JSON.stringify(input.length > 40 ? `${input.slice(0, 20)}…(${input.length})…${input.slice(-8)}` : input);

describe('the CV reader’s patterns run in linear time', () => {
  it('finds the patterns it checks', () => {
    expect(PATTERNS.length).toBeGreaterThan(90);
  });

  it.each(PATTERNS.map(({ where, pattern }) => [where, pattern] as const))('%s', (_where, pattern) => {
    // 1,000 and 20,000 characters with every atom; then the slowest of those at 200,000.
    for (const [length, limitMs] of [
      [1_000, 15],
      [20_000, 40],
    ] as const) {
      const worst = worstInput(pattern, length, limitMs);
      expect(worst.ms, `${length} characters: ${describeInput(worst.input)} took ${worst.ms.toFixed(1)} ms`).toBeLessThan(limitMs);
    }
    const slowest = worstInput(pattern, 20_000, Infinity).input;
    const long = slowest.slice(0, 20) + slowest.slice(20, -1).repeat(10) + slowest.slice(-1);
    const ms = bestOf(pattern, long);
    expect(ms, `${describeInput(long)} took ${ms.toFixed(1)} ms`).toBeLessThan(200);
  });
});

describe('parseCv on adversarial text', () => {
  const lines = (line: string, count: number) => Array.from({ length: count }, () => line).join('\n');
  const CASES: [string, string][] = [
    ['200,000 × a on one line', 'a'.repeat(200_000)],
    ['one 200,000-character line with GPA', `GPA 3.8 ${'a'.repeat(200_000)}`],
    ['digits, dots and dashes', '1.2-'.repeat(50_000)],
    ['an e-mail-like run', `${'a.'.repeat(50_000)}@`],
    ['capitalised words', 'Aa '.repeat(66_000)],
    ['spaces between labels', `GPA${' '.repeat(100_000)}x TOEFL${' '.repeat(90_000)}x`],
    ['phone labels and spaces', `电话${' '.repeat(100_000)}:`],
    ['brackets', '('.repeat(200_000)],
    ['100,000 characters in 4,000-character lines', lines('a'.repeat(3_999), 25)],
    ['a publications section of near-citations', `论文发表\n${lines('Li (2020). ' + 'a. '.repeat(1_300), 25)}`],
    ['a skills section of separators', `技能\n${lines(` ${' '.repeat(3_000)}/`, 30)}`],
    // Issue 24: 申请意向 lines, AP scores and titles.
    ['a targets section of near-programs', `申请意向\n${lines('Target Program: ' + 'in Aa '.repeat(600), 25)}`],
    ['an inline target of 300 characters', lines(`申请意向：${'美国 '.repeat(98)}`, 300)],
    ['AP after AP', lines('AP Aa '.repeat(600), 25)],
    ['an AP list of subjects without scores', lines(`AP成绩：${'Aa Bb '.repeat(600)}`, 25)],
  ];

  it.each(CASES)('%s: read in under 200 ms, and the result fits the contract', (_name, text) => {
    const started = performance.now();
    const result = parseCv(text);
    const elapsed = performance.now() - started;
    expect(() => detectedCvSchema.parse(result)).not.toThrow();
    expect(elapsed).toBeLessThan(200);
  });

  it('a 100,000-character title: no name, in under 200 ms', () => {
    const started = performance.now();
    const result = parseCv('教育背景\n2020.09-2024.06 北京大学 本科', { title: `${'Aa - '.repeat(20_000)}` });
    expect(result.name).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('a line over 4,000 characters with a GPA: read, its source cut to fit (it answered 500)', () => {
    const line = `GPA 3.8/4.0 ${'专业课程很多'.repeat(1_000)}`;
    const result = parseCv(`张三\n教育背景\n2020.09-2024.06 北京大学 本科\n${line}`);
    expect(result.gpa).toMatchObject({ value: 3.8, scale: 4 });
    expect(result.gpa!.source.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
    expect(() => detectedCvSchema.parse(result)).not.toThrow();
  });

  it('never cuts a surrogate pair in half', () => {
    const line = `${'a'.repeat(MAX_LINE_CHARS - 1)}𠮷 GPA 3.5`;
    const result = parseCv(`张三\n${line}\nGPA 3.5 x${'𠮷'.repeat(3_000)}`);
    expect(result.gpa!.source).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
