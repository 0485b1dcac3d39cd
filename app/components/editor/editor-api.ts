import { closeHistory, undo, undoDepth } from 'prosemirror-history';
import type { Node as PMNode } from 'prosemirror-model';
import { Selection, TextSelection, type EditorState, type Transaction } from 'prosemirror-state';
import { countScripts, countText, plainTextOf } from '../../../contracts/work-text';
import type { EditorDocument } from '../../../contracts/works';
import { blocksToDoc, docToBlocks, emptyContainer } from './convert';
import { generationKey, highlightKey, type Highlight } from './plugins';
import { editorSchema as schema } from './schema';

/**
 * What the writing pages do with the editor, as functions over a state and a dispatch (the
 * EditorView is one; tests use a plain object). The React component exposes these through its ref.
 */
export type EditorLike = { readonly state: EditorState; dispatch: (tr: Transaction) => void };

export const getDocument = (editor: EditorLike): EditorDocument => docToBlocks(editor.state.doc);

/** Ends the current undo step: whatever comes next is undone on its own. */
const endUndoStep = (editor: EditorLike) => editor.dispatch(closeHistory(editor.state.tr));

/** Replaces the whole content; one undo step (or none, with `addToHistory: false`, for loading a version). */
export function setDocument(editor: EditorLike, document: EditorDocument, options: { addToHistory?: boolean } = {}) {
  const doc = blocksToDoc(document);
  const tr = closeHistory(editor.state.tr.replaceWith(0, editor.state.doc.content.size, doc.content));
  if (options.addToHistory === false) tr.setMeta('addToHistory', false);
  tr.setSelection(Selection.atStart(tr.doc));
  editor.dispatch(tr);
  endUndoStep(editor);
}

export type SelectionInfo = { from: number; to: number; empty: boolean; text: string };

/** The selection and its text (blocks apart by a line break), for the selection tools. */
export function getSelection(editor: EditorLike): SelectionInfo {
  const { from, to, empty } = editor.state.selection;
  return { from, to, empty, text: editor.state.doc.textBetween(from, to, '\n', ' ') };
}

/** Writes `text` at `end` (lines become blocks, blank lines are not kept); returns where it ends. */
function writeText(tr: Transaction, end: number, text: string): number {
  text.split('\n').forEach((line, i) => {
    if (i > 0 && tr.doc.resolve(end).parentOffset > 0) {
      tr.split(end, 2, [
        { type: schema.nodes.blockContainer!, attrs: { id: null } },
        { type: schema.nodes.paragraph!, attrs: {} },
      ]);
      end += 4;
    }
    if (line) {
      tr.insertText(line, end);
      end += line.length;
    }
  });
  return end;
}

/**
 * Replaces a range with text as one undo step (accepting a selection tool's suggestion, say) and
 * returns the range the new text covers.
 */
export function replaceRange(editor: EditorLike, from: number, to: number, text: string): { from: number; to: number } {
  const tr = closeHistory(editor.state.tr);
  tr.delete(from, to);
  const end = writeText(tr, from, text);
  tr.setSelection(TextSelection.create(tr.doc, end));
  editor.dispatch(tr.scrollIntoView());
  endUndoStep(editor);
  return { from, to: end };
}

export const insertText = (editor: EditorLike, text: string) => {
  const { from, to } = editor.state.selection;
  return replaceRange(editor, from, to, text);
};

// ---- Streamed generation ------------------------------------------------------------------

export const isGenerating = (state: EditorState) => generationKey.getState(state)?.id != null;

export type GenerationMode = 'replace' | 'append' | 'selection';
export type GenerationSession = {
  /** Appends a streamed delta; a line break starts a new paragraph. */
  append(delta: string): void;
  /** Ends the generation: the next edit is a separate undo step. Returns the generated range. */
  finish(): { from: number; to: number };
  /** Stops and removes everything this generation wrote (a failed or cancelled run). */
  discard(): void;
  /** The range written so far. */
  range(): { from: number; to: number };
};

let generationSeq = 0;
const isEmptyParagraphBlock = (node: PMNode | null | undefined) =>
  !!node && node.childCount === 1 && node.firstChild!.type.name === 'paragraph' && node.firstChild!.content.size === 0;

/**
 * Starts writing streamed text into the document: `replace` the whole content, `append` after
 * it, or replace the `selection`. Every delta is its own transaction (the text appears as it
 * arrives) but all of them are one undo step, however long the stream takes: the first carries
 * `closeHistory` and all share one history `composition` id, which prosemirror-history never
 * splits by time or adjacency (ADR 0029). One Mod-z removes the whole generation.
 */
