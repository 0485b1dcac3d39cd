import { ALIAS_GROUPS, WORD_EQUIVALENTS } from './fact-aliases';
import { runToEnd, type Steps } from '../../ai/time-slice';
import { dictionaryEquivalents } from './fact-dictionary';
import { pinyinRunEnd, readingsOf } from './pinyin';

/**
 * Alignment of leftovers for the fact check (issue 24, ADR 0042 addendum "alignment"). After the
 * table, word-by-word and pinyin matching, an English name the archive's Chinese entries did not
 * support may still be the official English name of one of them (HiSilicon for 华为海思, Hejun
 * Consulting for 和君咨询). Such a name is paired, one to one, with an archive entry that nothing in
 * the text has claimed yet, when the two are of the same kind (school, contest or award,
 * publication, other body) and there is evidence: some of the name's words are on the entry's line
 * (by pinyin of some of its characters, by initials, by a translated word), or the name's clause
 * states a date of that entry and of no other unclaimed one. Each archive line supports at most one
 * name, and an entry paired by its dates alone at most one: an invented name beside the real one
 * finds nothing left and stays flagged.
 *
 * Deterministic and bounded: names × unclaimed lines, each compared over at most LINE_MAX characters.
 */

/** What a name names, by its head word or its Chinese end: only like kinds are paired. */
export type AlignKind = 'school' | 'contest' | 'publication' | 'any';

/** An unsupported English name of the text, with the dates its clause states. */
export type AlignName = {
  id: number;
  text: string;
  yearMonths: Set<string>;
  years: Set<string>;
  /** Whether its clause's dates may pair it (a body's name, not a venue's or an award's). */
  byDates: boolean;
};

/** An archive line nothing in the text claimed, with its entry (the lines of one archive record). */
export type AlignLine = { index: number; raw: string; entry: number };

/** An entry of the archive: its dates, and whether a line of it already supports the text. */
export type AlignEntry = { yearMonths: Set<string>; years: Set<string>; claimed: boolean };

/** Longer lines are descriptions or a CV's paragraphs, not names. */
const LINE_MAX = 40;
/** A student's archive has far fewer short lines, and a text far fewer unknown names: the pairing stays bounded (names × lines). */
const MAX_LINES = 200;
const MAX_NAMES = 200;
/** Words of a name's form, not its identity (Atelier, Office): not counted either way. */
const FILLER = new Set([
  ...['of', 'the', 'and', 'in', 'at', 'for', 'on', 'co', 'ltd', 'inc', 'limited', 'a', 'an', 's'],
  ...['atelier', 'studio', 'studios', 'office', 'architects', 'workshop'],
]);

const EN_HEADS: Array<[AlignKind, Set<string>]> = [
  ['school', new Set(['university', 'college', 'school'])],
  [
    'contest',
    new Set([
      'competition',
      'contest',
      'olympiad',
      'challenge',
      'cup',
      'tournament',
      'championship',
      'hackathon',
      'award',
      'awards',
      'prize',
      'scholarship',
      'medal',
      'fellowship',
      'list',
    ]),
  ],
  [
    'publication',
    new Set(['journal', 'bulletin', 'review', 'transactions', 'proceedings', 'magazine', 'weekly', 'daily', 'news', 'times']),
  ],
];
/** Chinese ends of the same kinds; a contest's level (国家一等奖) is cut first. */
const ZH_HEADS: Array<[AlignKind, RegExp]> = [
  ['school', /(?:大学|学院|中学|高中|附中|学校)$/u],
  // Any …赛 is a contest (天梯赛, 邀请赛).
  ['contest', /(?:赛|杯|奥林匹克|奖学金|奖|称号|荣誉)$/u],
  ['publication', /(?:学报|杂志|期刊|周刊|日报|晚报|新闻|》)$/u],
];
const ZH_LEVEL_TAIL =
  /(?:(?:全国|国家|国际|省|市|校|区域|赛区)级?)?(?:特等奖|一等奖|二等奖|三等奖|金奖|银奖|铜奖|金牌|银牌|铜牌|优秀奖|冠军|亚军|季军)$/u;

