import type { PolishInput, RevisionInput } from '../../../contracts/ai-operations';
import { detectLanguage } from '../prompts/shared';
import { renderFactSheet, type StudentProfile } from '../prompts/fact-sheet';
import type { OfflineDraft } from '../providers/offline';
import { checkText, type Finding, tidyWhitespace } from './checks';
import { lengthOf, paragraphsOf, sentencesOf } from './text';

const HONEST_NOTE =
  '离线模式未接入语言模型，不能理解文意或改写文字，只做基础检查：句子与段落长度、重复用词、连续相同的句首、标点与空格，以及（选择了学生档案时）文中数字是否见于档案。以下只列出检查发现的问题；结构、逻辑和表达的修改需要接入 AI 服务后再做。';

/** Numbers in the essay that the archive does not contain: scores and dates to check by hand. */
function unsupportedNumbers(essay: string, profile: StudentProfile | null): string[] {
  if (!profile) return [];
  const sheet = renderFactSheet(profile);
  const numbers = essay.match(/\d+(?:\.\d+)?/g) ?? [];
  return [...new Set(numbers)].filter((n) => n.length > 1 && !sheet.includes(n));
}

function summary(essay: string): string {
  const lang = detectLanguage(essay);
  const paragraphs = paragraphsOf(essay);
  const sentences = paragraphs.flatMap(sentencesOf);
  const len = lengthOf(essay, lang);
  const unit = lang === 'zh' ? '字' : '词';
  return `全文约 ${len} ${unit}，${paragraphs.length} 段，${sentences.length} 句，平均每句约 ${sentences.length ? Math.round(len / sentences.length) : 0} ${unit}。`;
}

function findingsSection(findings: Finding[], numbers: string[]): string[] {
  const lines = findings.map((f, i) => `${i + 1}. ${f.message}`);
  if (numbers.length > 0) lines.push(`${lines.length + 1}. 以下数字在学生档案中没有找到，请核对是否准确：${numbers.join('、')}。`);
  return lines.length > 0 ? lines : ['未发现上述基础问题。'];
}

/** Revision offline: the basic findings as comments, then the essay back unchanged. */
export function revisionDraft(input: RevisionInput, profile: StudentProfile | null): OfflineDraft {
  const lang = detectLanguage(input.essay);
  return {
    title: '文书修改意见（离线基础检查）',
    sections: [
      { heading: '说明', paragraphs: [HONEST_NOTE, input.requirements ? `本次修改要求（需人工处理）：${input.requirements}` : ''] },
      { heading: '总体情况', paragraphs: [summary(input.essay)] },
      { heading: '检查发现', paragraphs: findingsSection(checkText(input.essay, lang), unsupportedNumbers(input.essay, profile)) },
      { heading: '原文（未改动）', paragraphs: paragraphsOf(input.essay) },
    ],
  };
}

/** Polish offline: only whitespace is tidied (said so), the findings listed, the essay back. */
export function polishDraft(input: PolishInput, profile: StudentProfile | null): OfflineDraft {
  const lang = input.language ?? detectLanguage(input.essay);
  const tidy = tidyWhitespace(input.essay);
  return {
    title: '文书润色（离线基础检查）',
    sections: [
      {
        heading: '说明',
        paragraphs: [
          HONEST_NOTE,
          tidy.changed ? '下文只整理了多余的空格（不改动任何字词）。' : '下文与原文相同，未改动任何字词。',
        ],
      },
      { heading: '检查发现', paragraphs: findingsSection(checkText(input.essay, lang), unsupportedNumbers(input.essay, profile)) },
      { heading: '正文', paragraphs: paragraphsOf(tidy.text) },
    ],
  };
}