export function startGeneration(editor: EditorLike, mode: GenerationMode): GenerationSession {
  const id = `generation-${++generationSeq}`;
  const { state } = editor;
  const depthBefore = undoDepth(state);
  const tr = closeHistory(state.tr).setMeta('composition', id);
  let start: number;
  if (mode === 'replace') {
    tr.replaceWith(0, state.doc.content.size, emptyContainer());
    start = 2;
  } else if (mode === 'append') {
    const last = state.doc.lastChild;
    if (isEmptyParagraphBlock(last)) start = state.doc.content.size - 2;
    else {
      tr.insert(state.doc.content.size, emptyContainer());
      start = state.doc.content.size + 2;
    }
  } else {
    tr.deleteSelection();
    start = tr.selection.from;
  }
  editor.dispatch(tr.setMeta(generationKey, { id, start, end: start }).setSelection(TextSelection.create(tr.doc, start)));

  const current = () => {
    const gen = generationKey.getState(editor.state)!;
    return gen.id === id ? gen : null;
  };
  return {
    append(delta) {
      const gen = current();
      if (!gen || !delta) return;
      const next = editor.state.tr.setMeta('composition', id);
      const end = writeText(next, gen.end, delta);
      next.setMeta(generationKey, { id, start: gen.start, end }).setSelection(TextSelection.create(next.doc, end));
      editor.dispatch(next.scrollIntoView());
    },
    finish() {
      const gen = current();
      if (!gen) return { from: 0, to: 0 };
      const tr = editor.state.tr.setMeta('composition', id).setMeta(generationKey, { id: null, start: 0, end: 0 });
      let end = gen.end;
      // A stream that ended with a line break leaves an empty paragraph behind: not part of the text.
      const $end = tr.doc.resolve(end);
      const container = $end.node($end.depth - 1);
      if (mode !== 'selection' && isEmptyParagraphBlock(container) && tr.doc.childCount > 1 && end > gen.start) {
        tr.delete($end.before($end.depth - 1), $end.after($end.depth - 1));
        end = Selection.findFrom(tr.doc.resolve(tr.mapping.map(end, -1)), -1, true)?.from ?? gen.start;
      }
      editor.dispatch(tr);
      endUndoStep(editor);
      return { from: gen.start, to: Math.max(gen.start, end) };
    },
    discard() {
      const gen = current();
      if (!gen) return;
      editor.dispatch(editor.state.tr.setMeta(generationKey, { id: null, start: 0, end: 0 }));
      endUndoStep(editor);
      // The generation is one undo step: undoing it removes exactly what it wrote (and what it
      // replaced comes back). Nothing written, nothing to undo: the step before is the user's.
      if (undoDepth(editor.state) > depthBefore) undo(editor.state, editor.dispatch);
    },
    range() {
      const gen = current();
      return gen ? { from: gen.start, to: gen.end } : { from: 0, to: 0 };
    },
  };
}

// ---- Highlights and text positions ---------------------------------------------------------

/** Replaces the highlighted ranges (fact check); not an undo step. */
export function setHighlights(editor: EditorLike, highlights: Highlight[]) {
  editor.dispatch(editor.state.tr.setMeta(highlightKey, highlights).setMeta('addToHistory', false));
}
export const clearHighlights = (editor: EditorLike) => setHighlights(editor, []);

/**
 * The document range of offsets into the work's plain text (contracts/work-text.ts `plainTextOf`:
 * one line per block, in document order), which is what the server's checks answer in.
 */
export function plainTextRange(doc: PMNode, start: number, end: number): { from: number; to: number } | null {
  let offset = 0;
  let first = true;
  let from: number | null = null;
  let to: number | null = null;
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return from === null || to === null;
    if (!first) offset += 1;
    first = false;
    const length = node.content.size;
    if (from === null && start >= offset && start <= offset + length) from = pos + 1 + (start - offset);
    if (to === null && end >= offset && end <= offset + length) to = pos + 1 + (end - offset);
    offset += length;
    return false;
  });
  return from !== null && to !== null && to >= from ? { from, to } : null;
}

/** Every occurrence of a passage (within one block) as document ranges. */
export function rangesOfText(doc: PMNode, passage: string): { from: number; to: number }[] {
  if (!passage) return [];
  const text = plainTextOf(docToBlocks(doc).blocks);
  const ranges: { from: number; to: number }[] = [];
  for (let i = text.indexOf(passage); i >= 0; i = text.indexOf(passage, i + passage.length)) {
    const range = plainTextRange(doc, i, i + passage.length);
    if (range) ranges.push(range);
  }
  return ranges;
}

/** The counts the editor shows: English words and Chinese characters, and the totals the server stores. */
export function documentCounts(doc: PMNode) {
  const text = plainTextOf(docToBlocks(doc).blocks);
  return { ...countText(text), ...countScripts(text) };
}
