import { selectionMessages, selectionPrompt } from './shared';

export const expandPrompt = selectionPrompt('expand', (input, profile) =>
  selectionMessages(
    '扩写：把选中文字扩展到原来的 1.5–2 倍，补充过程、细节和反思。新增的细节只能来自上下文或【学生档案】；档案中没有可用细节时，用【请补充：……】标出需要补充的内容。',
    input,
    profile,
  ),
);
