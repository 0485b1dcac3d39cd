import { OUTPUT_LANGUAGE_LABELS, PS_TONE_LABELS, type PsInput } from '../../../contracts/ai-operations';
import { renderFactSheet } from './fact-sheet';
import {
  MARKDOWN_OUTPUT,
  NO_INVENTION_RULE,
  type PromptDefinition,
  draftRequest,
  languageName,
  requirementList,
  system,
  user,
  wordLimitText,
} from './shared';

const KIND = { PS: '个人陈述（Personal Statement）', SOP: '目的陈述（Statement of Purpose）' } as const;

/** What each document type is for: a PS tells who the student is, an SOP what they will study and why. */
const SHAPE = {
  PS: '以个人成长与动机为主线：一个真实的开篇场景或问题 → 学术背景 → 科研/实习中具体做了什么、学到什么 → 为什么是这个项目 → 未来目标。',
  SOP: '以学术与职业目标为主线：研究兴趣与目标 → 支撑这一目标的课程、科研和实习（具体方法与成果）→ 与项目课程/方向的契合 → 短期与长期目标。',
} as const;

export const psPrompt: PromptDefinition<'ps'> = {
  id: 'ps',
  version: 'ps/2',
  build(input: PsInput, profile) {
    const lang = input.language;
    return [
      system(
        [
          `你是一位资深留学文书顾问，为学生撰写${KIND[input.documentType]}初稿，供顾问审阅修改。`,
          `结构建议：${SHAPE[input.documentType]}`,
          '写作原则：用具体经历和细节支撑观点，少用空泛形容词；每段有清晰的主题句；经历之间有逻辑衔接；结尾回扣开篇。',
          `“为什么选择该项目”部分只能基于写作要求中给出的学校和专业来写；学校的具体课程、教授或实验室若材料中没有，用【请补充：……】占位，不要凭记忆编写。`,
          NO_INVENTION_RULE,
          `输出语言：${languageName(lang)}。正文为连续段落，不使用小节标题。`,
          MARKDOWN_OUTPUT,
        ].join('\n\n'),
      ),
      user(
        [
          renderFactSheet(profile),
          requirementList([
            ['文书类型', input.documentType],
            ['目标学校', input.targetSchool],
            ['目标专业', input.targetProgram],
            ['申请学位', input.degree],
            ['篇幅', wordLimitText(input.wordLimit, lang)],
            ['重点突出的经历', input.focus.length > 0 && input.focus.join('；')],
            ['语气', PS_TONE_LABELS[input.tone]],
            ['输出语言', OUTPUT_LANGUAGE_LABELS[lang]],
            ['其他要求', input.extraRequirements],
          ]),
          draftRequest('请根据以上材料写出完整初稿。', input.continueFrom),
        ].join('\n\n'),
      ),
    ];
  },
};
