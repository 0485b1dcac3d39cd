import { baseKeymap, chainCommands, toggleMark } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { InputRule, inputRules, undoInputRule } from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import { Fragment, type Node as PMNode, type ResolvedPos } from 'prosemirror-model';
import { EditorState, Selection, TextSelection, type Command, type Plugin, type Transaction } from 'prosemirror-state';
import { canSplit } from 'prosemirror-transform';
import type { BlockContentType, ContentAttrs, TextAlignment } from './dom-spec';
import { SHORTCUT_KEYS as SHORTCUTS } from './shortcuts';
import { blockIdPlugin, generationPlugin, highlightPlugin, listNumberPlugin } from './plugins';
import { editorSchema as schema } from './schema';

/**
 * The editor's commands over the block schema (schema.ts). ProseMirror's list commands assume
 * `ul > li > p`; here a list item is a block whose content node says so, and nesting is the
 * block's children, so Enter, Backspace, Tab and the type changes are written for that shape.
 * All are plain `Command`s: they run on an EditorState without a DOM (tests use them so).
 */

/** The content node (a block's line) around a position, with its container. */
function blockAt($pos: ResolvedPos) {
  for (let d = $pos.depth; d > 0; d--) {
    if ($pos.node(d).type.name === 'blockContainer') {
      return { containerDepth: d, container: $pos.node(d), content: $pos.node(d + 1) ?? $pos.node(d).firstChild! };
    }
  }
  return null;
}

/** Every content node the selection touches, with its position. */
function contentNodesInSelection(state: EditorState): { node: PMNode; pos: number }[] {
  const { from, to } = state.selection;
  const found: { node: PMNode; pos: number }[] = [];
  state.doc.nodesBetween(from, to, (node, pos) => {
    if (node.type.spec.group === 'blockContent') {
      found.push({ node, pos });
      return false;
    }
    return true;
  });
  return found;
}

const propsOf = (node: PMNode): ContentAttrs => {
  const { textColor, backgroundColor, textAlignment } = node.attrs as ContentAttrs;
  return { textColor, backgroundColor, textAlignment };
};

