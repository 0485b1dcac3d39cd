/**
 * Console times in Beijing time, `2026-11-23 14:05`, computed by hand: the server's and the
 * browser's Intl data may format a locale differently, and the markup must hydrate as rendered.
 */
const BEIJING_OFFSET_MS = 8 * 3600_000;

export function formatBeijingTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '—';
  const d = new Date(time + BEIJING_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
