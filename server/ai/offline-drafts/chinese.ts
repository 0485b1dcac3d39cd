/**
 * The Chinese edits an offline polish may make (ADR 0041): none changes a word, adds one or takes a
 * comma away. Half-width punctuation between Chinese characters becomes full-width, and a word
 * written twice in a row (始终始终) once. 的/地/得 is not touched: no rule here is sure of it.
 */

const HAN = '\\u3400-\\u9fff';
const HALF_TO_FULL: Record<string, string> = { ',': '，', ';': '；', ':': '：', '?': '？', '!': '！' };
/** Half-width marks with Chinese on both sides (digits and Latin text keep theirs: 3.72, GPA: 3.8). */
const HALF_BETWEEN_HAN = new RegExp(`(?<=[${HAN}])[,;:?!](?=[${HAN}])`, 'g');
/** A closing half-width mark after a Chinese character at the end of the sentence. */
const HALF_AT_END = new RegExp(`(?<=[${HAN}])([.?!;])$`);
/**
 * A run of three to eight Chinese characters written twice in a row, or a two-character word from a
 * list of ones Chinese never doubles (研究研究, 一步一步 and 干干净净 are doubled on purpose). Linear:
 * each position tries at most seven lengths.
 */
const DOUBLED_LONG = new RegExp(`([${HAN}]{3,8})\\1`, 'g');
const NEVER_DOUBLED = [
  '始终',
  '一直',
  '已经',
  '但是',
  '因为',
  '所以',
  '而且',
  '并且',
  '然而',
  '因此',
  '同时',
  '非常',
  '十分',
  '可以',
  '能够',
  '我们',
  '他们',
  '这个',
  '那个',
  '一个',
  '自己',
  '通过',
  '进行',
  '对于',
  '关于',
  '以及',
  '如果',
  '虽然',
  '不仅',
  '还是',
  '作为',
];
const DOUBLED_SHORT = new RegExp(`(${NEVER_DOUBLED.join('|')})\\1`, 'g');

export function safeChinese(sentence: string): { text: string; reasons: string[] } {
  const reasons: string[] = [];
  let text = sentence
    .replace(HALF_BETWEEN_HAN, (m) => HALF_TO_FULL[m] ?? m)
    .replace(HALF_AT_END, (m) => (m === '.' ? '。' : (HALF_TO_FULL[m] ?? m)));
  if (text !== sentence) reasons.push('中文句子中的半角标点改为全角');
  // A run of one repeated character (哈哈哈哈哈哈) is not a doubled word.
  const undoubled = text.replace(DOUBLED_LONG, (m, word: string) => (new Set(word).size > 1 ? word : m)).replace(DOUBLED_SHORT, '$1');
  if (undoubled !== text) reasons.push('同一个词紧挨着写了两次');
  text = undoubled;
  return { text, reasons };
}
