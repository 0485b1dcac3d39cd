import type { FactKind, UnsupportedFact } from '../../../contracts/fact-check-constants';
import type { Database } from '../../../db/client';
import { getProfile } from '../archives/profiles';
import { runSliced, runToEnd, type Steps } from '../../ai/time-slice';
import { ALIAS_GROUPS, LEVEL_EQUIVALENTS, WORD_EQUIVALENTS, type AliasGroup } from './fact-aliases';
import { alignLeftoversSteps, claimTranslation, kindOfChinese, type AlignEntry, type AlignLine, type AlignName } from './fact-align';
import { dictionaryEquivalents } from './fact-dictionary';
import { pinyinSpells, readingsOf } from './pinyin';
import { type Workspace } from '../orgs/workspace';

/**
 * Fact check (issue 13, ADR 0030; issue 24, ADR 0042): names and figures in a generated text that
 * neither the student's archive nor the page's form contains, so a consultant never sends an
 * invented fact by accident. Deterministic, no model: it must not invent findings either.
 *
 * Candidates come from patterns (a score, a name ending in University/大学/Securities/竞赛…, an
 * award level, an author role, a date, a number) and from the bilingual name table
 * (fact-aliases.ts: 中信证券 = CITIC Securities, ACM-ICPC, NeurIPS…). Each is compared with the
 * archive line by line, across languages: a name of the table stands for all its names; an English
 * name is read word by word against one archive line (University = 大学, Zhejiang = 浙江 by pinyin);
 * numbers as values (7.0 = 7); a score by its test; an award level with its contest's line.
 *
 * Every pattern is linear in the text (issue 22, ADR 0034): whitespace is matched by one quantifier
 * only, a word of a name is at most LONGEST_WORD + 1 characters, Chinese leads are bounded, the name
 * table is matched by a hand-written scan, and the check runs in slices (time-slice.ts).
 */

/** A word of a name (Award, University, Inc. names) has at most this many characters after its capital. */
const LONGEST_WORD = 40;
const W = `[A-Z](?:[\\w'’&-]|\\.(?![ \\t\\n]|$)){0,${LONGEST_WORD}}`;

const TEST_TYPES = 'GPA|IELTS|TOEFL|GRE|GMAT|SAT|ACT|Duolingo|雅思|托福|均分|绩点|多邻国';
const ZH_LEVELS = '特等奖|一等奖|二等奖|三等奖|金奖|银奖|铜奖|金牌|银牌|铜牌|优秀奖|冠军|亚军|季军|第[一二三]名';

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const COMPOUND_SURNAMES = '欧阳|司马|诸葛|上官|东方|慕容|令狐|皇甫|尉迟|长孙|宇文|司徒|夏侯';
const ZH_PERSON_TITLE = /(?:教授|老师|博士|院士|研究员|导师|主任|研究院士)$/u;

