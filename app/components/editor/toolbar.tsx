import { Box, HStack, IconButton, NativeSelect, Text } from '@chakra-ui/react';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  IndentDecrease,
  IndentIncrease,
  Italic,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Strikethrough,
  Underline,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { EDITOR_COLOR_NAMES, EDITOR_COLORS } from '../../../contracts/editor-colors';
import type { TextAlignment } from './dom-spec';
import { SHORTCUT_KEYS, type ShortcutName } from './shortcuts';

/**
 * The editor's toolbar, without ProseMirror: the live editor passes its state and runs the
 * actions; before it loads (server rendering, the lazy chunk on its way) the same bar is drawn
 * disabled, so nothing moves when the editor arrives.
 */
export type BlockChoice = 'paragraph' | 'heading-1' | 'heading-2' | 'heading-3' | 'heading-4' | 'heading-5' | 'heading-6';

export type ToolbarState = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  /** The selection's block type for the select; null when it mixes types or is a list or quote. */
  block: BlockChoice | null;
  bulletList: boolean;
  numberedList: boolean;
  quote: boolean;
  alignment: TextAlignment;
  textColor: string;
  backgroundColor: string;
  canUndo: boolean;
  canRedo: boolean;
  canIndent: boolean;
  canOutdent: boolean;
};

export type ToolbarAction =
  | { kind: 'mark'; mark: 'bold' | 'italic' | 'underline' | 'strike' }
  | { kind: 'block'; block: BlockChoice }
  | { kind: 'toggle'; block: 'bulletListItem' | 'numberedListItem' | 'quote' }
  | { kind: 'align'; alignment: TextAlignment }
  | { kind: 'color'; which: 'textColor' | 'backgroundColor'; color: string }
  | { kind: 'indent' }
  | { kind: 'outdent' }
  | { kind: 'undo' }
  | { kind: 'redo' };

const BLOCK_LABELS: Record<BlockChoice, string> = {
  paragraph: '正文',
  'heading-1': '标题 1',
  'heading-2': '标题 2',
  'heading-3': '标题 3',
  'heading-4': '标题 4',
  'heading-5': '标题 5',
  'heading-6': '标题 6',
};

/** `Mod-Shift-z` as people read it on this machine: ⌘⇧Z on a Mac, Ctrl+Shift+Z elsewhere. */
export function shortcutLabel(keys: string, mac: boolean): string {
  const parts = keys.split('-');
  const key = parts.pop()!;
  const names = parts.map((p) =>
    p === 'Mod' ? (mac ? '⌘' : 'Ctrl') : p === 'Shift' ? (mac ? '⇧' : 'Shift') : p === 'Alt' ? (mac ? '⌥' : 'Alt') : p,
  );
  const keyName = key.length === 1 ? key.toUpperCase() : key;
  return mac ? [...names, keyName].join('') : [...names, keyName].join('+');
}

/** aria-keyshortcuts wants the modifier by its name. */
const ariaShortcut = (keys: string, mac: boolean) =>
  keys
    .split('-')
    .map((p) => (p === 'Mod' ? (mac ? 'Meta' : 'Control') : p.length === 1 ? p.toUpperCase() : p))
    .join('+');

const noSubscription = () => () => undefined;
/** The server (and hydration) say Ctrl; a Mac gets its glyphs right after, without a mismatch. */
const useIsMac = () =>
  useSyncExternalStore(
    noSubscription,
    () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent),
    () => false,
  );

type ButtonSpec = {
  label: string;
  icon: LucideIcon;
  action: ToolbarAction;
  shortcut?: ShortcutName;
  pressed?: (s: ToolbarState) => boolean;
  enabled?: (s: ToolbarState) => boolean;
};

const GROUPS: ButtonSpec[][] = [
  [
    { label: '撤销', icon: Undo2, action: { kind: 'undo' }, shortcut: 'undo', enabled: (s) => s.canUndo },
    { label: '重做', icon: Redo2, action: { kind: 'redo' }, shortcut: 'redo', enabled: (s) => s.canRedo },
  ],
  [
    { label: '加粗', icon: Bold, action: { kind: 'mark', mark: 'bold' }, shortcut: 'bold', pressed: (s) => s.bold },
    { label: '斜体', icon: Italic, action: { kind: 'mark', mark: 'italic' }, shortcut: 'italic', pressed: (s) => s.italic },
    { label: '下划线', icon: Underline, action: { kind: 'mark', mark: 'underline' }, shortcut: 'underline', pressed: (s) => s.underline },
    { label: '删除线', icon: Strikethrough, action: { kind: 'mark', mark: 'strike' }, shortcut: 'strike', pressed: (s) => s.strike },
  ],
  [
    {
      label: '无序列表',
      icon: List,
      action: { kind: 'toggle', block: 'bulletListItem' },
      shortcut: 'bulletList',
      pressed: (s) => s.bulletList,
    },
    {
      label: '有序列表',
      icon: ListOrdered,
      action: { kind: 'toggle', block: 'numberedListItem' },
      shortcut: 'numberedList',
      pressed: (s) => s.numberedList,
    },
    { label: '引用', icon: Quote, action: { kind: 'toggle', block: 'quote' }, shortcut: 'quote', pressed: (s) => s.quote },
    { label: '增加缩进', icon: IndentIncrease, action: { kind: 'indent' }, shortcut: 'indent', enabled: (s) => s.canIndent },
    { label: '减少缩进', icon: IndentDecrease, action: { kind: 'outdent' }, shortcut: 'outdent', enabled: (s) => s.canOutdent },
  ],
  [
    {
      label: '左对齐',
      icon: AlignLeft,
      action: { kind: 'align', alignment: 'left' },
      shortcut: 'alignLeft',
      pressed: (s) => s.alignment === 'left',
    },
    {
      label: '居中',
      icon: AlignCenter,
      action: { kind: 'align', alignment: 'center' },
      shortcut: 'alignCenter',
      pressed: (s) => s.alignment === 'center',
    },
    {
      label: '右对齐',
      icon: AlignRight,
      action: { kind: 'align', alignment: 'right' },
      shortcut: 'alignRight',
      pressed: (s) => s.alignment === 'right',
    },
    {
      label: '两端对齐',
      icon: AlignJustify,
      action: { kind: 'align', alignment: 'justify' },
      shortcut: 'alignJustify',
      pressed: (s) => s.alignment === 'justify',
    },
  ],
];

