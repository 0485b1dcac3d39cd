import type { EditorBlock, EditorDocument, InlineContent } from '../../../contracts/works';
import { TEXT_ALIGNMENTS, clampLevel, safeHref, type BlockContentType, type TextAlignment } from './dom-spec';
import { newBlockId } from '../../../contracts/block-id';
import { Parser } from 'htmlparser2';

/**
 * Pasted HTML (Word, WPS, web pages, Google Docs) to blocks. Structure and the supported marks
 * are kept: paragraphs, headings, lists with their nesting (Word's `mso-list` paragraphs too),
 * quotes, alignment, bold, italic, underline, strike and links. Styles, classes, colours (a web
 * page's colours are its theme, not the writer's emphasis), images, tables' layout, scripts and
 * Office's own markup are dropped.
 *
 * htmlparser2 reads the HTML (tags, implied end tags, entities) rather than the browser's
 * DOMParser: the same code runs in the editor and in the tests (no DOM in Node), and nothing in
 * pasted HTML is ever put into a live document. What follows is only the cleaning (ADR 0048).
 */

type Element = { tag: string; attrs: Record<string, string>; children: Node[] };
type Node = Element | string;

/** Dropped with everything inside. */
const SKIP = new Set([
  'head',
  'style',
  'script',
  'template',
  'noscript',
  'xml',
  'title',
  'svg',
  'math',
  'iframe',
  'object',
  'video',
  'audio',
  'canvas',
  'select',
  'button',
  'textarea',
]);
/**
 * Deeper elements give their text to the one at this depth: no real document nests this far, and
 * the cleaning below recurses, so a hostile paste cannot exhaust the stack.
 */
const MAX_DEPTH = 64;

/**
 * HTML to a tree of elements and text, in one pass. htmlparser2 balances the tags (unclosed ones
 * close at their parent's end, stray end tags are ignored); a frame that is not an element is a
 * skipped subtree or an unwrapped tag whose content goes to its parent.
 */
