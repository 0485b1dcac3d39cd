import { thirdPersonOf } from './agreement';
import type { GrammarLint } from './engine';

/**
 * Tense errors Harper misses (ADR 0041, addendum on tense): a frame that puts the sentence in the
 * past, then a personal pronoun and a listed verb in its present or base form. Only where the past
 * is certain:
 *
 * - a past cleft whose focus is an adverbial of time or place: "It was there (that) I realise",
 *   "It was in 2021 that she decide", "It was at that moment he tells" (not "It was clear that…",
 *   and no focus ending in a noun with "the" or "my", which a relative clause could follow: "It was
 *   in a city that I love");
 * - a sentence opened by yesterday, last + time noun, or "… ago": "Last year I realise";
 * - a sentence opened by a when/while clause in the past, then the same pronoun: "When I was ten, I
 *   realise".
 *
 * Never flagged: a verb followed by now / today / a comma ("Last year, I realise, was…"; "I realise
 * now that…"), verbs that comment from the present (think, know, remember, feel, believe, hope,
 * mean, see…: they are in no table here), be / have / do and modals, present truths after a past
 * verb ("I learned that water boils": only the first verb after the frame is looked at), anything
 * in another sentence, sentences with quotation marks, a present frame ("It is there that…").
 *
 * One linear pass over the words; nothing here backtracks.
 */

/** Irregular verbs: base form → past. Verbs whose past is the base (read, put, cut) are left out. */
const IRREGULAR: Record<string, string> = {
  arise: 'arose',
  become: 'became',
  begin: 'began',
  break: 'broke',
  bring: 'brought',
  build: 'built',
  buy: 'bought',
  catch: 'caught',
  choose: 'chose',
  come: 'came',
  draw: 'drew',
  drive: 'drove',
  eat: 'ate',
  fall: 'fell',
  fight: 'fought',
  find: 'found',
  fly: 'flew',
  forget: 'forgot',
  forgive: 'forgave',
  get: 'got',
  give: 'gave',
  go: 'went',
  grow: 'grew',
  hold: 'held',
  keep: 'kept',
  lead: 'led',
  leave: 'left',
  lose: 'lost',
  make: 'made',
  meet: 'met',
  overcome: 'overcame',
  pay: 'paid',
  ride: 'rode',
  run: 'ran',
  sell: 'sold',
  send: 'sent',
  sing: 'sang',
  sit: 'sat',
  sleep: 'slept',
  speak: 'spoke',
  spend: 'spent',
  stand: 'stood',
  swim: 'swam',
  take: 'took',
  teach: 'taught',
  tell: 'told',
  throw: 'threw',
  undergo: 'underwent',
  understand: 'understood',
  undertake: 'undertook',
  wake: 'woke',
  win: 'won',
  write: 'wrote',
};

/** Regular verbs learners narrate with; en-GB and en-US spellings both (realise, realize). */
const REGULAR = new Set(
  'realise realize recognise recognize organise organize analyse analyze decide start want need try learn discover notice join study work move apply help love like enjoy finish receive complete participate change create develop explore attend volunteer visit watch play face fail manage prepare return graduate improve practise practice focus launch publish design encounter struggle compete open ask answer call talk walk live stay arrive look listen worry cry admire miss pass collect test solve tutor interview introduce announce encourage inspire invite reach travel cancel label model signal stop plan drop step submit commit transfer control'.split(
    ' ',
  ),
);
/** Doubling the last consonant in both spellings (stopped, submitted, controlled). */
const DOUBLED = new Set('stop plan drop step submit commit transfer control'.split(' '));
/** Doubling the l in British spelling only (travelled / traveled). */
const DOUBLED_L_GB = new Set('travel cancel label model signal'.split(' '));
/** A word only British spelling uses: the sentence then gets "travelled", otherwise "traveled". */
const BRITISH =
  /(?:realis|recognis|organis|apologis|emphasis|specialis|prioritis|summaris|analys|utilis|colour|favour|behaviour|honour|labour|neighbour|centre|programme|travell|modell|cancell|labell)/i;

