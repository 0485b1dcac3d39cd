import { redo, undo } from 'prosemirror-history';
import { TextSelection, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import type { EditorBlock, EditorDocument } from '../../../contracts/works';
import {
  backspaceAtStart,
  createEditorState,
  deleteAtEnd,
  isBlockType,
  isMarkActive,
  liftBlock,
  setAlignment,
  setBlockType,
  setColor,
  sinkBlock,
  splitBlock,
  toggleBlockType,
  toggleBold,
  toggleStrike,
} from './commands';
import { blocksToDoc, docToBlocks } from './convert';
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
  type EditorLike,
} from './editor-api';
import { highlightsOf, listNumberPlugin } from './plugins';

const props = (extra: Partial<EditorBlock['props']> = {}): EditorBlock['props'] => ({
  textColor: 'default',
  backgroundColor: 'default',
  textAlignment: 'left',
  ...extra,
});
const block = (id: string, text: string, type = 'paragraph', children: EditorBlock[] = [], p = props()): EditorBlock => ({
  id,
  type,
  props: p,
  content: text ? [{ type: 'text', text, styles: {} }] : [],
  children,
});

/** An editor without a view: the state and a dispatch, as the EditorView offers them. */
function editorOf(document: EditorDocument): EditorLike & { state: EditorState; run: (command: Command) => boolean } {
  const editor = {
    state: createEditorState(blocksToDoc(document)),
    dispatch(tr: Transaction) {
      editor.state = editor.state.apply(tr);
    },
    run(command: Command) {
      return command(editor.state, editor.dispatch);
    },
  };
  return editor;
}

/** The document position of a passage (or of a point inside it). */
function at(editor: EditorLike, passage: string, offset = 0) {
  const range = rangesOfText(editor.state.doc, passage)[0];
  if (!range) throw new Error(`no "${passage}" in the document`);
  return range.from + offset;
}
function select(editor: EditorLike, from: number, to = from) {
  editor.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, from, to)));
}
const selectText = (editor: EditorLike, passage: string) => select(editor, at(editor, passage), at(editor, passage) + passage.length);

/** Typing, as the view does it: input rules first, then the text. */
function type(editor: EditorLike, text: string) {
  const rules = editor.state.plugins.find((p) => (p.spec as { isInputRules?: boolean }).isInputRules)!;
  for (const ch of text) {
    const { from, to } = editor.state.selection;
    const view = { state: editor.state, dispatch: editor.dispatch, composing: false };
    const handled = rules.props.handleTextInput!.call(rules, view as never, from, to, ch, () => editor.state.tr.insertText(ch, from, to));
    if (!handled) editor.dispatch(editor.state.tr.insertText(ch, from, to));
  }
}

const shape = (blocks: EditorBlock[]): unknown[] =>
  blocks.map((b) => [b.type, b.content.map((c) => c.text).join(''), ...(b.children.length ? [shape(b.children)] : [])]);

