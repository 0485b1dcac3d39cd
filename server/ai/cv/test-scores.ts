import type { DetectedTest } from '../../../contracts/client-profiles';
import { bounded, sourceOf, trimWith, type Line } from './lines';

type TestType = DetectedTest['type'];
type Range = [number, number];
type Spec = { type: TestType; name: RegExp; total: Range; subs: [key: string, label: string, range: Range][] };

// Labels are alternatives of a regular expression; a one- or two-letter label must stand alone (R 28, Q49).
const letter = (value: string) => `(?<![A-Za-z])(?:${value})(?![A-Za-z])`;

/**
 * The tests of issue 10, with their score ranges: a number outside a range is not that score
 * (a year, a percentile, a date). Sub-score keys are the tests' own abbreviations.
 */
const SPECS: Spec[] = [
  {
    type: 'TOEFL',
    name: /TOEFL(?:\s*iBT)?|托福/i,
    total: [0, 120],
    subs: [
      ['R', `reading|阅读|${letter('R')}`, [0, 30]],
      ['L', `listening|听力|${letter('L')}`, [0, 30]],
      ['S', `speaking|口语|${letter('S')}`, [0, 30]],
      ['W', `writing|写作|${letter('W')}`, [0, 30]],
    ],
  },
  {
    type: 'IELTS',
    name: /IELTS|雅思/i,
    total: [0, 9],
    subs: [
      ['L', `listening|听力|${letter('L')}`, [0, 9]],
      ['R', `reading|阅读|${letter('R')}`, [0, 9]],
      ['W', `writing|写作|${letter('W')}`, [0, 9]],
      ['S', `speaking|口语|${letter('S')}`, [0, 9]],
    ],
  },
  {
    type: 'GRE',
    name: /(?<![A-Za-z])GRE(?![A-Za-z])/,
    total: [260, 340],
    subs: [
      ['V', `verbal(?: reasoning)?|语文|${letter('VR?')}`, [130, 170]],
      ['Q', `quant(?:itative)?(?: reasoning)?|数学|${letter('QR?')}`, [130, 170]],
      ['AW', `analytical writing|写作|${letter('AWA?')}`, [0, 6]],
    ],
  },
  {
    type: 'GMAT',
    name: /(?<![A-Za-z])GMAT(?:\s*Focus)?(?![A-Za-z])/i,
    total: [200, 805],
    subs: [
      ['Q', `quant(?:itative)?|数学|${letter('Q')}`, [6, 90]],
      ['V', `verbal|语文|${letter('V')}`, [6, 90]],
      ['IR', `integrated reasoning|${letter('IR')}`, [1, 8]],
      ['AWA', `analytical writing|写作|${letter('AWA?')}`, [0, 6]],
      ['DI', `data insights|${letter('DI')}`, [60, 90]],
    ],
  },
  {
    type: 'SAT',
    name: /(?<![A-Za-z])SAT(?![A-Za-z])/,
    total: [400, 1600],
    subs: [
      [
        'EBRW',
        `evidence-based reading and writing|reading and writing|reading & writing|阅读与写作|阅读和写作|阅读写作|读写|${letter('E?RW|EBRW|R&W')}`,
        [200, 800],
      ],
      ['Math', `math(?:ematics)?|数学|${letter('M')}`, [200, 800]],
    ],
  },
  {
    type: 'ACT',
    name: /(?<![A-Za-z])ACT(?![A-Za-z])/,
    total: [1, 36],
    subs: [
      ['English', `english|英语|${letter('E')}`, [1, 36]],
      ['Math', `math(?:ematics)?|数学|${letter('M')}`, [1, 36]],
      ['Reading', `reading|阅读|${letter('R')}`, [1, 36]],
      ['Science', `science|科学|${letter('S')}`, [1, 36]],
      ['Writing', `writing|写作|${letter('W')}`, [2, 12]],
    ],
  },
  {
    type: 'Duolingo',
    name: /Duolingo|多邻国|(?<![A-Za-z])DET(?![A-Za-z])/,
    total: [10, 160],
    subs: [
      ['Literacy', 'literacy|读写', [10, 160]],
      ['Comprehension', 'comprehension|理解', [10, 160]],
      ['Conversation', 'conversation|对话', [10, 160]],
      ['Production', 'production|表达|输出', [10, 160]],
    ],
  },
];

const NUMBER = '(\\d{1,4}(?:\\.\\d{1,2})?)';
// `\s*(?:[:=]\s*)?`, not `\s*[:=]?\s*`: two stars in a row split a run of spaces every possible way.
const subRes = new Map(
  SPECS.flatMap((spec) =>
    spec.subs.map(([key, label]) => [`${spec.type}.${key}`, new RegExp(`(?:${label})\\s*(?:[:=]\\s*)?${NUMBER}(?![\\d.]*\\d)`, 'i')]),
  ),
);
/** Every sub-score pattern, for the linear-time test. */
export const subScorePatterns = () => [...subRes.values()];
const inRange = (value: number, [min, max]: Range) => Number.isFinite(value) && value >= min && value <= max;

type Found = { spec: Spec; total?: number; sub: Record<string, number>; subSpans: [number, number][] };

function subScores(spec: Spec, segment: string): Pick<Found, 'sub' | 'subSpans'> {
  const sub: Record<string, number> = {};
  const subSpans: [number, number][] = [];
  for (const [key, , range] of spec.subs) {
    const match = subRes.get(`${spec.type}.${key}`)!.exec(segment);
    if (!match) continue;
    const value = Number(match[1]);
    if (!inRange(value, range)) continue;
    sub[key] = value;
    subSpans.push([match.index, match.index + match[0].length]);
  }
  return { sub, subSpans };
}

