import type { ExportFormat } from '../../contracts/work-constants';

/**
 * Where the browser downloads a work as Word or PDF: the web app's pass-through to
 * GET /api/v1/works/{id}/export (the session's token is added there). `aigc` says the text holds
 * generated content the versions do not show, so the export carries the AI label.
 */
export function workExportHref(workId: string, format: ExportFormat, options: { aigc?: boolean } = {}): string {
  const query = new URLSearchParams({ format });
  if (options.aigc) query.set('aigc', '1');
  return `/resources/api/works/${encodeURIComponent(workId)}/export?${query}`;
}
