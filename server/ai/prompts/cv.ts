import { CV_LENGTH_LABELS, CV_SECTION_LABELS, CV_STYLE_LABELS, type CvInput } from '../../../contracts/ai-operations';
import { renderFactSheet } from './fact-sheet';
import { NO_INVENTION_RULE, type PromptDefinition, draftRequest, languageName, requirementList, system, user } from './shared';

const STYLE_GUIDE = {
  classic: '经典商务：每条经历以强动词开头，突出职责与可量化成果（只用材料中的数字）。',
  academic: '学术型：科研经历与论文放在前面，写清研究问题、方法和产出。',
  concise: '简洁型：每条经历不超过两行要点，只保留最有力的信息。',
} as const;

export const cvPrompt: PromptDefinition<'cv'> = {
  id: 'cv',
  version: 'cv/2',
  build(input: CvInput, profile) {
    const lang = input.language;
    const sections = input.sections.map((s) => CV_SECTION_LABELS[s][lang]);
    return [
      system(
        [
          '你是一位资深留学顾问，把学生档案整理成一份专业的留学申请简历。',
          `风格：${STYLE_GUIDE[input.style]}篇幅：${CV_LENGTH_LABELS[input.length]}。`,
          '格式：第一行“# 姓名”；下一行写“【请补充：邮箱 | 电话】”（联系方式不在材料中）；每个模块用“## 模块名”；每条经历先写一行“名称 ｜ 机构 ｜ 角色 ｜ 时间”，下面用“- ”列出2–4条要点；时间倒序排列。',
          '只输出材料中有内容的事实；所选模块在档案中没有内容时，该模块下写【请补充：模块名】。',
          NO_INVENTION_RULE,
          `输出语言：${languageName(lang)}。中文机构名译为英文时，只使用通行的官方译名；不确定时保留原文。不要使用代码块，不要添加解释。`,
        ].join('\n\n'),
      ),
      user(
        [
          renderFactSheet(profile),
          requirementList([
            ['简历风格', CV_STYLE_LABELS[input.style]],
            ['篇幅', CV_LENGTH_LABELS[input.length]],
            ['包含模块（按此顺序）', sections.join('、')],
            ['目标专业', input.targetProgram],
            ['其他要求', input.extraRequirements],
          ]),
          draftRequest('请输出完整简历。', input.continueFrom),
        ].join('\n\n'),
      ),
    ];
  },
};
