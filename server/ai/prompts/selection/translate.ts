import { type TranslateInput } from '../../../../contracts/ai-operations';
import { languageName } from '../shared';
import { selectionMessages, selectionPrompt } from './shared';

export const translatePrompt = selectionPrompt('translate', (input: TranslateInput, profile) =>
  selectionMessages(
    `翻译：把选中文字翻译成${languageName(input.targetLanguage)}，忠实、自然，符合留学文书的书面表达；学校、机构、奖项的名称只使用通行的官方译名，不确定时保留原文并在其后用括号注明【请核对译名】。输出只用${languageName(input.targetLanguage)}。`,
    input,
    profile,
    [['目标语言', languageName(input.targetLanguage)]],
  ),
);
