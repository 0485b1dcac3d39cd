/**
 * An independent check that a rewrite kept the facts (the 降AI率 bench, issue 14). It does not use
 * the reducer's meaning lock (facts.ts) and is built differently, token by token, so a blind spot
 * of the lock is not also a blind spot of its check:
 *   - numbers as values: Arabic digits, English number words ("twenty-five" → 25) and Chinese
 *     numerals (二〇二三 → 2023, 十五 → 15, 百分之三十 → 30%) in one multiset; the rewrite must
 *     have every value at least as often;
 *   - English: runs of capitalised tokens that do not start a sentence (names, schools, months),
 *     and initialisms, counted anywhere in the rewrite;
 *   - Chinese: every organisation suffix (大学, 学院, 公司 …) with the two characters before it,
 *     every surname-free title pair (X老师, X教授 …) with the character(s) before the title;
 *   - quoted and 《》 titles, and the protected terms.
 * Returns what the rewrite lost (empty when all survived).
 */

const EN_UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const EN_TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const EN_SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1e6, billion: 1e9, dozen: 12 };
const EN_ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  twice: 2,
};

const ZH_DIGITS: Record<string, number> = { 〇: 0, 零: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const ZH_SCALES: Record<string, number> = { 十: 10, 百: 100, 千: 1000, 万: 10000, 亿: 1e8 };

/** A Chinese numeral's value: digit strings (二〇二三) read digit by digit, others by their scales (三百二十五). */
export function chineseNumeral(s: string): number | null {
  if (!s) return null;
  if (/^[〇零一二三四五六七八九两]{2,}$/.test(s) && /[〇零]/.test(s)) return Number([...s].map((c) => ZH_DIGITS[c]).join(''));
  if (/^[〇一二三四五六七八九]{3,}$/.test(s)) return Number([...s].map((c) => ZH_DIGITS[c]).join(''));
  let total = 0;
  let section = 0;
  let digit = 0;
  for (const c of s) {
    if (c in ZH_DIGITS) digit = ZH_DIGITS[c]!;
    else if (c in ZH_SCALES) {
      const scale = ZH_SCALES[c]!;
      if (scale >= 10000) {
        total = (total + section + digit) * scale;
        section = 0;
      } else section += (digit || 1) * scale;
      digit = 0;
    } else return null;
  }
  return total + section + digit;
}

const ZH_NUM = '〇零一二三四五六七八九十百千万亿两';
/** Chinese numerals that count or date something (a run alone, like 一 in 一起, is not a number). */
const ZH_NUMBER_TOKEN = new RegExp(
  `百分之([${ZH_NUM}]+)|第([${ZH_NUM}]+)|([${ZH_NUM}]+)(?=个月|周岁|小时|分钟|[年月日号岁个名次项篇天周分人门所届位本种倍级等成家条])|([${ZH_NUM}]*[〇零][${ZH_NUM}]*)`,
  'g',
);

function numberValues(text: string): string[] {
  const values: string[] = [];
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)(\s?(?:%|percent\b|per cent\b))?/g)) values.push(String(Number(m[1])) + (m[2] ? '%' : ''));
  // English number words: units, tens with a hyphenated unit, scales multiply the value before them.
  for (const m of text.matchAll(/\b[A-Za-z]+(?:-[A-Za-z]+)*\b/g)) {
    const parts = m[0].toLowerCase().split('-');
    let value: number | null = null;
    for (const p of parts) {
      const v = EN_UNITS[p] ?? EN_TENS[p];
      if (v !== undefined) value = (value ?? 0) + v;
      else if (EN_SCALES[p] !== undefined) value = (value ?? 1) * EN_SCALES[p]!;
      else if (EN_ORDINALS[p] !== undefined) value = (value ?? 0) + EN_ORDINALS[p]!;
      else {
        value = null;
        break;
      }
    }
    if (value !== null) values.push(String(value));
  }
  for (const m of text.matchAll(ZH_NUMBER_TOKEN)) {
    const raw = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    const v = chineseNumeral(raw);
    if (v !== null) values.push(m[1] !== undefined ? `${v}%` : String(v));
  }
  return values;
}

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?。！？]["'”’)]*)\s+|\n+/).filter((s) => s.trim());
}

