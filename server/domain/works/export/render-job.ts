import { editorDocumentSchema } from '../../../../contracts/works';
import { DomainError } from '../../errors';
import type { AigcLabel } from './aigc';
import { renderDocx } from './docx';
import { loadFonts, type FontPaths } from './fonts';
import { exportLines, forRecipient, type ExportLayout, type ExportLine } from './layout';
import { renderPdf } from './pdf';

/**
 * One export for the export worker. The document comes as the stored JSON text, or as lines
 * already built (scripts): parsing, checking and walking a 2 MB document is work too.
 */
export type RenderJob = {
  format: 'pdf' | 'docx';
  title: string;
  layout: ExportLayout;
  label: AigcLabel | null;
  document: { json: string } | { lines: ExportLine[] };
  /** For a PDF: where its fonts are (the worker reads them once). */
  fonts?: FontPaths;
};

/** What the worker answers: the file, a refusal the user may read, or a failure to log. */
export type RenderOutcome =
  { ok: true; body: Uint8Array } | { ok: false; code: DomainError['code']; message: string } | { ok: false; crash: string };

/** Runs inside the export worker (render-thread.ts): pdfkit and docx lay out on its thread, never the server's. */
export async function runRenderJob(job: RenderJob): Promise<RenderOutcome> {
  try {
    const all = 'lines' in job.document ? job.document.lines : exportLines(editorDocumentSchema.parse(JSON.parse(job.document.json)));
    // Exports go to universities: the consultant's notes and the offline marker stay in the editor.
    const lines = forRecipient(all);
    const input = { title: job.title, layout: job.layout, lines, label: job.label };
    let body: Buffer;
    if (job.format === 'docx') body = await renderDocx(input);
    else {
      if (!job.fonts) throw new Error('a PDF export needs its fonts');
      body = await renderPdf({ ...input, fonts: loadFonts(job.fonts) });
    }
    // A copy with its own ArrayBuffer: a Buffer may share Node's pool, which must not be transferred.
    return { ok: true, body: new Uint8Array(body) };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, code: error.code, message: error.message };
    return { ok: false, crash: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
