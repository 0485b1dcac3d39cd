import { OFFLINE_NOTE_HEADING } from '../../../contracts/ai-operation-constants';
import type { OutputLanguage, PolishInput, PolishLevel, RevisionInput } from '../../../contracts/ai-operations';
import { detectLanguage } from '../prompts/shared';
import { renderFactSheet, type StudentProfile } from '../prompts/fact-sheet';
import type { OfflineDraft } from '../providers/offline';
import { lostFacts } from '../reducer/facts';
import { rewriteSentence } from '../reducer/local-rewriter';
import { checkText, type Finding, tidyWhitespace } from './checks';
import { conciseText } from './selection';
import { lengthOf, paragraphsOf, sentencesOf } from './text';

/**
 * Essay revision and polish without a language model (issue 13): rule-based, and honest about it.
 * Both answer in the formats the pages read (contracts/essay-review.ts): revision as the revision
 * prompt's assessment and quoted suggestions, polish as the full text paragraph for paragraph. Every
 * rewrite comes from the local rewriter's meaning-preserving rules, and one that would lose a fact
 * (a number, a name, a date) is not offered.
 */

const REVISION_NOTE =
  '离线模式未接入语言模型，不能理解文意：以上评价来自对文本的统计，修改建议只来自固定规则（删去模板化的开头和套话、换用更直接的说法、删除重复的词、指出过长的句子和档案中没有的数字）。结构、逻辑和内容的修改需要接入 AI 服务后再做。';

const MAX_SUGGESTIONS = 15;
const LONG_SENTENCE = { en: 35, zh: 80 } as const;

/** The rules a polish applies, in order, each with what it tells the reader when it changed something. */
type PolishRule = { reason: string; apply: (text: string, level: PolishLevel, lang: OutputLanguage) => string };
const POLISH_RULES: PolishRule[] = [
  {
    reason: '删去模板化的开头、套话或空泛的说法，换成更直接的表达',
    // The local rewriter as a polisher: an essay's formal register is kept (no contractions).
    apply: (text, level, lang) => rewriteSentence(text, level === 'light' ? 'light' : level === 'medium' ? 'balanced' : 'strong', lang, { contractions: false }),
  },
  { reason: '删去冗余的词语', apply: (text, level, lang) => (level === 'light' ? text : conciseText(text, lang)) },
  { reason: '同一个词连写了两次', apply: (text, _level, lang) => (lang === 'en' ? text.replace(/\b(\w+)\s+\1\b/gi, '$1') : text) },
  {
    reason: '中文句子中的半角标点改为全角',
    apply: (text, _level, lang) =>
      lang === 'zh' ? text.replace(/([\u3400-\u9fff]),(?=[\u3400-\u9fff])/g, '$1，').replace(/([\u3400-\u9fff])\.$/, '$1。') : text,
  },
];

/**
 * A rewrite the essay may take, with why: it changes something and keeps every fact of the
 * original (a rewrite that would lose a number, a name or a date is not offered).
 */
function safeRewrite(sentence: string, level: PolishLevel, lang: OutputLanguage): { text: string; reasons: string[] } | null {
  let text = sentence.trim();
  const reasons: string[] = [];
  for (const rule of POLISH_RULES) {
    const next = rule.apply(text, level, lang).trim();
    if (next && next !== text) {
      // Spacing the rewriter tidies on the way is not a reason of its own.
      if (next.replace(/\s+([,.;:!?])/g, '$1') !== text.replace(/\s+([,.;:!?])/g, '$1')) reasons.push(rule.reason);
      text = next;
    }
  }
  if (text === sentence.trim()) return null;
  if (reasons.length === 0) reasons.push('删去标点前多余的空格');
  return lostFacts(sentence, text).length === 0 ? { text, reasons } : null;
}

/** Numbers in the essay that the archive does not contain: scores and dates to check by hand. */
function unsupportedNumbers(essay: string, profile: StudentProfile | null): string[] {
  if (!profile) return [];
  const sheet = renderFactSheet(profile);
  const numbers = essay.match(/\d+(?:\.\d+)?/g) ?? [];
  return [...new Set(numbers)].filter((n) => n.length > 1 && !sheet.includes(n));
}

const quote = (text: string) => `「${text}」`;
const FIRST_PERSON = { en: /\b(?:I|my|me|I'm|I've)\b/, zh: /我/ } as const;

