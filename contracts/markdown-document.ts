import { newBlockId } from './block-id';
import type { EditorBlock, EditorDocument, InlineContent } from './works';

/**
 * A model's answer (plain text with light markdown: `#` headings, `-`/`*`/`1.` list items, `>`
 * quotes, `**bold**`, `*italic*`) as the editor document (spec §3). One reading for both sides:
 * the server saves a generation into a work with it, the browser shows the streamed answer with it,
 * so the page shows what a saved generation holds. Markdown the editor has no block for stays as
 * text; nothing is dropped. Browser-safe: no zod, no Node modules.
 */

const INLINE = /\*\*(.+?)\*\*|(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])|(?<![\w_])_(?!\s)(.+?)(?<!\s)_(?![\w_])/g;

/** `**bold**` and `*italic*` / `_italic_` runs; unmatched markers stay as typed. */
export function inlineRuns(text: string): InlineContent[] {
  const runs: InlineContent[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) runs.push({ type: 'text', text: text.slice(last, match.index), styles: {} });
    if (match[1] !== undefined) runs.push({ type: 'text', text: match[1], styles: { bold: true } });
    else runs.push({ type: 'text', text: (match[2] ?? match[3])!, styles: { italic: true } });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ type: 'text', text: text.slice(last), styles: {} });
  return runs;
}

/** A line's inline markdown dropped: the words a reader sees (for text put into a sentence). */
export const plainInline = (text: string): string =>
  inlineRuns(text)
    .map((r) => r.text)
    .join('');

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
    // Blank lines and horizontal rules only separate blocks.
    .filter((line) => line && !/^([-*_])\1{2,}$/.test(line))
    .map(blockOf);
  return { blocks };
}

/** A run back in the markers `inlineRuns` reads; other styles have no marker and are dropped. */
function markdownRun(run: InlineContent): string {
  const text = run.text;
  if (!text.trim()) return text;
  // Markers hug the words: `** x**` would not read back as bold.
  const [, lead, body, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  if (run.styles.bold) return `${lead}**${body}**${trail}`;
  if (run.styles.italic) return `${lead}*${body}*${trail}`;
  return text;
}

/**
 * The editor document as the light markdown `markdownDocument` reads: headings, list items, quotes,
 * bold and italic, one block a paragraph (children follow their parent). What 继续生成 sends as the
 * text to continue when the consultant changed a stopped draft, so the continuation and the page's
 * reading of the whole agree with the server's.
 */
export function documentMarkdown(document: EditorDocument): string {
  const lines: string[] = [];
  let number = 0;
  const walk = (blocks: EditorBlock[]) => {
    for (const block of blocks) {
      const text = block.content
        .map(markdownRun)
        .join('')
        .replace(/\s*\n\s*/g, ' ');
      number = block.type === 'numberedListItem' ? number + 1 : 0;
      const marker =
        block.type === 'heading'
          ? `${'#'.repeat(Math.min(block.props.level ?? 1, 6))} `
          : ({ bulletListItem: '- ', numberedListItem: `${number}. `, quote: '> ' } as Record<string, string>)[block.type];
      // An empty block is only a gap.
      if (text.trim()) lines.push(`${marker ?? ''}${text}`);
      walk(block.children);
    }
  };
  walk(document.blocks);
  return lines.join('\n\n');
}
