import { agreementErrors } from './agreement';
import { GRAMMAR_MAX_CHARS, type GrammarLint, lintTexts } from './engine';
import { tenseErrors } from './tense';

/**
 * What the review tools do with Harper's findings (ADR 0041): which to report and with what
 * Chinese reason, which a polish may apply by itself, and whether a rewrite brought in an error
 * its original did not have.
 */

/** Harper's lint kinds in Chinese: the reason a revision gives is true of the edit it proposes. */
const KIND_REASONS: Record<string, string> = {
  Agreement: '主谓不一致：动词的形式要与主语的人称和单复数一致',
  BoundaryError: '词的分写或连写有误',
  Capitalization: '大小写有误',
  Eggcorn: '固定说法写错了（按读音误写成了别的词）',
  Enhancement: '表达可以更好（不是错误）',
  Formatting: '空格或格式有误',
  Grammar: '语法错误',
  Malapropism: '误用了读音相近、意思不同的词',
  Miscellaneous: '语法或用法有误',
  Nonstandard: '非标准写法',
  Punctuation: '标点用法有误',
  Readability: '句子较长，不易读',
  Redundancy: '表达重复或冗余',
  Regionalism: '地区性用法',
  Repetition: '词语重复',
  Spelling: '拼写错误：词典中没有这个词',
  Style: '文体建议（不是错误）',
  Tense: '时态不一致：句子说的是过去的事，动词要用过去式',
  Typo: '笔误',
  Usage: '用法不当',
  WordChoice: '用词可能不当',
};

/** Findings worth more than a kind's name: the reason says what exactly is wrong ($1: the message's first group). */
const MESSAGE_REASONS: Array<[RegExp, string]> = [
  [/^Tense: the past cleft "(.+?)"/, '时态不一致：「$1」是过去时的强调句，强调的时间或地点属于后面这个动作，动词也要用过去式'],
  [/^Tense: the past time "(.+?)"/, '时态不一致：「$1」说的是过去的事，同一主语的动词要用过去式'],
  [/indefinite article/i, '冠词用错：元音音素开头的词前用 an，辅音音素开头的词前用 a'],
  [/past participle/i, '时态有误：完成时和被动语态要用过去分词'],
  [/Did you mean `there`/i, 'there / their / they’re 混用：表示“有”或“那里”时用 there'],
  [/Did you mean `their`/i, 'there / their / they’re 混用：表示“他们的”时用 their'],
];

/** Kinds that are errors (a rewrite must not bring one in); the rest are advice. */
const ERROR_KINDS = new Set([
  'Agreement',
  'BoundaryError',
  'Capitalization',
  'Eggcorn',
  'Grammar',
  'Malapropism',
  'Miscellaneous',
  'Nonstandard',
  'Punctuation',
  'Repetition',
  'Spelling',
  'Tense',
  'Typo',
  'Usage',
  'WordChoice',
]);
/**
 * Kinds whose first suggestion a polish applies by itself: Harper's fix for them is the fix
 * (agreement, tense, articles, there/their, doubled words, spacing). Word choice and malapropisms are
 * guesses at what the writer meant ("Informations" → "Deformations"): reported, never applied.
 */
const APPLIED_KINDS = new Set([
  'Agreement',
  'BoundaryError',
  'Capitalization',
  'Eggcorn',
  'Formatting',
  'Grammar',
  'Miscellaneous',
  'Punctuation',
  'Repetition',
  'Tense',
  'Typo',
]);

/**
 * A spelling finding on a capitalised word that does not open a sentence, or one with capitals or
 * digits inside (Tsinghua, Zhang, MSc, COVID-19): a name the dictionary does not know, not a
 * misspelling. Left out (a missed typo in a name is the smaller harm).
 */