/** The patterns, in priority order: at the same start the longer match wins, then the earlier pattern. */
export const PATTERNS: Array<{ kind: FactKind; re: RegExp; generic?: boolean }> = [
  {
    kind: 'score',
    re: new RegExp(
      `(?:${TEST_TYPES})(?:[ \\t]*(?:overall band|overall|band|total|score|of|is|was|为|达到|:|：|\\(|（)){0,2}[ \\t]*\\d+(?:\\.\\d+)?(?:[ \\t]*(?:\\/|out of)[ \\t]*\\d+(?:\\.\\d+)?)?`,
      'giu',
    ),
  },
  {
    kind: 'award',
    re: new RegExp(`(?:${W}[ \\t]+(?:(?:of|for|in|and)[ \\t]+)?){0,6}(?:Award|Prize|Scholarship|Medal|Fellowship|Scholars?)\\b`, 'gu'),
  },
  {
    kind: 'award',
    re: /\bBest[ \t]+[A-Z][a-z]{1,20}(?:[ \t]+[A-Z][a-z]{1,20}){0,3}|\b(?:(?:global|world|international|national|grand)[ \t]+finals?|(?:gold|silver|bronze)[ \t]+medal|(?:first|second|third|1st|2nd|3rd|grand|special)[ \t-]+(?:prize|place)|honou?rable[ \t]+mention|(?:meritorious|outstanding)[ \t]+winner|finalist|champion|runner-up)\b/giu,
  },
  {
    kind: 'competition',
    re: new RegExp(
      `(?:${W}[ \\t]+(?:(?:of|for|in|on|and)[ \\t]+)?){1,8}(?:Competition|Contest|Olympiad|Challenge|Hackathon|Cup|Championship|Finals)\\b`,
      'gu',
    ),
  },
  {
    kind: 'publication',
    re: /\b(?:co-first|first|second|third|sole|lead|corresponding)[- ]author(?:ed)?\b|共同第一作者|第一作者|通讯作者|一作|发表(?:了)?[\p{Script=Han}A-Za-z\d]{0,8}?论文/giu,
  },
  {
    kind: 'publication',
    re: new RegExp(
      `(?:IEEE|ACM)[ \\t]+(?:Transactions|Journal)[ \\t]+on(?:[ \\t]+${W}){1,6}|Journal of(?:[ \\t]+${W}){1,6}|Proceedings of(?:[ \\t]+(?:the[ \\t]+)?${W}){1,8}`,
      'gu',
    ),
  },
  {
    kind: 'school',
    re: new RegExp(
      `(?:The[ \\t]+)?University of(?:[ \\t]+(?!(?:The|And|In|At|For|I)\\b)[A-Z][\\w'’&-]{0,${LONGEST_WORD}})+|(?:${W}[ \\t]+){1,5}(?:University|College|Institute of Technology|School)\\b`,
      'gu',
    ),
  },
  {
    kind: 'organisation',
    re: new RegExp(
      `(?:${W}[ \\t]+){1,5}(?:Inc\\.?|Ltd\\.?|Corporation|Company|Group|Laboratory|Lab|Labs|Bank|Institute|Securities|Capital|Partners|Technologies|Consulting|Holdings|Investments?|Research|Academy|Hospital|Foundation|Association)\\b`,
      'gu',
    ),
  },
  {
    kind: 'person',
    re: /\b(?:Professor|Prof\.|Dr\.|Mr\.|Ms\.|Mrs\.|Dean)[ \t]+[A-Z][a-z]{1,20}(?:[ \t-][A-Z][a-z]{1,20}){0,2}/gu,
  },
  // Professional qualifications: CFA Level II, CFA二级, ACCA.
  { kind: 'award', re: /\b(?:CFA|FRM|ACCA|CPA|CIMA|CMA)(?:[ \t]*(?:Level[ \t]*(?:III|II|I|[123])\b|[一二三]级))?/gu },
  // Chinese people with a title: 李建华教授, 王老师 is too short to be a name.
  {
    kind: 'person',
    re: new RegExp(`(?:${COMPOUND_SURNAMES}|[${SURNAMES}])[\\u4e00-\\u9fff]{1,2}?(?:教授|老师|博士|院士|研究员|导师|主任|研究院士)`, 'gu'),
  },
  // A capitalised name after "at", "joined", "in"…: IDEO, Sotheby's Hong Kong, the Venice Biennale, Cell Reports.
  {
    kind: 'organisation',
    generic: true,
    re: new RegExp(
      `\\b(?:at|joined|with|for|by|from|to|in)[ \\t]+(?:the[ \\t]+)?((?:${W}|[a-z]{1,3}[A-Z][A-Za-z]{1,20})(?:[ \\t]+(?:(?:of|for|and|de|on)[ \\t]+)?(?!I\\b)${W}){0,5})`,
      'gu',
    ),
  },
  { kind: 'organisation', generic: true, re: /\b[a-z]{1,3}[A-Z][A-Za-z]{1,20}\b/gu },
  { kind: 'title', re: /《[^》\n]{1,80}》|\b(?:titled|entitled)[ \t]*["“][^"”\n]{2,200}["”]/gu },
  {
    kind: 'date',
    re: /\b(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?[ \t]+(?:19|20)\d{2}\b|(?:19|20)\d{2}[ \t]*年(?:[ \t]*\d{1,2}[ \t]*月)?|(?<![\d.])(?:19|20)\d{2}[-./](?:0?[1-9]|1[0-2])(?![\d.])|(?<![\d.])(?:19|20)\d{2}(?!\d|\.\d)/gu,
  },
  // Ranks: "ranked 3rd out of 120", "排名第3".
  {
    kind: 'number',
    re: /\b(?:ranked|ranking|placed|finished)[ \t]+(?:(?:at|as|the)[ \t]+)?(?:No\.[ \t]*)?(?:\d+(?:st|nd|rd|th)?|first|second|third)\b|排名第?\d+/giu,
  },
  // Counts of things a CV lists: 3项专利, 2 papers, 两篇论文.
  {
    kind: 'number',
    re: /(?<![\w.])\d+[ \t]*(?:项|篇|件)|\b\d+[ \t]+(?:patents?|papers?|publications?|articles?)\b|[二两三四五六七八九十]{1,3}(?:项|篇|件)/gu,
  },
  { kind: 'number', re: /(?<![\w.])\d+(?:[.,]\d+)*(?:[ \t]*(?:%|percent\b|million\b|billion\b|thousand\b)|万|亿)?(?!\w|\.\d)/gu },
  // Any capitalised phrase of two or more words, anywhere (Jane Street Estimathon, Young Lions,
  // Kaggle Grandmaster): a proper noun the text claims. Its sentence's first word is cut (CAPS_PHRASE).
  {
    kind: 'organisation',
    generic: true,
    re: new RegExp(`(?<![A-Za-z])${W}(?:[ \\t]+(?:(?:of|for|and|de|on|the)[ \\t]+)?(?!I\\b)${W}){1,5}`, 'gu'),
  },
  // An acronym of three or more capitals on its own (ICPC, NeurIPS, UCCA): a name unless common (COMMON_ACRONYMS).
  { kind: 'organisation', generic: true, re: /\b[A-Z][A-Za-z]{0,3}[A-Z][A-Z0-9]{1,6}\b/gu },
  // Chinese: the name between 在/于/加入 and 实习/任职/工作/担任 (在中国铁建实习), whatever its end.
  { kind: 'organisation', re: /(?:在|于|加入|进入)([\p{Script=Han}A-Za-z]{2,10}?)(?=实习|任职|工作|担任|做)/gu },
];
const CONNECTORS = new Set(['of', 'for', 'and', 'de', 'on', 'the']);
/** The capitalised-phrase pattern: its first word is dropped at a sentence's start ("At Fudan University"). */
const CAPS_PHRASE = PATTERNS.length - 3;
const ZH_CLAIM = PATTERNS.length - 1;
/** What stands between 在 and 实习 without being a name: 在此期间实习, 在暑假实习, 在公司工作. */
const NOT_A_PLACE = /^(?:此|这|那|其|该|本|期间|暑|寒|校|公司|学校|家|国内|国外|海外|当地|课题组|团队|实验室)|期间|[年月日]/u;
/** Acronyms that are not names: tests, degrees, fields, everyday abbreviations. */
const COMMON_ACRONYMS = new Set(
  (
    'GPA IELTS TOEFL GRE GMAT SAT ACT LSAT MCAT WAM MPH MBA MSC MSCS MFE MPA MPP MFA MEng MPhil PhD BSc BEng LLM JD CEO CFO CTO COO ' +
    'CAP WAM AP IB GCSE HKDSE IGCSE USA UK EU UN PRC NLP GPU CPU API SQL STEM HTML CSS PDF CV PS SOP IT HR PR QA UI UX AI ML RNA DNA PCR CAD GIS ESG IPO VC PE M&A LLM LLMs NYC'
  ).split(' '),
);

/**
 * Chinese names end in a word (大学, 竞赛, 一等奖): found by that word, then read back over the
 * characters a name is made of, at most `max` of them. Linear: the ends are literals, the reading
 * back is bounded.
 */
export const ZH_ENDS: Array<{ kind: FactKind; re: RegExp; max: number }> = [
  { kind: 'award', re: new RegExp(`(?:奖学金|${ZH_LEVELS}|荣誉称号|优秀毕业生|三好学生|奖)`, 'gu'), max: 24 },
  { kind: 'competition', re: /(?:竞赛|大赛|比赛|挑战赛|挑战杯|联赛|奥林匹克|奥赛|黑客马拉松|总决赛)/gu, max: 24 },
  { kind: 'school', re: /(?:大学|学院|中学|高中|附中)/gu, max: 12 },
  {
    kind: 'organisation',
    re: /(?:公司|集团|研究院|研究所|实验室|银行|证券|基金|资本|医院|科学院|法院|检察院|事务所|委员会|协会|学会|基金会|出版社|电视台)/gu,
    max: 12,
  },
];
const NAME_CHAR = /[\p{Script=Han}A-Za-z0-9“”"+]/u;

/**
 * Capitalised words that are not names on their own: fields, degrees, languages, months, roles.
 * A capitalised phrase found after "at"/"in" made only of these (and the table's generic words) is not checked.
 */
const COMMON_CAPS = new Set(
  (
    'january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday spring summer autumn fall winter ' +
    'english chinese mandarin cantonese french german japanese korean spanish american british european asian western eastern ' +
    'science sciences engineering design economics finance mathematics math maths biology biological chemistry physics management arts art law medicine literature studies data ' +
    'computer machine learning deep artificial intelligence industrial mechanical electrical civil software information systems statistics psychology sociology education ' +
    'history philosophy political public policy health applied linguistics language business marketing accounting analytics robotics vision processing natural ' +
    'master masters bachelor msc ma ms bsc ba phd mba mphil meng program programme honours honors degree course courses module modules major minor ' +
    'python java sql pytorch tensorflow matlab excel r c professor dr mr ms mrs dean director manager intern internship assistant team club society department faculty ' +
    'i my we our he she they it this that these those the a an and or but so if when while as after before during since although because however therefore moreover ' +
    // The application's own documents and sections (a capitalised phrase anywhere is now read).
    'statement purpose personal letter recommendation essay resume cv writing sample portfolio application admissions committee dear sincerely yours regards ' +
    // Course names and roles, capitalised in essays but not claims about a body (Corporate Finance, Research Assistant).
    'corporate econometrics algorithms algorithm structures structure operating calculus linear algebra probability theory microeconomics macroeconomics ' +
    'advanced introduction intro principles analysis methods quantitative derivatives investment international relations urban planning environmental ' +
    'architecture biomedical materials chemical aerospace communication communications media journalism film music theatre curating digital network networks ' +
    'research analyst engineer developer leader president vice chair captain founder co-founder volunteer member head lead officer associate coordinator ' +
    'representative editor chief senior junior teaching student students undergraduate graduate'
  ).split(' '),
);

/** Kinds whose Chinese span starts with words to cut (就读于浙江大学 → 浙江大学). */
const NAME_KINDS = new Set<FactKind>(['award', 'competition', 'school', 'organisation', 'conference']);

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

/** Chinese names have no spaces: the words before a name are cut at the last of these. */
const ZH_LEADS = [
  '就读于',
  '就读',
  '毕业于',
  '申请',
  '决定',
  '选择',
  '进入',
  '考入',
  '加入',
  '前往',
  '来到',
  '获得了',
  '获得',
  '荣获',
  '获',
  '参加了',
  '参加',
  '参与了',
  '参与',
  '担任',
  '作为',
  '成为',
  '代表',
  '带领',
  '率领',
  '位于',
  '来自',
  '任职于',
  '任职',
  '供职于',
  '实习',
  '工作',
  '取得',
  '赢得',
  '斩获',
  '摘得',
  '夺得',
  '入选',
  '入围',
  '最终',
  '曾经',
  '曾',
  '并在',
  '在',
  '于',
  '和',
  '与',
  '及',
  '以及',
  '的',
  '了',
  '是',
  '为',
  '被',
  '将',
  '我们',
  '我',
  '他',
  '她',
  '也',
  '让',
  '都',
  '还',
  '又',
  '并',
  '从',
  '到',
  '向',
  '对',
  '期间',
  '其中',
  '什么',
  '为什么',
];
const ZH_STOP_CHARS = new Set(Array.from('，。、；：！？“”《》（）()·,.;:!? \t\n'));

/** The name in a Chinese span: after the last lead word that leaves at least `keep` characters. */
function trimZhLead(span: string, keep: number): string {
  let start = 0;
  for (let i = 0; i < span.length - keep; i++) {
    if (ZH_STOP_CHARS.has(span[i]!)) {
      start = i + 1;
      continue;
    }
    for (const lead of ZH_LEADS) {
      if (span.startsWith(lead, i) && span.length - (i + lead.length) >= keep) {
        start = Math.max(start, i + lead.length);
      }
    }
  }
  return span.slice(start);
}

/** Leading words of an English phrase that are not part of a name ("At Alibaba Group"). */
const EN_LEADS = new Set([
  'a',
  'an',
  'the',
  'at',
  'in',
  'on',
  'as',
  'my',
  'our',
  'i',
  'we',
  'during',
  'while',
  'after',
  'before',
  'since',
  'through',
  'with',
  'from',
  'for',
  'by',
  'to',
  'and',
  'but',
  'also',
  'then',
  'when',
  'there',
  'this',
  'that',
  'later',
  'finally',
  'recently',
  'won',
  'received',
  'joined',
  'attended',
  'awarded',
  'earned',
  'at',
  'into',
  'both',
]);
function trimEnLead(span: string): string {
  let out = span;
  for (;;) {
    const m = /^([A-Za-z]+)[ \t]+/.exec(out);
    if (!m || !EN_LEADS.has(m[1]!.toLowerCase())) return out;
    out = out.slice(m[0].length);
  }
}

const hasHan = (s: string) => /\p{Script=Han}/u.test(s);
/** Full-width forms as half-width, lower case, one space: how names are compared. */
const normal = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[\s,，]+/g, ' ')
    .trim();
const numbersIn = (s: string) => s.match(/\d+(?:\.\d+)?/g) ?? [];
const valueOf = (n: string) => String(Number(n));
const SCALE: Record<string, number> = { million: 1e6, billion: 1e9, thousand: 1e3, 万: 1e4, 亿: 1e8 };
const ZH_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
/** A Chinese numeral up to 99 (两, 十二, 三十) as a number. */
function zhNumber(s: string): number | null {
  const m = /^([二两三四五六七八九])?(十)?([一二两三四五六七八九])?$/u.exec(s);
  if (!m || !s) return null;
  const tens = m[2] ? (m[1] ? ZH_DIGITS[m[1]]! : 1) : 0;
  const ones = m[3] ? ZH_DIGITS[m[3]]! : m[2] ? 0 : m[1] ? ZH_DIGITS[m[1]]! : 0;
  return m[2] ? tens * 10 + ones : ones;
}
/** The values a text states with a scale word ("30 million", "3000万"): 30000000. */
function scaledValuesIn(s: string, out: Set<string>) {
  for (const m of s.matchAll(/(?<![\d.])(\d+(?:\.\d+)?)[ \t]*(million|billion|thousand|万|亿)/giu))
    out.add(String(Number(m[1]) * SCALE[m[2]!.toLowerCase()]!));
}
/** Percentages ("6.3%", "6.3 percent"): their values. */
function percentsIn(s: string, out: Set<string>) {
  for (const m of s.matchAll(/(?<![\d.])(\d+(?:\.\d+)?)[ \t]*(?:%|percent\b|个百分点)/giu)) out.add(valueOf(m[1]!));
}

/**
 * Every string and number in a value (an archive's data), one per line; a blank line ends each
 * value and each record of a list (an internship, an award), so the check knows which lines are
 * one entry.
 */
export function knownTextOf(...values: unknown[]): string {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string' || typeof v === 'number') out.push(String(v));
    else if (Array.isArray(v))
      v.forEach((item) => {
        walk(item);
        if (item && typeof item === 'object' && out[out.length - 1] !== '') out.push('');
      });
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  values.forEach((v) => {
    walk(v);
    if (out.length && out[out.length - 1] !== '') out.push('');
  });
  while (out[out.length - 1] === '') out.pop();
  return out.join('\n');
}

/** A name of the table as it is looked for: acronyms (ACM, PKU) only as written, other names in any case. */
type AliasName = { name: string; key: string; exact: boolean; group: AliasGroup; latin: boolean };

const isAcronym = (s: string) => /^[A-Z][A-Z0-9&/+-]*[A-Z0-9+]$/.test(s) && s.length <= 8;
function aliasNameOf(name: string, group: AliasGroup): AliasName {
  const exact = isAcronym(name) || (group.exact?.has(name) ?? false);
  return { name, key: exact ? name : normal(name), exact, group, latin: !hasHan(name) };
}

/** The table's names by their first two characters (lower case), for a scan that is linear in the text. */
function indexNames(groups: AliasGroup[]) {
  const byStart = new Map<string, AliasName[]>();
  for (const group of groups) {
    for (const name of group.names) {
      if (Array.from(name).length < 2) continue;
      const a = aliasNameOf(name, group);
      const k = a.key.slice(0, 2).toLowerCase();
      const list = byStart.get(k) ?? [];
      list.push(a);
      byStart.set(k, list);
    }
  }
  for (const list of byStart.values()) list.sort((a, b) => b.key.length - a.key.length);
  return byStart;
}
const TABLE_INDEX = indexNames(ALIAS_GROUPS);

const isWordChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9]/.test(c);

/** Where `a` stands in `text` (lowered already) at `at`, as a whole word for a Latin name. */
function nameAt(text: string, lower: string, at: number, a: AliasName): boolean {
  const hay = a.exact ? text : lower;
  if (!hay.startsWith(a.key, at)) return false;
  if (!a.latin) return true;
  return !isWordChar(text[at - 1]) && !isWordChar(text[at + a.key.length]);
}

/** Names of a check's own table (the built-in one and the archive's pairs) found in a line. */
function groupsIn(line: string, index: Map<string, AliasName[]>): AliasGroup[] {
  const lowerLine = line.normalize('NFKC').toLowerCase().replace(/[’‘]/g, "'");
  const text = line.normalize('NFKC').replace(/[’‘]/g, "'");
  const found = new Set<AliasGroup>();
  for (let i = 0; i < lowerLine.length; i++) {
    const list = index.get(lowerLine.slice(i, i + 2));
    if (!list) continue;
    for (const a of list) if (nameAt(text, lowerLine, i, a)) found.add(a.group);
  }
  return [...found];
}

/**
 * The archive's own pairs: 中信证券（CITIC Securities）, "Zhejiang University (浙江大学)": a Chinese and
 * a Latin name of one thing on one line link them for this check.
 */
function* archivePairs(lines: string[]): Steps<AliasGroup[]> {
  const out: AliasGroup[] = [];
  for (const line of lines) {
    yield;
    for (let open = line.search(/[（(]/); open >= 0 && open < line.length;) {
      const close = line.slice(open + 1, open + 62).search(/[）)]/);
      if (close > 1) {
        const inner = line.slice(open + 1, open + 1 + close).trim();
        const before = nameBefore(line, open);
        if (before && !/[（(]/.test(inner) && hasHan(before) !== hasHan(inner))
          out.push({ kind: kindOfName(hasHan(before) ? before : inner), names: [before, inner] });
      }
      const next = line.slice(open + 1).search(/[（(]/);
      open = next < 0 ? -1 : open + 1 + next;
    }
  }
  return out;
}

/** What a Chinese name names, by its end: 竞赛 a competition, 大学 a school, 奖 an award. */
function kindOfName(zh: string): FactKind {
  for (const { kind, re } of ZH_ENDS) {
    re.lastIndex = 0;
    const ends = [...zh.matchAll(re)];
    if (ends.length && ends[ends.length - 1]!.index + ends[ends.length - 1]![0].length === zh.length) return kind;
  }
  return 'organisation';
}

/** The name just before a bracket: Chinese characters, or capitalised words, at most 40 characters. */
function nameBefore(line: string, at: number): string {
  let end = at;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  let start = end;
  if (hasHan(line[end - 1] ?? '')) {
    while (start > 0 && end - start < 40 && /\p{Script=Han}/u.test(line[start - 1]!)) start--;
    return trimZhLead(line.slice(start, end), 2);
  }
  while (start > 0 && end - start < 40 && /[A-Za-z0-9 .&'-]/.test(line[start - 1]!)) start--;
  const words = line.slice(start, end).split(' ');
  let first = words.length;
  while (first > 0 && /^[A-Z0-9&]/.test(words[first - 1] ?? '')) first--;
  return words.slice(first).join(' ');
}

/** One archive line, its names from the table added, prepared for comparison. */
type KnownLine = { raw: string; text: string; names: string[]; wordSet?: Set<string>; hanText?: string };

// A line's words and Chinese text are read only when a candidate needs them: a large form context
// (100,000 characters) is otherwise not copied again (less garbage while a request runs).
const wordsOf = (line: KnownLine) => (line.wordSet ??= new Set(line.text.match(/[a-z0-9]+/g) ?? []));
const hanOf = (line: KnownLine) => (line.hanText ??= line.raw.normalize('NFKC') + line.names.filter(hasHan).join('|'));

type Known = {
  lines: KnownLine[];
  all: string;
  numbers: Set<string>;
  scaled: Set<string>;
  percents: Set<string>;
  yearMonths: Set<string>;
  /** Test type (lower case) → the values on its line and the few after it. */
  tests: Map<string, Set<string>>;
  index: Map<string, AliasName[]>;
  /** The entry (a run of lines between blank ones) of each line, and each entry's dates. */
  entryOf: number[];
  entries: Array<{ yearMonths: Set<string>; years: Set<string> }>;
};

const TEST_CANON: Record<string, string> = { 雅思: 'ielts', 托福: 'toefl', 多邻国: 'duolingo', 绩点: 'gpa' };
const canonTest = (t: string) => TEST_CANON[t] ?? t.toLowerCase();
const TEST_KEY = new RegExp(`(?<![A-Za-z])(?:${TEST_TYPES})(?![A-Za-z])`, 'giu');
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function yearMonthsIn(s: string, out: Set<string>, seasons = true) {
  for (const m of s.matchAll(/((?:19|20)\d{2})[ \t]*[-./年][ \t]*(\d{1,2})(?!\d)/gu)) out.add(`${m[1]}-${Number(m[2])}`);
  for (const m of s.matchAll(
    /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?[ \t]+(?:\d{1,2},?[ \t]+)?((?:19|20)\d{2})\b/giu,
  )) {
    out.add(`${m[2]}-${MONTHS.indexOf(m[1]!.toLowerCase()) + 1}`);
  }
  // A season is its months (summer of 2023 = June to August 2023; winter spans the turn of the year).
  if (!seasons) return;
  for (const m of s.matchAll(/\b(spring|summer|autumn|fall|winter)[ \t]+(?:of[ \t]+)?((?:19|20)\d{2})\b/giu)) {
    const year = Number(m[2]);
    for (const [y, month] of SEASON_MONTHS[m[1]!.toLowerCase()]!) out.add(`${year + y}-${month}`);
  }
}

/** A season's months as (years after the stated one, month). */
const SEASON_MONTHS: Record<string, Array<[number, number]>> = {
  spring: [
    [0, 3],
    [0, 4],
    [0, 5],
  ],
  summer: [
    [0, 6],
    [0, 7],
    [0, 8],
  ],
  autumn: [
    [0, 9],
    [0, 10],
    [0, 11],
  ],
  fall: [
    [0, 9],
    [0, 10],
    [0, 11],
  ],
  winter: [
    [0, 1],
    [0, 2],
    [0, 12],
    [1, 1],
    [1, 2],
  ],
};

function* knownFactsSteps(knownText: string): Steps<Known> {
  const rawLines = knownText.split('\n');
  const ownGroups = yield* archivePairs(rawLines);
  const index = ownGroups.length ? indexNames([...ALIAS_GROUPS, ...ownGroups]) : TABLE_INDEX;
  const lines: KnownLine[] = [];
  const numbers = new Set<string>();
  const scaled = new Set<string>();
  const percents = new Set<string>();
  const yearMonths = new Set<string>();
  const tests = new Map<string, Set<string>>();
  let openTests: Array<{ set: Set<string>; left: number }> = [];
  const entryOf: number[] = [];
  const entries: Known['entries'] = [{ yearMonths: new Set(), years: new Set() }];
  for (const raw of rawLines) {
    yield;
    if (!raw.trim()) {
      // A record's end: the next line starts another entry. It is no line of a test's values.
      if (entryOf[entryOf.length - 1] === entries.length - 1) entries.push({ yearMonths: new Set(), years: new Set() });
      entryOf.push(-1);
      lines.push({ raw, text: '', names: [] });
      continue;
    }
    const entry = entries[entries.length - 1]!;
    entryOf.push(entries.length - 1);
    yearMonthsIn(raw, entry.yearMonths);
    for (const y of raw.match(/(?<!\d)(?:19|20)\d{2}(?!\d)/g) ?? []) entry.years.add(y);
    const names = raw.length <= 4000 ? groupsIn(raw, index).flatMap((g) => g.names) : [];
    // The line as written, and without its bracketed asides: 美国物理碗竞赛（Physics Bowl）全球金奖 says 美国物理碗竞赛全球金奖.
    const bare = raw.length <= 4000 && /[（(]/.test(raw) ? raw.replace(/[（(][^（）()\n]{0,60}[）)]/g, '') : '';
    const text = normal([raw, bare, ...names].filter(Boolean).join(' | '));
    // 2023.09 is a date (CVs write them so), not the number 2023.09.
    const nums = numbersIn(raw.replace(/(\d),(\d{3})/g, '$1$2').replace(/((?:19|20)\d{2})\.(\d{1,2})(?!\d)/g, '$1-$2')).map(valueOf);
    for (const n of nums) numbers.add(n);
    scaledValuesIn(raw, scaled);
    percentsIn(raw, percents);
    yearMonthsIn(raw, yearMonths);
    // A test's values are on its line and the next few (the archive lists type, total, sub-scores, date).
    openTests = openTests.filter((t) => t.left-- > 0);
    for (const m of raw.matchAll(TEST_KEY)) {
      const set = tests.get(canonTest(m[0])) ?? new Set<string>();
      tests.set(canonTest(m[0]), set);
      openTests = openTests.filter((t) => t.set !== set);
      openTests.push({ set, left: 8 });
    }
    for (const t of openTests) for (const n of nums) t.set.add(n);
    lines.push({ raw, text, names });
  }
  return { lines, all: lines.map((l) => l.text).join('\n'), numbers, scaled, percents, yearMonths, tests, index, entryOf, entries };
}

/** English words that are part of a name's form, not its identity. */
const EN_FILLER = new Set(['of', 'the', 'and', 'in', 'at', 'for', 'on', 'co', 'ltd', 'inc', 'limited', 'llc', 'plc', 'a', 'an', 's']);
/** Words that say what kind of body a name is, not which one: Atelier FCJZ is 非常建筑. */
const FORM_WORDS = new Set(['atelier', 'studio', 'studios', 'office', 'architects', 'workshop']);
const PERSON_TITLES = /^(?:Professor|Prof\.|Dr\.|Mr\.|Ms\.|Mrs\.|Dean)[ \t]+/;

/** The archive lines that support an English name: every word of it on that one line, in either language. */
function latinLinesFor(name: string, known: Known, person: boolean): number[] {
  const words = normal(name.replace(PERSON_TITLES, ''))
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !EN_FILLER.has(w));
  if (words.length === 0) return [];
  const acronyms = new Set((name.match(/\b[A-Z][A-Za-z]{0,3}[A-Z][A-Z0-9]{0,6}\b/g) ?? []).map((a) => a.toLowerCase()));
  const out: number[] = [];
  known.lines.forEach((line, i) => {
    if (line.raw.length > 4000) return;
    const open: string[] = [];
    let forms = 0;
    const claimed: Array<[number, number]> = [];
    for (const w of words) {
      if (wordsOf(line).has(w)) continue;
      if (FORM_WORDS.has(w)) {
        forms++;
        continue;
      }
      if (/^\d+$/.test(w)) return;
      const eq = WORD_EQUIVALENTS[w];
      if (eq && eq.some((e) => hanOf(line).includes(e))) continue;
      // The hand list overrides the dictionary; each dictionary word takes its own characters of the line.
      if (!eq && claimTranslation(dictionaryEquivalents(w), hanOf(line), claimed)) continue;
      if (acronyms.has(w) && initialsOn(w, line)) continue;
      open.push(w);
    }
    // A word of the body's form (Atelier, Studio) says nothing when the name's other words are the line's.
    if (open.length === 0 && forms < words.length) return out.push(i);
    // The rest is a transliteration: "Zhejiang", "Zhang Wei" / "Wei Zhang".
    const han = hanOf(line);
    if (!hasHan(han) || open.join('').length > 40) return;
    if (pinyinSpells(han, open.join('')) || (person && pinyinSpells(han, [...open].reverse().join('')))) out.push(i);
  });
  return out;
}

/**
 * Whether an acronym (lower case) is the initials of words on the line: of its English names
 * (Central Academy of Fine Arts → cafa) or of the pinyin of its Chinese characters (非常建筑 → fcjz).
 */
function initialsOn(acronym: string, line: KnownLine): boolean {
  if (acronym.length < 2 || acronym.length > 8) return false;
  for (const t of [line.raw, ...line.names]) {
    if (hasHan(t) && !/[A-Za-z]/.test(t)) continue;
    const initials = t
      .split(/[^A-Za-z0-9]+/)
      .filter((w) => w && !EN_FILLER.has(w.toLowerCase()))
      .map((w) => w[0]!.toLowerCase())
      .join('');
    if (initials.includes(acronym)) return true;
  }
  const han = Array.from(hanOf(line));
  for (let at = 0; at + acronym.length <= han.length; at++) {
    let k = 0;
    while (k < acronym.length && readingsOf(han[at + k]!).some((r) => r[0] === acronym[k])) k++;
    if (k === acronym.length) return true;
  }
  return false;
}

/** Whether all of `han`'s pinyin, character by character, is written in `latin` from `at`. */
function pinyinStartsAt(han: string, latin: string, at: number): boolean {
  const chars = Array.from(han);
  // Every reading of a character is tried; failed positions are remembered, so the walk stays bounded.
  const failed = new Set<number>();
  const width = latin.length + 1;
  const from = (i: number, pos: number): boolean => {
    if (i === chars.length) return true;
    if (failed.has(i * width + pos)) return false;
    for (const r of readingsOf(chars[i]!)) if (latin.startsWith(r, pos) && from(i + 1, pos + r.length)) return true;
    failed.add(i * width + pos);
    return false;
  };
  return from(0, at);
}

/** Ends that name a kind of body, not which one (律师事务所, 股份有限公司): a name's tail is more than these. */
const ZH_KIND_ENDS = [
  '律师事务所',
  '会计师事务所',
  '事务所',
  '股份有限公司',
  '有限责任公司',
  '有限公司',
  '公司',
  '集团',
  '研究院',
  '研究所',
  '实验室',
  '大学',
  '学院',
  '银行',
  '证券',
  '医院',
  '中心',
  '协会',
  '学会',
  '基金会',
  '人民法院',
  '法院',
];
function withoutGenericEnd(name: string): string {
  let out = name;
  for (let changed = true; changed;) {
    changed = false;
    for (const end of ZH_KIND_ENDS) {
      if (out.endsWith(end)) {
        out = out.slice(0, -end.length);
        changed = true;
      }
    }
  }
  return out;
}

/** Generic ends of Chinese names and what they may be called in English. */
const ZH_GENERIC: Array<[string, string[]]> = [
  ['大学', ['university']],
  ['学院', ['college', 'school', 'institute', 'academy']],
  ['公司', ['company', 'co', 'corporation', 'inc', 'ltd']],
  ['集团', ['group', 'holdings']],
  ['银行', ['bank']],
  ['证券', ['securities']],
  ['研究院', ['institute', 'research']],
  ['研究所', ['institute', 'research']],
  ['实验室', ['lab', 'laboratory', 'labs']],
  ['科技', ['technology', 'tech', 'technologies']],
  ['医院', ['hospital']],
  ['中学', ['school', 'high']],
];

/** A Chinese name against an English archive line: its generic end translated, the rest by pinyin. */
function hanLinesFor(name: string, known: Known): number[] {
  let head = name;
  const ends: string[][] = [];
  for (let changed = true; changed;) {
    changed = false;
    for (const [zh, en] of ZH_GENERIC) {
      if (head.endsWith(zh) && head.length > zh.length) {
        head = head.slice(0, -zh.length);
        ends.push(en);
        changed = true;
      }
    }
  }
  if (ends.length === 0 || head.length < 2) return [];
  const out: number[] = [];
  known.lines.forEach((line, i) => {
    if (line.raw.length > 4000 || !ends.every((en) => en.some((w) => wordsOf(line).has(w)))) return;
    const latin = line.text.replace(/[^a-z]/g, '');
    for (let at = 0; at < latin.length; at++) if (pinyinStartsAt(head, latin, at)) return out.push(i);
  });
  return out;
}

/** The supporting lines of a name in the table: its group's names on a line. */
function tableLinesFor(name: string, known: Known): { lines: number[]; inTable: boolean } {
  const groups = groupsIn(name, known.index).filter((g) =>
    g.names.some((n) => normal(n) === normal(name) || ((isAcronym(n) || g.exact?.has(n)) && n === name)),
  );
  if (groups.length === 0) return { lines: [], inTable: false };
  const out: number[] = [];
  known.lines.forEach((line, i) => {
    if (groups.some((g) => g.names.some((n) => line.text.includes(normal(n))))) out.push(i);
  });
  return { lines: out, inTable: true };
}

const STANDARD_SCALES = new Set(['4', '4.3', '4.5', '5', '10', '100', '9', '120', '340', '800', '1600', '36', '160', '150']);

type Candidate = { kind: FactKind; text: string; start: number; end: number; order: number };

/** The lines that support a fact ([] when none does); numbers, dates and scores are values. */
function supportOf(c: Candidate, known: Known): number[] | true | false {
  const fact = c.text;
  const n = normal(fact);
  switch (c.kind) {
    case 'number': {
      // "ranked first" is rank 1.
      const plain = fact
        .replace(/(\d),(\d{3})/g, '$1$2')
        .replace(/\bfirst$/i, '1')
        .replace(/\bsecond$/i, '2')
        .replace(/\bthird$/i, '3');
      const count = /^(\d+|[二两三四五六七八九十]{1,3})[ \t]*(项|篇|件|patents?|papers?|publications?|articles?)$/iu.exec(plain);
      if (count)
        return countKnown(/\d/.test(count[1]!) ? Number(count[1]) : zhNumber(count[1]!), count[2]!.toLowerCase().replace(/s$/, ''), known);
      const scaled = new Set<string>();
      scaledValuesIn(plain, scaled);
      if (scaled.size) return [...scaled].every((v) => known.scaled.has(v) || known.numbers.has(v));
      const percents = new Set<string>();
      percentsIn(plain, percents);
      if (percents.size) return [...percents].every((v) => known.percents.has(v));
      const values = numbersIn(plain).map(valueOf);
      return values.length > 0 && values.every((v) => known.numbers.has(v));
    }
    case 'date': {
      const ym = new Set<string>();
      // A date fact is checked month by month; a season names several, of which one would do, so it is not read here.
      yearMonthsIn(fact, ym, false);
      if (ym.size > 0) return [...ym].every((d) => known.yearMonths.has(d) || known.all.includes(n));
      return numbersIn(fact).every((v) => known.numbers.has(valueOf(v)));
    }
    case 'score': {
      const type = canonTest(fact.match(TEST_KEY)?.[0] ?? '');
      const m = /(?<![\d.])(\d+(?:\.\d+)?)(?:[ \t]*(?:\/|out of)[ \t]*(\d+(?:\.\d+)?))?[ \t]*$/.exec(fact);
      if (!m) return false;
      const value = valueOf(m[1]!);
      const scaleOk = !m[2] || known.numbers.has(valueOf(m[2])) || STANDARD_SCALES.has(valueOf(m[2]));
      if (type === 'gpa' || type === '均分') return known.numbers.has(value) && scaleOk;
      return (known.tests.get(type)?.has(value) ?? false) && scaleOk;
    }
    default:
      break;
  }
  const direct: number[] = [];
  known.lines.forEach((l, i) => {
    if (l.text.includes(n)) direct.push(i);
  });
  if (direct.length) return direct;
  const table = tableLinesFor(fact, known);
  if (table.lines.length) return table.lines;
  if (c.kind === 'person' && hasHan(fact)) {
    // 李建华教授: the name without its title, as written or in pinyin (Li Jianhua / Jianhua Li).
    const name = fact.replace(ZH_PERSON_TITLE, '');
    const lines = known.lines.flatMap((l, i) => (l.raw.includes(name) ? [i] : []));
    if (lines.length) return lines;
    const chars = Array.from(name);
    const spellings = [chars, [...chars.slice(1), chars[0]!]].map((cs) => cs.join(''));
    return known.lines.flatMap((l, i) => {
      const latin = l.text.replace(/[^a-z]/g, '');
      return latin && spellings.some((sp) => [...latin].some((_, at) => pinyinStartsAt(sp, latin, at))) ? [i] : [];
    });
  }
  if (hasHan(fact)) {
    // Chinese names: a longer form of a school or firm ("美国卡内基梅隆大学") is the name it ends with.
    if (c.kind === 'school' || c.kind === 'organisation') {
      const chars = Array.from(fact);
      for (let k = 1; chars.length - k >= 4; k++) {
        const tail = normal(chars.slice(k).join(''));
        // 律师事务所 alone is every law firm: the tail must keep a name before its generic end.
        if (Array.from(withoutGenericEnd(tail)).length < 2) break;
        const lines = known.lines.flatMap((l, i) => (l.text.includes(tail) ? [i] : []));
        if (lines.length) return lines;
      }
    }
    if (/^[\p{Script=Han}]+$/u.test(fact)) return hanLinesFor(fact, known);
    return [];
  }
  if (c.kind === 'publication' && /author/i.test(fact)) return authorLines(fact, known);
  if (/^(?:CFA|FRM|ACCA|CPA|CIMA|CMA)/.test(fact)) {
    const q = qualification(fact);
    return known.lines.flatMap((l, i) => (qualification(l.raw).includes(q) ? [i] : []));
  }
  // A level alone ("gold medal") is checked beside its contest, in `findUnsupportedSteps`.
  return latinLinesFor(fact, known, c.kind === 'person');
}

/** A count is the archive's when the archive counts the same thing: 3项, 三项, 3 patents. */
function countKnown(n: number | null, unit: string, known: Known): boolean {
  if (n === null) return false;
  for (const l of known.lines) {
    for (const m of l.text.matchAll(
      /(?<![\d一二两三四五六七八九十])(\d+|[一二两三四五六七八九十]{1,3})[ \t]*(项|篇|件|patents?|papers?|publications?|articles?)/gu,
    )) {
      const value = /\d/.test(m[1]!) ? Number(m[1]) : zhNumber(m[1]!);
      if (value === n && m[2]!.replace(/s$/, '') === unit) return true;
    }
  }
  return false;
}

/** A qualification and its level as one form: "CFA Level II", "CFA二级" → "cfa2". */
function qualification(s: string): string {
  return s
    .replace(/(?<![ \t])[ \t]*(?:Level[ \t]*III|Level[ \t]*3|三级)/giu, '3')
    .replace(/(?<![ \t])[ \t]*(?:Level[ \t]*II|Level[ \t]*2|二级)/giu, '2')
    .replace(/(?<![ \t])[ \t]*(?:Level[ \t]*I|Level[ \t]*1|一级)/giu, '1')
    .toLowerCase();
}

/** An author role: the same role on an archive line, in either language. */
function authorLines(fact: string, known: Known): number[] {
  const role = normal(fact).replace(/-/g, ' ');
  const words = role.startsWith('co first')
    ? ['co first author', '共同第一作者', '共同一作']
    : role.startsWith('first') || role.startsWith('lead') || role.startsWith('sole')
      ? ['first author', '第一作者', '一作']
      : role.startsWith('corresponding')
        ? ['corresponding author', '通讯作者']
        : role.startsWith('second')
          ? ['second author', '第二作者', '二作']
          : role.startsWith('third')
            ? ['third author', '第三作者', '三作']
            : [role.replace(/ed$/, '')];
  return known.lines.flatMap((l, i) => (words.some((w) => l.text.replace(/-/g, ' ').includes(w)) ? [i] : []));
}

const LEVEL_RE =
  /^(?:(?:global|world|international|national|grand)[ \t]+finals?|(?:gold|silver|bronze)[ \t]+medal|(?:first|second|third|1st|2nd|3rd|grand|special)[ \t-]+(?:prize|place)|honou?rable[ \t]+mention|(?:meritorious|outstanding)[ \t]+winner|finalist|champion|runner-up)$/i;
const ZH_LEVEL_ONLY = new RegExp(`^(?:${ZH_LEVELS})$`, 'u');
function levelWords(level: string): string[] {
  const l = normal(level).replace(/-/g, ' ');
  const set = new Set<string>([l]);
  for (const group of LEVEL_EQUIVALENTS) if (group.some((g) => g.replace(/-/g, ' ') === l)) group.forEach((g) => set.add(g));
  return [...set];
}

/** The table's names in the text, found by a scan from each word's start. */
function* tableCandidates(text: string, index: Map<string, AliasName[]>, out: Candidate[]): Steps<void> {
  const lower = text.toLowerCase();
  for (let i = 0; i < text.length; i++) {
    if (i % 2000 === 0) yield;
    const list = index.get(lower.slice(i, i + 2));
    if (!list) continue;
    for (const a of list) {
      if (!nameAt(text, lower, i, a)) continue;
      // A place is context, not a claim: it only supports the names that hold it (Lake Taihu = 太湖).
      if (a.group.kind === 'place') break;
      let end = i + a.key.length;
      // A venue with its year: "NeurIPS 2025", "CVPR'24".
      if (a.group.kind === 'conference' || a.group.kind === 'publication') {
        const year = /^[ \t]?'?(?:19|20)?\d{2}(?!\d)/.exec(text.slice(end, end + 6));
        if (year) end += year[0].length;
      }
      out.push({ kind: a.group.kind, text: text.slice(i, end), start: i, end, order: -1 });
      break;
    }
  }
}

/** The facts in `text` that `known` does not contain, each once, in the order they appear. */
export function findUnsupported(text: string, known: string): UnsupportedFact[] {
  return runToEnd(findUnsupportedSteps(text, known));
}

/** `findUnsupported` in slices (time-slice.ts): what the API runs. */
export function findUnsupportedAsync(text: string, known: string, options: { signal?: AbortSignal } = {}): Promise<UnsupportedFact[]> {
  return runSliced(findUnsupportedSteps(text, known), options);
}

/** Whether `at` starts a sentence: only spaces and quotes between it and the last sentence end. */
function atSentenceStart(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '"' || c === '“' || c === '(' || c === '（') continue;
    return '.!?。！？\n:：;；'.includes(c);
  }
  return true;
}

/** Sentence ends, for keeping a level with its contest. */
const SENTENCE_END = /[.!?。！？；;\n]/g;

/** Every name, number and date the patterns and the table find; at one place the longest claim wins. */
function* chosenCandidates(text: string, known: Known, blank: Uint8Array): Steps<Candidate[]> {
  const candidates: Candidate[] = [];
  yield* tableCandidates(text, known.index, candidates);
  for (const [order, { kind, re, generic }] of PATTERNS.entries()) {
    yield;
    for (const m of text.matchAll(re)) {
      yield;
      // A generic name is the pattern's group: the words before it only find it.
      let raw = m[1] ?? m[0];
      let start = m.index + m[0].length - raw.length;
      if (order === CAPS_PHRASE && atSentenceStart(text, start)) {
        const cut = /^[^ \t]+[ \t]+(?:(?:of|for|and|de|on|the)[ \t]+)?/.exec(raw);
        if (!cut) continue;
        raw = raw.slice(cut[0].length);
        start += cut[0].length;
        // One word left: the patterns after "at", "in"… judge single words.
        if (!/[ \t]/.test(raw.trim())) continue;
      }
      if (NAME_KINDS.has(kind) && hasHan(raw) && /^[\p{Script=Han}A-Za-z\d“”"+]/u.test(raw)) {
        const keep = kind === 'award' || kind === 'competition' ? 3 : 4;
        const trimmed = trimZhLead(raw, Math.min(keep, raw.length));
        start += raw.length - trimmed.length;
        raw = trimmed;
      } else if (/^[A-Z]/.test(raw) && kind !== 'person' && kind !== 'date') {
        const trimmed = trimEnLead(raw);
        start += raw.length - trimmed.length;
        raw = trimmed;
      }
      const fact = raw.trimEnd().replace(/[“”"]/g, (q, at: number) => (at === 0 ? '' : q));
      const lead = raw.length - raw.trimStart().length;
      if (!fact.trim()) continue;
      if (order === ZH_CLAIM && NOT_A_PLACE.test(fact)) continue;
      if (generic && COMMON_ACRONYMS.has(fact)) continue;
      // A phrase found only by its capitals is a name when a word of it is not a common one.
      // (A phrase of translatable words, Central Academy of Fine Arts, is still a name when found by its capitals alone.)
      const common = (w: string) =>
        !w || CONNECTORS.has(w) || COMMON_CAPS.has(w.toLowerCase()) || (order !== CAPS_PHRASE && w.toLowerCase() in WORD_EQUIVALENTS);
      if (generic && fact.split(/[^A-Za-z]+/).every(common)) continue;
      let claim = fact.trim();
      let from = start + lead;
      if (order === CAPS_PHRASE) {
        // A capitalised phrase's leading common words are the sentence's (a heading), not the name's:
        // "Personal Statement Zhang Wei" claims Zhang Wei. Trailing ones may be the name's own
        // (Cognitive Science Society), so they stay.
        const words = claim.split(' ');
        let first = 0;
        while (first < words.length && common(words[first]!)) first++;
        // One word left: the patterns after "at", "in"… judge single words.
        if (first > 0 && words.length - first < 2) continue;
        const kept = words.slice(first).join(' ');
        from += words.slice(0, first).reduce((n, w) => n + w.length + 1, 0);
        claim = kept;
      }
      candidates.push({ kind, text: claim, start: from, end: from + claim.length, order });
    }
  }
  for (const [k, { kind, re, max }] of ZH_ENDS.entries()) {
    yield;
    for (const m of text.matchAll(re)) {
      yield;
      const end = m.index + m[0].length;
      let start = m.index;
      while (start > 0 && m.index - start < max && NAME_CHAR.test(text[start - 1]!)) start--;
      const keep = kind === 'award' || kind === 'competition' ? m[0].length : m[0].length + 2;
      const name = trimZhLead(text.slice(start, end), keep).replace(/^[“”"]+/, '');
      candidates.push({ kind, text: name, start: end - name.length, end, order: PATTERNS.length + k });
    }
  }
  // At one place the longest claim wins ("CITIC Securities Co." over "CITIC"), then the table.
  candidates.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start) || a.order - b.order);
  const taken = new Uint8Array(text.length);
  const chosen: Candidate[] = [];
  for (const c of candidates) {
    let free = true;
    for (let i = c.start; i < c.end; i++) {
      if (taken[i] || blank[i]) {
        free = false;
        break;
      }
    }
    if (!free) continue;
    taken.fill(1, c.start, c.end);
    chosen.push(c);
  }
  chosen.sort((a, b) => a.start - b.start);
  return chosen;
}

/** `findUnsupported` as steps: it pauses between matches. */
export function* findUnsupportedSteps(text: string, knownText: string): Steps<UnsupportedFact[]> {
  const known = yield* knownFactsSteps(knownText);
  yield;
  const blank = new Uint8Array(text.length);
  for (const [start, end] of blanksOf(text)) blank.fill(1, start, end);

  const chosen = yield* chosenCandidates(text, known, blank);

  const sentenceOf = new Uint32Array(text.length + 1);
  let s = 0;
  let last = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    sentenceOf.fill(s, last, m.index + 1);
    last = m.index + 1;
    s++;
  }
  sentenceOf.fill(s, last);
  yield;

  // A name the text writes out and the archive supports lends its initials to those lines, so the
  // text's own acronym for it is supported too (Central Academy of Fine Arts … CAFA Scholarship).
  for (const c of chosen) {
    yield;
    if (!/^[A-Z][a-z]+(?:[ \t]+[A-Za-z]+){2,8}$/.test(c.text) || /\b[A-Z]{2,}/.test(c.text)) continue;
    const support = supportOf(c, known);
    if (Array.isArray(support)) for (const i of support) known.lines[i]!.names.push(c.text);
  }

  const found: Array<UnsupportedFact & { at: number }> = [];
  const seen = new Set<string>();
  const checked = new Map<string, number[] | boolean>();
  const supportLines = new Map<Candidate, number[]>();
  const levels: Candidate[] = [];
  const unsupported: Candidate[] = [];
  for (const c of chosen) {
    yield;
    // Single digits ("3 years", list numbers) say too little to check.
    if (c.kind === 'number' && c.text.replace(/\D/g, '').length < 2 && /^[\d.,]+$/.test(c.text.trim())) continue;
    if (c.kind === 'award' && (LEVEL_RE.test(c.text) || ZH_LEVEL_ONLY.test(c.text))) {
      levels.push(c);
      continue;
    }
    const key = `${c.kind}\u0000${c.text}`;
    let support = checked.get(key);
    if (support === undefined) checked.set(key, (support = supportOf(c, known)));
    if (Array.isArray(support)) supportLines.set(c, support);
    if (support === true || (Array.isArray(support) && support.length > 0)) continue;
    unsupported.push(c);
  }
  // An English name no line supports may be the official name of an archive entry nothing else
  // claimed (HiSilicon for 华为海思): paired one to one, by words or by its clause's dates (fact-align.ts).
  yield;
  const aligned = yield* alignNames(text, unsupported, supportLines, known);
  for (const c of unsupported) {
    const line = aligned.get(c);
    if (line === undefined) report(c);
    else supportLines.set(c, [line]);
  }
  // A level ("gold medal") is the archive's only on the lines of the contest beside it, or anywhere when none is.
  for (const c of levels) {
    yield;
    const words = levelWords(c.text);
    const near = chosen.filter(
      (o) =>
        o !== c &&
        sentenceOf[o.start] === sentenceOf[c.start] &&
        (['competition', 'award', 'conference'].includes(o.kind) || isContestAfter(c, o)) &&
        supportLines.get(o)?.length,
    );
    const lines = near.length ? near.flatMap((o) => supportLines.get(o)!) : known.lines.map((_, i) => i);
    const inLines = lines.some((i) => words.some((w) => known.lines[i]!.text.includes(w) || hanOf(known.lines[i]!).includes(w)));
    if (!inLines) report(c);
  }

  /** A level's contest found as a body ("second prize at Formula Student China"): right after it, on a contest's line. */
  function isContestAfter(level: Candidate, o: Candidate) {
    return (
      o.kind === 'organisation' &&
      /^[ \t]+(?:at|in)[ \t]+(?:the[ \t]+)?$/u.test(text.slice(level.end, o.start)) &&
      (supportLines.get(o) ?? []).some((i) => kindOfChinese(known.lines[i]!.raw) === 'contest')
    );
  }

  function report(c: Candidate) {
    const key = `${c.kind}:${normal(c.text)}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.push({ text: c.text, kind: c.kind, at: c.start });
  }
  return found.sort((a, b) => a.at - b.at).map(({ text: t, kind }) => ({ text: t, kind }));
}

/** Kinds of name that may be an archive entry's official English name. */
const ALIGNED_KINDS = new Set<FactKind>(['award', 'competition', 'school', 'organisation', 'publication', 'conference']);
/** A role in a publication, not its name. */
const AUTHOR_ROLE = /author|作者|一作/iu;
/** Clause ends around a name: the dates of its clause are the dates it is stated with. */
const CLAUSE_END = new Set(Array.from(',;.!?，。；！？\n'));
/** The full stop of a firm's suffix (GEM Co. worked…) abbreviates, it does not end the clause. */
const ABBREVIATION = /(?:^|[^A-Za-z])(?:Co|Ltd|Inc|Corp)$/;
const clauseEndAt = (text: string, at: number) =>
  CLAUSE_END.has(text[at]!) && !(text[at] === '.' && ABBREVIATION.test(text.slice(Math.max(0, at - 5), at)));
const CLAUSE_MAX = 240;

/**
 * `alignLeftovers` on the check's own data: unsupported Latin names against the lines nothing
 * claimed. A name written twice is one name (the dates of all its clauses), paired or not as one.
 */
function* alignNames(
  text: string,
  unsupported: Candidate[],
  supportLines: Map<Candidate, number[]>,
  known: Known,
): Steps<Map<Candidate, number>> {
  const names: AlignName[] = [];
  const byText = new Map<string, { name: AlignName; candidates: Candidate[] }>();
  for (const c of unsupported) {
    yield;
    if (!ALIGNED_KINDS.has(c.kind) || hasHan(c.text) || !/[A-Za-z]{2}/.test(c.text)) continue;
    // A name of the table is a body the table knows, and the archive holds none of its names: not this entry.
    if (tableLinesFor(c.text, known).inTable) continue;
    const key = normal(c.text);
    let entry = byText.get(key);
    if (!entry) {
      const name: AlignName = {
        id: names.length,
        text: c.text,
        yearMonths: new Set(),
        years: new Set(),
        byDates: c.kind === 'organisation',
      };
      names.push(name);
      byText.set(key, (entry = { name, candidates: [] }));
    }
    entry.candidates.push(c);
    let from = c.start;
    while (from > 0 && c.start - from < CLAUSE_MAX && !clauseEndAt(text, from - 1)) from--;
    let to = c.end;
    while (to < text.length && to - c.end < CLAUSE_MAX && !clauseEndAt(text, to)) to++;
    const clause = text.slice(from, to);
    yearMonthsIn(clause, entry.name.yearMonths);
    for (const y of clause.match(/(?<!\d)(?:19|20)\d{2}(?!\d)/g) ?? []) entry.name.years.add(y);
  }
  const out = new Map<Candidate, number>();
  if (names.length === 0) return out;
  const claimed = new Set<number>();
  const entryClaimed = new Set<number>();
  for (const [c, lines] of supportLines) {
    for (const i of lines) entryClaimed.add(i);
    // An author role (second author) says who wrote, not where: its line still names the journal.
    // A name borne out by several lines (Plant Protection: the major, a contest, a journal) is
    // part of each and claims none: their own names are still paired with them.
    if (!AUTHOR_ROLE.test(c.text) && lines.length === 1) for (const i of lines) claimed.add(i);
  }
  const lines: AlignLine[] = [];
  known.lines.forEach((l, i) => {
    if (!claimed.has(i) && known.entryOf[i]! >= 0) lines.push({ index: i, raw: l.raw, entry: known.entryOf[i]! });
  });
  const entries: AlignEntry[] = known.entries.map((e) => ({ ...e, claimed: false }));
  for (const i of entryClaimed) if (known.entryOf[i]! >= 0) entries[known.entryOf[i]!]!.claimed = true;
  const pairs = yield* alignLeftoversSteps(names, lines, entries);
  for (const { name, candidates } of byText.values()) {
    const line = pairs.get(name.id);
    if (line !== undefined) for (const c of candidates) out.set(c, line);
  }
  return out;
}

/** The check for one of the caller's students (owner-scoped: someone else's is a 404). */
export async function factCheck(db: Database, ws: Workspace, input: { text: string; clientProfileId?: string; context: string[] }) {
  const profile = input.clientProfileId ? await getProfile(db, ws, input.clientProfileId) : null;
  const known = knownTextOf(profile?.name, profile?.data, profile?.cvText, input.context);
  return { unsupported: await findUnsupportedAsync(input.text, known) };
}

// The patterns compiled at start-up, not inside the first request's slices (a cold compile of the
// larger Unicode patterns takes tens of milliseconds in one step).
findUnsupported(
  'At Zhejiang University I won a gold medal at the ACM-ICPC World Finals, GPA 3.9/4.0, IELTS 7.5, March 2024, 20%, 3 papers. 我就读于浙江大学，获得国家奖学金和数学建模竞赛一等奖，李明教授。',
  '浙江大学\n2024-03',
);
