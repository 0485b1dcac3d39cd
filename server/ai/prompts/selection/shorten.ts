import { selectionMessages, selectionPrompt } from './shared';

export const shortenPrompt = selectionPrompt('shorten', (input, profile) =>
  selectionMessages('缩写：压缩到原来的 50%–70%，保留最关键的事实和观点，删去重复、铺垫和空泛的评价。', input, profile),
);