export function kindOfEnglish(name: string): AlignKind {
  const words = name.toLowerCase().split(/[^a-z]+/);
  const head = words.filter(Boolean).pop() ?? '';
  for (const [kind, heads] of EN_HEADS) if (heads.has(head)) return kind;
  return 'any';
}

export function kindOfChinese(line: string): AlignKind {
  const bare = line
    .replace(/[（(][^（）()]{0,20}[）)]/gu, '')
    .replace(/[，,].{0,30}$/u, '')
    .trim()
    .replace(ZH_LEVEL_TAIL, '');
  for (const [kind, re] of ZH_HEADS) if (re.test(bare)) return kind;
  return 'any';
}

const compatible = (a: AlignKind, b: AlignKind) => a === 'any' || b === 'any' || a === b;

/** Latin words that are names of places (Shanghai, Hong Kong): weak evidence on their own. */
const PLACE_WORDS = new Set(
  ALIAS_GROUPS.filter((g) => g.kind === 'place').flatMap((g) =>
    g.names.flatMap((n) =>
      n
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter(Boolean),
    ),
  ),
);

/** Whether `acronym` (lower case) is the pinyin initials of consecutive characters of `han`. */
function pinyinInitials(acronym: string, han: string[]): boolean {
  for (let at = 0; at + acronym.length <= han.length; at++) {
    let k = 0;
    while (k < acronym.length && readingsOf(han[at + k]!).some((r) => r[0] === acronym[k])) k++;
    if (k === acronym.length) return true;
  }
  return false;
}

/** How many characters of `han` from `at` spell `latin` in pinyin, one reading each (0: none). */
function pinyinRun(han: string[], latin: string): number {
  for (let at = 0; at < han.length; at++) {
    const end = pinyinRunEnd(han, latin, at);
    if (end >= 0) return end - at;
  }
  return 0;
}

/** Evidence of a name on a line: its score, and the share of the line's characters it explains. */
export type Evidence = { score: number; coverage: number };

/**
 * How much of `name` the line `raw` bears out: 2 for a distinctive word (its Latin word, pinyin of
 * two or more of its characters, four or more initials), 1 for a translated word or a place. Null
 * when too little: no distinctive word and fewer than half of the name's words (or than two).
 */
export function wordEvidence(name: string, raw: string): Evidence | null {
  return evidenceOn(wordsOf(name), prepare(raw), CORPORATE.test(name));
}

/** A firm's suffix (GEM Co., ABC Ltd.): with it, three capitals are initials enough. */
const CORPORATE = /\b(?:Co|Ltd|Inc|Corp)\b\.?$/;

/** A line as the evidence reads it, prepared once per check. */
type Prepared = { han: string[]; hanText: string; latin: Set<string>; kind: AlignKind };
function prepare(raw: string): Prepared {
  const line = raw.normalize('NFKC');
  const han = Array.from(line).filter((c) => /\p{Script=Han}/u.test(c));
  return { han, hanText: han.join(''), latin: new Set(line.toLowerCase().match(/[a-z0-9]+/g) ?? []), kind: kindOfChinese(raw) };
}
/** A name's words; a camel-case word is its parts when each is a word of three letters or more (CloudWalk → Cloud Walk, not HiSilicon). */
const wordsOf = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .flatMap((w) => {
      const parts = w.split(/(?<=[a-z])(?=[A-Z])/);
      return parts.length > 1 && parts.every((p) => p.length >= 3) ? parts : [w];
    })
    .filter((w) => w && !FILLER.has(w.toLowerCase()));