/** Sets the block type of every block in the selection, keeping each block's colours and alignment. */
export function setBlockType(type: BlockContentType, attrs: { level?: number } = {}): Command {
  return (state, dispatch) => {
    const targets = contentNodesInSelection(state);
    if (targets.length === 0) return false;
    if (dispatch) {
      const tr = state.tr;
      for (const { node, pos } of targets) {
        tr.setNodeMarkup(pos, schema.nodes[type], { ...propsOf(node), ...(type === 'heading' ? { level: attrs.level ?? 1 } : {}) });
      }
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

/** Is every block in the selection of this type (and level)? The toolbar's pressed state. */
export function isBlockType(state: EditorState, type: BlockContentType, level?: number): boolean {
  const targets = contentNodesInSelection(state);
  return targets.length > 0 && targets.every(({ node }) => node.type.name === type && (level === undefined || node.attrs.level === level));
}

/** Lists and quotes toggle: on for all, or back to paragraphs when all already are. */
export const toggleBlockType =
  (type: Exclude<BlockContentType, 'paragraph'>, attrs: { level?: number } = {}): Command =>
  (state, dispatch) =>
    isBlockType(state, type, attrs.level) ? setBlockType('paragraph')(state, dispatch) : setBlockType(type, attrs)(state, dispatch);

export function setAlignment(alignment: TextAlignment): Command {
  return (state, dispatch) => {
    const targets = contentNodesInSelection(state);
    if (targets.length === 0) return false;
    if (dispatch) {
      const tr = state.tr;
      for (const { pos } of targets) tr.setNodeAttribute(pos, 'textAlignment', alignment);
      dispatch(tr);
    }
    return true;
  };
}

export const alignmentOf = (state: EditorState): TextAlignment =>
  (blockAt(state.selection.$from)?.content.attrs.textAlignment as TextAlignment | undefined) ?? 'left';

/** Text or background colour of the selected text; `default` removes it. With no selection it applies to what is typed next. */
export function setColor(kind: 'textColor' | 'backgroundColor', color: string): Command {
  return (state, dispatch) => {
    const markType = schema.marks[kind]!;
    const { empty, ranges, $cursor } = state.selection as TextSelection;
    if (dispatch) {
      const tr = state.tr;
      if (empty || $cursor) {
        tr.removeStoredMark(markType);
        if (color !== 'default') tr.addStoredMark(markType.create({ color }));
      } else {
        for (const { $from, $to } of ranges) {
          tr.removeMark($from.pos, $to.pos, markType);
          if (color !== 'default') tr.addMark($from.pos, $to.pos, markType.create({ color }));
        }
      }
      dispatch(tr);
    }
    return true;
  };
}

export const toggleBold = toggleMark(schema.marks.bold!);
export const toggleItalic = toggleMark(schema.marks.italic!);
export const toggleUnderline = toggleMark(schema.marks.underline!);
export const toggleStrike = toggleMark(schema.marks.strike!);

/** Is the mark on across the selection (or stored for the next typing)? */
export function isMarkActive(state: EditorState, name: 'bold' | 'italic' | 'underline' | 'strike'): boolean {
  const type = schema.marks[name]!;
  const { from, $from, to, empty } = state.selection;
  if (empty) return !!type.isInSet(state.storedMarks ?? $from.marks());
  return state.doc.rangeHasMark(from, to, type);
}

const containerType = schema.nodes.blockContainer!;
const groupType = schema.nodes.blockGroup!;

/**
 * Tab: the block becomes the last child of the block before it (with its own children). Lists
 * nest this way, and so does any block: the format allows children under every block.
 */
export const sinkBlock: Command = (state, dispatch) => {
  const { $from, $to } = state.selection;
  const block = blockAt($from);
  if (!block) return false;
  const d = block.containerDepth;
  const index = $from.index(d - 1);
  if (index === 0) return false;
  const parent = $from.node(d - 1);
  const prev = parent.child(index - 1);
  const start = $from.before(d);
  const end = $from.after(d);
  const prevStart = start - prev.nodeSize;
  if (dispatch) {
    const tr = state.tr.delete(start, end);
    let newStart: number;
    if (prev.childCount > 1) {
      // Into the end of the previous block's group.
      const insertAt = prevStart + prev.nodeSize - 2;
      tr.insert(insertAt, block.container);
      newStart = insertAt;
    } else {
      const insertAt = prevStart + prev.nodeSize - 1;
      tr.insert(insertAt, groupType.create(null, block.container));
      newStart = insertAt + 1;
    }
    keepSelection(tr, state.selection, start, newStart, $to.pos <= end);
    dispatch(tr.scrollIntoView());
  }
  return true;
};

/**
 * Shift-Tab: a nested block moves out to follow its parent; the blocks after it in the same
 * group become its children, so the order on screen does not change (as outliners do).
 */
export const liftBlock: Command = (state, dispatch) => {
  const { $from, $to } = state.selection;
  const block = blockAt($from);
  if (!block || block.containerDepth < 3) return false;
  const d = block.containerDepth;
  const group = $from.node(d - 1);
  const index = $from.index(d - 1);
  const following: PMNode[] = [];
  for (let i = index + 1; i < group.childCount; i++) following.push(group.child(i));
  const own = block.container.childCount > 1 ? block.container.child(1).content : Fragment.empty;
  const children = own.append(Fragment.from(following));
  const lifted = containerType.create(
    block.container.attrs,
    children.size > 0 ? [block.container.firstChild!, groupType.create(null, children)] : [block.container.firstChild!],
  );
  if (dispatch) {
    const start = $from.before(d);
    const tr = state.tr;
    const parentEnd = $from.after(d - 2);
    // The whole group goes when the block was its first; otherwise the group keeps the blocks before it.
    if (index === 0) tr.delete($from.before(d - 1), $from.after(d - 1));
    else tr.delete(start, $from.end(d - 1));
    const insertAt = tr.mapping.map(parentEnd);
    tr.insert(insertAt, lifted);
    keepSelection(tr, state.selection, start, insertAt, $to.pos <= $from.after(d));
    dispatch(tr.scrollIntoView());
  }
  return true;
};

/** Puts the selection back where it was inside a block that moved from `oldStart` to `newStart`. */
function keepSelection(tr: Transaction, selection: Selection, oldStart: number, newStart: number, toInside: boolean) {
  const shift = newStart - oldStart;
  const anchor = selection.anchor + shift;
  const head = toInside ? selection.head + shift : anchor;
  tr.setSelection(TextSelection.create(tr.doc, anchor, head));
}

/**
 * Enter. An empty list item, quote or heading becomes a paragraph (a nested empty block moves
 * out first), as word processors end a list. Otherwise the block splits: the text after the
 * cursor and the block's children go to the new block below; a heading is followed by a paragraph.
 * At the start of a non-empty block an empty block is put before it, so the text keeps its id.
 */
export const splitBlock: Command = (state, dispatch) => {
  let tr = state.tr;
  if (!state.selection.empty) tr = tr.deleteSelection();
  const $from = tr.selection.$from;
  const block = blockAt($from);
  if (!block || !$from.parent.isTextblock) return false;
  const content = $from.parent;
  const type = content.type.name as BlockContentType;
  if (content.content.size === 0 && type !== 'paragraph') {
    if (block.containerDepth >= 3 && state.selection.empty && (type === 'bulletListItem' || type === 'numberedListItem')) {
      return liftBlock(state, dispatch);
    }
    tr.setNodeMarkup($from.before(), schema.nodes.paragraph, propsOf(content));
    dispatch?.(tr.scrollIntoView());
    return true;
  }
  const nextType = type === 'heading' ? schema.nodes.paragraph! : content.type;
  const nextAttrs = type === 'heading' ? propsOf(content) : content.attrs;
  if ($from.parentOffset === 0 && content.content.size > 0) {
    const before = containerType.create(
      null,
      content.type === schema.nodes.heading ? schema.nodes.paragraph!.create(propsOf(content)) : content.type.create(content.attrs),
    );
    tr.insert($from.before(block.containerDepth), before);
    dispatch?.(tr.scrollIntoView());
    return true;
  }
  const types = [
    { type: containerType, attrs: { id: null } },
    { type: nextType, attrs: nextAttrs },
  ];
  if (!canSplit(tr.doc, $from.pos, 2, types)) return false;
  tr.split($from.pos, 2, types);
  dispatch?.(tr.scrollIntoView());
  return true;
};

/**
 * Backspace at the start of a block: a list item, quote or heading becomes a paragraph first; a
 * nested paragraph moves out; a top-level one joins the end of the text before it, and its
 * children take its place.
 */
export const backspaceAtStart: Command = (state, dispatch) => {
  const { $cursor } = state.selection as TextSelection;
  if (!$cursor || $cursor.parentOffset > 0) return false;
  const block = blockAt($cursor);
  if (!block) return false;
  const content = $cursor.parent;
  if (content.type.name !== 'paragraph') {
    if (dispatch) dispatch(state.tr.setNodeMarkup($cursor.before(), schema.nodes.paragraph, propsOf(content)));
    return true;
  }
  if (block.containerDepth >= 3) return liftBlock(state, dispatch);
  const d = block.containerDepth;
  const start = $cursor.before(d);
  const before = Selection.findFrom(state.doc.resolve(start), -1, true);
  if (!before || !before.$from.parent.isTextblock) return false;
  if (dispatch) {
    const joinAt = before.$from.end();
    const tr = state.tr.insert(joinAt, content.content);
    const children = block.container.childCount > 1 ? block.container.child(1).content : Fragment.empty;
    tr.replaceWith(tr.mapping.map(start), tr.mapping.map($cursor.after(d)), children);
    tr.setSelection(TextSelection.create(tr.doc, joinAt));
    dispatch(tr.scrollIntoView());
  }
  return true;
};

/**
 * Delete at the end of a block: the next block's text joins this one and its children take its
 * place (ProseMirror's joinForward would nest the next block inside this one instead).
 */
export const deleteAtEnd: Command = (state, dispatch) => {
  const { $cursor } = state.selection as TextSelection;
  if (!$cursor || $cursor.parentOffset < $cursor.parent.content.size) return false;
  const after = Selection.findFrom(state.doc.resolve($cursor.after()), 1, true);
  if (!after || !after.$from.parent.isTextblock) return false;
  const $next = after.$from;
  const next = blockAt($next);
  if (!next) return false;
  if (dispatch) {
    const d = next.containerDepth;
    const children = next.container.childCount > 1 ? next.container.child(1).content : Fragment.empty;
    const group = $next.node(d - 1);
    const tr = state.tr;
    // A group left empty goes with its last block; the text goes in after (it is before both).
    if (children.size === 0 && group.type === groupType && group.childCount === 1) tr.delete($next.before(d - 1), $next.after(d - 1));
    else tr.replaceWith($next.before(d), $next.after(d), children);
    tr.insert($cursor.pos, $next.parent.content);
    tr.setSelection(TextSelection.create(tr.doc, $cursor.pos));
    dispatch(tr.scrollIntoView());
  }
  return true;
};

/** Markdown-style shortcuts typed at the start of a paragraph: `- `, `1. `, `> `, `# `…`###### `. */
function blockRule(pattern: RegExp, type: BlockContentType, level?: (match: RegExpMatchArray) => number) {
  return new InputRule(pattern, (state, match, start, end) => {
    const $start = state.doc.resolve(start);
    const content = $start.parent;
    if (content.type.name !== 'paragraph' || $start.parentOffset !== 0) return null;
    const tr = state.tr.delete(start, end);
    tr.setNodeMarkup($start.before(), schema.nodes[type], { ...propsOf(content), ...(level ? { level: level(match) } : {}) });
    return tr;
  });
}

export const editorInputRules = inputRules({
  rules: [
    blockRule(/^[-+*]\s$/, 'bulletListItem'),
    blockRule(/^\d+[.)]\s$/, 'numberedListItem'),
    blockRule(/^>\s$/, 'quote'),
    blockRule(/^(#{1,6})\s$/, 'heading', (match) => match[1]!.length),
  ],
});

const editorKeymap = keymap({
  [SHORTCUTS.bold]: toggleBold,
  [SHORTCUTS.italic]: toggleItalic,
  [SHORTCUTS.underline]: toggleUnderline,
  [SHORTCUTS.strike]: toggleStrike,
  [SHORTCUTS.undo]: undo,
  [SHORTCUTS.redo]: redo,
  [SHORTCUTS.redoAlt]: redo,
  [SHORTCUTS.paragraph]: setBlockType('paragraph'),
  [SHORTCUTS.heading1]: setBlockType('heading', { level: 1 }),
  [SHORTCUTS.heading2]: setBlockType('heading', { level: 2 }),
  [SHORTCUTS.heading3]: setBlockType('heading', { level: 3 }),
  [SHORTCUTS.bulletList]: toggleBlockType('bulletListItem'),
  [SHORTCUTS.numberedList]: toggleBlockType('numberedListItem'),
  [SHORTCUTS.quote]: toggleBlockType('quote'),
  [SHORTCUTS.alignLeft]: setAlignment('left'),
  [SHORTCUTS.alignCenter]: setAlignment('center'),
  [SHORTCUTS.alignRight]: setAlignment('right'),
  [SHORTCUTS.alignJustify]: setAlignment('justify'),
  Enter: splitBlock,
  Backspace: chainCommands(undoInputRule, backspaceAtStart),
  Delete: deleteAtEnd,
  'Mod-Delete': deleteAtEnd,
  Tab: sinkBlock,
  'Shift-Tab': liftBlock,
});

/** The plugins of every editor state, in order: shortcuts before the base keymap's defaults. */
export function editorPlugins(extra: Plugin[] = []): Plugin[] {
  return [
    editorInputRules,
    editorKeymap,
    keymap(baseKeymap),
    history(),
    blockIdPlugin,
    listNumberPlugin,
    highlightPlugin,
    generationPlugin,
    ...extra,
  ];
}

export function createEditorState(doc: PMNode, extra: Plugin[] = []): EditorState {
  return EditorState.create({ schema, doc, plugins: editorPlugins(extra) });
}