function parseHtml(html: string): Element {
  const root: Element = { tag: '#root', attrs: {}, children: [] };
  const elements: Element[] = [root];
  const frames: ('element' | 'skip' | 'unwrap')[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (skipping > 0 || SKIP.has(name)) {
          skipping++;
          frames.push('skip');
        } else if (name.includes(':') || elements.length > MAX_DEPTH) {
          // Office namespaces (<o:p>, <v:shape>, <w:…>) carry nothing a reader sees; <o:p> is Word's empty-paragraph filler.
          frames.push('unwrap');
        } else {
          const element: Element = { tag: name, attrs: attribs, children: [] };
          elements[elements.length - 1]!.children.push(element);
          elements.push(element);
          frames.push('element');
        }
      },
      onclosetag() {
        const frame = frames.pop();
        if (frame === 'skip') skipping--;
        else if (frame === 'element') elements.pop();
      },
      ontext(text) {
        if (skipping > 0) return;
        const children = elements[elements.length - 1]!.children;
        // The parser hands text over in pieces (around entities): one string per run of text.
        const last = children.length - 1;
        if (typeof children[last] === 'string') children[last] += text;
        else children.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return root;
}

/** One declaration of a style attribute, lower-cased (`font-weight: 700` → '700'). */
const styleOf = (el: Element, property: string): string | undefined => {
  const style = el.attrs.style;
  if (!style) return undefined;
  const m = new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]+)`, 'i').exec(style);
  return m?.[1]?.trim().toLowerCase();
};

type Styles = { bold?: boolean; italic?: boolean; underline?: boolean; strike?: boolean; href?: string };

function stylesFor(el: Element, inherited: Styles): Styles {
  const s = { ...inherited };
  const tag = el.tag;
  if (tag === 'b' || tag === 'strong') s.bold = true;
  if (tag === 'i' || tag === 'em' || tag === 'cite' || tag === 'dfn') s.italic = true;
  if (tag === 'u' || tag === 'ins') s.underline = true;
  if (tag === 's' || tag === 'strike' || tag === 'del') s.strike = true;
  if (tag === 'a') {
    const href = safeHref(el.attrs.href);
    if (href) s.href = href;
  }
  const weight = styleOf(el, 'font-weight');
  // Google Docs wraps a whole paste in <b style="font-weight:normal">: the style wins over the tag.
  if (weight) s.bold = weight === 'bold' || weight === 'bolder' || Number(weight) >= 600;
  const fontStyle = styleOf(el, 'font-style');
  if (fontStyle) s.italic = fontStyle === 'italic' || fontStyle === 'oblique';
  const decoration = styleOf(el, 'text-decoration') ?? styleOf(el, 'text-decoration-line');
  if (decoration) {
    if (decoration.includes('underline')) s.underline = true;
    if (decoration.includes('line-through')) s.strike = true;
    if (decoration === 'none') s.underline = s.strike = false;
  }
  return s;
}

function alignmentOf(el: Element): TextAlignment | undefined {
  const value = (styleOf(el, 'text-align') ?? el.attrs.align)?.toLowerCase();
  if (value === 'start') return 'left';
  if (value === 'end') return 'right';
  return (TEXT_ALIGNMENTS as readonly string[]).includes(value ?? '') ? (value as TextAlignment) : undefined;
}

type Line = { type: BlockContentType; level?: number; alignment: TextAlignment; content: InlineContent[]; children: EditorBlock[] };

const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'figure',
  'figcaption',
  'address',
  'pre',
  'dd',
  'dt',
  'dl',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'center',
  'form',
  'fieldset',
  'details',
  'summary',
  'body',
  'html',
]);

/** Word marks list paragraphs with `mso-list: l0 level2 lfo1`; the marker itself sits in a `mso-list:Ignore` span. */
const msoListLevel = (el: Element): number | null => {
  const m = /mso-list\s*:\s*l\d+\s+level(\d+)/i.exec(el.attrs.style ?? '');
  return m ? Number(m[1]) : null;
};
const isMsoIgnore = (el: Element) => /mso-list\s*:\s*ignore/i.test(el.attrs.style ?? '');
const textOf = (node: Node): string => (typeof node === 'string' ? node : node.children.map(textOf).join(''));

/** What a <br> leaves in the text until lines are split (a private-use character, never in real text). */
const BREAK = '\uE000';
const isListType = (type: BlockContentType) => type === 'bulletListItem' || type === 'numberedListItem';

class Builder {
  /** Top-level blocks. */
  readonly blocks: EditorBlock[] = [];
  private line: Line | null = null;
  /** Open HTML lists, innermost last, with the items written into each. */
  private lists: { type: BlockContentType; items: EditorBlock[] }[] = [];
  /** Word's list paragraphs: the last item written at each level. */
  private msoItems: EditorBlock[] = [];
  private quoteDepth = 0;

  /** Where a block that is not a list item goes: into the open list item (as its child), or the top. */
  private target(): EditorBlock[] {
    const list = this.lists[this.lists.length - 1];
    const item = list?.items[list.items.length - 1];
    return item ? item.children : this.blocks;
  }

  start(type: BlockContentType, alignment: TextAlignment = 'left', level?: number) {
    this.flush();
    this.line = { type: this.quoteDepth > 0 && type === 'paragraph' ? 'quote' : type, level, alignment, content: [], children: [] };
  }

  /**
   * A paragraph element: inside a list item that has no text yet it is that item's text
   * (`<li><p>…</p></li>`, as Google Docs and Word write lists); elsewhere a paragraph of its own.
   * Returns whether it started a line of its own.
   */
  paragraph(alignment: TextAlignment | undefined): boolean {
    if (this.line && isListType(this.line.type) && this.line.content.length === 0) {
      if (alignment) this.line.alignment = alignment;
      return false;
    }
    this.start('paragraph', alignment);
    return true;
  }

  text(raw: string, styles: Styles) {
    // A soft hyphen (&shy;) only marks where a word may break.
    const text = raw.replace(/\u00ad/g, '');
    if (!text) return;
    if (!this.line) {
      // Whitespace between blocks is not a paragraph.
      if (!text.replace(/[\s\u00a0]+/g, '')) return;
      this.start('paragraph');
    }
    const content = this.line!.content;
    const item: InlineContent = { type: styles.href ? 'link' : 'text', text, styles: {} };
    if (styles.bold) item.styles.bold = true;
    if (styles.italic) item.styles.italic = true;
    if (styles.underline) item.styles.underline = true;
    if (styles.strike) item.styles.strike = true;
    if (styles.href) item.href = styles.href;
    const last = content[content.length - 1];
    if (last && last.type === item.type && last.href === item.href && JSON.stringify(last.styles) === JSON.stringify(item.styles))
      last.text += text;
    else content.push(item);
  }

  /** The block of a line: whitespace collapsed as a browser would; an empty line is no block (an empty list item is). */
  private blockOf(line: Line): EditorBlock | null {
    const content: InlineContent[] = [];
    for (const item of line.content) {
      let text = item.text.replace(/[^\S\uE000]+/g, ' ').replace(/ ?\uE000 ?/g, BREAK);
      const prev = content[content.length - 1];
      if (!prev || /[ \uE000]$/.test(prev.text)) text = text.replace(/^ /, '');
      content.push({ ...item, text });
    }
    const last = content[content.length - 1];
    if (last) last.text = last.text.replace(/ $/, '');
    const kept = content.filter((c) => c.text.length > 0);
    if (kept.length === 0 && !isListType(line.type)) return null;
    return {
      id: newBlockId(),
      type: line.type,
      props: {
        textColor: 'default',
        backgroundColor: 'default',
        textAlignment: line.alignment,
        ...(line.type === 'heading' ? { level: clampLevel(line.level) } : {}),
      },
      content: kept,
      children: line.children,
    };
  }

  /** Ends the current line and puts its block in place. */
  flush() {
    const line = this.line;
    this.line = null;
    if (!line) return;
    const block = this.blockOf(line);
    if (!block) return;
    if (isListType(line.type) && this.lists.length > 0) {
      // An item goes into its list: the top, or the children of the item the list is nested in.
      const outer = this.lists[this.lists.length - 2];
      (outer?.items[outer.items.length - 1]?.children ?? this.blocks).push(block);
      this.lists[this.lists.length - 1]!.items.push(block);
    } else this.target().push(block);
  }

  openList(type: BlockContentType) {
    this.flush();
    this.lists.push({ type, items: [] });
  }
  closeList() {
    this.flush();
    this.lists.pop();
  }
  listType(): BlockContentType {
    return this.lists[this.lists.length - 1]?.type ?? 'bulletListItem';
  }

  quote(inside: () => void) {
    this.flush();
    this.quoteDepth++;
    inside();
    this.flush();
    this.quoteDepth--;
  }

  /** A Word list paragraph at a level (1 = top): nested under the last item of the level above. */
  msoItem(level: number, type: BlockContentType, alignment: TextAlignment, fill: () => void) {
    this.flush();
    this.line = { type, alignment, content: [], children: [] };
    fill();
    const line = this.line as Line | null;
    this.line = null;
    const block = line && this.blockOf(line);
    if (!block) return;
    const parent = level > 1 ? this.msoItems[Math.min(level, this.msoItems.length + 1) - 2] : undefined;
    (parent ? parent.children : this.target()).push(block);
    this.msoItems.length = Math.min(level - 1, this.msoItems.length);
    this.msoItems.push(block);
  }
  endMsoList() {
    this.msoItems = [];
  }
}

function walkInline(builder: Builder, node: Node, styles: Styles) {
  if (typeof node === 'string') return builder.text(node, styles);
  if (node.tag === 'br') {
    // A line break inside a block is a new block of the same kind.
    builder.text(BREAK, styles);
    return;
  }
  walkChildren(builder, node, stylesFor(node, styles));
}

function walkChildren(builder: Builder, el: Element, styles: Styles) {
  for (const child of el.children) walk(builder, child, styles);
}

function walk(builder: Builder, node: Node, styles: Styles): void {
  if (typeof node === 'string') return builder.text(node, styles);
  const tag = node.tag;
  if (tag === 'img' || tag === 'hr' || isMsoIgnore(node)) return;
  const level = msoListLevel(node);
  if (level !== null && (tag === 'p' || tag === 'div' || HEADINGS[tag])) {
    const marker = findMarker(node);
    const type: BlockContentType = /^\s*(\(?[0-9a-zA-Z]{1,4}[.)、]|[一二三四五六七八九十]+[、.])/.test(marker)
      ? 'numberedListItem'
      : 'bulletListItem';
    builder.msoItem(level, type, alignmentOf(node) ?? 'left', () => walkChildren(builder, node, stylesFor(node, styles)));
    return;
  }
  if (tag === 'p' || tag === 'div' || HEADINGS[tag] || BLOCK_TAGS.has(tag)) builder.endMsoList();
  if (HEADINGS[tag]) {
    builder.start('heading', alignmentOf(node), HEADINGS[tag]);
    walkChildren(builder, node, stylesFor(node, styles));
    builder.flush();
    return;
  }
  if (tag === 'ul' || tag === 'ol') {
    builder.openList(tag === 'ol' ? 'numberedListItem' : 'bulletListItem');
    walkChildren(builder, node, styles);
    builder.closeList();
    return;
  }
  if (tag === 'li') {
    builder.start(builder.listType(), alignmentOf(node));
    walkChildren(builder, node, stylesFor(node, styles));
    builder.flush();
    return;
  }
  if (tag === 'blockquote') {
    builder.quote(() => walkChildren(builder, node, stylesFor(node, styles)));
    return;
  }
  if (BLOCK_TAGS.has(tag)) {
    const own = builder.paragraph(alignmentOf(node));
    walkChildren(builder, node, stylesFor(node, styles));
    if (own) builder.flush();
    return;
  }
  walkInline(builder, node, styles);
}

/** The text of Word's list marker (`1.`, `a)`, `·`): the `mso-list:Ignore` span, wherever it is nested. */
function findMarker(el: Element): string {
  for (const child of el.children) {
    if (typeof child === 'string') continue;
    if (isMsoIgnore(child)) return textOf(child);
    const found = findMarker(child);
    if (found) return found;
  }
  return '';
}

/** Splits lines the `<br>`s made into blocks of the same kind. */
function splitBreaks(blocks: EditorBlock[]): EditorBlock[] {
  return blocks.flatMap((block) => {
    const children = splitBreaks(block.children);
    if (!block.content.some((c) => c.text.includes(BREAK))) return [{ ...block, children }];
    const lines: InlineContent[][] = [[]];
    for (const item of block.content) {
      item.text.split(BREAK).forEach((part, i) => {
        if (i > 0) lines.push([]);
        if (part.trim()) lines[lines.length - 1]!.push({ ...item, text: part });
      });
    }
    const kept = lines.filter((l) => l.length > 0);
    return kept.map((content, i) => ({
      ...block,
      id: i === 0 ? block.id : newBlockId(),
      content,
      children: i === kept.length - 1 ? children : [],
    }));
  });
}

export function htmlToDocument(html: string): EditorDocument {
  const builder = new Builder();
  const root = parseHtml(html);
  // A fragment's <body>, when the clipboard wrapped it in a whole document.
  const body = findBody(root) ?? root;
  walkChildren(builder, body, {});
  builder.flush();
  return { blocks: splitBreaks(builder.blocks) };
}

function findBody(el: Element): Element | null {
  for (const child of el.children) {
    if (typeof child === 'string') continue;
    if (child.tag === 'body') return child;
    const found = findBody(child);
    if (found) return found;
  }
  return null;
}

/** Plain text (a text-only clipboard) to blocks: one paragraph per non-empty line. */
export function textToDocument(text: string): EditorDocument {
  return {
    blocks: text
      .split(/\r\n|\r|\n/)
      .map((line) => line.trimEnd())
      .filter((line) => line.trim().length > 0)
      .map((line) => ({
        id: newBlockId(),
        type: 'paragraph',
        props: { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' as const },
        content: [{ type: 'text' as const, text: line, styles: {} }],
        children: [],
      })),
  };
}
