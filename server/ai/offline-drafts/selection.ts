import type { SelectionInput, SelectionOperation, StyleInput, TranslateInput, WritingStyle } from '../../../contracts/ai-operations';
import { OFFLINE_NOTE_HEADING } from '../../../contracts/ai-operation-constants';
import { WRITING_STYLE_LABELS } from '../../../contracts/ai-operations';
import { detectLanguage } from '../prompts/shared';
import type { OfflineDraft } from '../providers/offline';
import { placeholder } from './text';

/** Wordy English phrases and their plain forms: each says the same thing (what a polish may use). */
const EN_PHRASES: [RegExp, string][] = [
  [/\bin order to\b/gi, 'to'],
  [/\bdue to the fact that\b/gi, 'because'],
  [/\bat this point in time\b/gi, 'now'],
  [/\bin spite of the fact that\b/gi, 'although'],
  [/\bhas the ability to\b/gi, 'can'],
  [/\ba large number of\b/gi, 'many'],
];
/** 精简 also drops intensifiers: shorter, though the emphasis goes with them (the user asked for it). */
const EN_CONCISE: [RegExp, string][] = [...EN_PHRASES, [/\b(?:very|really|quite|basically|actually) (?=\w)/gi, '']];
const ZH_CONCISE: [RegExp, string][] = [
  [/进行了?(?=[\u4e00-\u9fff]{2})/g, ''],
  [/非常|十分|特别地?/g, ''],
  [/的时候/g, '时'],
  [/能够/g, '能'],
];
const EN_CONTRACTIONS: [RegExp, string][] = [
  [/\bcan't\b/gi, 'cannot'],
  [/\bwon't\b/gi, 'will not'],
  [/\b(\w+)n't\b/gi, '$1 not'],
  [/\bI'm\b/g, 'I am'],
  [/\b(\w+)'re\b/gi, '$1 are'],
  [/\b(\w+)'ve\b/gi, '$1 have'],
  [/\b(\w+)'ll\b/gi, '$1 will'],
];

function apply(text: string, rules: [RegExp, string][]): string {
  const out = rules.reduce((t, [re, to]) => t.replace(re, to), text).replace(/ {2,}/g, ' ');
  // "In order to improve…" becomes "To improve…", not "to improve…".
  return /^[A-Z]/.test(text) && /^[a-z]/.test(out) ? out[0].toUpperCase() + out.slice(1) : out;
}

/** Fixed wordy phrases dropped ("in order to", "进行", "非常"): what offline shortening and polish may do. */
export const conciseText = (text: string, lang: 'en' | 'zh') => apply(text, lang === 'zh' ? ZH_CONCISE : EN_CONCISE);
/** Only the wordy phrases with an exact short equivalent: what an English polish may change (ADR 0041). */
export const conciseEnglish = (text: string) => apply(text, EN_PHRASES);

const note = (text: string) => ({ heading: OFFLINE_NOTE_HEADING, paragraphs: [text] });

function result(text: string, explanation: string): OfflineDraft {
  return { sections: [{ paragraphs: [text] }, note(explanation)] };
}

/**
 * The selection tools without a model: deterministic transforms where one is honest (filler
 * removal, contractions), otherwise the selection back with a note saying what could not be done.
 */
export function selectionDraft(operation: SelectionOperation, input: SelectionInput | StyleInput | TranslateInput): OfflineDraft {
  const text = input.selectedText;
  const lang = detectLanguage(text);
  const concise = (t: string) => conciseText(t, lang);
  switch (operation) {
    case 'expand':
      return result(
        `${text}${lang === 'zh' ? '' : ' '}${placeholder('扩写内容：过程、细节与反思（只用真实经历）')}`,
        '离线模式不能编写新内容，已在选中文字后标出需要补充的位置。',
      );
    case 'shorten': {
      const out = concise(text);
      return result(
        out,
        out === text
          ? '离线模式只能删除固定的冗余词语，这段文字中没有找到，原文保留。'
          : '离线模式只删除了固定的冗余词语（如“进行”“非常”“in order to”），没有改动其他内容。',
      );
    }
    case 'style': {
      const style: WritingStyle = (input as StyleInput).style;
      let out = text;
      if (style === 'concise') out = concise(text);
      if ((style === 'formal' || style === 'academic') && lang === 'en') out = apply(text, EN_CONTRACTIONS);
      const label = WRITING_STYLE_LABELS[style];
      return result(
        out,
        out === text
          ? `离线模式无法把文字改为“${label}”风格，原文保留；接入 AI 服务后可用。`
          : `离线模式只做了固定的替换（${style === 'concise' ? '删除冗余词语' : '展开英文缩写'}），没有真正调整为“${label}”风格。`,
      );
    }
    case 'translate':
      return result(
        text,
        `离线模式无法翻译为${(input as TranslateInput).targetLanguage === 'zh' ? '中文' : '英文'}，原文保留；接入 AI 服务后可用。`,
      );
    case 'rephrase':
    case 'rewrite':
      return result(text, `离线模式无法${operation === 'rephrase' ? '改写' : '重写'}文字，原文保留；接入 AI 服务后可用。`);
  }
}