/** Shortcuts listed under the bar that have no button. */
const EXTRA_SHORTCUTS: { label: string; keys: string }[] = [
  { label: '正文', keys: SHORTCUT_KEYS.paragraph },
  { label: '标题 1', keys: SHORTCUT_KEYS.heading1 },
  { label: '标题 2', keys: SHORTCUT_KEYS.heading2 },
  { label: '标题 3', keys: SHORTCUT_KEYS.heading3 },
  { label: '重做', keys: SHORTCUT_KEYS.redoAlt },
];
const MARKDOWN_HINTS = ['行首输入 “- ” 开始无序列表', '“1. ” 开始有序列表', '“> ” 开始引用', '“# ”…“### ” 设为标题'];

export function EditorToolbar({ state, onAction }: { state: ToolbarState | null; onAction: (action: ToolbarAction) => void }) {
  const mac = useIsMac();
  const disabled = state === null;
  return (
    <Box
      role="toolbar"
      aria-label="格式工具栏"
      position="sticky"
      top="0"
      zIndex="1"
      bg="white"
      borderBottomWidth="1px"
      px="2"
      py="1.5"
      data-testid="editor-toolbar"
    >
      <HStack gap="1" wrap="wrap">
        <NativeSelect.Root size="xs" width="24" disabled={disabled}>
          <NativeSelect.Field
            aria-label="段落样式"
            value={state ? (state.block ?? '') : 'paragraph'}
            onChange={(e) => e.currentTarget.value && onAction({ kind: 'block', block: e.currentTarget.value as BlockChoice })}
          >
            {state?.block === null && <option value="">—</option>}
            {(Object.keys(BLOCK_LABELS) as BlockChoice[])
              .filter((b) => !/heading-[456]/.test(b) || state?.block === b)
              .map((b) => (
                <option key={b} value={b}>
                  {BLOCK_LABELS[b]}
                </option>
              ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {GROUPS.map((group, i) => (
          <HStack key={i} gap="0.5" pl="1" borderLeftWidth={i === 0 ? 0 : '1px'}>
            {group.map((button) => {
              const keys = button.shortcut ? SHORTCUT_KEYS[button.shortcut] : undefined;
              const pressed = button.pressed ? (state ? button.pressed(state) : false) : undefined;
              return (
                <IconButton
                  key={button.label}
                  aria-label={button.label}
                  title={keys ? `${button.label}（${shortcutLabel(keys, mac)}）` : button.label}
                  aria-keyshortcuts={keys ? ariaShortcut(keys, mac) : undefined}
                  aria-pressed={pressed}
                  size="xs"
                  variant={pressed ? 'subtle' : 'ghost'}
                  disabled={disabled || (button.enabled ? !button.enabled(state) : false)}
                  // Keep the editor's focus and selection: the action runs on them.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => onAction(button.action)}
                >
                  <button.icon size={16} />
                </IconButton>
              );
            })}
          </HStack>
        ))}
        {(['textColor', 'backgroundColor'] as const).map((which) => (
          <NativeSelect.Root key={which} size="xs" width="24" disabled={disabled}>
            <NativeSelect.Field
              aria-label={which === 'textColor' ? '文字颜色' : '背景颜色'}
              value={state?.[which] ?? 'default'}
              onChange={(e) => onAction({ kind: 'color', which, color: e.currentTarget.value })}
            >
              {EDITOR_COLOR_NAMES.map((name) => (
                <option key={name} value={name}>
                  {which === 'textColor' ? '文字' : '背景'}：{EDITOR_COLORS[name].label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ))}
        <Box as="details" fontSize="xs" color="gray.600" ml="auto" data-testid="editor-shortcuts">
          <Box as="summary" cursor="pointer">
            快捷键
          </Box>
          <Box position="absolute" right="2" mt="1" p="3" bg="white" borderWidth="1px" rounded="md" shadow="md" zIndex="2" minW="64">
            {GROUPS.flat()
              .filter((b) => b.shortcut)
              .map((b): { label: string; keys: string } => ({ label: b.label, keys: SHORTCUT_KEYS[b.shortcut!] }))
              .concat(EXTRA_SHORTCUTS)
              .map(({ label, keys }) => (
                <HStack key={`${label}-${keys}`} justify="space-between" gap="4">
                  <Text>{label}</Text>
                  <Text fontFamily="mono">{shortcutLabel(keys, mac)}</Text>
                </HStack>
              ))}
            <Text mt="2" color="gray.500">
              {MARKDOWN_HINTS.join('；')}
            </Text>
          </Box>
        </Box>
      </HStack>
    </Box>
  );
}
