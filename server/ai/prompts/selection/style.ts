import { type StyleInput, WRITING_STYLE_LABELS, type WritingStyle } from '../../../../contracts/ai-operations';
import { selectionMessages, selectionPrompt } from './shared';

const STYLE_GUIDE: Record<WritingStyle, string> = {
  formal: '正式：书面、得体，避免口语、缩写和俚语。',
  vivid: '生动：用更具体的动词和画面感的细节表达同样的内容（细节只能来自原文、上下文或档案）。',
  concise: '简洁：删去冗余和套话，用更短的句子表达同样的意思。',
  academic: '学术：客观、精确，使用学术写作的常用表达，避免夸张和情绪化词语。',
};

export const stylePrompt = selectionPrompt('style', (input: StyleInput, profile) =>
  selectionMessages(`风格调整：改为${STYLE_GUIDE[input.style]}内容和事实不变。`, input, profile, [
    ['目标风格', WRITING_STYLE_LABELS[input.style]],
  ]),
);
