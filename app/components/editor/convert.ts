import type { Mark, Node as PMNode } from 'prosemirror-model';
import type { EditorBlock, EditorDocument, InlineContent } from '../../../contracts/works';
import { TEXT_ALIGNMENTS, clampLevel, colorName, type BlockContentType, type ContentAttrs, type TextAlignment } from './dom-spec';
import { newBlockId } from '../../../contracts/block-id';
import { editorSchema as schema, isBlockContentType } from './schema';

/**
 * The stored block format (contracts/works.ts, spec §3) to and from the editor's ProseMirror
 * document. Browser-safe: the contract is imported for its types only, validation stays with zod
 * on the server and in loaders.
 *
 * Exact round trip: `docToBlocks(blocksToDoc(d))` equals `normalizeDocument(d)`, and equals `d`
 * itself for every document the editor writes (ADR 0029). Normalising only does what a text
 * editor must: adjacent runs with the same styles are one run, empty runs are nothing, a style
 * that is off is absent, a heading has a level.
 */

/** The boolean styles, in the order of the schema's marks. */
const FLAG_STYLES = ['bold', 'italic', 'underline', 'strike', 'code'] as const;
const COLOR_STYLES = ['textColor', 'backgroundColor'] as const;

/** Block types of other editors (and older drafts) read as the nearest type we have. */
const TYPE_ALIASES: Record<string, BlockContentType> = {
  bulletList: 'bulletListItem',
  bullet_list_item: 'bulletListItem',
  checkListItem: 'bulletListItem',
  toggleListItem: 'bulletListItem',
  numberedList: 'numberedListItem',
  ordered_list_item: 'numberedListItem',
  blockquote: 'quote',
};

type LooseBlock = Partial<Omit<EditorBlock, 'props' | 'content' | 'children'>> & {
  props?: Partial<EditorBlock['props']> & Record<string, unknown>;
  content?: unknown;
  children?: unknown;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function blockTypeOf(type: unknown): BlockContentType {
  if (typeof type !== 'string') return 'paragraph';
  if (isBlockContentType(type)) return type;
  return TYPE_ALIASES[type] ?? 'paragraph';
}

function propsOf(props: unknown, type: BlockContentType): ContentAttrs {
  const p = isRecord(props) ? props : {};
  const alignment = (TEXT_ALIGNMENTS as readonly string[]).includes(p.textAlignment as string)
    ? (p.textAlignment as TextAlignment)
    : 'left';
  const attrs: ContentAttrs = {
    textColor: colorName(p.textColor),
    backgroundColor: colorName(p.backgroundColor),
    textAlignment: alignment,
  };
  if (type === 'heading') attrs.level = clampLevel(p.level);
  return attrs;
}

/** Every string under `text` keys, for content shaped unlike ours (a table's rows, say). */
function looseText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(looseText).filter(Boolean).join(' ');
  if (isRecord(value))
    return typeof value.text === 'string'
      ? value.text
      : Object.entries(value)
          .filter(([key]) => key !== 'type')
          .map(([, v]) => looseText(v))
          .filter(Boolean)
          .join(' ');
  return '';
}

function marksOf(item: Record<string, unknown>): Mark[] {
  const styles = isRecord(item.styles) ? item.styles : {};
  const marks: Mark[] = [];
  for (const name of FLAG_STYLES) if (styles[name] === true) marks.push(schema.marks[name]!.create());
  for (const name of COLOR_STYLES) {
    const color = styles[name];
    if (typeof color === 'string' && color !== 'default' && color.length > 0) marks.push(schema.marks[name]!.create({ color }));
  }
  if (item.type === 'link') marks.push(schema.marks.link!.create({ href: typeof item.href === 'string' ? item.href : null }));
  return marks;
}

function inlineNodes(content: unknown): PMNode[] {
  if (!Array.isArray(content)) {
    const text = looseText(content);
    return text ? [schema.text(text)] : [];
  }
  const out: PMNode[] = [];
  for (const item of content) {
    if (!isRecord(item)) continue;
    // A link in the nested shape of other editors ({type:'link', href, content:[…]}) keeps its href.
    if (item.type === 'link' && Array.isArray(item.content)) {
      for (const inner of item.content)
        if (isRecord(inner) && typeof inner.text === 'string' && inner.text)
          out.push(schema.text(inner.text, [...marksOf(inner), schema.marks.link!.create({ href: item.href ?? null })]));
      continue;
    }
    const text = typeof item.text === 'string' ? item.text : looseText(item);
    if (text) out.push(schema.text(text, marksOf(item)));
  }
  return out;
}

