import { OFFLINE_NOTE_HEADING } from '../../../contracts/ai-operation-constants';
import type { OutputLanguage, PolishInput, RevisionInput } from '../../../contracts/ai-operations';
import { detectLanguage } from '../prompts/shared';
import { renderFactSheet, type StudentProfile } from '../prompts/fact-sheet';
import type { OfflineDraft } from '../providers/offline';
import { lostFacts } from '../reducer/facts';
import { applySuggestion, grammarOf, keepsGrammar, polishSentences, reasonOf, reportable } from '../grammar/check';
import type { GrammarLint } from '../grammar/engine';
import { checkText, type Finding, tidyWhitespace } from './checks';
import { safeChinese } from './chinese';
import { conciseEnglish } from './selection';
import { lengthOf, paragraphsOf, sentencesOf } from './text';

/**
 * Essay revision and polish without a language model (issue 13, ADR 0041): English goes through the
 * grammar engine (Harper, server/ai/grammar), which reports each error with its words and a Chinese
 * reason; a polish applies only the engine's certain fixes and edits that cannot change meaning, and
 * drops any edit after which the engine finds an error the sentence did not have, or that loses a
 * fact (a number, a name, a date). Chinese has no grammar engine: only edits that change no wording.
 */

const REVISION_NOTE = {
  en: '离线模式未接入语言模型，不能理解文意：总体评价来自对文本的统计；语法和拼写问题由本地语法检查引擎（Harper）找出，理由按它的判断类别给出，拼写检查不把英式和美式拼写当作错误，也不检查人名、校名等大写开头的专有名词。时态只查得出确定的错误（过去时的句子里用了现在时，如 It was there I realise），其他时态、语境和逻辑上的问题它发现不了，需要接入 AI 服务后再做。',
  zh: '离线模式未接入语言模型，不能理解文意，也没有中文语法检查：总体评价来自对文本的统计，修改建议只有不改动词语的几类（中文句子里的半角标点、紧挨着重复的词），以及过长的句子和档案中没有的数字。语法、用词和内容的修改需要接入 AI 服务后再做。',
} as const;

const MAX_SUGGESTIONS = 15;
const LONG_SENTENCE = { en: 35, zh: 80 } as const;

/** Template openers a revision may suggest deleting: the sentence says the same without them. */
const STOCK_OPENER = /^(?:Furthermore|Moreover|Additionally|In addition|In conclusion|To conclude|In summary|To sum up|All in all),\s*/i;

/** Numbers in the essay that the archive does not contain: scores and dates to check by hand. */
function unsupportedNumbers(essay: string, profile: StudentProfile | null): string[] {
  if (!profile) return [];
  const sheet = renderFactSheet(profile);
  const numbers = essay.match(/\d+(?:\.\d+)?/g) ?? [];
  return [...new Set(numbers)].filter((n) => n.length > 1 && !sheet.includes(n));
}

const quote = (text: string) => `「${text}」`;
const FIRST_PERSON = { en: /\b(?:I|my|me|I'm|I've)\b/, zh: /我/ } as const;

/** What the grammar engine found, for the assessment: a count, or why there is none. */
type GrammarSummary = { checked: true; errors: number } | { checked: false; why: string };

