import { Schema, type Attrs, type DOMOutputSpec, type MarkSpec, type NodeSpec, type TagParseRule } from 'prosemirror-model';
import {
  BLOCK_CONTENT_TYPES,
  TEXT_ALIGNMENTS,
  colorName,
  containerSpec,
  contentSpec,
  groupSpec,
  markSpec,
  safeHref,
  type BlockContentType,
  type ContentAttrs,
  type MarkName,
} from './dom-spec';

/**
 * The editor's ProseMirror schema, shaped like the stored block format (spec §3, ADR 0029):
 *
 *   doc > blockContainer+            a block: its id
 *   blockContainer > blockContent blockGroup?
 *   blockContent = paragraph | heading | bulletListItem | numberedListItem | quote   (its line: props + text)
 *   blockGroup > blockContainer+     the block's children
 *
 * One container per stored block makes the conversion a walk, not a regrouping, so any valid
 * document (children under a paragraph, a list item between paragraphs) round-trips exactly.
 */

const propsAttrSpec = {
  textColor: { default: 'default' },
  backgroundColor: { default: 'default' },
  textAlignment: { default: 'left' },
};

/** Props back from the data-* attributes the DOM spec writes (the editor's own copy and paste). */
function propsFromDom(dom: HTMLElement): ContentAttrs {
  const alignment = dom.getAttribute('data-text-alignment');
  return {
    textColor: colorName(dom.getAttribute('data-text-color')),
    backgroundColor: colorName(dom.getAttribute('data-background-color')),
    textAlignment: (TEXT_ALIGNMENTS as readonly string[]).includes(alignment ?? '') ? (alignment as ContentAttrs['textAlignment']) : 'left',
  };
}

const asProps = (attrs: Attrs): ContentAttrs => attrs as ContentAttrs;

function contentNode(type: BlockContentType, parseDOM: TagParseRule[], extraAttrs: NodeSpec['attrs'] = {}): NodeSpec {
  return {
    group: 'blockContent',
    content: 'inline*',
    marks: '_',
    defining: true,
    attrs: { ...propsAttrSpec, ...extraAttrs },
    parseDOM,
    toDOM: (node) => contentSpec(type, asProps(node.attrs)) as unknown as DOMOutputSpec,
  };
}

const contentRule = (tag: string, type: BlockContentType): TagParseRule => ({
  tag: `${tag}[data-content-type="${type}"]`,
  getAttrs: (dom) => propsFromDom(dom as HTMLElement),
});

const nodes: Record<string, NodeSpec> = {
  doc: { content: 'blockContainer+' },
  blockContainer: {
    content: 'blockContent blockGroup?',
    attrs: { id: { default: null } },
    defining: true,
    parseDOM: [{ tag: 'div.lx-block', getAttrs: (dom) => ({ id: (dom as HTMLElement).getAttribute('data-id') }) }],
    toDOM: (node) => containerSpec(node.attrs.id as string | null) as unknown as DOMOutputSpec,
  },
  blockGroup: {
    content: 'blockContainer+',
    parseDOM: [{ tag: 'div.lx-group' }],
    toDOM: () => groupSpec() as unknown as DOMOutputSpec,
  },
  // Plain p, h1–h6 and blockquote (HTML dropped in from elsewhere) after the editor's own markup.
  paragraph: contentNode('paragraph', [contentRule('p', 'paragraph'), { tag: 'p', priority: 10 }]),
  heading: contentNode(
    'heading',
    [1, 2, 3, 4, 5, 6].flatMap((level) => [
      {
        tag: `h${level}[data-content-type="heading"]`,
        getAttrs: (dom: HTMLElement | string) => ({ ...propsFromDom(dom as HTMLElement), level }),
      },
      { tag: `h${level}`, priority: 10, attrs: { level } },
    ]),
    { level: { default: 1 } },
  ),
  bulletListItem: contentNode('bulletListItem', [contentRule('p', 'bulletListItem')]),
  numberedListItem: contentNode('numberedListItem', [contentRule('p', 'numberedListItem')]),
  quote: contentNode('quote', [contentRule('blockquote', 'quote'), { tag: 'blockquote', priority: 10 }]),
  text: { group: 'inline' },
};

const simpleMark = (name: MarkName, tags: string[], styles: TagParseRule[] = []): MarkSpec => ({
  parseDOM: [...tags.map((tag) => ({ tag })), ...(styles as MarkSpec['parseDOM'] & object)],
  toDOM: () => markSpec(name, {}) as unknown as DOMOutputSpec,
});

const colorMark = (name: 'textColor' | 'backgroundColor', dataAttr: string): MarkSpec => ({
  attrs: { color: { default: 'default' } },
  parseDOM: [{ tag: `span[${dataAttr}]`, getAttrs: (dom) => ({ color: colorName((dom as HTMLElement).getAttribute(dataAttr)) }) }],
  toDOM: (mark) => markSpec(name, { color: mark.attrs.color as string }) as unknown as DOMOutputSpec,
});

const marks: Record<MarkName, MarkSpec> = {
  bold: simpleMark('bold', ['strong', 'b']),
  italic: simpleMark('italic', ['em', 'i']),
  underline: simpleMark('underline', ['u']),
  strike: simpleMark('strike', ['s', 'del', 'strike']),
  code: simpleMark('code', ['code']),
  textColor: colorMark('textColor', 'data-text-color'),
  backgroundColor: colorMark('backgroundColor', 'data-background-color'),
  link: {
    attrs: { href: { default: null } },
    inclusive: false,
    parseDOM: [{ tag: 'a[href]', getAttrs: (dom) => ({ href: safeHref((dom as HTMLElement).getAttribute('href')) }) }],
    toDOM: (mark) => markSpec('link', { href: mark.attrs.href as string | null }) as unknown as DOMOutputSpec,
  },
};

export const editorSchema = new Schema({ nodes, marks });

export const isBlockContentType = (name: string): name is BlockContentType => (BLOCK_CONTENT_TYPES as readonly string[]).includes(name);
