import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { SCHOOL_MATCH_CSV_MAX_RECORD_CHARS, SCHOOL_MATCH_CSV_MAX_ROWS } from '../../../contracts/school-match';
import { DomainError } from '../errors';

/**
 * The CSV uploads of school matching (cases, programs): bytes to text (UTF-8 with or without a
 * BOM, else GBK, as Excel saves on a Chinese Windows), then rows by header name. Parsing is
 * streamed in chunks so a large file yields to other requests between them (ADR 0034).
 */

const fileInvalid = (message: string) => new DomainError('FILE_INVALID', message, { field: 'file' });

/** Signatures of files people upload by mistake instead of a CSV. */
const SIGNATURES: Array<{ bytes: number[]; message: string }> = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], message: '这是 Excel（xlsx）或压缩文件，不是 CSV：请在 Excel 中“另存为 CSV UTF-8”后上传' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], message: '这是旧版 Excel（xls）或 Word 文件，不是 CSV：请在 Excel 中“另存为 CSV UTF-8”后上传' },
  { bytes: [0x25, 0x50, 0x44, 0x46], message: '这是 PDF 文件，不是 CSV：请上传 CSV 表格文件' },
  { bytes: [0xff, 0xfe], message: '这是 UTF-16 编码的文本：请在 Excel 中“另存为 CSV UTF-8”后上传' },
  { bytes: [0xfe, 0xff], message: '这是 UTF-16 编码的文本：请在 Excel 中“另存为 CSV UTF-8”后上传' },
];

/**
 * The file's text: strict UTF-8 first (a BOM is dropped), then GBK (GB18030, its superset).
 * Refuses what is not text: a known binary signature, a NUL byte, or control characters.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'gbk' } {
  if (bytes.length === 0) throw fileInvalid('文件为空，请上传 CSV 文件');
  for (const { bytes: sig, message } of SIGNATURES) {
    if (sig.every((b, i) => bytes[i] === b)) throw fileInvalid(message);
  }
  if (bytes.includes(0)) throw fileInvalid('文件不是文本格式的 CSV（含有二进制内容），请上传 CSV 表格文件');
  let text: string;
  let encoding: 'utf-8' | 'gbk';
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    encoding = 'utf-8';
  } catch {
    try {
      text = new TextDecoder('gb18030', { fatal: true }).decode(bytes);
      encoding = 'gbk';
    } catch {
      throw fileInvalid('无法识别文件编码：请保存为 UTF-8 或 GBK 编码的 CSV 文件');
    }
  }
  // Control characters other than tab and line breaks do not occur in a table typed by people.
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) {
    throw fileInvalid('文件不是文本格式的 CSV（含有控制字符），请上传 CSV 表格文件');
  }
  return { text, encoding };
}

/** A data row by header name (lower-cased, trimmed), with its spreadsheet row number (the header is row 1). */
export type CsvRow = { row: number; values: Record<string, string> };

const CHUNK_CHARS = 64 * 1024;
/** Rows between turns of the event loop: stream chunks and PGlite answers resolve as microtasks, which never let I/O in. */
const ROWS_PER_TURN = 500;
export const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads the header, refuses a file without one of `required`, keeps only the `known` columns
 * (unknown ones are ignored) and calls `onRow` for each row that is not blank. At most
 * SCHOOL_MATCH_CSV_MAX_ROWS data rows.
 */
export async function readCsvRows(
  text: string,
  options: { known: readonly string[]; required: readonly string[] },
  onRow: (row: CsvRow) => void | Promise<void>,
): Promise<{ rows: number }> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
    max_record_size: SCHOOL_MATCH_CSV_MAX_RECORD_CHARS,
  });
  const chunks = function* () {
    for (let at = 0; at < text.length; at += CHUNK_CHARS) yield text.slice(at, at + CHUNK_CHARS);
  };
  const source = Readable.from(chunks());
  source.pipe(parser);
  source.on('error', (error) => parser.destroy(error));

  let columns: Array<string | null> | null = null;
  let record = 0;
  let rows = 0;
  try {
    for await (const fields of parser as AsyncIterable<string[]>) {
      record++;
      if (!columns) {
        const names = fields.map((f) => f.trim().toLowerCase());
        const missing = options.required.filter((name) => !names.includes(name));
        if (missing.length) throw fileInvalid(`缺少必填列：${missing.join('、')}（第1行应为表头）`);
        columns = names.map((name) => (options.known.includes(name) ? name : null));
        continue;
      }
      if (record % ROWS_PER_TURN === 0) await yieldNow();
      if (fields.every((f) => f === '')) continue;
      if (++rows > SCHOOL_MATCH_CSV_MAX_ROWS) {
        throw fileInvalid(`文件行数过多：每次最多导入 ${SCHOOL_MATCH_CSV_MAX_ROWS} 行，请拆分后分批上传`);
      }
      const values: Record<string, string> = {};
      columns.forEach((name, i) => {
        // The first of two columns of one name wins.
        if (name && values[name] === undefined) values[name] = fields[i] ?? '';
      });
      await onRow({ row: record, values });
    }
  } catch (error) {
    source.destroy();
    if (error instanceof DomainError) throw error;
    const line = (error as { lines?: number }).lines;
    throw fileInvalid(`CSV 格式错误${line ? `（第${line}行附近）` : ''}：${csvProblem(error)}`);
  }
  if (!columns) throw fileInvalid('文件没有内容：第1行应为表头');
  return { rows };
}

function csvProblem(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'CSV_MAX_RECORD_SIZE') return '某一行过长';
  if (code === 'CSV_QUOTE_NOT_CLOSED') return '引号未闭合';
  return '无法解析，请检查文件是否为 CSV';
}

/** A value as written, or undefined when blank (the column is optional). */
export const blankToUndefined = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

/** Names compared as people write them: case, width, punctuation and spacing do not matter. */
export function normaliseName(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
