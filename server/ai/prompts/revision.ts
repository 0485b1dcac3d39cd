import type { RevisionInput } from '../../../contracts/ai-operations';
import { renderFactSheet } from './fact-sheet';
import { NO_INVENTION_RULE, type PromptDefinition, detectLanguage, fenced, languageName, requirementList, system, user } from './shared';

/**
 * The answer's format: the writing page reads each suggestion (its exact quote, replacement and
 * reason) to offer accept/reject, so the headings and labels are fixed.
 */
export const REVISION_FORMAT = [
  '## 总体评价',
  '- 结构：……',
  '- 具体性：……',
  '- 个人声音：……',
  '- 语言与语法：……',
  '## 修改建议',
  '### 建议 1',
  '类型：修改 / 删除 / 批注',
  '原文：「从原文中逐字复制的一句或一个短语」',
  '建议：「替换后的文字；删除写「」；批注写（无）」',
  '理由：……',
  '### 建议 2',
  '……',
  '## 需要补充的事实',
  '- ……（没有则写“无”）',
].join('\n');

export const revisionPrompt: PromptDefinition<'revision'> = {
  id: 'revision',
  version: 'revision/1',
  build(input: RevisionInput, profile) {
    const essayLang = detectLanguage(input.essay);
    return [
      system(
        [
          '你是一位资深留学文书顾问，负责审阅学生的文书并给出修改意见。你不重写全文：只给出总体评价和逐条、可单独采纳的修改建议。',
          '总体评价从结构、具体性、个人声音、语言与语法四个方面各写一到两句，指出最重要的问题。',
          '修改建议按原文顺序给出，一般 5–15 条，优先处理影响最大的问题。每条的“原文”必须从文书中逐字复制（不改动任何字符），以便定位；“建议”只替换这一处。',
          `文书与【学生档案】不一致的事实（学校、分数、日期、奖项等）作为“批注”指出；建议中不得加入文书和档案里都没有的事实，需要新事实时写【请补充：……】并列入“需要补充的事实”。`,
          NO_INVENTION_RULE,
          `评价和理由用${languageName(input.language)}书写；“原文”和“建议”保持文书本身的语言（${languageName(essayLang)}）。`,
          `严格按以下格式输出，不要输出改写后的全文，不要使用代码块：\n${REVISION_FORMAT}`,
        ].join('\n\n'),
      ),
      user(
        [
          renderFactSheet(profile),
          requirementList([['修改要求', input.requirements ?? '无特别要求，按留学文书的通常标准审阅']]),
          fenced('待修改的文书', input.essay),
        ].join('\n\n'),
      ),
    ];
  },
};
