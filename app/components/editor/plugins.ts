import type { Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey, type EditorState, type Transaction } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';
import { newBlockId } from '../../../contracts/block-id';
import { listIndexes } from './static-html';

/**
 * Every block has a unique id once the document is edited: a new block (Enter, paste) has none
 * and a split copies its parent's, so after each change the second of two equal ids and every
 * missing one get fresh ids. The untouched empty document keeps its id-less placeholder, which
 * `docToBlocks` reads as no blocks.
 */
export const blockIdPlugin = new Plugin({
  key: new PluginKey('blockIds'),
  appendTransaction(transactions, _old, state) {
    if (!transactions.some((tr) => tr.docChanged)) return null;
    const doc = state.doc;
    const lonePlaceholder =
      doc.childCount === 1 &&
      doc.firstChild!.attrs.id === null &&
      doc.firstChild!.childCount === 1 &&
      doc.firstChild!.firstChild!.content.size === 0;
    if (lonePlaceholder) return null;
    const seen = new Set<string>();
    let tr: Transaction | null = null;
    doc.descendants((node, pos) => {
      if (node.type.name !== 'blockContainer') return node.type.name === 'blockGroup' || node.type.name === 'doc';
      const id = node.attrs.id as string | null;
      if (id === null || seen.has(id)) {
        tr ??= state.tr;
        const fresh = newBlockId();
        tr.setNodeAttribute(pos, 'id', fresh);
        seen.add(fresh);
      } else seen.add(id);
      return true;
    });
    return tr;
  },
});

/** The numbers of numbered items, as `data-index` on their element (the static renderer writes the same). */
function numberDecorations(doc: PMNode): DecorationSet {
  const decorations: Decoration[] = [];
  const visit = (parent: PMNode, start: number) => {
    const types: string[] = [];
    parent.forEach((container) => types.push(container.firstChild!.type.name));
    const indexes = listIndexes(types);
    parent.forEach((container, offset, i) => {
      const pos = start + offset;
      const content = container.firstChild!;
      if (indexes[i]) decorations.push(Decoration.node(pos + 1, pos + 1 + content.nodeSize, { 'data-index': String(indexes[i]) }));
      if (container.childCount > 1) visit(container.child(1), pos + 1 + content.nodeSize + 1);
    });
  };
  visit(doc, 0);
  return DecorationSet.create(doc, decorations);
}

export const listNumberPlugin = new Plugin<DecorationSet>({
  key: new PluginKey('listNumbers'),
  state: {
    init: (_, state) => numberDecorations(state.doc),
    apply: (tr, set) => (tr.docChanged ? numberDecorations(tr.doc) : set),
  },
  props: {
    decorations(state) {
      return this.getState(state);
    },
  },
});

/** The hint in an empty document (drawn by CSS from data-placeholder; not text). */
export function placeholderPlugin(text: string) {
  return new Plugin({
    props: {
      decorations(state) {
        const doc = state.doc;
        const only = doc.childCount === 1 ? doc.firstChild! : null;
        if (!only || only.childCount !== 1 || only.firstChild!.type.name !== 'paragraph' || only.firstChild!.content.size > 0) return null;
        return DecorationSet.create(doc, [
          Decoration.node(1, 1 + only.firstChild!.nodeSize, { class: 'lx-placeholder', 'data-placeholder': text }),
        ]);
      },
    },
  });
}

/** A highlighted range (fact check, selection tools): `tone` picks the colour. */
export type Highlight = { from: number; to: number; tone?: 'mark' | 'error' | 'ok'; id?: string };
const TONE_CLASS = { mark: 'lx-highlight', error: 'lx-highlight lx-highlight-error', ok: 'lx-highlight lx-highlight-ok' } as const;

export const highlightKey = new PluginKey<DecorationSet>('highlights');

/** Highlights follow the text as it is edited; setting them replaces the earlier ones. */
export const highlightPlugin = new Plugin<DecorationSet>({
  key: highlightKey,
  state: {
    init: () => DecorationSet.empty,
    apply(tr, set) {
      const next = tr.getMeta(highlightKey) as Highlight[] | undefined;
      if (next) {
        const size = tr.doc.content.size;
        return DecorationSet.create(
          tr.doc,
          next
            .map((h) => ({ ...h, from: Math.max(0, Math.min(h.from, size)), to: Math.max(0, Math.min(h.to, size)) }))
            .filter((h) => h.to > h.from)
            .map((h) =>
              Decoration.inline(
                h.from,
                h.to,
                { class: TONE_CLASS[h.tone ?? 'mark'], ...(h.id ? { 'data-highlight-id': h.id } : {}) },
                { id: h.id },
              ),
            ),
        );
      }
      return tr.docChanged ? set.map(tr.mapping, tr.doc) : set;
    },
  },
  props: {
    decorations(state) {
      return highlightKey.getState(state);
    },
  },
});

export const highlightsOf = (state: EditorState): Highlight[] =>
  (highlightKey.getState(state) ?? DecorationSet.empty)
    .find()
    .map((d) => ({ from: d.from, to: d.to, ...((d.spec as { id?: string }).id ? { id: (d.spec as { id: string }).id } : {}) }));

type GenerationState = { id: string | null; start: number; end: number };
export const generationKey = new PluginKey<GenerationState>('generation');

/** Where the streamed text goes, mapped through every change so a delta lands after the last. */
export const generationPlugin = new Plugin<GenerationState>({
  key: generationKey,
  state: {
    init: () => ({ id: null, start: 0, end: 0 }),
    apply(tr, value) {
      const set = tr.getMeta(generationKey) as GenerationState | undefined;
      if (set) return set;
      if (!value.id || !tr.docChanged) return value;
      return { id: value.id, start: tr.mapping.map(value.start, -1), end: tr.mapping.map(value.end) };
    },
  },
});
