/**
 * The editor's colours (spec §3: block props textColor/backgroundColor and the text styles of the
 * same names hold a colour *name*). Zod-free: the editor (browser) and the export (server) both
 * read it, so a colour looks the same on screen, in the DOCX and in the PDF.
 */
export const EDITOR_COLOR_NAMES = ['default', 'gray', 'brown', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink'] as const;
export type EditorColorName = (typeof EDITOR_COLOR_NAMES)[number];

/** Hex without '#'; `default` has none (the reader's own text colour, no highlight). */
export const EDITOR_COLORS: Record<EditorColorName, { label: string; text: string | null; background: string | null }> = {
  default: { label: '默认', text: null, background: null },
  gray: { label: '灰色', text: '787774', background: 'F1F1EF' },
  brown: { label: '棕色', text: '9F6B53', background: 'F4EEEE' },
  red: { label: '红色', text: 'D44C47', background: 'FDEBEC' },
  orange: { label: '橙色', text: 'D9730D', background: 'FBECDD' },
  yellow: { label: '黄色', text: 'CB912F', background: 'FBF3DB' },
  green: { label: '绿色', text: '448361', background: 'EDF3EC' },
  blue: { label: '蓝色', text: '337EA9', background: 'E7F3F8' },
  purple: { label: '紫色', text: '9065B0', background: 'F6F3F9' },
  pink: { label: '粉色', text: 'C14C8A', background: 'FAF1F5' },
};

export const isEditorColor = (name: unknown): name is EditorColorName =>
  typeof name === 'string' && (EDITOR_COLOR_NAMES as readonly string[]).includes(name);

/** The hex of a colour name for text or background; null for `default` and unknown names. */
export function editorColorHex(name: unknown, use: 'text' | 'background'): string | null {
  return isEditorColor(name) ? EDITOR_COLORS[name][use] : null;
}
