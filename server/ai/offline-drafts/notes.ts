import { CONSULTANT_NOTE_HEADING } from '../../../contracts/ai-operation-constants';
import type { OutputLanguage } from '../../../contracts/ai-operations';
import type { OfflineDraftSection } from '../providers/offline';

/**
 * The closing note every generated offline draft carries: what the template did and did not do,
 * so nobody mistakes it for a model's writing. It is addressed to the consultant, to delete before sending.
 */
export function consultantNotes(wordLimit: number | null, lang: OutputLanguage, extra: string[] = []): OfflineDraftSection {
  return {
    heading: CONSULTANT_NOTE_HEADING,
    paragraphs: [
      '离线模式未接入语言模型：本稿由写作模板与学生档案中的事实拼成，没有添加档案以外的事实。所有【请补充：……】处需要顾问或学生补充真实内容。',
      lang === 'en' ? '英文稿中的中文档案内容（学校、机构、奖项名称等）按原样保留，请按官方译名翻译。' : '',
      wordLimit ? `目标篇幅约 ${wordLimit}${lang === 'zh' ? ' 字' : ' 词'}，请在补充内容后调整。` : '',
      ...extra,
    ].filter(Boolean),
  };
}
