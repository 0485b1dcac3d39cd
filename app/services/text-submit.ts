import { REDUCE_AI_ROUTE } from '~/services/detection';
import { REVIEW_PAGES } from '~/services/navigation';

/** 文本提交 (spec §2 text-submit, issue 28): paste or upload a text, then open it in a tool. */
export const TEXT_SUBMIT_ROUTE = '/dash/text-submit';
export const TEXT_SUBMIT_PAGE = '文本提交';

/** The tools a submitted text opens in; 保存为作品 is the page's own form action. */
export const TEXT_TOOLS = [
  { id: 'detect', label: '查AI率', detail: '检测 AI 生成内容的可能性，逐句标出依据', route: REDUCE_AI_ROUTE },
  { id: 'reduce', label: '降AI率', detail: '改写最像 AI 的句子，事实保持不变', route: REDUCE_AI_ROUTE },
  { id: 'polish', label: '润色', detail: '优化语法、用词和行文，逐句对照采纳', route: REVIEW_PAGES.polish.route },
  { id: 'revision', label: '修改', detail: '整体评价与引用原文的修改建议', route: REVIEW_PAGES.revision.route },
] as const;
export type TextTool = (typeof TEXT_TOOLS)[number]['id'];
/** The writing-studio tools: the text arrives as the page's own local draft (spec §3 Draft). */
export type StudioTextTool = Extract<TextTool, 'polish' | 'revision'>;
export const isStudioTool = (tool: TextTool): tool is StudioTextTool => tool === 'polish' || tool === 'revision';

/**
 * 查AI率 / 降AI率 take the text from the navigation's history state (never the address: a long
 * text has no place in a URL, and history state survives a reload of that page). What the page
 * reads back, checked: anything else in the state is ignored.
 */
export type ReduceHandoff = { textSubmit: { text: string; tool: 'detect' | 'reduce' } };
export function reduceHandoffOf(state: unknown): ReduceHandoff['textSubmit'] | null {
  if (typeof state !== 'object' || state === null || !('textSubmit' in state)) return null;
  const handoff = (state as { textSubmit: unknown }).textSubmit;
  if (typeof handoff !== 'object' || handoff === null) return null;
  const { text, tool } = handoff as { text?: unknown; tool?: unknown };
  if (typeof text !== 'string' || !text.trim() || (tool !== 'detect' && tool !== 'reduce')) return null;
  return { text, tool };
}

/** The id of the 降AI率 panel on /dash/reduce-ai: a 降AI率 hand-off scrolls to it. */
export const REDUCE_PANEL_ID = 'reduce-panel';
