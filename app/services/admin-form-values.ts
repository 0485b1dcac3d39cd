/**
 * Console form values on their way to a contract: a blank field is a missing one (so it reads
 * 请输入…, not "at least 1"), and a `datetime-local` value, which has no zone, is Beijing time
 * whatever zone the server runs in (`2027-01-01T00:00` is midnight in China; ADR 0018).
 */
export function consoleFormValues(raw: unknown, beijingTimeFields: readonly string[] = []): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const entries = Object.entries(raw).map(([key, value]) => {
    if (typeof value !== 'string' || value.trim() === '') return [key, undefined];
    if (beijingTimeFields.includes(key) && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) {
      return [key, `${value}${value.length === 16 ? ':00' : ''}+08:00`];
    }
    return [key, value];
  });
  return Object.fromEntries(entries);
}
