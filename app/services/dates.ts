/**
 * Dates as users in China read them, the same on the server and in the browser (so server HTML
 * hydrates unchanged): built from numeric parts, not a locale's wording.
 */
const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function chinaParts(iso: string): Record<string, string> | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(parts.formatToParts(date).map((p) => [p.type, p.value]));
}

/** 2026-11-23 14:05 */
export function formatDateTime(iso: string): string {
  const p = chinaParts(iso);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}` : '—';
}

/** 2026-11-23 */
export function formatDate(iso: string): string {
  const p = chinaParts(iso);
  return p ? `${p.year}-${p.month}-${p.day}` : '—';
}
