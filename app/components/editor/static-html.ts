import type { EditorDocument } from '../../../contracts/works';
import { blocksToDoc } from './convert';
import { EDITOR_CLASS, containerSpec, contentSpec, groupSpec, markSpec, type DomSpec, type MarkName } from './dom-spec';
import type { Node as PMNode } from 'prosemirror-model';

/**
 * A document as read-only HTML (spec §3 document → markup), for server rendering before the
 * editor hydrates and for any read-only view. It walks the same ProseMirror document the editor
 * would hold and draws each node with the schema's own DOM specs (dom-spec.ts), so the live view
 * that replaces it draws identical elements.
 */

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;');

function open(spec: DomSpec): [string, string] {
  const [tag, attrs] = spec;
  const attrText = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join('');
  return [`<${tag}${attrText}>`, `</${tag}>`];
}

function wrap(spec: DomSpec, inner: string): string {
  const [start, end] = open(spec);
  return start + inner + end;
}

/** The number each numbered item shows: its place in the run of numbered siblings it belongs to. */
export function listIndexes(types: readonly string[]): (number | undefined)[] {
  let run = 0;
  return types.map((type) => {
    run = type === 'numberedListItem' ? run + 1 : 0;
    return type === 'numberedListItem' ? run : undefined;
  });
}

function inlineHtml(node: PMNode): string {
  let html = '';
  node.forEach((child) => {
    if (!child.isText) return;
    let text = escapeText(child.text ?? '');
    // Innermost mark last in the list: wrap from the inside out.
    for (let i = child.marks.length - 1; i >= 0; i--) {
      const mark = child.marks[i]!;
      text = wrap(markSpec(mark.type.name as MarkName, mark.attrs as { color?: string; href?: string | null }), text);
    }
    html += text;
  });
  return html;
}

function containersHtml(parent: PMNode): string {
  const types: string[] = [];
  parent.forEach((container) => types.push(container.firstChild!.type.name));
  const indexes = listIndexes(types);
  let html = '';
  parent.forEach((container, _offset, i) => {
    const content = container.firstChild!;
    const line = wrap(contentSpec(content.type.name as never, content.attrs as never, indexes[i]), inlineHtml(content));
    const group = container.childCount > 1 ? wrap(groupSpec(), containersHtml(container.child(1))) : '';
    html += wrap(containerSpec(container.attrs.id as string | null), line + group);
  });
  return html;
}

/** The inner HTML of the editor's element. */
export function documentHtml(document: EditorDocument): string {
  return containersHtml(blocksToDoc(document));
}

/** The editor's element with the document in it, as the view renders it (read-only). */
export function readOnlyDocumentHtml(document: EditorDocument): string {
  return `<div class="${EDITOR_CLASS} ProseMirror" contenteditable="false" translate="no">${documentHtml(document)}</div>`;
}