/** The total: the first number in range after the test's name that is not a sub-score, a date or a year. */
function totalOf(spec: Spec, segment: string, subSpans: [number, number][]): number | undefined {
  const firstSub = Math.min(...subSpans.map(([start]) => start), segment.length);
  const numbers = /(?<![\d.])(\d{1,4}(?:\.\d{1,2})?)(?![\d])/g;
  for (let match = numbers.exec(segment); match && match.index < firstSub; match = numbers.exec(segment)) {
    const after = segment.slice(match.index + match[0].length);
    // A date (2023.10, 2023-10, 2023年) or a percentile (前 1%) is no score.
    if (/^\s*(?:[./-]\d|年|月|%)/.test(after) || /^(?:19|20)\d{2}$/.test(match[1])) continue;
    const value = Number(match[1]);
    if (inRange(value, spec.total)) return value;
  }
  return undefined;
}

/**
 * Test scores anywhere in the CV: a test's name, then its total and sub-scores up to the next
 * test named on the line. Sub-scores may sit on the next line ("雅思 7.0" / "听力 7.5 阅读 8.0 …").
 * One result per test: the mention with the most numbers.
 */
export function findTests(lines: Line[]): DetectedTest[] {
  const best = new Map<TestType, DetectedTest & { weight: number }>();
  lines.forEach((line, position) => {
    const mentions = SPECS.map((spec) => ({ spec, at: spec.name.exec(line.text) }))
      .filter((mention): mention is { spec: Spec; at: RegExpExecArray } => !!mention.at)
      .sort((a, b) => a.at.index - b.at.index);
    mentions.forEach(({ spec, at }, i) => {
      const end = i + 1 < mentions.length ? mentions[i + 1].at.index : line.text.length;
      const segment = line.text.slice(at.index + at[0].length, end);
      const own = subScores(spec, segment);
      const total = totalOf(spec, segment, own.subSpans);
      let sub = own.sub;
      const used = [line];
      const next = lines[position + 1];
      if (Object.keys(sub).length === 0 && next && mentions.length === 1 && !SPECS.some((other) => other.name.test(next.text))) {
        const below = subScores(spec, next.text);
        if (Object.keys(below.sub).length >= 2) {
          sub = below.sub;
          used.push(next);
        }
      }
      if (total === undefined && Object.keys(sub).length === 0) return;
      const weight = (total === undefined ? 0 : 1) + Object.keys(sub).length;
      const previous = best.get(spec.type);
      if (previous && previous.weight >= weight) return;
      best.set(spec.type, { type: spec.type, ...(total === undefined ? {} : { total }), sub, source: sourceOf(used), weight });
    });
  });
  const tests = SPECS.flatMap((spec) => {
    const found = best.get(spec.type);
    if (!found) return [];
    const { weight: _weight, ...test } = found;
    return [test];
  });
  const ap = apScores(lines);
  return ap ? [...tests, ap] : tests;
}

// ── AP ─────────────────────────────────────────────────────────────────────────────────────────

/** "AP Calculus BC: 5", "AP® Chemistry (4)", "AP 微积分BC 5分": the subject's words are delimited, so the lazy count never rescans. */
const AP_ITEM =
  /(?<![A-Za-z])AP(?![A-Za-z])\s?®?\s?([A-Za-z\u3400-\u9fff][A-Za-z\u3400-\u9fff.&:/]*(?:\s[A-Za-z\u3400-\u9fff.&:/]+){0,6}?)\s?(?:[:=(-]\s?)?([1-5])(?![\d.])/g;
/** "AP成绩：微积分BC 5，化学 4" / "AP Scores: Calculus BC (5), Statistics (5)": a labelled list. */
const AP_LIST = /^AP\s?(?:成绩|考试|scores?|exams?)?\s?:\s?(.+)$/i;
const AP_LIST_ITEM =
  /^([A-Za-z\u3400-\u9fff][A-Za-z\u3400-\u9fff.&:/]*(?:\s[A-Za-z\u3400-\u9fff.&:/]+){0,6}?)\s?(?:[:=(-]\s?)?([1-5])\)?(?:\s?分)?$/;

/** The AP subjects and their scores, all lines together: one AP entry whose sub-scores are the subjects. */
function apScores(lines: Line[]): DetectedTest | null {
  const sub: Record<string, number> = {};
  const used: Line[] = [];
  const add = (line: Line, subject: string, score: string) => {
    const name = bounded(trimWith(subject, ':.-/&'), 20);
    if (!name || name in sub || Object.keys(sub).length >= 30) return;
    sub[name] = Number(score);
    if (!used.includes(line)) used.push(line);
  };
  for (const line of lines) {
    if (!/(?<![A-Za-z])AP(?![A-Za-z])/.test(line.text)) continue;
    const list = AP_LIST.exec(line.text);
    if (list) {
      const offset = line.text.length - list[1].length;
      for (const part of line.text.slice(offset).split(/[,，、;；]/)) {
        const item = AP_LIST_ITEM.exec(part.trim().replace(/\s+/g, ' '));
        if (item) add(line, item[1], item[2]);
      }
      continue;
    }
    // The folded subject: full-width letters read as ASCII ones.
    for (const match of line.text.matchAll(AP_ITEM)) add(line, match[1], match[2]);
  }
  return used.length ? { type: 'AP', sub, source: sourceOf(used) } : null;
}
