import type { CvLength } from '../../contracts/ai-operation-constants';
import type { ExportFormat } from '../../contracts/work-constants';

/**
 * Where the browser downloads a work as Word or PDF: the web app's pass-through to
 * GET /api/v1/works/{id}/export (the session's token is added there). The AI label is the server's
 * to decide, from the operations linked to the work (ADR 0029), so nothing about it is asked here.
 */
export function workExportHref(workId: string, format: ExportFormat, options: { cvLength?: CvLength } = {}): string {
  const query = new URLSearchParams({ format });
  // A CV's layout: compact for one page (the API's default) or roomier for two.
  if (options.cvLength) query.set('cvLength', options.cvLength);
  return `/resources/api/works/${encodeURIComponent(workId)}/export?${query}`;
}
