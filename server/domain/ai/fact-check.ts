import type { FactKind, UnsupportedFact } from '../../../contracts/fact-check-constants';
import type { Database } from '../../../db/client';
import { getProfile } from '../archives/profiles';
import { runSliced, runToEnd, type Steps } from '../../ai/time-slice';

/**
 * Fact check (issue 13, ADR 0030): names and figures in a generated text that neither the
 * student's archive nor the page's form contains, so a consultant never sends an invented fact by
 * accident. Deterministic patterns, no model: it must not invent findings either. It flags what
 * it cannot find; a fact worded differently from the archive is shown for the consultant to judge.
 *
 * Every pattern is linear in the text (issue 22, ADR 0034): whitespace is matched by one quantifier
 * only, a word of a name is at most LONGEST_WORD + 1 characters (so a match tried at each letter of
 * a 20,000-letter "word" costs a bounded amount, not the rest of the word), and the check runs in
 * slices (time-slice.ts) so a 20,000-character text never holds the event loop.
 */

/** A word of a name (Award, University, Inc. names) has at most this many characters after its capital. */
const LONGEST_WORD = 40;

/** Order matters: an earlier kind claims its span, later kinds skip it (a score is not a number too). */
const PATTERNS: Array<{ kind: FactKind; re: RegExp }> = [
  {
    kind: 'score',
    re: /(?:GPA|IELTS|TOEFL|GRE|GMAT|SAT|ACT|雅思|托福|均分|绩点)(?:\s*(?:of|为|:|：))?\s*\d+(?:\.\d+)?(?:\s*\/\s*\d+(?:\.\d+)?)?/giu,
  },
  {
    kind: 'award',
    re: new RegExp(
      `(?:[A-Z][\\w'’-]{0,${LONGEST_WORD}}[ \\t]+){0,6}(?:Award|Prize|Scholarship|Medal|Fellowship)\\b|[\\p{Script=Han}\\d]{2,20}?(?:奖学金|特等奖|一等奖|二等奖|三等奖|金奖|银奖|铜奖|优秀奖)`,
      'gu',
    ),
  },
  {
    kind: 'school',
    re: new RegExp(
      `University of(?:[ \\t]+(?!(?:The|And|In|At|For|I)\\b)[A-Z][\\w'’&-]*)+|(?:[A-Z][\\w'’&.-]{0,${LONGEST_WORD}}[ \\t]+){1,5}(?:University|College|Institute of Technology)\\b|[\\p{Script=Han}]{2,12}(?:大学|学院)`,
      'gu',
    ),
  },
  {
    kind: 'organisation',
    re: new RegExp(
      `(?:[A-Z][\\w'’&.-]{0,${LONGEST_WORD}}[ \\t]+){1,5}(?:Inc\\.?|Ltd\\.?|Corporation|Company|Group|Laboratory|Lab|Bank|Institute)\\b|[\\p{Script=Han}]{2,12}(?:公司|集团|研究院|研究所|实验室|银行)`,
      'gu',
    ),
  },
  { kind: 'title', re: /《[^》\n]{1,80}》/gu },
  {
    kind: 'date',
    re: /\b(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:tember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?\s+(?:19|20)\d{2}\b|(?:19|20)\d{2}\s*年(?:\s*\d{1,2}\s*月)?|(?<![\d.])(?:19|20)\d{2}(?!\d|\.\d)/gu,
  },
  { kind: 'number', re: /(?<![\w.])\d+(?:[.,]\d+)*\s*%?(?!\w|\.\d)/gu },
];

/** The consultant's own blanks (【请补充：…】) are not facts: their spans, as /【请补充[^】]*】/g finds them, in one pass. */
function blanksOf(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let at = text.indexOf('【请补充'); at >= 0;) {
    const close = text.indexOf('】', at + 4);
    // No closing bracket after this one: none after any later one either.
    if (close < 0) break;
    out.push([at, close + 1]);
    at = text.indexOf('【请补充', close + 1);
  }
  return out;
}

