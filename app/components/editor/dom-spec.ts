import { editorColorHex } from '../../../contracts/editor-colors';

/**
 * The DOM of every node and mark, as ProseMirror output specs built from plain attributes. The
 * schema's `toDOM` and the server-side static renderer (static-html.ts) both use these, so the
 * read-only HTML sent before hydration is the markup the live editor draws: no layout jump.
 */
export type DomSpec = readonly [string, Record<string, string>, ...(DomSpec | 0)[]] | readonly [string, Record<string, string>];

export const BLOCK_CONTENT_TYPES = ['paragraph', 'heading', 'bulletListItem', 'numberedListItem', 'quote'] as const;
export type BlockContentType = (typeof BLOCK_CONTENT_TYPES)[number];
export const TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];

export type BlockProps = { textColor: string; backgroundColor: string; textAlignment: TextAlignment };
export type ContentAttrs = BlockProps & { level?: number };

export const EDITOR_CLASS = 'lx-editor';

/** Attributes carrying a block's props: data-* for parsing back, inline style for looks. */
function propsAttrs(attrs: ContentAttrs): Record<string, string> {
  const out: Record<string, string> = {};
  const style: string[] = [];
  if (attrs.textAlignment !== 'left') {
    out['data-text-alignment'] = attrs.textAlignment;
    style.push(`text-align: ${attrs.textAlignment}`);
  }
  if (attrs.textColor !== 'default') {
    out['data-text-color'] = attrs.textColor;
    const hex = editorColorHex(attrs.textColor, 'text');
    if (hex) style.push(`color: #${hex}`);
  }
  if (attrs.backgroundColor !== 'default') {
    out['data-background-color'] = attrs.backgroundColor;
    const hex = editorColorHex(attrs.backgroundColor, 'background');
    if (hex) style.push(`background-color: #${hex}`);
  }
  if (style.length > 0) out.style = style.join('; ');
  return out;
}

/** The element of a block's own line (its content), with `0` where the text goes. */
export function contentSpec(type: BlockContentType, attrs: ContentAttrs, listIndex?: number): DomSpec {
  const base = { 'data-content-type': type, ...propsAttrs(attrs) };
  switch (type) {
    case 'heading':
      return [`h${clampLevel(attrs.level)}`, base, 0];
    case 'bulletListItem':
      return ['p', { ...base, class: 'lx-li lx-bullet' }, 0];
    case 'numberedListItem':
      // The number is drawn by CSS from data-index (a decoration in the editor, computed here on the server).
      return ['p', { ...base, class: 'lx-li lx-numbered', ...(listIndex ? { 'data-index': String(listIndex) } : {}) }, 0];
    case 'quote':
      return ['blockquote', base, 0];
    default:
      return ['p', base, 0];
  }
}

export const containerSpec = (id: string | null): DomSpec => ['div', { class: 'lx-block', ...(id ? { 'data-id': id } : {}) }, 0];
export const groupSpec = (): DomSpec => ['div', { class: 'lx-group' }, 0];

export const clampLevel = (level: unknown) => (typeof level === 'number' && level >= 1 && level <= 6 ? Math.floor(level) : 1);

/** Only web and mail links are followed: a pasted or stored `javascript:` href is dropped. */
export const safeHref = (href: unknown): string | null =>
  typeof href === 'string' && /^(https?:|mailto:)/i.test(href.trim()) ? href.trim() : null;

export const MARK_NAMES = ['bold', 'italic', 'underline', 'strike', 'code', 'textColor', 'backgroundColor', 'link'] as const;
export type MarkName = (typeof MARK_NAMES)[number];

