import {
  type AiOperationInput,
  type SelectionInput,
  type SelectionOperation,
  type StyleInput,
  type TranslateInput,
  WRITING_STYLE_LABELS,
  type WritingStyle,
} from '../../../contracts/ai-operations';
import type { ChatMessage } from '../providers/provider';
import { renderFactSheet, type StudentProfile } from './fact-sheet';
import { NO_INVENTION_RULE, type PromptDefinition, detectLanguage, fenced, languageName, requirementList, system, user } from './shared';

/**
 * The editor's selection tools (issue 13): each answers with the replacement for the selection only,
 * which the page shows beside it for accept/reject.
 */
const ONLY_REPLACEMENT = '输出格式：只输出替换选中文字的新文本本身，不加引号、标题、解释或代码块；保持与上下文一致的人称和时态。';

const STYLE_GUIDE: Record<WritingStyle, string> = {
  formal: '正式：书面、得体，避免口语、缩写和俚语。',
  vivid: '生动：用更具体的动词和画面感的细节表达同样的内容（细节只能来自原文、上下文或档案）。',
  concise: '简洁：删去冗余和套话，用更短的句子表达同样的意思。',
  academic: '学术：客观、精确，使用学术写作的常用表达，避免夸张和情绪化词语。',
};

function selectionMessages(task: string, input: SelectionInput, profile: StudentProfile | null, extra: [string, string][] = []): ChatMessage[] {
  const lang = detectLanguage(input.selectedText);
  return [
    system(
      [
        `你是一位留学文书编辑，正在帮顾问修改文书中选中的一段文字。任务：${task}`,
        NO_INVENTION_RULE,
        `除非任务是翻译，输出与选中文字的语言相同（${languageName(lang)}）。`,
        ONLY_REPLACEMENT,
      ].join('\n\n'),
    ),
    user(
      [
        renderFactSheet(profile),
        requirementList([...extra, ['补充说明', input.instruction ?? '']]),
        input.context ? fenced('上下文（仅供参考，不要输出）', input.context) : '',
        fenced('选中的文字', input.selectedText),
      ]
        .filter(Boolean)
        .join('\n\n'),
    ),
  ];
}

const selectionPrompt = <K extends SelectionOperation>(
  id: K,
  build: (input: AiOperationInput<K>, profile: StudentProfile | null) => ChatMessage[],
): PromptDefinition<K> => ({ id, version: `${id}/1`, build });

export const expandPrompt = selectionPrompt('expand', (input, profile) =>
  selectionMessages(
    '扩写：把选中文字扩展到原来的 1.5–2 倍，补充过程、细节和反思。新增的细节只能来自上下文或【学生档案】；档案中没有可用细节时，用【请补充：……】标出需要补充的内容。',
    input,
    profile,
  ),
);

export const rephrasePrompt = selectionPrompt('rephrase', (input, profile) =>
  selectionMessages('改写：换一种措辞和句式表达完全相同的意思，长度与原文相近，不增减信息。', input, profile),
);

export const rewritePrompt = selectionPrompt('rewrite', (input, profile) =>
  selectionMessages(
    '重写：按补充说明（没有时以更清晰、更有说服力为目标）重新组织这段文字，可以调整结构和侧重点，但保留其中所有事实，不增加新事实。',
    input,
    profile,
  ),
);

export const stylePrompt = selectionPrompt('style', (input: StyleInput, profile) =>
  selectionMessages(`风格调整：改为${STYLE_GUIDE[input.style]}内容和事实不变。`, input, profile, [['目标风格', WRITING_STYLE_LABELS[input.style]]]),
);

export const shortenPrompt = selectionPrompt('shorten', (input, profile) =>
  selectionMessages('缩写：压缩到原来的 50%–70%，保留最关键的事实和观点，删去重复、铺垫和空泛的评价。', input, profile),
);

export const translatePrompt = selectionPrompt('translate', (input: TranslateInput, profile) =>
  selectionMessages(
    `翻译：把选中文字翻译成${languageName(input.targetLanguage)}，忠实、自然，符合留学文书的书面表达；学校、机构、奖项的名称只使用通行的官方译名，不确定时保留原文并在其后用括号注明【请核对译名】。输出只用${languageName(input.targetLanguage)}。`,
    input,
    profile,
    [['目标语言', languageName(input.targetLanguage)]],
  ),
);
