/**
 * The editor's keyboard shortcuts (ProseMirror key names: Mod is ⌘ on a Mac, Ctrl elsewhere). A
 * module of its own so the toolbar shows them without loading ProseMirror.
 */
export const SHORTCUT_KEYS = {
  bold: 'Mod-b',
  italic: 'Mod-i',
  underline: 'Mod-u',
  strike: 'Mod-Shift-s',
  undo: 'Mod-z',
  redo: 'Mod-Shift-z',
  redoAlt: 'Mod-y',
  paragraph: 'Mod-Alt-0',
  heading1: 'Mod-Alt-1',
  heading2: 'Mod-Alt-2',
  heading3: 'Mod-Alt-3',
  bulletList: 'Mod-Shift-8',
  numberedList: 'Mod-Shift-7',
  quote: 'Mod-Shift-9',
  alignLeft: 'Mod-Shift-l',
  alignCenter: 'Mod-Shift-e',
  alignRight: 'Mod-Shift-r',
  alignJustify: 'Mod-Shift-j',
  indent: 'Tab',
  outdent: 'Shift-Tab',
} as const;
export type ShortcutName = keyof typeof SHORTCUT_KEYS;
