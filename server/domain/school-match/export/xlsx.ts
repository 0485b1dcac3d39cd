import { strToU8, zipSync } from 'fflate';

/**
 * A minimal SpreadsheetML workbook (ECMA-376): one sheet, a bold header row, inline strings and
 * plain numbers, zipped with fflate. Enough for a list of at most a few hundred rows; written by
 * hand rather than with a spreadsheet library (ADR 0052 addendum). Strings are inline
 * (`t="inlineStr"`), so text starting with `=` stays text and is never read as a formula.
 */

/** A cell: text, a number (non-finite numbers are left empty), a number shown as a percentage, or empty. */
export type XlsxCell = string | number | { percent: number } | null | undefined;
export type XlsxSheet = { name: string; header: readonly string[]; rows: readonly (readonly XlsxCell[])[]; widths?: readonly number[] };

/** Excel's limit for one cell's text. */
const CELL_MAX_CHARS = 32_767;

/**
 * Characters XML 1.0 forbids (control characters other than tab and line breaks, U+FFFE/U+FFFF,
 * unpaired surrogates) are removed, and the C1 controls no font draws: one of them makes the whole workbook unreadable.
 */
export const xmlSafe = (text: string) =>
  // With the u flag a surrogate range matches only unpaired halves; tab and line breaks stay.
  text.replace(/[\p{Cc}\uFFFE\uFFFF\uD800-\uDFFF]/gu, (c) => (c === '\t' || c === '\n' || c === '\r' ? c : ''));

export const xmlEscape = (text: string) =>
  xmlSafe(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A, B, …, Z, AA, AB, … for a zero-based column. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Style indices of styles.xml's cellXfs: 0 plain, 1 bold (the header), 2 a percentage (0%). */
const STYLE = { plain: 0, header: 1, percent: 2 } as const;

function cellXml(ref: string, value: XlsxCell, header = false): string {
  if (value == null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  if (typeof value === 'object') {
    return Number.isFinite(value.percent) ? `<c r="${ref}" s="${STYLE.percent}"><v>${value.percent}</v></c>` : '';
  }
  const text = xmlEscape(value.slice(0, CELL_MAX_CHARS));
  if (!text) return '';
  const style = header ? ` s="${STYLE.header}"` : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
}

function rowXml(index: number, cells: readonly XlsxCell[], header = false): string {
  const r = index + 1;
  return `<row r="${r}">${cells.map((cell, c) => cellXml(`${columnName(c)}${r}`, cell, header)).join('')}</row>`;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export function sheetXml(sheet: XlsxSheet): string {
  const cols = sheet.widths?.length
    ? `<cols>${sheet.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
    : '';
  // The header row stays in view while scrolling.
  const view =
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
  const rows = [rowXml(0, sheet.header, true), ...sheet.rows.map((cells, i) => rowXml(i + 1, cells))].join('');
  return `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">${view}${cols}<sheetData>${rows}</sheetData></worksheet>`;
}

/** Sheet names: at most 31 characters, none of []:*?/\ (Excel refuses the file otherwise). */
const sheetName = (name: string) =>
  xmlSafe(name)
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || 'Sheet1';

export function writeXlsx(sheet: XlsxSheet): Buffer {
  const files: Record<string, string> = {
    '[Content_Types].xml':
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml':
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>` +
      `<sheet name="${xmlEscape(sheetName(sheet.name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml':
      `${XML}<styleSheet xmlns="${MAIN}">` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
      '<xf numFmtId="9" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>',
    'xl/worksheets/sheet1.xml': sheetXml(sheet),
  };
  const zipped = zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])), { level: 6 });
  return Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength);
}
