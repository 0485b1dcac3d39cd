/**
 * CSV for people who open it in Excel or WPS: cells quoted when needed, and a cell that a
 * spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return) is
 * prefixed with a single quote, so exported text stays text (CSV injection).
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole document: header and rows, CRLF line ends, with the byte-order mark Excel needs to read UTF-8 Chinese. */
export function csvDocument(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