describe('formatting commands', () => {
  it('toggles marks on the selection, and sets and clears colours', () => {
    const editor = editorOf({ blocks: [block('a', 'hello world')] });
    selectText(editor, 'world');
    expect(isMarkActive(editor.state, 'bold')).toBe(false);
    editor.run(toggleBold);
    editor.run(toggleStrike);
    editor.run(setColor('textColor', 'red'));
    editor.run(setColor('backgroundColor', 'yellow'));
    expect(isMarkActive(editor.state, 'bold')).toBe(true);
    expect(getDocument(editor).blocks[0]!.content).toEqual([
      { type: 'text', text: 'hello ', styles: {} },
      { type: 'text', text: 'world', styles: { bold: true, strike: true, textColor: 'red', backgroundColor: 'yellow' } },
    ]);
    editor.run(toggleBold);
    editor.run(setColor('textColor', 'default'));
    expect(getDocument(editor).blocks[0]!.content[1]!.styles).toEqual({ strike: true, backgroundColor: 'yellow' });
  });

  it('changes block types (keeping props), toggles lists and quotes, aligns every selected block', () => {
    const editor = editorOf({ blocks: [block('a', 'one', 'paragraph', [], props({ textColor: 'blue' })), block('b', 'two')] });
    select(editor, at(editor, 'one'), at(editor, 'two', 1));
    editor.run(setAlignment('center'));
    editor.run(setBlockType('heading', { level: 2 }));
    expect(getDocument(editor).blocks.map((b) => [b.type, b.props])).toEqual([
      ['heading', props({ textColor: 'blue', textAlignment: 'center', level: 2 })],
      ['heading', props({ textAlignment: 'center', level: 2 })],
    ]);
    editor.run(toggleBlockType('bulletListItem'));
    expect(isBlockType(editor.state, 'bulletListItem')).toBe(true);
    editor.run(toggleBlockType('bulletListItem'));
    expect(getDocument(editor).blocks.map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
    editor.run(toggleBlockType('quote'));
    expect(getDocument(editor).blocks.map((b) => b.type)).toEqual(['quote', 'quote']);
    // Block ids never change by formatting.
    expect(getDocument(editor).blocks.map((b) => b.id)).toEqual(['a', 'b']);
  });

  it('markdown shortcuts at the start of a paragraph: "- ", "1. ", "> ", "## "', () => {
    const editor = editorOf({ blocks: [block('a', '')] });
    select(editor, 1 + 1);
    type(editor, '- 第一项');
    expect(shape(getDocument(editor).blocks)).toEqual([['bulletListItem', '第一项']]);
    editor.run(splitBlock);
    editor.run(splitBlock); // an empty list item ends the list
    type(editor, '1. step');
    editor.run(splitBlock);
    editor.run(splitBlock);
    type(editor, '> quoted');
    editor.run(splitBlock);
    editor.run(splitBlock);
    type(editor, '## Title');
    editor.run(splitBlock);
    type(editor, 'not - a list');
    expect(shape(getDocument(editor).blocks)).toEqual([
      ['bulletListItem', '第一项'],
      ['numberedListItem', 'step'],
      ['quote', 'quoted'],
      ['heading', 'Title'],
      ['paragraph', 'not - a list'],
    ]);
    expect(getDocument(editor).blocks[3]!.props.level).toBe(2);
  });
});

describe('Enter, Backspace, Tab', () => {
  it('Enter splits a block: the first half keeps its id, the new block gets a fresh unique one; a heading is followed by a paragraph', () => {
    const editor = editorOf({ blocks: [block('h', 'Title', 'heading', [], props({ level: 1 })), block('p', 'helloworld')] });
    select(editor, at(editor, 'helloworld', 5));
    editor.run(splitBlock);
    select(editor, at(editor, 'Title', 5));
    editor.run(splitBlock);
    const blocks = getDocument(editor).blocks;
    expect(shape(blocks)).toEqual([
      ['heading', 'Title'],
      ['paragraph', ''],
      ['paragraph', 'hello'],
      ['paragraph', 'world'],
    ]);
    expect(blocks[0]!.id).toBe('h');
    expect(blocks[2]!.id).toBe('p');
    const ids = blocks.map((b) => b.id);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toBeTruthy();
  });

  it('Enter at the start of a block puts an empty block before it, so the text keeps its id', () => {
    const editor = editorOf({ blocks: [block('p', 'text', 'bulletListItem')] });
    select(editor, at(editor, 'text'));
    editor.run(splitBlock);
    const blocks = getDocument(editor).blocks;
    expect(shape(blocks)).toEqual([
      ['bulletListItem', ''],
      ['bulletListItem', 'text'],
    ]);
    expect(blocks[1]!.id).toBe('p');
  });

  it('Tab nests a block under the one before, Shift-Tab lifts it back (later siblings become its children)', () => {
    const editor = editorOf({
      blocks: [
        block('a', 'A', 'bulletListItem'),
        block('b', 'B', 'bulletListItem'),
        block('c', 'C', 'bulletListItem'),
        block('d', 'D', 'bulletListItem'),
      ],
    });
    select(editor, at(editor, 'B'));
    expect(editor.run(sinkBlock)).toBe(true);
    select(editor, at(editor, 'C'));
    editor.run(sinkBlock);
    select(editor, at(editor, 'D'));
    editor.run(sinkBlock);
    editor.run(sinkBlock); // D under C
    expect(shape(getDocument(editor).blocks)).toEqual([
      [
        'bulletListItem',
        'A',
        [
          ['bulletListItem', 'B'],
          ['bulletListItem', 'C', [['bulletListItem', 'D']]],
        ],
      ],
    ]);
    // The cursor stayed in D.
    expect(editor.state.selection.$from.parent.textContent).toBe('D');
    // Shift-Tab on B: C (and its child) follow it as its children.
    select(editor, at(editor, 'B'));
    expect(editor.run(liftBlock)).toBe(true);
    expect(shape(getDocument(editor).blocks)).toEqual([
      ['bulletListItem', 'A'],
      ['bulletListItem', 'B', [['bulletListItem', 'C', [['bulletListItem', 'D']]]]],
    ]);
    expect(getDocument(editor).blocks.map((b) => b.id)).toEqual(['a', 'b']);
    // Nothing to nest under / nothing to lift out of.
    select(editor, at(editor, 'A'));
    expect(editor.run(sinkBlock)).toBe(false);
    expect(editor.run(liftBlock)).toBe(false);
  });

  it('Enter in an empty nested list item lifts it; in an empty top-level one it becomes a paragraph', () => {
    const editor = editorOf({ blocks: [block('a', 'A', 'bulletListItem', [block('b', '', 'bulletListItem')])] });
    select(editor, at(editor, 'A', 1) + 4);
    expect(editor.state.selection.$from.parent.type.name).toBe('bulletListItem');
    editor.run(splitBlock);
    expect(shape(getDocument(editor).blocks)).toEqual([
      ['bulletListItem', 'A'],
      ['bulletListItem', ''],
    ]);
    editor.run(splitBlock);
    expect(shape(getDocument(editor).blocks)).toEqual([
      ['bulletListItem', 'A'],
      ['paragraph', ''],
    ]);
  });

  it('Backspace at the start: a list item becomes a paragraph, then joins the text before; its children stay', () => {
    const editor = editorOf({
      blocks: [block('a', 'First'), block('b', 'Second', 'bulletListItem', [block('c', 'child', 'bulletListItem')])],
    });
    select(editor, at(editor, 'Second'));
    editor.run(backspaceAtStart);
    expect(shape(getDocument(editor).blocks)).toEqual([
      ['paragraph', 'First'],
      ['paragraph', 'Second', [['bulletListItem', 'child']]],
    ]);
    editor.run(backspaceAtStart);
    expect(shape(getDocument(editor).blocks)).toEqual([
      ['paragraph', 'FirstSecond'],
      ['bulletListItem', 'child'],
    ]);
    expect(editor.state.selection.from).toBe(at(editor, 'FirstSecond', 5));
    // Nothing before the first block.
    select(editor, at(editor, 'FirstSecond'));
    expect(editor.run(backspaceAtStart)).toBe(false);
  });
});

describe('Delete at the end of a block', () => {
  it('joins the next block’s text; its children take its place; an emptied group goes', () => {
    const editor = editorOf({
      blocks: [block('a', 'one'), block('b', 'two', 'bulletListItem', [block('c', 'child', 'bulletListItem')]), block('d', 'three')],
    });
    select(editor, at(editor, 'one', 3));
    expect(editor.run(deleteAtEnd)).toBe(true);
    expect(shape(getDocument(editor).blocks)).toEqual([
      ['paragraph', 'onetwo'],
      ['bulletListItem', 'child'],
      ['paragraph', 'three'],
    ]);
    expect(editor.state.selection.from).toBe(at(editor, 'onetwo', 3));
    select(editor, at(editor, 'onetwo', 6));
    editor.run(sinkBlock); // nothing before 'onetwo': stays
    select(editor, at(editor, 'child'));
    editor.run(sinkBlock);
    expect(shape(getDocument(editor).blocks)).toEqual([
      ['paragraph', 'onetwo', [['bulletListItem', 'child']]],
      ['paragraph', 'three'],
    ]);
    // Into the first child: the group it leaves empty is removed.
    select(editor, at(editor, 'onetwo', 6));
    editor.run(deleteAtEnd);
    expect(shape(getDocument(editor).blocks)).toEqual([
      ['paragraph', 'onetwochild'],
      ['paragraph', 'three'],
    ]);
    select(editor, at(editor, 'three', 5));
    expect(editor.run(deleteAtEnd)).toBe(false);
    select(editor, at(editor, 'three', 2));
    expect(editor.run(deleteAtEnd)).toBe(false);
    editor.state.doc.check();
  });
});

describe('undo and streamed generation', () => {
  afterEach(() => vi.useRealTimers());

  it('a streamed generation, however slow, is one undo step; the edit after it is another', () => {
    vi.useFakeTimers();
    const editor = editorOf({ blocks: [block('a', '开头')] });
    const before = getDocument(editor);
    const session = startGeneration(editor, 'append');
    expect(isGenerating(editor.state)).toBe(true);
    for (const delta of ['第一段', '的内容\n', '\nSecond para', 'graph.\n']) {
      vi.advanceTimersByTime(2000); // far beyond the history's 500 ms grouping
      session.append(delta);
    }
    const range = session.finish();
    expect(isGenerating(editor.state)).toBe(false);
    expect(shape(getDocument(editor).blocks)).toEqual([
      ['paragraph', '开头'],
      ['paragraph', '第一段的内容'],
      ['paragraph', 'Second paragraph.'],
    ]);
    expect(editor.state.doc.textBetween(range.from, range.to, '\n')).toBe('第一段的内容\nSecond paragraph.');
    vi.advanceTimersByTime(100);
    type(editor, '!');
    expect(getDocument(editor).blocks[2]!.content[0]!.text).toBe('Second paragraph.!');
    undo(editor.state, editor.dispatch);
    expect(getDocument(editor).blocks[2]!.content[0]!.text).toBe('Second paragraph.');
    undo(editor.state, editor.dispatch);
    expect(getDocument(editor)).toEqual(before);
    redo(editor.state, editor.dispatch);
    expect(shape(getDocument(editor).blocks)).toHaveLength(3);
  });

  it('replace mode: the whole content is swapped, and one undo brings the old back; discard removes a run', () => {
    const original = { blocks: [block('a', 'old text'), block('b', 'more', 'quote')] };
    const editor = editorOf(original);
    const session = startGeneration(editor, 'replace');
    session.append('# 新标题\n正文');
    session.finish();
    expect(shape(getDocument(editor).blocks)).toEqual([
      ['paragraph', '# 新标题'],
      ['paragraph', '正文'],
    ]);
    undo(editor.state, editor.dispatch);
    expect(getDocument(editor)).toEqual(original);

    const failed = startGeneration(editor, 'replace');
    failed.append('half a dra');
    failed.discard();
    expect(getDocument(editor)).toEqual(original);
    // Discarding a run that wrote nothing leaves the user's own last step alone.
    select(editor, at(editor, 'old text', 8));
    type(editor, '!');
    startGeneration(editor, 'append').discard();
    expect(getDocument(editor).blocks[0]!.content[0]!.text).toBe('old text!');
  });

  it('selection mode writes over the selection; replaceRange and insertText are one undo step each and return the new range', () => {
    const editor = editorOf({ blocks: [block('a', 'I am very very happy.')] });
    selectText(editor, 'very very happy');
    expect(getSelection(editor)).toMatchObject({ text: 'very very happy', empty: false });
    const session = startGeneration(editor, 'selection');
    session.append('deli');
    session.append('ghted');
    expect(session.finish()).toEqual({ from: at(editor, 'delighted'), to: at(editor, 'delighted') + 9 });
    expect(getDocument(editor).blocks[0]!.content[0]!.text).toBe('I am delighted.');

    const range = replaceRange(editor, at(editor, 'delighted'), at(editor, 'delighted') + 9, 'glad');
    expect(editor.state.doc.textBetween(range.from, range.to)).toBe('glad');
    select(editor, at(editor, 'I am'));
    insertText(editor, 'Yes, ');
    expect(getDocument(editor).blocks[0]!.content[0]!.text).toBe('Yes, I am glad.');
    undo(editor.state, editor.dispatch);
    undo(editor.state, editor.dispatch);
    expect(getDocument(editor).blocks[0]!.content[0]!.text).toBe('I am delighted.');
    undo(editor.state, editor.dispatch);
    expect(getDocument(editor).blocks[0]!.content[0]!.text).toBe('I am very very happy.');
  });

  it('setDocument is one undo step, or none when loading', () => {
    const editor = editorOf({ blocks: [block('a', 'draft')] });
    setDocument(editor, { blocks: [block('v', 'version 2')] });
    expect(shape(getDocument(editor).blocks)).toEqual([['paragraph', 'version 2']]);
    undo(editor.state, editor.dispatch);
    expect(shape(getDocument(editor).blocks)).toEqual([['paragraph', 'draft']]);
    setDocument(editor, { blocks: [block('w', 'loaded')] }, { addToHistory: false });
    expect(undo(editor.state, editor.dispatch)).toBe(false);
  });
});

describe('ids, numbering, highlights, text positions, counts', () => {
  it('the empty document stays empty until typed in; duplicate ids are made unique', () => {
    const editor = editorOf({ blocks: [] });
    expect(getDocument(editor)).toEqual({ blocks: [] });
    select(editor, 2);
    type(editor, 'x');
    const [first] = getDocument(editor).blocks;
    expect(first!.id).toMatch(/^[0-9a-f-]{36}$/);
    setDocument(editor, { blocks: [block('same', 'one'), block('same', 'two')] });
    const ids = getDocument(editor).blocks.map((b) => b.id);
    expect(ids[0]).toBe('same');
    expect(ids[1]).not.toBe('same');
  });

  it('numbers numbered items per run of siblings, as the static HTML does', () => {
    const editor = editorOf({
      blocks: [
        block('1', 'a', 'numberedListItem'),
        block('2', 'b', 'numberedListItem', [block('2a', 'b.1', 'numberedListItem')]),
        block('p', 'break'),
        block('3', 'c', 'numberedListItem'),
      ],
    });
    const set = listNumberPlugin.getState(editor.state)!;
    const numbers = set
      .find()
      .map((d) => [
        editor.state.doc.nodeAt(d.from)!.textContent,
        (d as unknown as { type: { attrs: Record<string, string> } }).type.attrs['data-index'],
      ]);
    expect(numbers).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['b.1', '1'],
      ['c', '1'],
    ]);
  });

  it('highlights follow edits and are not undo steps; plain-text offsets map to document ranges', () => {
    const editor = editorOf({ blocks: [block('a', '我在2020年获得奖学金。', 'paragraph', [block('b', 'GPA 3.9 of 4.0')])] });
    const plain = '我在2020年获得奖学金。\nGPA 3.9 of 4.0';
    const start = plain.indexOf('3.9');
    const range = plainTextRange(editor.state.doc, start, start + 3)!;
    expect(editor.state.doc.textBetween(range.from, range.to)).toBe('3.9');
    const [year] = rangesOfText(editor.state.doc, '2020年');
    setHighlights(editor, [
      { ...year!, tone: 'error', id: 'fact-1' },
      { ...range, tone: 'ok' },
    ]);
    select(editor, 1 + 1);
    type(editor, '曾');
    const moved = highlightsOf(editor.state);
    expect(moved.map((h) => editor.state.doc.textBetween(h.from, h.to))).toEqual(['2020年', '3.9']);
    expect(moved[0]!.id).toBe('fact-1');
    undo(editor.state, editor.dispatch);
    expect(highlightsOf(editor.state)).toHaveLength(2);
    clearHighlights(editor);
    expect(highlightsOf(editor.state)).toEqual([]);
    expect(rangesOfText(editor.state.doc, 'missing')).toEqual([]);
  });

  it('counts English words and Chinese characters with the server’s rules', () => {
    const editor = editorOf({ blocks: [block('a', '我热爱金融。'), block('b', 'I love finance, truly.')] });
    expect(documentCounts(editor.state.doc)).toEqual({ wordCount: 9, charCount: 25, latinWords: 4, cjkChars: 5 });
  });
});

describe('the round trip through editing', () => {
  it('a document edited by commands reads back in the contract’s shape', async () => {
    const { editorDocumentSchema } = await import('../../../contracts/works');
    const editor = editorOf({ blocks: [block('a', 'one'), block('b', 'two')] });
    select(editor, at(editor, 'two', 3));
    editor.run(splitBlock);
    type(editor, '- three');
    editor.run(sinkBlock);
    const out = getDocument(editor);
    expect(editorDocumentSchema.parse(out)).toEqual(out);
    expect(docToBlocks(blocksToDoc(out))).toEqual(out);
  });
});