function assessment(essay: string, lang: OutputLanguage, findings: Finding[], stock: number): string[] {
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
  return [
    `- 结构：全文约 ${len} ${unit}，${paragraphs.length} 段、${sentences.length} 句${
      uneven ? `；第${longest + 1}段明显长于其他段落，可考虑拆分` : paragraphs.length < 3 ? '；段落较少，可考虑按经历或主题分段' : '；段落长度较均衡'
    }。离线模式不评价论证的结构和逻辑。`,
    `- 具体性：文中有 ${numbers} 处数字${lang === 'en' ? `、约 ${names} 处专有名词` : ''}。${
      numbers === 0 ? '没有任何数字，可补充时间、规模和成果等真实细节。' : '可检查每段是否都有具体的经历和结果。'
    }`,
    `- 个人声音：约 ${share}% 的句子以第一人称叙述；发现 ${stock} 处模板化的开头或套话${stock > 0 ? '，见下方建议' : ''}。`,
    `- 语言与语法：基础检查发现 ${findings.length} 处问题（过长的句子、重复用词、空格与标点等）。${findings
      .filter((f) => f.kind === 'repeated_word' || f.kind === 'punctuation')
      .slice(0, 3)
      .map((f) => f.message)
      .join('')}离线模式不检查语法。`,
  ];
}

type Suggestion = { type: '修改' | '删除' | '批注'; original: string; replacement: string | null; reason: string };

function suggestionText(s: Suggestion, n: number): string {
  return [`### 建议 ${n}`, `类型：${s.type}`, `原文：${quote(s.original)}`, `建议：${s.replacement === null ? '（无）' : quote(s.replacement)}`, `理由：${s.reason}`].join('\n');
}

/** Revision offline: statistics for the assessment, rule-based suggestions each quoting the essay. */
export function revisionDraft(input: RevisionInput, profile: StudentProfile | null): OfflineDraft {
  const lang = detectLanguage(input.essay);
  const suggestions: Suggestion[] = [];
  let stock = 0;
  paragraphsOf(input.essay).forEach((paragraph, p) => {
    const sentences = sentencesOf(paragraph);
    sentences.forEach((sentence, s) => {
      const rewrite = safeRewrite(sentence, 'medium', lang);
      if (rewrite) {
        if (rewrite.reasons[0] === POLISH_RULES[0]!.reason) stock++;
        suggestions.push({ type: '修改', original: sentence, replacement: rewrite.text, reason: `${rewrite.reasons.join('；')}，意思不变。` });
      }
      const length = lengthOf(sentence, lang);
      if (length > LONG_SENTENCE[lang]) {
        suggestions.push({
          type: '批注',
          original: sentence,
          replacement: null,
          reason: `第${p + 1}段第${s + 1}句约 ${length} ${lang === 'zh' ? '字' : '词'}，读者不易抓住重点，建议拆成两到三句。`,
        });
      }
    });
  });
  const numbers = unsupportedNumbers(input.essay, profile);
  for (const n of numbers) {
    suggestions.push({ type: '批注', original: n, replacement: null, reason: '学生档案中没有这个数字，请与学生核对是否准确。' });
  }
  const findings = checkText(input.essay, lang);
  const shown = suggestions.slice(0, MAX_SUGGESTIONS);
  return {
    sections: [
      { heading: '总体评价', paragraphs: [assessment(input.essay, lang, findings, stock).join('\n')] },
      {
        heading: '修改建议',
        paragraphs: shown.length ? shown.map((s, i) => suggestionText(s, i + 1)) : ['离线规则没有发现可以给出的修改建议。'],
      },
      {
        heading: '需要补充的事实',
        paragraphs: [numbers.length ? numbers.map((n) => `- 核对数字 ${n} 的出处（档案中没有）`).join('\n') : '- 无'],
      },
      {
        heading: OFFLINE_NOTE_HEADING,
        paragraphs: [
          REVISION_NOTE,
          suggestions.length > MAX_SUGGESTIONS ? `另有 ${suggestions.length - MAX_SUGGESTIONS} 条同类建议未列出。` : '',
          input.requirements ? `本次修改要求需人工处理：${input.requirements}` : '',
        ],
      },
    ],
  };
}

/** Polish offline: the essay paragraph for paragraph, rewritten only where a rule safely applies. */
export function polishDraft(input: PolishInput, _profile: StudentProfile | null): OfflineDraft {
  const lang = input.language ?? detectLanguage(input.essay);
  let changed = 0;
  const paragraphs = paragraphsOf(tidyWhitespace(input.essay).text).map((paragraph) => {
    let out = paragraph;
    for (const sentence of sentencesOf(paragraph)) {
      const rewrite = safeRewrite(sentence, input.level, lang);
      if (rewrite) {
        out = out.replace(sentence, rewrite.text);
        changed++;
      }
    }
    return out;
  });
  const what =
    input.level === 'light'
      ? '删去模板化的开头和套话'
      : `删去模板化的开头、套话和冗词，换用更直接的说法${input.level === 'deep' ? '，拆分过长的句子' : ''}`;
  return {
    sections: [
      { paragraphs },
      {
        heading: OFFLINE_NOTE_HEADING,
        paragraphs: [
          changed > 0
            ? `离线模式按固定规则润色（${what}），改动了 ${changed} 句，事实、数字和专有名词都未改动。语法和表达的全面润色需要接入 AI 服务。`
            : '离线模式的固定规则没有找到可以安全改动的句子，正文未改动。语法和表达的全面润色需要接入 AI 服务。',
        ],
      },
    ],
  };
}
