/**
 * The facts a rewrite must keep (issue 14, meaning lock): numbers and dates (digits, English month
 * dates, numbers written as words, Chinese numerals: 二〇二三年、三月十五日、百分之三十、十五岁、
 * 第一), percentages and grades (3.9/4.0, 30 percent), initialisms (GPA, TOEFL), names of people,
 * schools and organisations (English: capitalised words that do not just start a sentence;
 * Chinese: …大学/学院/中学/研究所/实验室/公司/医院 and the like, and people named with a common
 * surname beside a title or a role: 李明老师、导师王刚), quoted and 《》 titles, Latin names inside
 * Chinese text, and the user's protected terms. A rewrite of a sentence that loses any of them, or
 * has fewer of one than the original, is not used. The Chinese name rules are cautious the safe
 * way: a span that is not really a name only keeps a sentence from being rewritten.
 */

import { splitSentences } from '../detector/text';
import { runToEnd, type Steps } from '../time-slice';

// Every pattern here is linear in its input (issue 22): a pattern that can start inside a run it
// then fails on (digits, numerals) starts only at the run's first character, and nothing tests a
// pattern against the whole text before a match.

const NUMBER = /\d+(?:[.,:/-]\d+)*%?/g;
const QUOTED = /["“]([^"”\n]{2,300})["”]|《([^》\n]{1,80})》/g;
/** A capitalised word (or initialism), with what follows it in the same name. */
const CAPITALISED = /\b[A-Z][A-Za-z&.'-]*(?:\s+(?:of|and|for|the|de|du|van|von)?\s*[A-Z][A-Za-z&.'-]*)*/g;
const LATIN_IN_CJK = /[A-Za-z][A-Za-z0-9 .&'-]*[A-Za-z0-9]/g;
const CJK = /[\u3400-\u9fff]/;

const MONTH =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
/** "March 2021", "March 15, 2021", "15 March 2021", "spring 2022", "May 3rd". */
const EN_DATE = new RegExp(
  `\\b(?:${MONTH}\\.?(?:\\s+\\d{1,2}(?:st|nd|rd|th)?,?)?\\s+\\d{4}|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\.?,?\\s+\\d{4}|${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?\\b|(?:[Ss]pring|[Ss]ummer|[Aa]utumn|[Ff]all|[Ww]inter)\\s+(?:of\\s+)?\\d{4})`,
  'g',
);
const NUMBER_WORDS =
  'zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen|dozens|hundreds|thousands|millions|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|twice|half|once';
/** Numbers written as words, with a hyphenated tail ("twenty-five") and a unit word if one follows. */
const EN_NUMBER_WORD = new RegExp(`\\b(?:${NUMBER_WORDS})(?:-(?:${NUMBER_WORDS}))*\\b`, 'gi');
/** "30 percent", "30%"; a grade "3.9/4.0" is a NUMBER already. */
const PERCENT = /(?<!\d)\d+(?:\.\d+)?\s?(?:percent|per cent|%)/gi;
/** Initialisms anywhere in a sentence, its start included: GPA, TOEFL, MIT, ACM. */
const INITIALISM = /\b[A-Z][A-Z0-9&]+s?\b/g;

const ZH_DIGIT = '〇零一二三四五六七八九十百千万亿两';
/** Chinese numerals with what they count or date: 二〇二三年、三月十五日、百分之三十、十五岁、第一、三名. */
const ZH_NUMBER = new RegExp(
  `百分之[${ZH_DIGIT}点\\d.]+|第[${ZH_DIGIT}\\d]+|(?<![${ZH_DIGIT}])[${ZH_DIGIT}]+(?:点[${ZH_DIGIT}]+)?(?:个月|周岁|小时|分钟|年|月|日|号|岁|个|名|次|项|篇|天|周|分|人|门|所|届|位|本|种|倍|级|等|成|家|条|万|亿)`,
  'g',
);
/** Chinese schools and organisations: a name ending in one of these (its lead trimmed at a function word). */
const ZH_ORG =
  /[\u4e00-\u9fffA-Za-z]{1,10}?(?:大学|学院|中学|小学|高中|初中|附中|研究所|研究院|研究中心|实验室|公司|集团|医院|银行|协会|学会|委员会|基金会|出版社|科学院|工程院|事务所|研究室|课题组|图书馆|博物馆)/g;
/** Characters that never end a name's lead: the name starts after the last of them. */
const ZH_NAME_STOP =
  /[我你他她它们的了在于从到是和与及或为对进入考读就去向被把将所该这那个位名也都还很并而且但说让给曾已会要能想把之以其次每各本该此等，。、；：！？“”《》（）\s]/;
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const COMPOUND_SURNAMES = '欧阳|司马|诸葛|上官|东方|慕容|令狐|皇甫|尉迟|长孙|宇文|司徒|夏侯';
const TITLES = '老师|教授|同学|先生|女士|博士|院士|医生|主任|校长|经理|导师|学长|学姐|师兄|师姐|老板|总监|研究员|讲师';
const ROLES = '导师|教授|老师|同学|室友|朋友|经理|主任|校长|博士|学长|学姐|师兄|师姐|研究员|讲师|队友|搭档';
/** 李明老师 / 欧阳娜娜教授 / 王老师: a common surname, 0–2 characters, a title. */
const ZH_NAME_TITLE = new RegExp(`(?:${COMPOUND_SURNAMES}|[${SURNAMES}])[\\u4e00-\\u9fff]{0,2}?(?:${TITLES})`, 'g');
/** 导师李明 / 室友张伟: a role, then a common surname and 1–2 characters. */
const ZH_ROLE_NAME = new RegExp(`(?:${ROLES})((?:${COMPOUND_SURNAMES}|[${SURNAMES}])[\\u4e00-\\u9fff]{1,2})`, 'g');

/** Words a sentence may start with that are not names. */
const COMMON_STARTERS = new Set([
  'I',
  'A',
  'An',
  'The',
  'My',
  'We',
  'Our',
  'This',
  'That',
  'These',
  'Those',
  'It',
  'In',
  'On',
  'At',
  'As',
  'For',
  'From',
  'By',
  'With',
  'When',
  'While',
  'After',
  'Before',
  'Since',
  'During',
  'Through',
  'Throughout',
  'Although',
  'Because',
  'If',
  'But',
  'And',
  'So',
  'Yet',
  'Also',
  'Then',
  'There',
  'Here',
  'Today',
  'Now',
  'Furthermore',
  'Moreover',
  'Additionally',
  'Ultimately',
  'Overall',
  'Finally',
  'First',
  'Second',
  'Third',
  'However',
  'Therefore',
  'Thus',
  'Hence',
  'Consequently',
  'Indeed',
  'Notably',
  'Importantly',
  'Meanwhile',
  'Instead',
  'Still',
  'Besides',
  'Additionally,',
]);

function unique(values: string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

/** The facts of a text: each sentence's, so a name never runs across a sentence's end. */
export function factsOf(text: string, protectedTerms: string[] = []): string[] {
  return runToEnd(factsOfSteps(text, protectedTerms));
}

/** `factsOf`, pausing between sentences (time-slice.ts): a whole 20,000-character text at once. */
export function* factsOfSteps(text: string, protectedTerms: string[] = []): Steps<string[]> {
  const sentences = splitSentences(text);
  const facts: string[] = [];
  if (sentences.length > 1) {
    for (const s of sentences) {
      yield;
      facts.push(...sentenceFacts(s.text));
    }
  } else facts.push(...sentenceFacts(text));
  for (const term of protectedTerms) if (term.trim() && text.includes(term.trim())) facts.push(term.trim());
  return unique(facts);
}

/**
 * Whether position `at` starts a sentence, as `/(^|[.!?]\s+|\n\s*)$/` tests the text before it:
 * read backwards over the whitespace just before, so it costs that whitespace, not the whole prefix.
 */
function startsSentence(text: string, at: number): boolean {
  if (at === 0) return true;
  let j = at - 1;
  while (j >= 0 && /\s/.test(text[j]!)) {
    if (text[j] === '\n') return true;
    j--;
  }
  return j < at - 1 && j >= 0 && /[.!?]/.test(text[j]!);
}

/**
 * The name in a 1–10 character lead before an organisation suffix, cut after the last function
 * word that leaves at least two characters before the suffix ("之后在北京协和医院" → "北京协和医院",
 * "我在华为公司" → "华为公司": 和 and 为 are inside the names).
 */
function trimLead(span: string, suffixLength: number): string {
  const leadEnd = span.length - suffixLength;
  let start = 0;
  for (let i = 0; i < leadEnd; i++) if (ZH_NAME_STOP.test(span[i]!) && leadEnd - (i + 1) >= 2) start = i + 1;
  return span.slice(start);
}

/** A role's name cut before a function word ("导师李明是" → "李明"). */
function trimName(name: string): string {
  for (let i = 2; i < name.length; i++) if (ZH_NAME_STOP.test(name[i]!)) return name.slice(0, i);
  return name;
}

function sentenceFacts(text: string): string[] {
  const facts: string[] = [];
  for (const m of text.matchAll(NUMBER)) facts.push(m[0]);
  for (const m of text.matchAll(PERCENT)) facts.push(m[0]);
  for (const m of text.matchAll(QUOTED)) facts.push((m[1] ?? m[2])!);
  for (const m of text.matchAll(EN_DATE)) facts.push(m[0]);
  for (const m of text.matchAll(INITIALISM)) if (m[0] !== 'I') facts.push(m[0]);
  if (CJK.test(text)) {
    for (const m of text.matchAll(LATIN_IN_CJK)) facts.push(m[0]);
    for (const m of text.matchAll(ZH_NUMBER)) facts.push(m[0]);
    for (const m of text.matchAll(ZH_ORG)) {
      const suffix =
        /(?:大学|学院|中学|小学|高中|初中|附中|研究所|研究院|研究中心|实验室|公司|集团|医院|银行|协会|学会|委员会|基金会|出版社|科学院|工程院|事务所|研究室|课题组|图书馆|博物馆)$/.exec(
          m[0],
        )![0];
      const name = trimLead(m[0], suffix.length);
      facts.push(name.length > suffix.length ? name : m[0]);
    }
    for (const m of text.matchAll(ZH_NAME_TITLE)) facts.push(m[0]);
    for (const m of text.matchAll(ZH_ROLE_NAME)) facts.push(trimName(m[1]!));
  } else {
    for (const m of text.matchAll(EN_NUMBER_WORD)) facts.push(m[0]);
    for (const m of text.matchAll(CAPITALISED)) {
      let name = m[0];
      const atStart = startsSentence(text, m.index);
      if (atStart) {
        // A sentence's first word is a name only if more of the name follows it.
        const [first, ...rest] = name.split(/\s+/);
        if (COMMON_STARTERS.has(first!) || rest.length === 0) name = rest.join(' ');
        else name = [first, ...rest].join(' ');
      }
      name = name.replace(/[.'-]+$/, '');
      if (name && name !== 'I') facts.push(name);
    }
  }
  return facts;
}

const WORDISH = /[A-Za-z0-9]/;
/** How many times `fact` stands in `text` as itself (not inside a longer word or number: "3" in "2023" does not count). */
export function countFact(text: string, fact: string): number {
  let n = 0;
  for (let at = text.indexOf(fact); at >= 0; at = text.indexOf(fact, at + 1)) {
    const before = text[at - 1] ?? '';
    const after = text[at + fact.length] ?? '';
    if (WORDISH.test(fact[0]!) && WORDISH.test(before)) continue;
    if (WORDISH.test(fact[fact.length - 1]!) && WORDISH.test(after)) continue;
    n++;
  }
  return n;
}

/** The facts of `original` (a sentence) that `rewritten` no longer contains, or has fewer of. */
export function lostFacts(original: string, rewritten: string, protectedTerms: string[] = []): string[] {
  return factsOf(original, protectedTerms).filter(
    (fact) => !rewritten.includes(fact) || countFact(rewritten, fact) < countFact(original, fact),
  );
}
