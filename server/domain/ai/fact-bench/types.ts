/**
 * A bench pair for the fact check (issue 24): a student's archive, a text written from it with
 * inventions planted, and the phrases of the text that are inventions and that are true.
 * Every phrase is quoted exactly as it stands in the text (the first place it does).
 */
export type FactPair = {
  id: string;
  /** The text's language and the archive's: en-zh is an English text from a Chinese archive. */
  setting: 'en-zh' | 'zh-zh' | 'en-en';
  name: string;
  archive: Record<string, unknown>;
  /** What the page's form says (target school, programme…). */
  context?: string[];
  text: string;
  inventions: string[];
  truths: string[];
};