/** The past form of a listed verb in its base form, spelt for the dialect of `text`. */
export function pastOf(base: string, text = ''): string {
  const irregular = IRREGULAR[base];
  if (irregular) return irregular;
  if (DOUBLED.has(base)) return `${base}${base.at(-1)}ed`;
  if (DOUBLED_L_GB.has(base)) return BRITISH.test(text) ? `${base}led` : `${base}ed`;
  if (base.endsWith('e')) return `${base}d`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ied`;
  return `${base}ed`;
}

/** Present and base forms of every listed verb → its base. */
const BASES = new Map<string, string>();
for (const base of [...Object.keys(IRREGULAR), ...REGULAR]) {
  BASES.set(base, base);
  BASES.set(thirdPersonOf(base), base);
}
/** Past forms that show a when/while clause is in the past ("When I was ten", "When I arrived"). */
const PAST_FORMS = new Set(['was', 'were', 'had', 'did', ...[...BASES.values()].map((b) => pastOf(b)), 'travelled', 'learnt']);

const PRONOUNS = new Set(['i', 'we', 'he', 'she', 'they']);
const ADVERBS = new Set(
  'also first finally suddenly really actually just soon immediately gradually eventually slowly quickly truly deeply always never often even only once then'.split(
    ' ',
  ),
);
const TIME_NOUNS = new Set(
  'year years month months week weeks day days summer winter spring autumn semester term night morning evening afternoon weekend moment time point instant'.split(
    ' ',
  ),
);
/** "Last time I check" is an idiom that may look forward ("the last time I go there"). */
const NOT_AFTER_LAST = new Set(['time', 'moment', 'point', 'instant']);
const NUMBERS = new Set('a an one two three four five six seven eight nine ten eleven twelve few several many couple of'.split(' '));
const PREPOSITIONS = new Set(['in', 'at', 'on', 'during', 'around', 'by', 'after', 'before', 'until', 'till']);
const MONTHS = new Set('January February March April May June July August September October November December'.split(' '));
const PRESENT_NOW = new Set(['now', 'today', 'nowadays']);

type Word = {
  text: string;
  lower: string;
  start: number;
  end: number;
  sentence: number;
  /** Nothing but spaces between this word and the one before (same sentence). */
  joined: boolean;
  /** A comma, and nothing that ends the sentence, before this word. */
  comma: boolean;
};

function wordsOf(text: string): { words: Word[]; quoted: Set<number> } {
  const words: Word[] = [];
  const quoted = new Set<number>();
  let last = 0;
  let sentence = 0;
  const note = (between: string) => {
    const ends = /[.!?;]/.test(between);
    if (/["“”]/.test(between)) {
      quoted.add(sentence);
      if (ends) quoted.add(sentence + 1);
    }
    if (ends) sentence++;
    return ends;
  };
  for (const m of text.matchAll(/[A-Za-z]+(?:['’][A-Za-z]+)?|\d+/g)) {
    const between = text.slice(last, m.index);
    const ends = note(between);
    words.push({
      text: m[0],
      lower: m[0].toLowerCase(),
      start: m.index,
      end: m.index + m[0].length,
      sentence,
      joined: words.length > 0 && !ends && /^\s*$/.test(between),
      comma: !ends && /^\s*,\s*$/.test(between),
    });
    last = m.index + m[0].length;
  }
  note(text.slice(last));
  return { words, quoted };
}

const isNumber = (w: Word | undefined) => !!w && (/^\d+$/.test(w.text) || NUMBERS.has(w.lower));
const isYear = (w: Word | undefined) => !!w && /^(?:19|20)\d\d$/.test(w.text);

/** The index after "two years ago" / "a few months ago" starting at i, or -1. */
function agoAt(words: Word[], i: number): number {
  let sawNoun = false;
  for (let k = i; k < i + 5 && k < words.length; k++) {
    const w = words[k]!;
    if (k > i && !w.joined) return -1;
    if (w.lower === 'ago') return sawNoun ? k + 1 : -1;
    if (TIME_NOUNS.has(w.lower)) sawNoun = true;
    else if (!isNumber(w)) return -1;
  }
  return -1;
}

/**
 * The index after a cleft's focus starting at i, or -1: there / then / here, "that summer",
 * "last year", "two years ago", or a preposition with a year, a number (an age), a month, "that"
 * + time noun, "the age of" + number.
 */
function focusAt(words: Word[], i: number): number {
  const w = words[i];
  const at = (k: number) => (words[k]?.joined ? words[k] : undefined);
  if (!w) return -1;
  if (w.lower === 'there' || w.lower === 'then' || w.lower === 'here' || w.lower === 'yesterday') return i + 1;
  if ((w.lower === 'that' || w.lower === 'last') && TIME_NOUNS.has(at(i + 1)?.lower ?? '')) return i + 2;
  const ago = agoAt(words, i);
  if (ago > 0) return ago;
  const p = w.lower === 'not' && at(i + 1)?.lower === 'until' ? i + 1 : i;
  if (!PREPOSITIONS.has(words[p]!.lower)) return -1;
  const o = at(p + 1);
  if (!o) return -1;
  if (isYear(o) || /^\d+$/.test(o.text)) return p + 2;
  if (MONTHS.has(o.text)) return isYear(at(p + 2)) ? p + 3 : p + 2;
  if (o.lower === 'that' && TIME_NOUNS.has(at(p + 2)?.lower ?? '')) return p + 3;
  if (o.lower === 'the' && at(p + 2)?.lower === 'age' && at(p + 3)?.lower === 'of' && isNumber(at(p + 4))) return p + 5;
  return -1;
}

/** The index after a sentence-opening past time (yesterday, last year, two years ago), or -1. */
function openerAt(words: Word[], i: number): number {
  const w = words[i]!;
  if (w.lower === 'yesterday') return i + 1;
  const next = words[i + 1];
  if (w.lower === 'last' && next?.joined && TIME_NOUNS.has(next.lower) && !NOT_AFTER_LAST.has(next.lower)) return i + 2;
  return agoAt(words, i);
}

/** The index after a "When I was ten," clause opening the sentence, with its pronoun, or null. */
function whenClauseAt(words: Word[], i: number): { next: number; pronoun: string } | null {
  const w = words[i]!;
  const pronoun = words[i + 1];
  if ((w.lower !== 'when' && w.lower !== 'while') || !pronoun?.joined || !PRONOUNS.has(pronoun.lower)) return null;
  const verb = words[i + 2] && ADVERBS.has(words[i + 2]!.lower) ? words[i + 3] : words[i + 2];
  if (!verb?.joined || !PAST_FORMS.has(verb.lower)) return null;
  for (let k = i + 2; k < i + 16 && k < words.length; k++) {
    const word = words[k]!;
    if (word.comma) return { next: k, pronoun: pronoun.lower };
    if (!word.joined) return null;
  }
  return null;
}

/** The finding for a present verb after `subject` (index), or null when the reading is not certain. */
function verbAfter(words: Word[], subject: number, frame: string, text: string, cleft: boolean): GrammarLint | null {
  let k = subject + 1;
  if (words[k]?.joined && ADVERBS.has(words[k]!.lower)) k++;
  const verb = words[k];
  if (!verb?.joined || verb.text !== verb.lower) return null;
  const base = BASES.get(verb.lower);
  if (!base) return null;
  // "I realise, now…", "I realise now that…", "I realise in hindsight": the present comments on the past, rightly.
  const after = words[k + 1];
  if (after?.sentence === verb.sentence && (!after.joined || PRESENT_NOW.has(after.lower))) return null;
  if (after?.lower === 'in' && words[k + 2]?.lower === 'hindsight') return null;
  const past = pastOf(base, text);
  return {
    start: verb.start,
    end: verb.end,
    kind: 'Tense',
    message: `Tense: ${cleft ? 'the past cleft' : 'the past time'} "${frame}" puts this verb in the past: ${past}.`,
    problem: verb.text,
    suggestions: [{ kind: 0, text: past }],
  };
}

/** The tense errors of `text` that the rules above are certain of. */
export function tenseErrors(text: string): GrammarLint[] {
  const { words, quoted } = wordsOf(text);
  const out: GrammarLint[] = [];
  const frameOf = (from: number, to: number) => text.slice(words[from]!.start, words[to - 1]!.end);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (quoted.has(w.sentence)) continue;
    const opensSentence = i === 0 || words[i - 1]!.sentence !== w.sentence;
    const opensClause = opensSentence || w.comma || (w.joined && ['and', 'but', 'so'].includes(words[i - 1]!.lower));
    let found: GrammarLint | null = null;
    // It was <focus> (that) I realise
    if (w.lower === 'it' && opensClause && words[i + 1]?.joined && words[i + 1]!.lower === 'was') {
      const from = words[i + 2]?.lower === 'only' ? i + 3 : i + 2;
      const focus = words[from]?.joined ? focusAt(words, from) : -1;
      if (focus < 0) continue;
      const s = words[focus]?.joined && words[focus]!.lower === 'that' ? focus + 1 : focus;
      if (words[s]?.joined && PRONOUNS.has(words[s]!.lower)) found = verbAfter(words, s, frameOf(i, focus), text, true);
    } else if (opensSentence) {
      // Last year (,) I realise / When I was ten, I realise
      const opener = openerAt(words, i);
      const subject = words[opener];
      if (opener > 0 && subject && (subject.joined || subject.comma) && PRONOUNS.has(subject.lower)) {
        found = verbAfter(words, opener, frameOf(i, opener), text, false);
      } else {
        const clause = whenClauseAt(words, i);
        if (clause && words[clause.next]!.lower === clause.pronoun)
          found = verbAfter(words, clause.next, frameOf(i, clause.next), text, false);
      }
    }
    if (found) out.push(found);
  }
  return out;
}
