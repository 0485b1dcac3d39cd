import { existsSync, readFileSync } from 'node:fs';
import { DomainError } from '../../errors';

/**
 * The CJK font the PDF embeds (ADR 0029). A PDF without a font that has the glyphs shows Chinese
 * as blank boxes, so without one the export refuses in Chinese instead of writing that file.
 *
 * EXPORT_FONT_REGULAR / EXPORT_FONT_BOLD: a font file, or `file.ttc#PostScriptName` for one face
 * of a collection. Unset: Debian's fonts-noto-cjk (and the paths other distributions use).
 */
const DEFAULT_DIRS = [
  '/usr/share/fonts/opentype/noto',
  '/usr/share/fonts/noto-cjk',
  '/usr/share/fonts/google-noto-cjk',
  '/usr/share/fonts/opentype/noto-cjk',
];
const DEFAULT_FACES = {
  regular: { file: 'NotoSansCJK-Regular.ttc', name: 'NotoSansCJKsc-Regular' },
  bold: { file: 'NotoSansCJK-Bold.ttc', name: 'NotoSansCJKsc-Bold' },
} as const;

export type FontFace = { path: string; name: string | undefined; data: Buffer };
export type ExportFonts = { regular: FontFace; bold: FontFace };
export type FontSettings = { EXPORT_FONT_REGULAR?: string; EXPORT_FONT_BOLD?: string };

export const FONT_MISSING_MESSAGE = '服务器缺少中文字体，暂时无法导出 PDF，请改用 Word 格式导出或联系管理员';

/** A 20 MB collection is read once per process, not once per export. */
const cache = new Map<string, Buffer>();

function face(setting: string | undefined, kind: keyof typeof DEFAULT_FACES): Omit<FontFace, 'data'> | null {
  if (setting) {
    const [path, name] = setting.split('#') as [string, string | undefined];
    if (!existsSync(path)) return null;
    return { path, name: name || (path.toLowerCase().endsWith('.ttc') ? DEFAULT_FACES[kind].name : undefined) };
  }
  for (const dir of DEFAULT_DIRS) {
    const path = `${dir}/${DEFAULT_FACES[kind].file}`;
    if (existsSync(path)) return { path, name: DEFAULT_FACES[kind].name };
  }
  return null;
}

function load(found: Omit<FontFace, 'data'>): FontFace {
  let data = cache.get(found.path);
  if (!data) {
    data = readFileSync(found.path);
    cache.set(found.path, data);
  }
  return { ...found, data };
}

/** Where the faces are, without reading them: what the main thread hands the export worker (render.ts). */
export type FontPaths = { regular: Omit<FontFace, 'data'>; bold: Omit<FontFace, 'data'> };

/** The regular and bold faces' files; bold is the regular face when no bold one is installed. */
export function exportFontPaths(settings: FontSettings): FontPaths {
  const regular = face(settings.EXPORT_FONT_REGULAR, 'regular');
  if (!regular) throw new DomainError('INTERNAL_ERROR', FONT_MISSING_MESSAGE);
  // A configured regular face without a bold one stays one family: no Debian bold beside it.
  const bold = settings.EXPORT_FONT_REGULAR && !settings.EXPORT_FONT_BOLD ? regular : (face(settings.EXPORT_FONT_BOLD, 'bold') ?? regular);
  return { regular, bold };
}

/** The faces read (once per thread: the export worker keeps them for its next export). */
export function loadFonts(paths: FontPaths): ExportFonts {
  return { regular: load(paths.regular), bold: load(paths.bold) };
}

/** The regular and bold faces; bold is the regular face when no bold one is installed. */
export function exportFonts(settings: FontSettings): ExportFonts {
  return loadFonts(exportFontPaths(settings));
}
