import { forwardRef, useEffect, useMemo, useState, type ComponentType, type RefAttributes } from 'react';
import { countScripts, countText, plainTextOf } from '../../../contracts/work-text';
import { EDITOR_CLASS } from './dom-spec';
import { EditorFrame, type WritingEditorHandle, type WritingEditorProps } from './editor-frame';
import { documentHtml } from './static-html';
import { EditorToolbar } from './toolbar';

export type { WritingEditorHandle, WritingEditorProps } from './editor-frame';
export type { GenerationMode, GenerationSession, SelectionInfo } from './editor-api';
export type { Highlight } from './plugins';

type Live = ComponentType<WritingEditorProps & RefAttributes<WritingEditorHandle>>;

/**
 * The writing pages' editor. The server renders the document read-only in the editor's own
 * markup; in the browser the ProseMirror editor (its own chunk: pages without an editor never
 * load it, DESIGN §7) is imported after hydration and takes over the same element.
 */
export const WritingEditor = forwardRef<WritingEditorHandle, WritingEditorProps>(function WritingEditor(props, ref) {
  const [live, setLive] = useState<{ Editor: Live } | null>(null);
  useEffect(() => {
    let alive = true;
    import('./live-editor').then(
      (module) => alive && setLive({ Editor: module.LiveEditor }),
      // A chunk that fails to load (a deploy replaced it) leaves the document readable.
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  const { initialDocument } = props;
  const html = useMemo(() => documentHtml(initialDocument), [initialDocument]);
  const counts = useMemo(() => {
    const text = plainTextOf(initialDocument.blocks);
    return { ...countText(text), ...countScripts(text) };
  }, [initialDocument]);

  if (live) return <live.Editor ref={ref} {...props} />;
  return (
    <EditorFrame toolbar={props.readOnly ? null : <EditorToolbar state={null} onAction={() => undefined} />} counts={counts}>
      <div
        className={`${EDITOR_CLASS} ProseMirror`}
        contentEditable={false}
        aria-label={props.ariaLabel ?? '正文编辑器'}
        aria-busy="true"
        translate="no"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </EditorFrame>
  );
});