/** Chinese names have no spaces: the pattern takes the words before a name too ("并在清华大学"). */
const LEAD_WORDS = /^(?:我们|我|他|她|曾经|曾|获得了|获得|荣获|获|并在|并|在|于|和|与|以及|及|担任|加入|进入|的|了|是|为|被|将)+/u;
const normal = (s: string) => s.toLowerCase().replace(/[\s,，]+/g, ' ').trim();
const numbersIn = (s: string) => s.match(/\d+(?:\.\d+)?/g) ?? [];

/** Every string and number in a value (an archive's data), one per line. */
export function knownTextOf(...values: unknown[]): string {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string' || typeof v === 'number') out.push(String(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  values.forEach(walk);
  return out.join('\n');
}

/** `known` prepared once per check: its normal form and its numbers. */
function knownFacts(known: string) {
  return { text: normal(known), numbers: new Set(numbersIn(known.replace(/(\d),(\d)/g, '$1$2')).map((n) => String(Number(n)))) };
}

function supported(kind: FactKind, fact: string, known: { text: string; numbers: Set<string> }): boolean {
  if (known.text.includes(normal(fact))) return true;
  const knownNumbers = known.numbers;
  // Figures are known by their numbers ("GPA 3.9/4.0" when the archive has 3.9 and 4.0).
  if (kind === 'score' || kind === 'number' || kind === 'date') {
    const numbers = numbersIn(fact.replace(/,/g, ''));
    return numbers.length > 0 && numbers.every((n) => knownNumbers.has(String(Number(n))));
  }
  return false;
}

/** The facts in `text` that `known` does not contain, each once, in the order they appear. */
export function findUnsupported(text: string, known: string): UnsupportedFact[] {
  return runToEnd(findUnsupportedSteps(text, known));
}

/** `findUnsupported` in slices (time-slice.ts): what the API runs. */
export function findUnsupportedAsync(text: string, known: string, options: { signal?: AbortSignal } = {}): Promise<UnsupportedFact[]> {
  return runSliced(findUnsupportedSteps(text, known), options);
}

/** `findUnsupported` as steps: it pauses between matches. */
export function* findUnsupportedSteps(text: string, knownText: string): Steps<UnsupportedFact[]> {
  const known = knownFacts(knownText);
  yield;
  const taken: boolean[] = new Array<boolean>(text.length).fill(false);
  for (const [start, end] of blanksOf(text)) taken.fill(true, start, end);
  const found: Array<UnsupportedFact & { at: number }> = [];
  const seen = new Set<string>();
  // A fact's support depends only on its kind and text: checked once however often it recurs.
  const checked = new Map<string, boolean>();
  for (const { kind, re } of PATTERNS) {
    for (const m of text.matchAll(re)) {
      yield;
      const raw = m[0];
      const fact = /^\p{Script=Han}/u.test(raw) ? raw.trim().replace(LEAD_WORDS, '') : raw.trim();
      const start = m.index + raw.indexOf(fact);
      const end = start + fact.length;
      if (!fact || taken.slice(start, end).some(Boolean)) continue;
      taken.fill(true, start, end);
      // Single digits ("3 years", list numbers) say too little to check.
      if (kind === 'number' && fact.replace(/\D/g, '').length < 2) continue;
      const checkKey = `${kind}\u0000${fact}`;
      let isSupported = checked.get(checkKey);
      if (isSupported === undefined) checked.set(checkKey, (isSupported = supported(kind, fact, known)));
      if (isSupported) continue;
      const key = `${kind}:${normal(fact)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ text: fact, kind, at: start });
    }
  }
  return found.sort((a, b) => a.at - b.at).map(({ text: t, kind }) => ({ text: t, kind }));
}

/** The check for one of the caller's students (owner-scoped: someone else's is a 404). */
export async function factCheck(db: Database, userId: string, input: { text: string; clientProfileId?: string; context: string[] }) {
  const profile = input.clientProfileId ? await getProfile(db, userId, input.clientProfileId) : null;
  const known = knownTextOf(profile?.name, profile?.data, profile?.cvText, input.context);
  return { unsupported: await findUnsupportedAsync(input.text, known) };
}
