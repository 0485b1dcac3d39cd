/**
 * Console times in Beijing time, `2026-11-23 14:05`, computed by hand: the server's and the
 * browser's Intl data may format a locale differently, and the markup must hydrate as rendered.
 */
const BEIJING_OFFSET_MS = 8 * 3600_000;

function beijingParts(iso: string | null | undefined) {
  if (!iso) return null;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const d = new Date(time + BEIJING_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  };
}

export function formatBeijingTime(iso: string | null | undefined): string {
  const parts = beijingParts(iso);
  return parts ? `${parts.date} ${parts.time}` : '—';
}

/** A saved time as the value of a `datetime-local` input, in Beijing time (how the console reads it back). */
export function toBeijingInput(iso: string | null | undefined): string {
  const parts = beijingParts(iso);
  return parts ? `${parts.date}T${parts.time}` : '';
}
