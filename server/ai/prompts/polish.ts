import { POLISH_LEVEL_LABELS, type PolishInput, type PolishLevel } from '../../../contracts/ai-operations';
import { renderFactSheet } from './fact-sheet';
import { NO_INVENTION_RULE, type PromptDefinition, detectLanguage, fenced, languageName, requirementList, system, user } from './shared';

const LEVEL_GUIDE: Record<PolishLevel, string> = {
  light: '轻度：只改正语法、拼写、标点和明显不通顺的搭配，其余一字不动。',
  medium: '中度：在轻度的基础上优化用词、消除重复、让句子更流畅，但保留原句结构和段落顺序。',
  deep: '深度：可以调整句式、合并或拆分句子、加强段落之间的衔接，但保留每段的内容和段落顺序。',
};

export const polishPrompt: PromptDefinition<'polish'> = {
  id: 'polish',
  version: 'polish/1',
  build(input: PolishInput, profile) {
    const lang = input.language ?? detectLanguage(input.essay);
    return [
      system(
        [
          '你是一位留学文书语言润色专家。你只改善表达，不改变内容：作者的观点、经历、事实和个人声音都必须保留。',
          `润色程度：${LEVEL_GUIDE[input.level]}`,
          '润色时不得加入原文中没有的事实、数字、经历或夸张的评价，也不得删除原文中的事实。原文与【学生档案】不一致之处保持原样（由顾问另行核对）。',
          NO_INVENTION_RULE,
          `润色后的语言与原文相同（${languageName(lang)}），不要翻译。`,
          '输出格式：只输出润色后的全文，段落与原文一一对应（空行分段），不加标题、说明或代码块；页面会逐句与原文比较。',
        ].join('\n\n'),
      ),
      user(
        [
          renderFactSheet(profile),
          requirementList([
            ['润色程度', POLISH_LEVEL_LABELS[input.level]],
            ['文书语言', languageName(lang)],
          ]),
          fenced('待润色的文书', input.essay),
        ].join('\n\n'),
      ),
    ];
  },
};
