import { randomUUID } from 'node:crypto';
import type { EditorBlockInput, EditorDocument } from '../../../contracts/works';
import { editorDocumentSchema } from '../../../contracts/works';

/**
 * A model's answer (plain text with light markdown: `#` headings, `-`/`*`/`1.` list items, `>`
 * quotes, `**bold**`, `*italic*`) as the editor document (spec §3): what a generation saves into a
 * work. Markdown the editor has no block for stays as text; nothing is dropped.
 */

type Inline = NonNullable<EditorBlockInput['content']>[number];

/** `**bold**` and `*italic*` / `_italic_` runs; unmatched markers stay as typed. */
export function inlineRuns(text: string): Inline[] {
  const runs: Inline[] = [];
  const pattern = /\*\*(.+?)\*\*|(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])|(?<![\w_])_(?!\s)(.+?)(?<!\s)_(?![\w_])/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) runs.push({ type: 'text', text: text.slice(last, match.index), styles: {} });
    if (match[1] !== undefined) runs.push({ type: 'text', text: match[1], styles: { bold: true } });
    else runs.push({ type: 'text', text: (match[2] ?? match[3])!, styles: { italic: true } });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ type: 'text', text: text.slice(last), styles: {} });
  return runs;
}

function blockOf(line: string): EditorBlockInput {
  const block = (type: string, text: string, props: EditorBlockInput['props'] = {}): EditorBlockInput => ({
    id: randomUUID(),
    type,
    props,
    content: inlineRuns(text),
    children: [],
  });
  const heading = /^(#{1,6})\s+(.+?)\s*#*$/.exec(line);
  if (heading) return block('heading', heading[2]!, { level: Math.min(heading[1]!.length, 3) });
  const bullet = /^[-*•]\s+(.+)$/.exec(line);
  if (bullet) return block('bulletListItem', bullet[1]!);
  const numbered = /^\d{1,3}[.)、]\s*(.+)$/.exec(line);
  if (numbered) return block('numberedListItem', numbered[1]!);
  const quote = /^>\s?(.+)$/.exec(line);
  if (quote) return block('quote', quote[1]!);
  return block('paragraph', line);
}

export function documentFromText(text: string): EditorDocument {
  const blocks = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    // Blank lines and horizontal rules only separate blocks.
    .filter((line) => line && !/^([-*_])\1{2,}$/.test(line))
    .map(blockOf);
  return editorDocumentSchema.parse({ blocks });
}
