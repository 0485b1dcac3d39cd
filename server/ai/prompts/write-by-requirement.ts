import { OUTPUT_LANGUAGE_LABELS, type WriteByRequirementInput } from '../../../contracts/ai-operations';
import { renderFactSheet } from './fact-sheet';
import {
  MARKDOWN_OUTPUT,
  NO_INVENTION_RULE,
  type PromptDefinition,
  draftRequest,
  fenced,
  languageName,
  requirementList,
  system,
  user,
  wordLimitText,
} from './shared';

export const writeByRequirementPrompt: PromptDefinition<'write_by_requirement'> = {
  id: 'write_by_requirement',
  version: 'write_by_requirement/2',
  build(input: WriteByRequirementInput, profile) {
    const lang = input.language;
    return [
      system(
        [
          '你是一位留学文书顾问，严格按照学校或顾问给出的写作要求为学生写作初稿。',
          '先逐条理解要求（题目、必须回答的问题、格式与字数），文章必须逐一回应每一个问题，顺序与要求一致；每个问题用学生档案中的相关经历来回答。',
          '某个问题在档案中找不到可用的经历时，写【请补充：回答该问题所需的经历】，不要编造。',
          NO_INVENTION_RULE,
          `输出语言：${languageName(lang)}。`,
          MARKDOWN_OUTPUT,
        ].join('\n\n'),
      ),
      user(
        [
          renderFactSheet(profile),
          fenced('写作要求原文', input.requirement),
          requirementList([
            ['篇幅', wordLimitText(input.wordLimit, lang)],
            ['输出语言', OUTPUT_LANGUAGE_LABELS[lang]],
          ]),
          draftRequest('请按要求写出完整初稿。', input.continueFrom),
        ].join('\n\n'),
      ),
    ];
  },
};