function evidenceOn(words: string[], { han, hanText, latin }: Prepared, corporate = false): Evidence | null {
  if (han.length === 0 || words.length === 0) return null;
  let score = 0;
  let supported = 0;
  let distinctive = 0;
  let covered = 0;
  let fromDictionary = 0;
  /** Characters of the line a dictionary word has taken: two words cannot both be 科学. */
  const claimed: Array<[number, number]> = [];
  for (const word of words) {
    const w = word.toLowerCase();
    if (latin.has(w)) {
      score += 2;
      supported++;
      distinctive++;
      continue;
    }
    const eq = (WORD_EQUIVALENTS[w] ?? []).filter((e) => hanText.includes(e));
    if (eq.length) {
      score += 1;
      supported++;
      covered += Math.max(...eq.map((e) => e.length));
      continue;
    }
    // The hand list overrides the dictionary: a word it knows is not looked up again.
    const found = w in WORD_EQUIVALENTS ? 0 : claimTranslation(dictionaryEquivalents(w), hanText, claimed);
    if (found) {
      score += 1;
      supported++;
      fromDictionary++;
      covered += found;
      continue;
    }
    // Three initials match too many lines by chance: four at least (FCJZ = 非常建筑), or three with a firm's suffix.
    if ((/^[A-Z]{4,8}$/.test(word) || (corporate && /^[A-Z]{3}$/.test(word))) && pinyinInitials(w, han)) {
      score += 2;
      supported++;
      distinctive++;
      covered += w.length;
      continue;
    }
    // A transliteration of two characters at least (Hejun = 和君, Kelun = 科伦); a place's pinyin is weak.
    const run = w.length >= 4 && /^[a-z]+$/.test(w) ? pinyinRun(han, w) : 0;
    if (run >= 2) {
      const place = PLACE_WORDS.has(w);
      score += place ? 1 : 2;
      supported++;
      covered += run;
      if (!place) distinctive++;
    }
  }
  if (supported === 0) return null;
  // A dictionary is looser than the hand list: with its words, most of the name must be borne out.
  const enough = fromDictionary > 0 ? supported * 2 > words.length : supported * 2 >= words.length;
  if (distinctive > 0 || (supported >= 2 && enough)) return { score, coverage: Math.min(1, covered / han.length) };
  return null;
}

/**
 * The length of the first of `candidates` (a word's translations) found on the line where no other
 * word's translation stands, and claims those characters; 0 when none is. Order-insensitive: a
 * name's words may stand in any order on the line.
 */
export function claimTranslation(candidates: string[], hanText: string, claimed: Array<[number, number]>): number {
  for (const c of candidates) {
    for (let at = hanText.indexOf(c); at >= 0; at = hanText.indexOf(c, at + 1)) {
      const end = at + c.length;
      if (claimed.some(([a, b]) => a < end && at < b)) continue;
      claimed.push([at, end]);
      return c.length;
    }
  }
  return 0;
}

const monthOf = (ym: string) => {
  const [y, m] = ym.split('-');
  return Number(y) * 12 + Number(m);
};
/** Whether a month ("2024-7") falls within an entry's months (its start to its end). */
function within(ym: string, months: Set<string>): boolean {
  if (months.size === 0) return false;
  const all = [...months].map(monthOf);
  const m = monthOf(ym);
  return m >= Math.min(...all) && m <= Math.max(...all);
}

/** Lines that say what the student did there, not where: a role (实习生, 部长) is no body's name. */
const ROLE_END =
  /(?:实习生|实习|助理|助教|经理|主管|专员|顾问|部长|会长|主席|队长|组长|负责人|志愿者|编辑|记者|工程师|分析师|研究员|设计师|成员|干事)$/u;
/** A body named before the role (绿色环保协会会长): the line is kept as that body's entry. */
const BODY_END = /(?:协会|学会|研究会|联合会|委员会|俱乐部|社团|学生会|社|中心|实验室|基金会)$/u;
/** Names of media, which are bodies a student works at: paired by dates like any body (Southern People Weekly). */
const MEDIA_HEADS = new Set(['weekly', 'daily', 'magazine', 'news', 'times']);

/**
 * The pairs of names and archive lines: name id → line index, one to one. Greedy: pairs by words
 * first (by evidence, then by the share of the line explained, then by the name's place in the
 * text), then pairs by dates on the entries still free.
 */
export function alignLeftovers(names: AlignName[], lines: AlignLine[], entries: AlignEntry[]): Map<number, number> {
  return runToEnd(alignLeftoversSteps(names, lines, entries));
}