export function markSpec(name: MarkName, attrs: { color?: string; href?: string | null }): DomSpec {
  switch (name) {
    case 'bold':
      return ['strong', {}, 0];
    case 'italic':
      return ['em', {}, 0];
    case 'underline':
      return ['u', {}, 0];
    case 'strike':
      return ['s', {}, 0];
    case 'code':
      return ['code', {}, 0];
    case 'textColor': {
      const hex = editorColorHex(attrs.color, 'text');
      return ['span', { 'data-text-color': String(attrs.color), ...(hex ? { style: `color: #${hex}` } : {}) }, 0];
    }
    case 'backgroundColor': {
      const hex = editorColorHex(attrs.color, 'background');
      return ['span', { 'data-background-color': String(attrs.color), ...(hex ? { style: `background-color: #${hex}` } : {}) }, 0];
    }
    case 'link': {
      const href = safeHref(attrs.href);
      return ['a', { ...(href ? { href } : {}), rel: 'noopener noreferrer nofollow', target: '_blank' }, 0];
    }
  }
}

/** A colour name as stored: unknown names are kept (a newer palette), only non-strings become default. */
export const colorName = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 30 ? value : 'default');

/**
 * The editor's stylesheet, shared by the static HTML and the live view. List bullets and numbers
 * are drawn with CSS so a list item stays one text line of the document.
 */
export const EDITOR_CSS = `
.${EDITOR_CLASS} { outline: none; white-space: pre-wrap; word-wrap: break-word; line-height: 1.75; font-size: 15px; min-height: 12em; padding: 12px 16px; }
.${EDITOR_CLASS} p, .${EDITOR_CLASS} blockquote, .${EDITOR_CLASS} h1, .${EDITOR_CLASS} h2, .${EDITOR_CLASS} h3, .${EDITOR_CLASS} h4, .${EDITOR_CLASS} h5, .${EDITOR_CLASS} h6 { margin: 0; padding: 2px 0; }
.${EDITOR_CLASS} h1 { font-size: 1.75em; font-weight: 700; margin-top: 0.6em; }
.${EDITOR_CLASS} h2 { font-size: 1.45em; font-weight: 700; margin-top: 0.5em; }
.${EDITOR_CLASS} h3 { font-size: 1.2em; font-weight: 600; margin-top: 0.4em; }
.${EDITOR_CLASS} h4, .${EDITOR_CLASS} h5, .${EDITOR_CLASS} h6 { font-size: 1em; font-weight: 600; }
.${EDITOR_CLASS} blockquote { border-left: 3px solid #CBD5E0; padding-left: 12px; color: #4A5568; }
.${EDITOR_CLASS} .lx-group { margin-left: 24px; }
.${EDITOR_CLASS} .lx-li { position: relative; padding-left: 24px; }
.${EDITOR_CLASS} .lx-li::before { position: absolute; left: 0; width: 20px; text-align: right; padding-right: 4px; box-sizing: border-box; }
/* Dots at 0.7 of the text, their line box kept at the text's (0.7 × 2.5 = 1.75): the font's • is too faint. */
.${EDITOR_CLASS} .lx-bullet::before { content: '●'; font-size: 0.7em; line-height: 2.5; }
.${EDITOR_CLASS} .lx-group .lx-bullet::before { content: '○'; }
.${EDITOR_CLASS} .lx-group .lx-group .lx-bullet::before { content: '■'; }
.${EDITOR_CLASS} .lx-numbered::before { content: attr(data-index) '.'; }
.${EDITOR_CLASS} code { font-family: ui-monospace, monospace; background: #EDF2F7; border-radius: 3px; padding: 0 3px; }
.${EDITOR_CLASS} a { color: #3182CE; text-decoration: underline; }
.${EDITOR_CLASS} .lx-highlight { background-color: #FEFCBF; }
.${EDITOR_CLASS} .lx-highlight-error { background-color: #FED7D7; }
.${EDITOR_CLASS} .lx-highlight-ok { background-color: #C6F6D5; }
.${EDITOR_CLASS}[contenteditable='false'] { cursor: default; }
.${EDITOR_CLASS} .lx-placeholder::before { content: attr(data-placeholder); float: left; height: 0; color: #A0AEC0; pointer-events: none; }
`;
