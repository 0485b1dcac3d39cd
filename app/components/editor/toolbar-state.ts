import { closeHistory, redo, redoDepth, undo, undoDepth } from 'prosemirror-history';
import type { EditorState } from 'prosemirror-state';
import {
  alignmentOf,
  isBlockType,
  isMarkActive,
  liftBlock,
  setAlignment,
  setBlockType,
  setColor,
  sinkBlock,
  toggleBlockType,
  toggleBold,
  toggleItalic,
  toggleStrike,
  toggleUnderline,
} from './commands';
import type { EditorLike } from './editor-api';
import { editorSchema as schema } from './schema';
import type { BlockChoice, ToolbarAction, ToolbarState } from './toolbar';

/** The colour mark across the selection (or stored for typing); `default` when none or mixed. */
function colorOf(state: EditorState, kind: 'textColor' | 'backgroundColor'): string {
  const type = schema.marks[kind]!;
  const { empty, $from, from, to } = state.selection;
  if (empty) return (type.isInSet(state.storedMarks ?? $from.marks())?.attrs.color as string | undefined) ?? 'default';
  const colors = new Set<string>();
  state.doc.nodesBetween(from, to, (node) => {
    if (node.isText) colors.add((type.isInSet(node.marks)?.attrs.color as string | undefined) ?? 'default');
  });
  return colors.size === 1 ? [...colors][0]! : 'default';
}

function blockChoice(state: EditorState): BlockChoice | null {
  if (isBlockType(state, 'paragraph')) return 'paragraph';
  for (const level of [1, 2, 3, 4, 5, 6]) if (isBlockType(state, 'heading', level)) return `heading-${level}` as BlockChoice;
  return null;
}

export function toolbarStateOf(state: EditorState): ToolbarState {
  return {
    bold: isMarkActive(state, 'bold'),
    italic: isMarkActive(state, 'italic'),
    underline: isMarkActive(state, 'underline'),
    strike: isMarkActive(state, 'strike'),
    block: blockChoice(state),
    bulletList: isBlockType(state, 'bulletListItem'),
    numberedList: isBlockType(state, 'numberedListItem'),
    quote: isBlockType(state, 'quote'),
    alignment: alignmentOf(state),
    textColor: colorOf(state, 'textColor'),
    backgroundColor: colorOf(state, 'backgroundColor'),
    canUndo: undoDepth(state) > 0,
    canRedo: redoDepth(state) > 0,
    canIndent: sinkBlock(state),
    canOutdent: liftBlock(state),
  };
}

/** The toolbar state to keep: the one shown when every field is the same (no re-render), else the new one. */
export function sameToolbar(shown: ToolbarState | null, next: ToolbarState): ToolbarState {
  if (!shown) return next;
  return (Object.keys(next) as Array<keyof ToolbarState>).every((key) => shown[key] === next[key]) ? shown : next;
}

/** Runs a toolbar action on the editor; false when it does not apply here. Each click is an undo step of its own. */
export function runToolbarAction(editor: EditorLike, action: ToolbarAction): boolean {
  if (action.kind !== 'undo' && action.kind !== 'redo') editor.dispatch(closeHistory(editor.state.tr));
  const run = (command: (state: EditorState, dispatch: EditorLike['dispatch']) => boolean) => command(editor.state, editor.dispatch);
  switch (action.kind) {
    case 'mark':
      return run({ bold: toggleBold, italic: toggleItalic, underline: toggleUnderline, strike: toggleStrike }[action.mark]);
    case 'block':
      return action.block === 'paragraph'
        ? run(setBlockType('paragraph'))
        : run(setBlockType('heading', { level: Number(action.block.slice('heading-'.length)) }));
    case 'toggle':
      return run(toggleBlockType(action.block));
    case 'align':
      return run(setAlignment(action.alignment));
    case 'color':
      return run(setColor(action.which, action.color));
    case 'indent':
      return run(sinkBlock);
    case 'outdent':
      return run(liftBlock);
    case 'undo':
      return run(undo);
    case 'redo':
      return run(redo);
  }
}