function assessment(essay: string, lang: OutputLanguage, findings: Finding[], stock: number, grammar: GrammarSummary): string[] {
  const paragraphs = paragraphsOf(essay);
  const sentences = paragraphs.flatMap(sentencesOf);
  const unit = lang === 'zh' ? '字' : '词';
  const len = lengthOf(essay, lang);
  const lengths = paragraphs.map((p) => lengthOf(p, lang));
  const longest = lengths.indexOf(Math.max(...lengths));
  const uneven = paragraphs.length > 2 && lengths[longest]! > (len / paragraphs.length) * 2;
  const numbers = (essay.match(/\d+(?:\.\d+)?/g) ?? []).length;
  const names = lang === 'en' ? (essay.match(/(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*/gm) ?? []).length : 0;
  const firstPerson = sentences.filter((s) => FIRST_PERSON[lang].test(s)).length;
  const share = sentences.length ? Math.round((firstPerson / sentences.length) * 100) : 0;
  const basic = `基础检查发现 ${findings.length} 处问题（过长的句子、重复用词、空格与标点等）。${findings
    .filter((f) => f.kind === 'repeated_word' || f.kind === 'punctuation')
    .slice(0, 3)
    .map((f) => f.message)
    .join('')}`;
  const engine =
    lang === 'zh'
      ? '离线模式没有中文语法检查。'
      : grammar.checked
        ? `语法检查引擎发现 ${grammar.errors} 处语法或拼写问题${grammar.errors > 0 ? '，见下方建议' : ''}（时态只查确定的错误，语境上的问题它发现不了）。`
        : `语法检查未完成（${grammar.why}），本次没有检查语法和拼写。`;
  return [
    `- 结构：全文约 ${len} ${unit}，${paragraphs.length} 段、${sentences.length} 句${
      uneven
        ? `；第${longest + 1}段明显长于其他段落，可考虑拆分`
        : paragraphs.length < 3
          ? '；段落较少，可考虑按经历或主题分段'
          : '；段落长度较均衡'
    }。离线模式不评价论证的结构和逻辑。`,
    `- 具体性：文中有 ${numbers} 处数字${lang === 'en' ? `、约 ${names} 处专有名词` : ''}。${
      numbers === 0 ? '没有任何数字，可补充时间、规模和成果等真实细节。' : '可检查每段是否都有具体的经历和结果。'
    }`,
    `- 个人声音：约 ${share}% 的句子以第一人称叙述；发现 ${stock} 处模板化的开头${stock > 0 ? '，见下方建议' : ''}。`,
    `- 语言与语法：${engine}${basic}`,
  ];
}

type Suggestion = { type: '修改' | '删除' | '批注'; original: string; replacement: string | null; reason: string };

function suggestionText(s: Suggestion, n: number): string {
  return [
    `### 建议 ${n}`,
    `类型：${s.type}`,
    `原文：${quote(s.original)}`,
    `建议：${s.replacement === null ? '（无）' : quote(s.replacement)}`,
    `理由：${s.reason}`,
  ].join('\n');
}

/**
 * The words a finding quotes: its span widened to whole words and one word either side, so the page
 * can find and mark it; the whole sentence when that excerpt occurs elsewhere in the essay too.
 */
function excerptAround(sentence: string, lint: GrammarLint, essay: string): { start: number; end: number } {
  let start = lint.start;
  let end = lint.end;
  while (start > 0 && /\S/.test(sentence[start - 1]!)) start--;
  while (start > 0 && /\s/.test(sentence[start - 1]!)) start--;
  while (start > 0 && /\S/.test(sentence[start - 1]!)) start--;
  while (end < sentence.length && /\S/.test(sentence[end]!)) end++;
  while (end < sentence.length && /\s/.test(sentence[end]!)) end++;
  while (end < sentence.length && /\S/.test(sentence[end]!)) end++;
  const text = sentence.slice(start, end).trim();
  const first = essay.indexOf(text);
  if (text.length < 6 || first < 0 || essay.indexOf(text, first + 1) >= 0) return { start: 0, end: sentence.length };
  const lead = sentence.slice(start, end).length - sentence.slice(start, end).trimStart().length;
  return { start: start + lead, end: start + lead + text.length };
}

/** A grammar finding as a suggestion: its words, the engine's fix applied to them, and a true reason. */
function grammarSuggestion(sentence: string, where: string, lint: GrammarLint, essay: string): Suggestion {
  const span = excerptAround(sentence, lint, essay);
  const original = sentence.slice(span.start, span.end);
  const local = { ...lint, start: lint.start - span.start, end: lint.end - span.start };
  const first = lint.suggestions[0];
  const others = lint.suggestions.slice(1, 3).map((s) => quote(s.text));
  const fix = !first
    ? '引擎没有给出改法，请人工修改'
    : first.kind === 1
      ? `建议删去${quote(lint.problem)}`
      : first.kind === 2
        ? `建议在${quote(lint.problem)}后加上${quote(first.text)}`
        : `${quote(lint.problem)}建议改为${quote(first.text)}${others.length ? `（也可能是${others.join('、')}，请按原意选择）` : ''}`;
  return {
    type: first ? '修改' : '批注',
    original,
    replacement: first ? applySuggestion(original, local, first) : null,
    reason: `${where}：${reasonOf(lint)}。${fix}。（语法检查：${lint.message.replace(/`/g, '')}）`,
  };
}

/** Revision offline: statistics for the assessment, the grammar engine's findings and a few rules, each quoting the essay. */
export async function revisionDraft(input: RevisionInput, profile: StudentProfile | null): Promise<OfflineDraft> {
  const lang = detectLanguage(input.essay);
  const suggestions: Suggestion[] = [];
  const located = paragraphsOf(input.essay).flatMap((paragraph, p) =>
    sentencesOf(paragraph).map((sentence, s) => ({ sentence, where: `第${p + 1}段第${s + 1}句` })),
  );
  const lints = lang === 'en' ? await grammarOf(located.map((l) => l.sentence)) : null;
  let stock = 0;
  let errors = 0;
  located.forEach(({ sentence, where }, i) => {
    for (const lint of lints ? reportable(sentence, lints[i]!) : []) {
      errors++;
      suggestions.push(grammarSuggestion(sentence, where, lint, input.essay));
    }
    const opener = lang === 'en' ? STOCK_OPENER.exec(sentence) : null;
    if (opener) {
      stock++;
      // The opener and the word after it: short, so it does not overlap the sentence's other suggestions.
      const next = /^\S+/.exec(sentence.slice(opener[0].length))?.[0] ?? '';
      const short = opener[0] + next;
      const unique = input.essay.indexOf(short) === input.essay.lastIndexOf(short);
      const original = unique ? short : sentence;
      const rest = original.slice(opener[0].length);
      suggestions.push({
        type: '修改',
        original,
        replacement: rest.charAt(0).toUpperCase() + rest.slice(1),
        reason: `${where}：${quote(opener[0].trim())}是模板化的开头，删去后意思不变。`,
      });
    }
    const zh = lang === 'zh' ? safeChinese(sentence) : null;
    if (zh && zh.text !== sentence)
      suggestions.push({
        type: '修改',
        original: sentence,
        replacement: zh.text,
        reason: `${where}：${zh.reasons.join('；')}，词语不变。`,
      });
    const length = lengthOf(sentence, lang);
    if (length > LONG_SENTENCE[lang]) {
      suggestions.push({
        type: '批注',
        original: sentence,
        replacement: null,
        reason: `${where}约 ${length} ${lang === 'zh' ? '字' : '词'}，读者不易抓住重点，建议拆成两到三句。`,
      });
    }
  });
  const numbers = unsupportedNumbers(input.essay, profile);
  for (const n of numbers) {
    suggestions.push({ type: '批注', original: n, replacement: null, reason: '学生档案中没有这个数字，请与学生核对是否准确。' });
  }
  const findings = checkText(input.essay, lang);
  const grammar: GrammarSummary = lints ? { checked: true, errors } : { checked: false, why: '语法检查引擎没有及时答复' };
  const shown = suggestions.slice(0, MAX_SUGGESTIONS);
  return {
    sections: [
      { heading: '总体评价', paragraphs: [assessment(input.essay, lang, findings, stock, grammar).join('\n')] },
      {
        heading: '修改建议',
        paragraphs: shown.length ? shown.map((s, i) => suggestionText(s, i + 1)) : ['离线检查没有发现可以给出的修改建议。'],
      },
      {
        heading: '需要补充的事实',
        paragraphs: [numbers.length ? numbers.map((n) => `- 核对数字 ${n} 的出处（档案中没有）`).join('\n') : '- 无'],
      },
      {
        heading: OFFLINE_NOTE_HEADING,
        paragraphs: [
          REVISION_NOTE[lang],
          suggestions.length > MAX_SUGGESTIONS ? `另有 ${suggestions.length - MAX_SUGGESTIONS} 条建议未列出。` : '',
          input.requirements ? `本次修改要求需人工处理：${input.requirements}` : '',
        ],
      },
    ],
  };
}

/**
 * Each English sentence polished: the engine's certain fixes, then (medium and deep) fixed wordy
 * phrases ("in order to" → "to"), kept only when the engine finds no new error after them. Every
 * change keeps the sentence's facts. `dropped` counts the edits left out for a new error.
 */
async function polishEnglish(
  sentences: string[],
  level: PolishInput['level'],
): Promise<{ out: string[]; dropped: number; checked: boolean }> {
  const fixed = await polishSentences(sentences);
  if (!fixed) return { out: sentences, dropped: 0, checked: false };
  let out = fixed.map((f) => f.text);
  let dropped = 0;
  if (level !== 'light') {
    const concise = out.map((s) => conciseEnglish(s));
    const changed = concise.map((c, i) => (c !== out[i] ? i : -1)).filter((i) => i >= 0);
    const keeps = await keepsGrammar(changed.map((i) => ({ before: out[i]!, after: concise[i]! })));
    if (keeps) {
      out = out.map((s, i) => {
        const k = changed.indexOf(i);
        if (k < 0) return s;
        if (!keeps[k]) dropped++;
        return keeps[k] ? concise[i]! : s;
      });
    }
  }
  return { out: out.map((s, i) => (lostFacts(sentences[i]!, s).length === 0 ? s : sentences[i]!)), dropped, checked: true };
}

/** Polish offline: the essay paragraph for paragraph, changed only where an edit is certain and safe. */
export async function polishDraft(input: PolishInput, _profile: StudentProfile | null): Promise<OfflineDraft> {
  const lang = input.language ?? detectLanguage(input.essay);
  const tidy = tidyWhitespace(input.essay);
  const split = paragraphsOf(tidy.text).map((paragraph) => ({ paragraph, sentences: sentencesOf(paragraph) }));
  const all = split.flatMap((p) => p.sentences);
  const polished =
    lang === 'en' ? await polishEnglish(all, input.level) : { out: all.map((s) => safeChinese(s).text), dropped: 0, checked: true };
  let changed = 0;
  let k = 0;
  const paragraphs = split.map(({ paragraph, sentences }) => {
    let out = paragraph;
    let at = 0;
    for (const sentence of sentences) {
      const next = polished.out[k++]!;
      const where = out.indexOf(sentence, at);
      if (next === sentence || where < 0) {
        at = where < 0 ? at : where + sentence.length;
        continue;
      }
      out = out.slice(0, where) + next + out.slice(where + sentence.length);
      at = where + next.length;
      changed++;
    }
    return out;
  });
  const what =
    lang === 'zh'
      ? '只改中文句子里的半角标点、删去紧挨着重复的词，不增删词语，不动逗号'
      : `只用语法检查引擎确定的改法修正语法和拼写${input.level === 'light' ? '' : '，并把固定的冗长说法换成等义的简短说法（如 in order to → to）'}，改后再检查一遍，会带来新问题的改动不用`;
  const notes: string[] = [];
  if (!polished.checked) notes.push('语法检查引擎没有及时答复，本次没有做语法和拼写修正，正文未改动。');
  else if (changed > 0) notes.push(`离线模式按固定规则润色（${what}），改动了 ${changed} 句，事实、数字和专有名词都未改动。`);
  else notes.push(`离线模式没有找到可以安全改动的地方（${what}），正文未改动，本次不扣积分。`);
  if (polished.dropped > 0) notes.push(`另有 ${polished.dropped} 处改动因改后语法检查发现新的问题而没有采用。`);
  notes.push(lang === 'zh' ? '离线模式没有中文语法检查；用词和表达的润色需要接入 AI 服务。' : '用词、句式和衔接的润色需要接入 AI 服务。');
  return { sections: [{ paragraphs }, { heading: OFFLINE_NOTE_HEADING, paragraphs: [notes.join('')] }] };
}
