import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { TextSelection } from 'prosemirror-state';
import type { EditorBlock, EditorDocument } from '../../../contracts/works';
import { system } from '~/styles/theme';
import { createEditorState } from './commands';
import { blocksToDoc } from './convert';
import { getDocument, rangesOfText, startGeneration, type EditorLike } from './editor-api';
import { documentHtml } from './static-html';
import { shortcutLabel } from './toolbar';
import { runToolbarAction, toolbarStateOf } from './toolbar-state';
import { WritingEditor } from './writing-editor';

const block = (id: string, text: string, type = 'paragraph', children: EditorBlock[] = []): EditorBlock => ({
  id,
  type,
  props: { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' },
  content: [{ type: 'text', text, styles: {} }],
  children,
});
const DOC: EditorDocument = {
  blocks: [block('h', 'My Statement', 'heading'), block('p', '我热爱金融 and markets.'), block('l', 'item', 'numberedListItem')],
};

describe('<WritingEditor> on the server', () => {
  it('renders the document read-only in the editor’s own markup, a disabled toolbar with Chinese labels and shortcuts, and the counts', () => {
    const html = renderToString(
      <ChakraProvider value={system}>
        <WritingEditor
          initialDocument={{ blocks: [{ ...DOC.blocks[0]!, props: { ...DOC.blocks[0]!.props, level: 2 } }, ...DOC.blocks.slice(1)] }}
        />
      </ChakraProvider>,
    );
    expect(html).toContain('contenteditable="false"');
    expect(html).toContain('<h2 data-content-type="heading">My Statement</h2>');
    expect(html).toContain('<p data-content-type="numberedListItem" class="lx-li lx-numbered" data-index="1">item</p>');
    for (const label of [
      '撤销',
      '重做',
      '加粗',
      '斜体',
      '下划线',
      '删除线',
      '无序列表',
      '有序列表',
      '引用',
      '增加缩进',
      '减少缩进',
      '左对齐',
      '居中',
      '右对齐',
      '两端对齐',
    ])
      expect(html).toContain(`aria-label="${label}"`);
    expect(html).toContain('title="加粗（Ctrl+B）"');
    expect(html).toContain('aria-keyshortcuts="Control+B"');
    expect(html).toContain('title="重做（Ctrl+Shift+Z）"');
    expect(html).toContain('aria-label="段落样式"');
    expect(html).toContain('aria-label="文字颜色"');
    expect(html).toMatch(/<button[^>]*aria-label="加粗"[^>]*disabled=""/);
    // 我热爱金融 = 5 汉字; My, Statement, and, markets, item = 5 English words.
    expect(html).toMatch(/英文单词 <!-- -->5/);
    expect(html).toMatch(/汉字 <!-- -->5/);
    expect(html).toContain('.lx-numbered::before');
    // Read-only: no toolbar at all.
    const readOnly = renderToString(
      <ChakraProvider value={system}>
        <WritingEditor initialDocument={DOC} readOnly />
      </ChakraProvider>,
    );
    expect(readOnly).not.toContain('aria-label="加粗"');
    expect(readOnly).toContain(documentHtml(DOC));
  });

  it('shows shortcuts as people read them on each system', () => {
    expect(shortcutLabel('Mod-Shift-z', false)).toBe('Ctrl+Shift+Z');
    expect(shortcutLabel('Mod-Shift-z', true)).toBe('⌘⇧Z');
    expect(shortcutLabel('Mod-Alt-1', true)).toBe('⌘⌥1');
    expect(shortcutLabel('Shift-Tab', false)).toBe('Shift+Tab');
  });
});

describe('toolbar state and actions', () => {
  function editorOf(document: EditorDocument) {
    const editor = {
      state: createEditorState(blocksToDoc(document)),
      dispatch: (tr: Parameters<EditorLike['dispatch']>[0]) => {
        editor.state = editor.state.apply(tr);
      },
    };
    return editor;
  }

  it('reflects the selection and runs every action', () => {
    const editor = editorOf(DOC);
    const [range] = rangesOfText(editor.state.doc, '金融');
    editor.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, range!.from, range!.to)));
    expect(toolbarStateOf(editor.state)).toMatchObject({
      bold: false,
      block: 'paragraph',
      alignment: 'left',
      canUndo: false,
      canIndent: true,
      canOutdent: false,
    });
    runToolbarAction(editor, { kind: 'mark', mark: 'bold' });
    runToolbarAction(editor, { kind: 'mark', mark: 'underline' });
    runToolbarAction(editor, { kind: 'color', which: 'textColor', color: 'red' });
    runToolbarAction(editor, { kind: 'align', alignment: 'center' });
    expect(toolbarStateOf(editor.state)).toMatchObject({
      bold: true,
      underline: true,
      textColor: 'red',
      alignment: 'center',
      canUndo: true,
    });
    runToolbarAction(editor, { kind: 'block', block: 'heading-3' });
    expect(toolbarStateOf(editor.state).block).toBe('heading-3');
    runToolbarAction(editor, { kind: 'toggle', block: 'quote' });
    expect(toolbarStateOf(editor.state)).toMatchObject({ quote: true, block: null });
    runToolbarAction(editor, { kind: 'indent' });
    expect(getDocument(editor).blocks[0]!.children.map((b) => b.type)).toEqual(['quote']);
    expect(toolbarStateOf(editor.state).canOutdent).toBe(true);
    runToolbarAction(editor, { kind: 'outdent' });
    runToolbarAction(editor, { kind: 'undo' });
    expect(getDocument(editor).blocks[0]!.children).toHaveLength(1);
    runToolbarAction(editor, { kind: 'redo' });
    expect(getDocument(editor).blocks[0]!.children).toHaveLength(0);
  });

  it('the editor is read-only while a generation streams', async () => {
    const { isGenerating } = await import('./editor-api');
    const editor = editorOf(DOC);
    const session = startGeneration(editor, 'append');
    expect(isGenerating(editor.state)).toBe(true);
    session.finish();
    expect(isGenerating(editor.state)).toBe(false);
  });
});