/** `alignLeftovers` as steps (time-slice.ts): it pauses after each name. */
export function* alignLeftoversSteps(names: AlignName[], lines: AlignLine[], entries: AlignEntry[]): Steps<Map<number, number>> {
  // A line written twice (a CV's text beside the archive) is read once; past MAX_LINES short lines
  // or MAX_NAMES names the input is no student's record or statement, and names are left unpaired
  // (flagged, as without alignment).
  const seen = new Set<string>();
  const usable: Array<{ line: AlignLine; prepared: Prepared }> = [];
  for (const line of lines) {
    if (line.raw.length > LINE_MAX || !/\p{Script=Han}/u.test(line.raw) || seen.has(line.raw)) continue;
    const trimmed = line.raw.trim();
    const role = ROLE_END.exec(trimmed);
    const body = role ? trimmed.slice(0, role.index) : trimmed;
    if (role && !BODY_END.test(body)) continue;
    seen.add(line.raw);
    usable.push({ line, prepared: prepare(body) });
  }
  if (usable.length > MAX_LINES || names.length > MAX_NAMES) return new Map();
  yield;
  /** An entry's first line stands for it when a name is paired by its dates. */
  const firstLine = new Map<number, AlignLine>();
  // Entries of a school (a line of it), a contest or award, a publication (its first line, the
  // record's title): no body's name is paired with them by dates.
  const namedKind = new Set<number>();
  for (const l of lines) {
    if (!/\p{Script=Han}/u.test(l.raw)) continue;
    const kind = kindOfChinese(l.raw);
    if (kind === 'school' && l.raw.length <= LINE_MAX) namedKind.add(l.entry);
    if (firstLine.has(l.entry)) continue;
    firstLine.set(l.entry, l);
    if (kind !== 'any') namedKind.add(l.entry);
  }
  const options: Array<{ name: number; line: AlignLine; score: number; coverage: number }> = [];
  for (const name of names) {
    yield;
    const kind = kindOfEnglish(name.text);
    const words = wordsOf(name.text);
    for (const [k, { line, prepared }] of usable.entries()) {
      if (k % 64 === 63) yield;
      if (!compatible(kind, prepared.kind)) continue;
      const evidence = evidenceOn(words, prepared, CORPORATE.test(name.text));
      if (evidence) options.push({ name: name.id, line, score: evidence.score, coverage: evidence.coverage });
    }
  }
  // Pairs by words first (by evidence, then the share of the line explained): an entry a name's
  // words point to is claimed, and is not left for a name paired by dates only.
  options.sort((a, b) => b.score - a.score || b.coverage - a.coverage || a.name - b.name || a.line.index - b.line.index);
  const out = new Map<number, number>();
  const lineTaken = new Set<number>();
  const entryTaken = new Set<number>();
  for (const o of options) {
    if (out.has(o.name) || lineTaken.has(o.line.index)) continue;
    out.set(o.name, o.line.index);
    lineTaken.add(o.line.index);
    entryTaken.add(o.line.entry);
  }
  // A body's name with no words in common: the dates of its clause, when one entry nothing claimed
  // or paired alone has them. Pairs by a month before pairs by a year, then in the text's order.
  const byDates: Array<{ name: number; entry: number; score: number }> = [];
  for (const name of names) {
    yield;
    const kind = kindOfEnglish(name.text);
    const media =
      kind === 'publication' &&
      MEDIA_HEADS.has(
        name.text
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter(Boolean)
          .pop() ?? '',
      );
    if (out.has(name.id) || !name.byDates || (kind !== 'any' && !media)) continue;
    const byMonth: number[] = [];
    const byYear: number[] = [];
    entries.forEach((e, i) => {
      if (e.claimed || entryTaken.has(i) || !firstLine.has(i) || namedKind.has(i)) return;
      if ([...name.yearMonths].some((d) => within(d, e.yearMonths))) byMonth.push(i);
      else if (name.years.size && [...name.years].every((y) => e.years.has(y))) byYear.push(i);
    });
    // A clause that states a month is paired by that month only; a year alone, by the year.
    const entry = name.yearMonths.size ? (byMonth.length === 1 ? byMonth[0] : undefined) : byYear.length === 1 ? byYear[0] : undefined;
    if (entry !== undefined) byDates.push({ name: name.id, entry, score: byMonth.length ? 4 : 3 });
  }
  byDates.sort((a, b) => b.score - a.score || a.name - b.name);
  for (const o of byDates) {
    const line = firstLine.get(o.entry)!;
    if (entryTaken.has(o.entry) || lineTaken.has(line.index)) continue;
    out.set(o.name, line.index);
    lineTaken.add(line.index);
    entryTaken.add(o.entry);
  }
  return out;
}
