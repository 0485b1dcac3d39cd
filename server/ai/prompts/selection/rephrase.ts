import { selectionMessages, selectionPrompt } from './shared';

export const rephrasePrompt = selectionPrompt('rephrase', (input, profile) =>
  selectionMessages('改写：换一种措辞和句式表达完全相同的意思，长度与原文相近，不增减信息。', input, profile),
);