function containerOf(block: LooseBlock, depth: number): PMNode {
  const type = blockTypeOf(block.type);
  const content = schema.nodes[type]!.create(propsOf(block.props, type), inlineNodes(block.content));
  const children = Array.isArray(block.children) ? (block.children as unknown[]).filter(isRecord) : [];
  const inner = [content];
  if (children.length > 0)
    inner.push(
      schema.nodes.blockGroup!.create(
        null,
        children.map((child) => containerOf(child as LooseBlock, depth + 1)),
      ),
    );
  return schema.nodes.blockContainer!.create({ id: typeof block.id === 'string' && block.id ? block.id : null }, inner);
}

/**
 * The editor document of a stored one. An empty document becomes one empty paragraph without an
 * id (ProseMirror needs a place for the cursor); `docToBlocks` reads that back as no blocks.
 * Anything unlike a document reads as empty; unknown block types become paragraphs, keeping their
 * text and children.
 */
export function blocksToDoc(document: EditorDocument | { blocks?: unknown } | null | undefined): PMNode {
  const blocks = isRecord(document) && Array.isArray(document.blocks) ? (document.blocks as unknown[]).filter(isRecord) : [];
  const containers = blocks.map((block) => containerOf(block as LooseBlock, 1));
  if (containers.length === 0) containers.push(emptyContainer());
  return schema.nodes.doc!.create(null, containers);
}

export const emptyContainer = (id: string | null = null) => schema.nodes.blockContainer!.create({ id }, schema.nodes.paragraph!.create());

function stylesOf(marks: readonly Mark[]): Record<string, string | boolean> {
  const styles: Record<string, string | boolean> = {};
  for (const mark of marks) {
    const name = mark.type.name;
    if ((FLAG_STYLES as readonly string[]).includes(name)) styles[name] = true;
    else if ((COLOR_STYLES as readonly string[]).includes(name)) styles[name] = mark.attrs.color as string;
  }
  return styles;
}

function inlineContentOf(node: PMNode): InlineContent[] {
  const out: InlineContent[] = [];
  node.forEach((child) => {
    if (!child.isText || !child.text) return;
    const link = child.marks.find((m) => m.type.name === 'link');
    const item: InlineContent = { type: link ? 'link' : 'text', text: child.text, styles: stylesOf(child.marks) };
    if (link && typeof link.attrs.href === 'string') item.href = link.attrs.href;
    out.push(item);
  });
  return out;
}

function blockOf(container: PMNode): EditorBlock {
  const content = container.firstChild!;
  const attrs = content.attrs as ContentAttrs;
  const props: EditorBlock['props'] = {
    textColor: attrs.textColor,
    backgroundColor: attrs.backgroundColor,
    textAlignment: attrs.textAlignment,
  };
  if (content.type.name === 'heading') props.level = clampLevel(attrs.level);
  const group = container.childCount > 1 ? container.child(1) : null;
  const children: EditorBlock[] = [];
  group?.forEach((child) => children.push(blockOf(child)));
  return {
    id: (container.attrs.id as string | null) ?? newBlockId(),
    type: content.type.name,
    props,
    content: inlineContentOf(content),
    children,
  };
}

const isPlaceholder = (container: PMNode) =>
  container.attrs.id === null &&
  container.childCount === 1 &&
  container.firstChild!.type.name === 'paragraph' &&
  container.firstChild!.content.size === 0;

/**
 * The stored document of an editor document. Blocks get their ids from the editor's id plugin
 * (plugins.ts); a block still without one (input that had none) gets a fresh id here, except the
 * empty document's placeholder: a lone empty paragraph without an id is no block at all.
 */
export function docToBlocks(doc: PMNode): EditorDocument {
  const blocks: EditorBlock[] = [];
  doc.forEach((container) => {
    if (doc.childCount === 1 && isPlaceholder(container)) return;
    blocks.push(blockOf(container));
  });
  return { blocks };
}

/** The document the round trip gives: what `docToBlocks(blocksToDoc(document))` returns. */
export const normalizeDocument = (document: Parameters<typeof blocksToDoc>[0]): EditorDocument => docToBlocks(blocksToDoc(document));
