import type { AiOperationInput, SelectionInput, SelectionOperation } from '../../../../contracts/ai-operations';
import type { ChatMessage } from '../../providers/provider';
import { renderFactSheet, type StudentProfile } from '../fact-sheet';
import { NO_INVENTION_RULE, type PromptDefinition, detectLanguage, fenced, languageName, requirementList, system, user } from '../shared';

/**
 * What the editor's selection tools (issue 13) share: each answers with the replacement for the
 * selection only, which the page shows beside it for accept/reject. Each tool's own task is in its file.
 */
const ONLY_REPLACEMENT = '输出格式：只输出替换选中文字的新文本本身，不加引号、标题、解释或代码块；保持与上下文一致的人称和时态。';

export function selectionMessages(
  task: string,
  input: SelectionInput,
  profile: StudentProfile | null,
  extra: [string, string][] = [],
): ChatMessage[] {
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

export const selectionPrompt = <K extends SelectionOperation>(
  id: K,
  build: (input: AiOperationInput<K>, profile: StudentProfile | null) => ChatMessage[],
): PromptDefinition<K> => ({ id, version: `${id}/1`, build });
