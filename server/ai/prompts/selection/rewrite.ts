import { selectionMessages, selectionPrompt } from './shared';

export const rewritePrompt = selectionPrompt('rewrite', (input, profile) =>
  selectionMessages(
    '重写：按补充说明（没有时以更清晰、更有说服力为目标）重新组织这段文字，可以调整结构和侧重点，但保留其中所有事实，不增加新事实。',
    input,
    profile,
  ),
);
