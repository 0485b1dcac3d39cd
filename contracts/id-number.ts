/**
 * Resident identity card numbers (GB 11643-1999) and real names, checked without any service:
 * the rules of the real-name verification form and API (ADR 0037). Pure and zod-free, so both
 * the schema (contracts/user.ts) and tests use the same functions.
 */

/** The messages a user sees for each way a number or a name is wrong. */
export const ID_MESSAGES = {
  numberRequired: '请输入身份证号',
  numberLength: '身份证号应为18位',
  numberFormat: '身份证号只能包含数字，最后一位可以是X',
  region: '地区码无效',
  birthDate: '出生日期无效',
  checkDigit: '身份证号校验位不正确',
  nameRequired: '请输入真实姓名',
  nameLength: '姓名应为2–30个汉字',
  nameCharacters: '姓名只能包含汉字，少数民族姓名可用间隔号“·”分隔',
} as const;

/**
 * Province-level administrative codes of GB/T 2260 (the number's first two digits), plus 83: the
 * residence permits of Hong Kong, Macao and Taiwan residents use 810000, 820000 and 830000. Finer
 * codes are not checked: counties are renamed and merged, and an old card keeps its old code.
 */
export const PROVINCE_CODES: ReadonlySet<string> = new Set([
  ...['11', '12', '13', '14', '15'],
  ...['21', '22', '23'],
  ...['31', '32', '33', '34', '35', '36', '37'],
  ...['41', '42', '43', '44', '45', '46'],
  ...['50', '51', '52', '53', '54'],
  ...['61', '62', '63', '64', '65'],
  ...['71', '81', '82', '83'],
]);

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The ISO 7064 MOD 11-2 check character of the first 17 digits. */
export function idCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

/** As people type it: spaces dropped, a lower-case x made upper case. */
export const normalizeIdNumber = (raw: string) => raw.replace(/\s+/g, '').toUpperCase();

/** Today's date in China as YYYYMMDD: a birth date after it is in the future. */
const chinaToday = (now: Date) => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');

function isRealDate(yyyymmdd: string, now: Date): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return false; // 19990230 rolls over into March
  return yyyymmdd <= chinaToday(now);
}

/** What is wrong with a normalized number, or null when it passes every local check. */
export function idNumberProblem(number: string, now = new Date()): string | null {
  if (!number) return ID_MESSAGES.numberRequired;
  if (number.length !== 18) return ID_MESSAGES.numberLength;
  if (!/^\d{17}[\dX]$/.test(number)) return ID_MESSAGES.numberFormat;
  if (!PROVINCE_CODES.has(number.slice(0, 2))) return ID_MESSAGES.region;
  if (!isRealDate(number.slice(6, 14), now)) return ID_MESSAGES.birthDate;
  if (idCheckDigit(number) !== number[17]) return ID_MESSAGES.checkDigit;
  return null;
}

/** The kept first and last characters: `1****************X`. */
export const maskIdNumber = (number: string) => `${number.slice(0, 1)}${'*'.repeat(Math.max(0, number.length - 2))}${number.slice(-1)}`;

/** Look-alikes of the middle dot that input methods produce (・ • ‧ ∙ ．), made `·` (U+00B7). */
export const normalizeRealName = (raw: string) => raw.replace(/\s+/g, '').replace(/[・•‧∙．]/g, '·');

const NAME_PATTERN = /^\p{Script=Han}+(?:·\p{Script=Han}+)*$/u;

/** What is wrong with a normalized name, or null. Length counts characters, the dots included. */
export function realNameProblem(name: string): string | null {
  if (!name) return ID_MESSAGES.nameRequired;
  const length = [...name].length;
  if (!NAME_PATTERN.test(name)) return ID_MESSAGES.nameCharacters;
  if (length < 2 || length > 30) return ID_MESSAGES.nameLength;
  return null;
}

/** Two-character surnames: their second character is kept too (欧阳娜娜 → 欧阳**). */
const COMPOUND_SURNAMES = new Set(
  '欧阳 司马 上官 诸葛 东方 皇甫 尉迟 公孙 慕容 长孙 宇文 司徒 夏侯 轩辕 令狐 端木 独孤 南宫 西门 百里 呼延 澹台 公冶 太史 申屠 钟离 闻人 赫连 濮阳 东郭 司空 万俟 单于 拓跋'.split(
    ' ',
  ),
);

/** The surname kept, every other character a `*`: 张三 → 张*, 欧阳娜娜 → 欧阳**. */
export function maskRealName(name: string): string {
  const chars = [...name];
  const kept = chars.length > 2 && COMPOUND_SURNAMES.has(chars.slice(0, 2).join('')) ? 2 : 1;
  return chars.slice(0, kept).join('') + '*'.repeat(Math.max(0, chars.length - kept));
}