function isNameLike(lint: GrammarLint, text: string): boolean {
  if (lint.kind !== 'Spelling') return false;
  const word = lint.problem;
  if (/\d|[A-Z]/.test(word.slice(1))) return true;
  if (!/^[A-Z]/.test(word)) return false;
  const before = text.slice(0, lint.start).trimEnd();
  return before.length > 0 && !/[.!?"“]$/.test(before);
}

/** Harper's findings that a revision reports (long sentences have their own note). */
export function reportable(text: string, lints: GrammarLint[]): GrammarLint[] {
  return lints.filter((l) => l.kind !== 'Readability' && !isNameLike(l, text));
}

export function reasonOf(lint: GrammarLint): string {
  for (const [pattern, reason] of MESSAGE_REASONS) {
    const m = pattern.exec(lint.message);
    if (m) return reason.replace('$1', () => m[1] ?? '');
  }
  return KIND_REASONS[lint.kind] ?? '语法检查发现的问题';
}

const letters = (word: string) => [...word.toLowerCase().replace(/[^a-z]/g, '')].sort().join('');

/**
 * The edit a polish may make for a finding, or null. Spelling: only when the fix is certain, the one
 * suggestion there is or the same letters in another order ("recieve" → "receive", "dont" →
 * "don't"); otherwise the first of several guesses could change the word ("studyed" → "studded").
 */
export function appliedSuggestion(lint: GrammarLint): GrammarLint['suggestions'][number] | null {
  const first = lint.suggestions[0];
  if (!first) return null;
  if (lint.kind === 'Spelling') return lint.suggestions.length === 1 || letters(first.text) === letters(lint.problem) ? first : null;
  return APPLIED_KINDS.has(lint.kind) ? first : null;
}

/** The text with one suggestion applied at its lint's span. */
export function applySuggestion(text: string, lint: GrammarLint, suggestion: GrammarLint['suggestions'][number]): string {
  if (suggestion.kind === 1) {
    // A removed word takes one of its spaces with it.
    const end =
      lint.end < text.length && text[lint.end] === ' ' && (lint.start === 0 || text[lint.start - 1] === ' ') ? lint.end + 1 : lint.end;
    return text.slice(0, lint.start) + text.slice(end);
  }
  if (suggestion.kind === 2) return text.slice(0, lint.end) + suggestion.text + text.slice(lint.end);
  return text.slice(0, lint.start) + suggestion.text + text.slice(lint.end);
}

/** The text a lint's suggestion would make, shown as the replacement of a revision's suggestion. */
export const fixedText = applySuggestion;

const keyOf = (l: GrammarLint) => `${l.kind}\u0000${l.problem.toLowerCase()}\u0000${l.message}`;

/**
 * Errors in `after` that `before` did not have (counted by kind, word and message). A misspelling
 * of a word the original already had is not new: an edit elsewhere can make Harper report a word
 * it passed over before (it does, with several unknown words in one sentence).
 */
export function newErrors(
  before: GrammarLint[],
  after: GrammarLint[],
  beforeText = '',
  kinds: Set<string> | null = ERROR_KINDS,
): GrammarLint[] {
  const had = new Map<string, number>();
  const inKinds = (l: GrammarLint) => kinds === null || kinds.has(l.kind);
  const words = new Set(beforeText.toLowerCase().match(/[a-z']+/g) ?? []);
  for (const l of before) if (inKinds(l)) had.set(keyOf(l), (had.get(keyOf(l)) ?? 0) + 1);
  return after.filter((l) => {
    if (!inKinds(l)) return false;
    if (l.kind === 'Spelling' && words.has(l.problem.toLowerCase())) return false;
    const n = had.get(keyOf(l)) ?? 0;
    if (n > 0) {
      had.set(keyOf(l), n - 1);
      return false;
    }
    return true;
  });
}

/**
 * Findings by sentence, kept for sentences linted again (降AI率 checks each round's rewrites against
 * the same originals; a polish re-lints what it tried). Bounded: short texts, oldest dropped first.
 */
const CACHE_ENTRIES = 2000;
const CACHE_TEXT_CHARS = 1000;
const cache = new Map<string, GrammarLint[]>();

/** Findings of each English text, names left out; null when the engine did not answer. */
export async function grammarOf(texts: string[]): Promise<GrammarLint[][] | null> {
  // Taken before the wait: another request may push these out of the cache meanwhile.
  const known = new Map(texts.flatMap((t) => (cache.has(t) ? [[t, cache.get(t)!] as const] : [])));
  const missing = [...new Set(texts.filter((t) => !known.has(t)))];
  // A long essay's sentences in requests the engine takes (GRAMMAR_MAX_CHARS each), one after another.
  const found: GrammarLint[][] = [];
  for (let i = 0; i < missing.length;) {
    let size = 0;
    let j = i;
    while (j < missing.length && (j === i || size + missing[j]!.length <= GRAMMAR_MAX_CHARS)) size += missing[j++]!.length;
    const part = await lintTexts(missing.slice(i, j));
    if (!part) return null;
    found.push(...part);
    i = j;
  }
  const fresh = new Map(
    missing.map((t, i) => [
      t,
      withRules(
        t,
        found[i]!.filter((x) => !isNameLike(x, t)),
      ),
    ]),
  );
  for (const [text, lints] of fresh) {
    if (text.length > CACHE_TEXT_CHARS) continue;
    cache.set(text, lints);
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  return texts.map((t) => fresh.get(t) ?? known.get(t)!);
}

const overlap = (a: GrammarLint, b: GrammarLint) => a.start < b.end && b.start < a.end;

/**
 * Harper's findings and the tense (tense.ts) and agreement (agreement.ts) errors it missed, in text
 * order, none twice. A tense finding replaces an agreement finding on the same verb: after "It was
 * in 2021 that she decide" the fix is "decided", not "decides".
 */
function withRules(text: string, lints: GrammarLint[]): GrammarLint[] {
  const tense = tenseErrors(text).filter((t) => !lints.some((l) => l.kind !== 'Agreement' && overlap(l, t)));
  const kept = lints.filter((l) => !(l.kind === 'Agreement' && tense.some((t) => overlap(l, t))));
  const agreement = agreementErrors(text).filter((a) => ![...kept, ...tense].some((l) => overlap(l, a)));
  const extra = [...tense, ...agreement];
  return extra.length || kept.length < lints.length ? [...kept, ...extra].sort((a, b) => a.start - b.start) : lints;
}

/**
 * Which rewrites keep the grammar: for each pair, true when the rewrite brings in no error its
 * original did not have. Null when the engine did not answer (the caller keeps its rewrites and
 * says the check did not run).
 */
export async function keepsGrammar(pairs: Array<{ before: string; after: string }>): Promise<boolean[] | null> {
  if (pairs.length === 0) return [];
  const lints = await grammarOf(pairs.flatMap((p) => [p.before, p.after]));
  if (!lints) return null;
  return pairs.map((p, i) => newErrors(lints[2 * i]!, lints[2 * i + 1]!, p.before).length === 0);
}

export type SentenceFix = { lint: GrammarLint; replacement: string };
export type PolishedSentence = { text: string; fixes: SentenceFix[] };

/**
 * English sentences with the engine's certain fixes applied: each fix is tried alone and kept only
 * if it clears its finding and brings in no new error; the kept ones together are checked again,
 * and if that brings one in the sentence keeps only its first fix. Null when the engine did not answer.
 */
export async function polishSentences(sentences: string[]): Promise<PolishedSentence[] | null> {
  const found = await grammarOf(sentences);
  if (!found) return null;
  const tries: Array<{ sentence: number; lint: GrammarLint; text: string; replacement: string }> = [];
  found.forEach((lints, s) => {
    for (const lint of lints) {
      const suggestion = appliedSuggestion(lint);
      if (!suggestion) continue;
      const text = applySuggestion(sentences[s]!, lint, suggestion);
      if (text !== sentences[s]) tries.push({ sentence: s, lint, text, replacement: suggestion.text });
    }
  });
  const tried = await grammarOf(tries.map((t) => t.text));
  if (!tried) return null;
  const kept = new Map<number, typeof tries>();
  tries.forEach((t, i) => {
    const before = found[t.sentence]!;
    // Any kind counts as cleared (a spacing fix clears a Formatting finding, which is no error).
    const cleared = newErrors(tried[i]!, before, '', null).length > 0;
    if (cleared && newErrors(before, tried[i]!, sentences[t.sentence]).length === 0)
      kept.set(t.sentence, [...(kept.get(t.sentence) ?? []), t]);
  });
  const combined = new Map<number, string>();
  for (const [s, fixes] of kept) {
    // Right to left, skipping overlaps, so each span still points at its words.
    let text = sentences[s]!;
    let limit = Infinity;
    const applied: typeof fixes = [];
    for (const t of [...fixes].sort((a, b) => b.lint.start - a.lint.start)) {
      if (t.lint.end > limit) continue;
      text = applySuggestion(text, t.lint, { kind: t.lint.suggestions[0]!.kind, text: t.replacement });
      limit = t.lint.start;
      applied.push(t);
    }
    kept.set(s, applied.reverse());
    combined.set(s, text);
  }
  const order = [...combined.keys()];
  const again = await grammarOf(order.map((s) => combined.get(s)!));
  if (!again) return null;
  const out: PolishedSentence[] = sentences.map((text) => ({ text, fixes: [] }));
  order.forEach((s, i) => {
    const fixes = kept.get(s)!;
    if (newErrors(found[s]!, again[i]!, sentences[s]).length === 0)
      out[s] = { text: combined.get(s)!, fixes: fixes.map((t) => ({ lint: t.lint, replacement: t.replacement })) };
    else {
      const first = fixes[0]!;
      out[s] = { text: first.text, fixes: [{ lint: first.lint, replacement: first.replacement }] };
    }
  });
  return out;
}
