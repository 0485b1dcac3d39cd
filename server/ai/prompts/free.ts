import { type FreeInput, OUTPUT_LANGUAGE_LABELS } from '../../../contracts/ai-operations';
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

export const freePrompt: PromptDefinition<'free'> = {
  id: 'free',
  version: 'free/2',
  build(input: FreeInput, profile) {
    const lang = input.language;
    return [
      system(
        [
          '你是一位留学文书顾问，按给定题目为学生写一篇文章初稿（如补充短文、奖学金申请短文、题目作文）。',
          '先紧扣题目，再从学生档案中挑选与题目最相关的一两段经历展开，写出具体细节和真实的思考；档案中没有合适经历时，用【请补充：……】说明需要什么样的经历。',
          NO_INVENTION_RULE,
          `输出语言：${languageName(lang)}。`,
          MARKDOWN_OUTPUT,
        ].join('\n\n'),
      ),
      user(
        [
          renderFactSheet(profile),
          requirementList([
            ['题目', input.topic],
            ['篇幅', wordLimitText(input.wordLimit, lang)],
            ['输出语言', OUTPUT_LANGUAGE_LABELS[lang]],
          ]),
          input.prompt ? fenced('写作提示', input.prompt) : '',
          draftRequest('请写出完整初稿。', input.continueFrom),
        ]
          .filter(Boolean)
          .join('\n\n'),
      ),
    ];
  },
};
