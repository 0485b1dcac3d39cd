import type { ExportFormat } from '../../contracts/work-constants';

/**
 * Where the browser downloads a work as Word or PDF: the web app's pass-through to
 * GET /api/v1/works/{id}/export (the session's token is added there). The AI label is the server's
 * to decide, from the operations linked to the work (ADR 0029), so nothing about it is asked here.
 */
export function workExportHref(workId: string, format: ExportFormat): string {
  const query = new URLSearchParams({ format });
  return `/resources/api/works/${encodeURIComponent(workId)}/export?${query}`;
}