/** Capitalised runs that do not start a sentence (a run that does loses its first word). */
function capitalisedRuns(text: string): string[] {
  const runs: string[] = [];
  for (const sentence of sentencesOf(text)) {
    const raw = sentence.split(/\s+/);
    let run: string[] = [];
    let fromStart = false;
    const flush = () => {
      const name = fromStart ? run.slice(1) : run;
      if (name.length) runs.push(name.join(' '));
      run = [];
      fromStart = false;
    };
    raw.forEach((r, i) => {
      // Punctuation before or after a word ends a name there ("Heathcliff, Catherine" are two).
      if (/^[("'“‘[]/.test(r)) flush();
      const t = r.replace(/^[("'“‘[]+|[)"'”’\],.;:!?]+$/g, '');
      if (/^[A-Z][A-Za-z'&.-]*$/.test(t) && t !== 'I' && !/^I'/.test(t)) {
        if (run.length === 0) fromStart = i === 0;
        run.push(t);
      } else flush();
      if (/[)"'”’\],.;:!?]$/.test(r)) flush();
    });
    flush();
  }
  return runs;
}

const ZH_ORG_SUFFIX = /(?:大学|学院|中学|小学|高中|研究所|研究院|实验室|公司|集团|医院|银行|协会|委员会|基金会|科学院)/g;
const ZH_TITLE = /(?:老师|教授|先生|女士|博士|院士|导师)/g;

function chineseNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(ZH_ORG_SUFFIX)) {
    const lead = text.slice(Math.max(0, m.index! - 2), m.index!);
    if (/^[\u4e00-\u9fff]{2}$/.test(lead)) out.push(lead + m[0]);
  }
  for (const m of text.matchAll(ZH_TITLE)) {
    const lead = text.slice(Math.max(0, m.index! - 1), m.index!);
    if (/^[\u4e00-\u9fff]$/.test(lead)) out.push(lead + m[0]);
  }
  return out;
}

function quoted(text: string): string[] {
  return [...text.matchAll(/《([^》]+)》|“([^”]+)”|"([^"\n]+)"/g)].map((m) => (m[1] ?? m[2] ?? m[3])!.trim()).filter((q) => q.length > 1);
}

function multiset(items: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const i of items) m.set(i, (m.get(i) ?? 0) + 1);
  return m;
}

function occurrences(text: string, s: string): number {
  const wordy = /^[A-Za-z0-9]/.test(s);
  const re = new RegExp(
    `${wordy ? '(?<![A-Za-z0-9])' : ''}${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${/[A-Za-z0-9]$/.test(s) ? '(?![A-Za-z0-9])' : ''}`,
    'g',
  );
  return text.match(re)?.length ?? 0;
}

/** What `rewritten` lost of `original`'s facts, by this independent reading (empty: all kept). */
export function auditFacts(original: string, rewritten: string, protectedTerms: string[] = []): string[] {
  const lost: string[] = [];
  const before = multiset(numberValues(original));
  const after = multiset(numberValues(rewritten));
  for (const [v, n] of before) if ((after.get(v) ?? 0) < n) lost.push(`number ${v}`);
  for (const [run, n] of multiset(capitalisedRuns(original))) if (occurrences(rewritten, run) < n) lost.push(run);
  for (const ini of new Set(original.match(/\b[A-Z]{2,}[A-Z0-9]*\b/g) ?? []))
    if (occurrences(rewritten, ini) < occurrences(original, ini)) lost.push(ini);
  for (const [name, n] of multiset(chineseNames(original))) if (occurrences(rewritten, name) < n) lost.push(name);
  for (const q of new Set(quoted(original))) if (!rewritten.includes(q)) lost.push(`“${q}”`);
  for (const t of protectedTerms) if (t && occurrences(rewritten, t) < occurrences(original, t)) lost.push(t);
  return lost;
}
