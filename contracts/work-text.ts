/**
 * Text of a work (issue 11): the plain text of an editor document, its word and character counts,
 * and the tokens a version comparison works on. Pure functions, shared by the API and the pages.
 */

import { CONSULTANT_NOTE_HEADING, OFFLINE_NOTE_HEADING } from './ai-operation-constants';

/** What the text functions need from an editor block: its inline texts and its children. */
export type TextBlock = { content: ReadonlyArray<{ text: string }>; children: ReadonlyArray<TextBlock> };

/** The headings of what the consultant deletes before sending: the offline engine's 顾问备注 and 离线模式说明. */
export const INTERNAL_NOTE_HEADINGS: readonly string[] = [CONSULTANT_NOTE_HEADING, OFFLINE_NOTE_HEADING];

/**
 * The top-level blocks without those notes (a note is its heading and what follows, up to the next
 * heading of its level or above; a note heading typed as a paragraph runs to the next heading):
 * they instruct the consultant and claim nothing about the student, so the fact check skips them
 * as the export does (ADR 0044).
 */
export function withoutInternalNotes<B extends TextBlock & { type: string; props: { level?: number } }>(blocks: readonly B[]): B[] {
  const kept: B[] = [];
  let noteLevel: number | null = null;
  for (const block of blocks) {
    const headingLevel = block.type === 'heading' ? (block.props.level ?? 1) : null;
    if (noteLevel !== null) {
      if (headingLevel === null || headingLevel > noteLevel) continue;
      noteLevel = null;
    }
    if (
      INTERNAL_NOTE_HEADINGS.includes(
        block.content
          .map((item) => item.text)
          .join('')
          .trim(),
      )
    ) {
      noteLevel = headingLevel ?? 6;
      continue;
    }
    kept.push(block);
  }
  return kept;
}

/** Han, kana and Hangul: each character is a word of its own (Chinese is written without spaces). */
const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;
/** A latin-style word: letters, marks and digits, with inner apostrophes or hyphens (don't, well-known) and decimal points (3.5). */
const WORD = String.raw`[^\s\p{P}\p{S}${CJK}]+(?:(?:['’\-]|(?<=\d)[.,](?=\d))[^\s\p{P}\p{S}${CJK}]+)*`;

const WORDS = new RegExp(`[${CJK}]|${WORD}`, 'gu');
/** Every character of the text lands in exactly one token: CJK characters, words, whitespace runs, other characters. */
const TOKENS = new RegExp(`[${CJK}]|${WORD}|\\s+|.`, 'gsu');

/** One line per block, children after their parent, depth first (the order a reader sees). */
export function plainTextOf(blocks: ReadonlyArray<TextBlock>): string {
  const lines: string[] = [];
  const walk = (list: ReadonlyArray<TextBlock>) => {
    for (const block of list) {
      lines.push(block.content.map((item) => item.text).join(''));
      walk(block.children);
    }
  };
  walk(blocks);
  return lines.join('\n');
}

/**
 * Words: each CJK character counts as one, latin words are split on whitespace and punctuation,
 * and punctuation itself does not count. Characters: every character except whitespace (Word's
 * "characters, no spaces"), counted by code point so an emoji is one.
 */
export function countText(text: string): { wordCount: number; charCount: number } {
  let charCount = 0;
  for (const c of text) if (!/\s/u.test(c)) charCount++;
  return { wordCount: text.match(WORDS)?.length ?? 0, charCount };
}

const CJK_CHAR = new RegExp(`^[${CJK}]$`, 'u');

/**
 * The same words as `countText`, split by script: the editor shows English words and Chinese
 * characters apart (an application essay's limit is in one or the other). Together they make
 * `wordCount`.
 */
export function countScripts(text: string): { latinWords: number; cjkChars: number } {
  let latinWords = 0;
  let cjkChars = 0;
  for (const word of text.match(WORDS) ?? []) {
    if (CJK_CHAR.test(word)) cjkChars++;
    else latinWords++;
  }
  return { latinWords, cjkChars };
}

/** The plain text and its counts, from one walk of the document. */
export function documentText(blocks: ReadonlyArray<TextBlock>) {
  const plainText = plainTextOf(blocks);
  return { plainText, ...countText(plainText) };
}

/** Comparison tokens: each CJK character, each latin word, each whitespace run and each other character. */
export function diffTokens(text: string): string[] {
  return text.match(TOKENS) ?? [];
}
