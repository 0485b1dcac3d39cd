import { Slice, type Node as PMNode } from 'prosemirror-model';
import { dropCursor } from 'prosemirror-dropcursor';
import { redo, undo } from 'prosemirror-history';
import { EditorView } from 'prosemirror-view';
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { EditorDocument } from '../../../contracts/works';
import { createEditorState } from './commands';
import { blocksToDoc, docToBlocks } from './convert';
import { EDITOR_CLASS } from './dom-spec';
import {
  clearHighlights,
  documentCounts,
  getDocument,
  getSelection,
  insertText,
  isGenerating,
  plainTextRange,
  rangesOfText,
  replaceRange,
  setDocument,
  setHighlights,
  startGeneration,
} from './editor-api';
import { EditorFrame, type WritingEditorHandle, type WritingEditorProps } from './editor-frame';
import { htmlToDocument, textToDocument } from './paste';
import { placeholderPlugin } from './plugins';
import { documentHtml } from './static-html';
import { EditorToolbar, type ToolbarState } from './toolbar';
import { runToolbarAction, sameToolbar, toolbarStateOf } from './toolbar-state';

/** A pasted document as a slice open at both ends, so a one-line paste joins the line it lands in. */
function sliceOf(doc: PMNode): Slice {
  let openEnd = 0;
  for (let node: PMNode | null = doc; node && !node.isTextblock; node = node.lastChild) openEnd++;
  return new Slice(doc.content, 2, openEnd);
}

/**
 * The interactive editor (client only; writing-editor.tsx loads it lazily). ProseMirror mounts on
 * the element that already shows the server-rendered document, and draws the same markup into it.
 */
export const LiveEditor = forwardRef<WritingEditorHandle, WritingEditorProps>(function LiveEditor(props, ref) {
  const { initialDocument, readOnly = false, ariaLabel = '正文编辑器', placeholder = '在这里输入正文…' } = props;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(props);
  latest.current = props;
  // The document the page handed over first: what the server drew, and what the view starts from.
  const [initialHtml] = useState(() => documentHtml(initialDocument));
  const [toolbar, setToolbar] = useState<ToolbarState | null>(null);
  const [counts, setCounts] = useState(() => documentCounts(blocksToDoc(initialDocument)));

  useLayoutEffect(() => {
    const editorView: EditorView = new EditorView(
      { mount: host.current! },
      {
        state: createEditorState(blocksToDoc(initialDocument), [placeholderPlugin(placeholder), dropCursor({ color: '#3182CE' })]),
        editable: (state) => !latest.current.readOnly && !isGenerating(state),
        attributes: {
          class: EDITOR_CLASS,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': ariaLabel,
          translate: 'no',
          spellcheck: 'false',
        },
        handleDOMEvents: {
          // Before ProseMirror's own paste handling, which would first put the HTML into a detached
          // document: a Word paste's <style> there breaks the page's CSP (style-src) for nothing.
          paste(v, event) {
            if (!v.editable) return false;
            const html = event.clipboardData?.getData('text/html');
            // The editor's own copies carry data-pm-slice: ProseMirror reads those exactly.
            if (!html || html.includes('data-pm-slice')) return false;
            const pasted = htmlToDocument(html);
            if (pasted.blocks.length === 0) return false;
            event.preventDefault();
            v.dispatch(v.state.tr.replaceSelection(sliceOf(blocksToDoc(pasted))).scrollIntoView());
            return true;
          },
        },
        clipboardTextParser: (text) => sliceOf(blocksToDoc(textToDocument(text))),
        dispatchTransaction(tr) {
          const next = editorView.state.apply(tr);
          editorView.updateState(next);
          // Kept when nothing on it changed: typing and streaming would re-render the toolbar each time.
          setToolbar((shown) => sameToolbar(shown, toolbarStateOf(next)));
          if (tr.docChanged) {
            setCounts(documentCounts(next.doc));
            latest.current.onChange?.(docToBlocks(next.doc));
          }
          if (tr.selectionSet || tr.docChanged) latest.current.onSelectionChange?.(getSelection(editorView));
        },
      },
    );
    view.current = editorView;
    setToolbar(toolbarStateOf(editorView.state));
    return () => {
      editorView.destroy();
      view.current = null;
    };
    // The view is made once; later props are read through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // readOnly changes take effect at once (editable is asked on every update).
  useEffect(() => {
    view.current?.setProps({});
  }, [readOnly]);

  const handle = useMemo<WritingEditorHandle>(() => {
    const v = () => {
      if (!view.current) throw new Error('编辑器尚未就绪');
      return view.current;
    };
    return {
      getDocument: () => getDocument(v()),
      setDocument: (document: EditorDocument, options?: { addToHistory?: boolean }) => setDocument(v(), document, options),
      getSelection: () => getSelection(v()),
      replaceRange: (from: number, to: number, text: string) => replaceRange(v(), from, to, text),
      insertText: (text: string) => insertText(v(), text),
      startGeneration: (mode) => startGeneration(v(), mode),
      setHighlights: (highlights) => setHighlights(v(), highlights),
      clearHighlights: () => clearHighlights(v()),
      plainTextRange: (start: number, end: number) => plainTextRange(v().state.doc, start, end),
      rangesOfText: (passage: string) => rangesOfText(v().state.doc, passage),
      undo: () => undo(v().state, v().dispatch),
      redo: () => redo(v().state, v().dispatch),
      focus: () => v().focus(),
    };
  }, []);
  useImperativeHandle(ref, () => handle, [handle]);
  useEffect(() => {
    latest.current.onReady?.(handle);
  }, [handle]);

  return (
    <EditorFrame
      toolbar={
        readOnly ? null : (
          <EditorToolbar
            state={toolbar}
            onAction={(action) => {
              if (!view.current) return;
              runToolbarAction(view.current, action);
              view.current.focus();
            }}
          />
        )
      }
      counts={counts}
    >
      <div ref={host} className={`${EDITOR_CLASS} ProseMirror`} dangerouslySetInnerHTML={{ __html: initialHtml }} />
    </EditorFrame>
  );
});
