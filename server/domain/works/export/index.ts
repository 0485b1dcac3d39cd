import type { Database } from '../../../../db/client';
import type { WorkExportQuery } from '../../../../contracts/works';
import { getWorkForExport } from '../works';
import { aiContentOf, aigcLabel } from './aigc';
import { exportFontPaths, type FontSettings } from './fonts';
import { printable, type ExportLayout } from './layout';
import { renderDocument } from './render';
import { type Workspace } from '../../orgs/workspace';

export type ExportedFile = { body: Buffer; contentType: string; filename: string };

const CONTENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

/** The owner's work as a Word or PDF file (issue 13); anyone else's reads as missing (404). */
export async function exportWork(
  db: Database,
  fonts: FontSettings,
  ws: Workspace,
  workId: string,
  query: WorkExportQuery,
): Promise<ExportedFile> {
  const work = await getWorkForExport(db, ws, workId);
  const label = aigcLabel(await aiContentOf(db, work.id, query.aigc), work.id);
  const layout: ExportLayout = work.type !== 'cv' ? 'essay' : query.cvLength === 'two_page' ? 'cv_two_page' : 'cv_one_page';
  // Read, laid out and written in an export thread (render.ts): a large work never holds the event loop.
  const body = await renderDocument({
    format: query.format,
    title: printable(work.title),
    layout,
    label,
    document: { json: work.contentJson },
    fonts: query.format === 'pdf' ? exportFontPaths(fonts) : undefined,
  });
  return { body, contentType: CONTENT_TYPES[query.format], filename: `${work.title}.${query.format}` };
}

/**
 * `attachment` with the title as the file name: RFC 6266 / RFC 5987 `filename*` in UTF-8 for
 * Chinese titles, and an ASCII `filename` for clients that read only that.
 */
export function contentDisposition(filename: string): string {
  // Path separators, quotes and control characters never reach a saved file name.
  const clean = filename.replace(/[\p{Cc}"\\/:*?<>|]+/gu, '_').trim() || 'document';
  const ascii = clean.replace(/[^\x20-\x7e]+/g, '_').replace(/_+/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
