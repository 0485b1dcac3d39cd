import { OFFLINE_LABEL } from '../../../../contracts/ai-operation-constants';
import { INTERNAL_NOTE_HEADINGS } from '../../../../contracts/work-text';
import { editorColorHex } from '../../../../contracts/editor-colors';
import type { EditorBlock, EditorDocument } from '../../../../contracts/works';

/**
 * A document as the lines an exporter prints, in reading order (children after their parent):
 * the DOCX and PDF writers share this walk, so both read the block format the same way.
 */
/** An essay, or a CV set compactly for one page or with more room for two. */
export type ExportLayout = 'essay' | 'cv_one_page' | 'cv_two_page';
export const isCvLayout = (layout: ExportLayout) => layout !== 'essay';

export type ExportRun = {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  code: boolean;
  /** Hex without '#', or null for the default colour / no highlight. */
  color: string | null;
  background: string | null;
  href: string | null;
};

export type ExportLine = {
  kind: 'paragraph' | 'heading' | 'bullet' | 'numbered' | 'quote';
  /** 1–6 for a heading. */
  level: number;
  /** How deep the block is nested: 0 at the top. */
  depth: number;
  /** A numbered item's number within its run of numbered siblings; 0 otherwise. */
  number: number;
  /** Which run of numbered siblings the item belongs to (each run restarts at 1). */
  listRun: number;
  alignment: 'left' | 'center' | 'right' | 'justify';
  color: string | null;
  background: string | null;
  runs: ExportRun[];
};

const KINDS: Record<string, ExportLine['kind']> = {
  paragraph: 'paragraph',
  heading: 'heading',
  bulletListItem: 'bullet',
  numberedListItem: 'numbered',
  quote: 'quote',
};

const safeHref = (href: unknown) => (typeof href === 'string' && /^(https?:|mailto:)/i.test(href) ? href : null);

/**
 * Characters XML 1.0 forbids (a DOCX with one does not open) and that no font draws; Word's
 * clipboard brings vertical tabs for manual line breaks. Line breaks inside a run become spaces.
 */
export const printable = (text: string) =>
  text.replace(/\r\n?|\n|\v/g, ' ').replace(/[\p{Cc}\uFFFE\uFFFF]/gu, (c) => (c === '\t' ? c : ''));

function runsOf(block: EditorBlock): ExportRun[] {
  return block.content
    .map((item) => ({ ...item, text: printable(item.text) }))
    .filter((item) => item.text.length > 0)
    .map((item) => ({
      text: item.text,
      bold: item.styles.bold === true,
      italic: item.styles.italic === true,
      underline: item.styles.underline === true,
      strike: item.styles.strike === true,
      code: item.styles.code === true,
      color: editorColorHex(item.styles.textColor, 'text'),
      background: editorColorHex(item.styles.backgroundColor, 'background'),
      href: item.type === 'link' ? safeHref(item.href) : null,
    }));
}

export function exportLines(document: EditorDocument): ExportLine[] {
  const lines: ExportLine[] = [];
  let listRuns = 0;
  const walk = (blocks: EditorBlock[], depth: number) => {
    let number = 0;
    let run = 0;
    for (const block of blocks) {
      // Unknown types print as paragraphs (the editor reads them the same way).
      const kind = KINDS[block.type] ?? 'paragraph';
      if (kind === 'numbered') {
        if (number === 0) run = ++listRuns;
        number++;
      } else number = 0;
      lines.push({
        kind,
        level: kind === 'heading' ? Math.min(6, Math.max(1, block.props.level ?? 1)) : 0,
        depth,
        number: kind === 'numbered' ? number : 0,
        listRun: kind === 'numbered' ? run : 0,
        alignment: block.props.textAlignment,
        color: editorColorHex(block.props.textColor, 'text'),
        background: editorColorHex(block.props.backgroundColor, 'background'),
        runs: runsOf(block),
      });
      walk(block.children, depth + 1);
    }
  };
  walk(document.blocks, 0);
  return lines;
}

/**
 * What the consultant must delete before sending (the offline engine's 顾问备注 and 离线模式说明
 * blocks, its 【离线模式】 label): never printed into a file meant for a university. A note block
 * is its heading and what follows, up to the next heading of the same or a higher level. The work
 * keeps them in the editor; the export's AI label (aigc.ts) says what the text is. Trailing blank
 * lines go too: they would push a page that fits onto a second one.
 */
export function forRecipient(lines: ExportLine[]): ExportLine[] {
  const out: ExportLine[] = [];
  let note: { level: number; depth: number } | null = null;
  for (const line of lines) {
    const text = lineText(line).trim();
    if (note) {
      const ends = line.kind === 'heading' && line.depth <= note.depth && line.level <= note.level;
      if (!ends) continue;
      note = null;
    }
    if (INTERNAL_NOTE_HEADINGS.includes(text)) {
      // A heading closes at its level; a note heading typed as a paragraph runs to the next heading.
      note = { level: line.kind === 'heading' ? line.level : 6, depth: line.depth };
      continue;
    }
    if (!text.includes(OFFLINE_LABEL)) {
      out.push(line);
      continue;
    }
    const runs = line.runs.map((run) => ({ ...run, text: run.text.split(OFFLINE_LABEL).join('') })).filter((run) => run.text.length > 0);
    // A line that was only the label goes; one with text besides keeps the text.
    if (runs.some((run) => run.text.trim())) out.push({ ...line, runs });
  }
  while (out.length > 0 && !lineText(out.at(-1)!).trim()) out.pop();
  return out;
}

const lineText = (line: ExportLine) => line.runs.map((run) => run.text).join('');

/** Bullets by depth, as word processors cycle them. */
export const BULLETS = ['•', '◦', '▪'] as const;
