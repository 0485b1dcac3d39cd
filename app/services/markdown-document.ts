import type { EditorBlock, EditorDocument } from '../../contracts/works';
import { newBlockId } from '~/components/editor/ids';

/**
 * A streamed answer (plain text with light markdown) as editor blocks, in the browser: the same
 * reading as the server's documentFromText (server/domain/works/document-from-text.ts), which saves
 * a generation into a work, so the page shows what a saved generation holds. No zod here.
 */
type Inline = EditorBlock['content'][number];

function inlineRuns(text: string): Inline[] {
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

function blockOf(line: string): EditorBlock {
  const block = (type: string, text: string, extra: { level?: number } = {}): EditorBlock => ({
    id: newBlockId(),
    type,
    props: { textColor: 'default', backgroundColor: 'default', textAlignment: 'left', ...extra },
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

export function markdownDocument(text: string): EditorDocument {
  const blocks = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !/^([-*_])\1{2,}$/.test(line))
    .map(blockOf);
  return { blocks };
}
