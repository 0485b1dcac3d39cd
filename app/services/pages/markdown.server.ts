import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown written by administrators (update logs) as HTML for the browser. Two layers, so a
 * mistake in one is caught by the other:
 *
 * 1. markdown-it with raw HTML off (`<script>` stays visible text) and a link check that admits
 *    only http(s), mailto and relative addresses (plus data: images);
 * 2. sanitize-html with exactly the tags and attributes this markdown produces: no script, style,
 *    iframe, `on*` or `style` attribute, and no other URL scheme survives, whatever layer 1 let by.
 *
 * Pictures: the page's CSP (ADR 0014) loads images from this origin and data: only, so an
 * external picture would show broken and report a violation. It becomes a link to the picture
 * (its alt text, opening in a new tab) instead.
 *
 * Rendering happens in loaders; the browser receives only the sanitized string.
 */

const DATA_IMAGE = /^data:image\/(?:gif|png|jpeg|webp);/i;
const LINK_SCHEMES = ['http', 'https', 'mailto'];

/** The scheme a browser would see: it ignores whitespace and control characters inside one. */
function schemeOf(url: string): string | null {
  const compact = url.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
  return /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1] ?? null;
}

/** http(s), mailto and relative links (no scheme; `//host` is refused too), data: only for images. */
export function isSafeUrl(url: string): boolean {
  if (/^\s*[/\\]{2}/.test(url)) return false;
  const scheme = schemeOf(url);
  return scheme === null || LINK_SCHEMES.includes(scheme) || DATA_IMAGE.test(url.trim());
}

/** What the CSP lets the page load as an image: a path on this site or a data: image. */
const isDisplayableImage = (src: string) => (/^\/(?![/\\])/.test(src) && schemeOf(src) === null) || DATA_IMAGE.test(src);
const isExternal = (href: string) => ['http', 'https'].includes(schemeOf(href) ?? '');

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
md.validateLink = isSafeUrl;

const renderImage = md.renderer.rules.image!;
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const src = String(token.attrGet('src') ?? '');
  if (isDisplayableImage(src)) return renderImage(tokens, idx, options, env, self);
  const alt = self.renderInlineAsText(token.children ?? [], options, env).trim() || '查看图片';
  return `<a href="${md.utils.escapeHtml(src)}">${md.utils.escapeHtml(alt)}</a>`;
};

/** Headings one level down: the page's own title is the h1. */
const HEADING_BELOW: Record<string, string> = { h1: 'h2', h2: 'h3', h3: 'h4', h4: 'h5', h5: 'h6', h6: 'h6' };
const ALIGNMENTS = ['left', 'right', 'center'];

/** Table cells: markdown-it aligns them with style=""; kept as data-align, styled by the page. */
function tableCell(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const align = /text-align:\s*(left|right|center)/.exec(attribs.style ?? '')?.[1];
  return { tagName, attribs: align ? { 'data-align': align } : {} };
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: 'p br hr h2 h3 h4 h5 h6 strong em s blockquote ul ol li code pre a img table thead tbody tr th td'.split(' '),
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'loading'],
    ol: ['start'],
    th: [{ name: 'data-align', multiple: false, values: ALIGNMENTS }],
    td: [{ name: 'data-align', multiple: false, values: ALIGNMENTS }],
  },
  allowedClasses: { code: [/^language-[\w+#-]+$/] },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    ...Object.fromEntries(Object.entries(HEADING_BELOW).map(([from, to]) => [from, () => ({ tagName: to, attribs: {} })])),
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href !== undefined && { href: attribs.href }),
        ...(attribs.title !== undefined && { title: attribs.title }),
        rel: 'noopener noreferrer',
        ...(attribs.href && isExternal(attribs.href) && { target: '_blank' }),
      },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    th: tableCell,
    td: tableCell,
  },
  exclusiveFilter: (frame) => {
    // A link whose address was refused keeps its text; a picture without an allowed source goes.
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    if (frame.tag === 'img') {
      const src = frame.attribs.src ?? '';
      return !src || !isDisplayableImage(src);
    }
    return false;
  },
};

/** The second layer on its own: any HTML cut down to what markdown produces (exported for its tests). */
export const sanitizeMarkdownHtml = (html: string) => sanitizeHtml(html, SANITIZE);

/** Markdown to HTML that is safe to insert with dangerouslySetInnerHTML. */
export const renderMarkdown = (markdown: string) => sanitizeMarkdownHtml(md.render(markdown));

/**
 * A short plain-text preview of markdown for lists: the words a reader sees (no markup, headings
 * or code blocks), whitespace collapsed, cut at `maxLength` characters with an ellipsis. Plain text, for
 * React to escape.
 */
export function markdownExcerpt(markdown: string, maxLength = 120): string {
  const words: string[] = [];
  const tokens = md.parse(markdown, {});
  for (const [i, token] of tokens.entries()) {
    // Headings are skipped: a list shows the log's own title above its excerpt.
    if (token.type !== 'inline' || tokens[i - 1]?.type === 'heading_open') continue;
    for (const child of token.children ?? []) {
      if (child.type === 'text' || child.type === 'code_inline') words.push(child.content);
      else if (child.type === 'softbreak' || child.type === 'hardbreak') words.push(' ');
    }
    words.push(' ');
  }
  const text = words.join('').replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  return chars.length > maxLength ? `${chars.slice(0, maxLength).join('').trimEnd()}…` : text;
}
