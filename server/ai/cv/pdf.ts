import { createRequire } from 'node:module';
import path from 'node:path';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { fileEncrypted, fileInvalid, fileTooComplex } from './errors';
import { fold, isDateOnly } from './lines';
import { isSectionHeading } from './parse-cv';
import { PDF_LIMITS, scanPdf } from './pdf-scan';

/** A CV has a page or three; a 5 MB file could hold thousands, and the time limit would cut them anyway. */
export const MAX_PDF_PAGES = 30;

/** pdfjs ships the Adobe CMaps (Chinese PDFs with non-embedded fonts need them) and standard fonts. */
const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** The text of a PDF's pages in reading order, one line per line of print, pages apart by a blank line. */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number; title?: string }> {
  // The cheap pass first: a bomb is refused before pdfjs inflates or interprets any of it.
  scanPdf(bytes);
  // Loaded on first use: only PDFs pay for the library's start-up.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: bytes,
    cMapUrl: path.join(PDFJS_DIR, 'cmaps') + path.sep,
    cMapPacked: true,
    standardFontDataUrl: path.join(PDFJS_DIR, 'standard_fonts') + path.sep,
    // Text only: no script evaluation, no font loading, no image decoding beyond what parsing needs.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise.catch((error: unknown) => {
      if ((error as { name?: string }).name === 'PasswordException') throw fileEncrypted();
      throw fileInvalid('corrupt');
    });
    if (doc.numPages > PDF_LIMITS.maxPages) throw fileTooComplex('pdf-pages');
    const title = await titleOf(doc);
    const pages: string[] = [];
    for (let number = 1; number <= Math.min(doc.numPages, MAX_PDF_PAGES); number++) {
      const page = await doc.getPage(number);
      const content = await page.getTextContent();
      pages.push(pageText(content.items.filter((item): item is TextItem => 'str' in item)));
      page.cleanup();
    }
    return { text: pages.join('\n\n'), pages: doc.numPages, ...(title ? { title } : {}) };
  } finally {
    await task.destroy();
  }
}

/**
 * The document's title: the Info dictionary's Title, else XMP dc:title. Only a candidate for the
 * student's name (parse-cv decides); a metadata error is no reason to refuse the file.
 */
async function titleOf(doc: { getMetadata(): Promise<{ info: object; metadata: { get(name: string): unknown } | null }> }) {
  try {
    const { info, metadata } = await doc.getMetadata();
    const candidates = [(info as { Title?: unknown }).Title, metadata?.get('dc:title')];
    const title = candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '');
    return title?.trim().slice(0, 200);
  } catch {
    return undefined;
  }
}

/**
 * A page's text, column by column when it has a sidebar: runs left of a gap that runs down most
 * of the page, then those right of it (rows spanning the gap, a header or a footer, above and
 * below). Some writers (Canva-like tools, tables written row by row) emit the two columns' lines
 * interleaved, so one line of print read "技能\t教育背景" and the sidebar's skills, scores and
 * activities were cut apart; without such a gap the stream order stands.
 */
export function pageText(items: TextItem[]): string {
  const columns = splitColumns(items);
  if (!columns) return runsText(items);
  return columns
    .filter((group) => group.length)
    .map((group) => runsText(group).trimEnd())
    .join('\n\n');
}

/** Column detection stays cheap: a page with more runs than this is read in stream order. */
const MAX_COLUMN_RUNS = 20_000;
/** The gap's rows: rows crossing it may be at most this share (a header, a footer). */
const MAX_CROSSING_SHARE = 0.25;
const MIN_GAP = 10;
const MIN_COLUMN_ROWS = 3;

type Run = { item: TextItem; x: number; end: number; y: number; size: number; row: number };

/** [above, first column, second column, below] in stream order each, or null for a one-column page. */
export function splitColumns(items: TextItem[]): TextItem[][] | null {
  const runs: Run[] = [];
  for (const item of items) {
    if (item.str.trim() === '') continue;
    const [a, b, , d, x, y] = item.transform;
    runs.push({ item, x, end: x + Math.max(item.width, 0), y, size: Math.hypot(a, b) || Math.abs(d) || 10, row: 0 });
  }
  if (runs.length < 2 * MIN_COLUMN_ROWS || runs.length > MAX_COLUMN_RUNS) return null;
  // Rows by baseline, top down.
  const byY = [...runs].sort((p, q) => q.y - p.y);
  const rows: Run[][] = [];
  for (const run of byY) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(row[0].y - run.y) <= Math.min(row[0].size, run.size) * 0.5) row.push(run);
    else rows.push([run]);
    run.row = rows.length - 1;
  }
  if (rows.length < 2 * MIN_COLUMN_ROWS) return null;
  const minX = Math.min(...runs.map((run) => run.x));
  const maxX = Math.max(...runs.map((run) => run.end));
  // Too narrow for two columns, or positions no page has (a hostile transform).
  if (!(maxX - minX > 100 && maxX - minX < 1e6)) return null;
  // How many rows print over each stretch of x: a difference array of each row's merged spans.
  const bin = (maxX - minX) / 600;
  const bins = 602;
  const diff = new Int32Array(bins + 1);
  for (const row of rows) {
    const spans = row.map((run) => [run.x, run.end] as const).sort((p, q) => p[0] - q[0]);
    let [from, to] = spans[0];
    const mark = () => {
      diff[Math.floor((from - minX) / bin)]++;
      diff[Math.floor((to - minX) / bin) + 1]--;
    };
    for (const [x, end] of spans.slice(1)) {
      if (x <= to) to = Math.max(to, end);
      else {
        mark();
        [from, to] = [x, end];
      }
    }
    mark();
  }
  const low = rows.length * MAX_CROSSING_SHARE;
  const gaps: { from: number; to: number }[] = [];
  let covered = 0;
  let start = -1;
  for (let i = 0; i < bins; i++) {
    covered += diff[i];
    if (covered <= low) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (start > 0) gaps.push({ from: minX + start * bin, to: minX + i * bin });
      start = -1;
    }
  }
  gaps.sort((p, q) => q.to - q.from - (p.to - p.from));
  for (const gap of gaps.slice(0, 3)) {
    if (gap.to - gap.from < MIN_GAP) break;
    const split = splitAt(items, runs, rows, gap);
    if (split) return split;
  }
  return null;
}

function splitAt(items: TextItem[], runs: Run[], rows: Run[][], gap: { from: number; to: number }): TextItem[][] | null {
  const sideOf = (run: { x: number; end: number }) => (run.end <= gap.from + 1 ? 'left' : run.x >= gap.to - 1 ? 'right' : 'across');
  const crossing = new Set(runs.filter((run) => sideOf(run) === 'across').map((run) => run.row));
  if (crossing.size > rows.length * MAX_CROSSING_SHARE) return null;
  const sideRows = { left: new Set<number>(), right: new Set<number>() };
  for (const run of runs) {
    const side = sideOf(run);
    if (side !== 'across' && !crossing.has(run.row)) sideRows[side].add(run.row);
  }
  if (sideRows.left.size < MIN_COLUMN_ROWS || sideRows.right.size < MIN_COLUMN_ROWS) return null;
  const inColumns = [...sideRows.left, ...sideRows.right];
  const top = Math.min(...inColumns);
  const bottom = Math.max(...inColumns);
  const runOf = new Map(runs.map((run) => [run.item, run]));
  const groups: TextItem[][] = [[], [], [], []];
  const ABOVE = 0;
  const LEFT = 1;
  const RIGHT = 2;
  const BELOW = 3;
  let previous = -1;
  for (const item of items) {
    const run = runOf.get(item);
    let group: number;
    if (!run) {
      // A space run goes with the run before it, unless it is the gap itself.
      const [, , , , x] = item.transform;
      const side = sideOf({ x, end: x + Math.max(item.width, 0) });
      if (previous < 0 || ((previous === LEFT || previous === RIGHT) && side !== (previous === LEFT ? 'left' : 'right'))) continue;
      group = previous;
    } else if (crossing.has(run.row)) {
      group = run.row < top ? ABOVE : run.row > bottom ? BELOW : sideOf(run) === 'right' || run.x >= gap.to ? RIGHT : LEFT;
    } else {
      group = sideOf(run) === 'left' ? LEFT : RIGHT;
    }
    groups[group].push(item);
    previous = group;
  }
  // Columns hold sections: each side has a heading (a table of dates beside entries has none on one side).
  const left = linesOfGroup(groups[LEFT]);
  const right = linesOfGroup(groups[RIGHT]);
  if (!left.some(isSectionHeading) || !right.some(isSectionHeading)) return null;
  if (isDateColumn(left) || isDateColumn(right)) return null;
  // The column that starts without a heading holds the name and contacts: it goes first.
  const rightFirst = isSectionHeading(left[0]) && !isSectionHeading(right[0]);
  return rightFirst ? [groups[ABOVE], groups[RIGHT], groups[LEFT], groups[BELOW]] : groups;
}

const linesOfGroup = (group: TextItem[]) =>
  runsText(group)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** Most of the lines are dates alone: the dates beside a one-column CV's entries. */
const isDateColumn = (lines: string[]) => lines.filter((line) => isDateOnly(fold(line))).length * 2 >= lines.length;

/**
 * Lines from text runs in content-stream order. Writers (Word, LibreOffice, LaTeX, Chrome) emit a
 * column, a table cell or a text box as a whole, so stream order is reading order within a column
 * (splitColumns parts the columns of writers that emit them row by row); sorting by position
 * would interleave table cells and text boxes. A run starts a new line
 * when the previous ended one or the baseline moves; a wide horizontal gap on one line is a field
 * separator (a tab), a narrow one a space unless the script needs none (Chinese).
 */
function runsText(items: TextItem[]): string {
  let out = '';
  let last: { x: number; y: number; size: number; eol: boolean } | null = null;
  for (const item of items) {
    const [a, b, , d, x, y] = item.transform;
    const size = Math.hypot(a, b) || Math.abs(d) || 10;
    const blank = item.str.trim() === '';
    const sameLine = !!last && !last.eol && Math.abs(y - last.y) <= Math.min(size, last.size) * 0.5;
    if (last && !last.eol && !sameLine) {
      out += '\n';
      last.eol = true;
    }
    if (blank) {
      // Writers draw a column gap as one wide space run; a space at a line's start means nothing.
      if (sameLine && item.str !== '') out += item.width > size * 1.5 ? '\t' : endsInSpace(out) ? '' : ' ';
    } else {
      if (sameLine && last) {
        const gap = x - last.x;
        if (gap > size * 1.5) out += '\t';
        else if (gap > size * 0.2 && !endsInSpace(out) && !/^\s/.test(item.str) && !isCjk(out.at(-1)) && !isCjk(item.str[0])) out += ' ';
      }
      out += unspaced(item.str);
    }
    if (!blank || sameLine) last = { x: x + item.width, y, size, eol: false };
    if (item.hasEOL && last && !last.eol) {
      out += '\n';
      last.eol = true;
    }
  }
  return out;
}

const isCjk = (char: string | undefined) => !!char && /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(char);
/** The last character only: /\s$/ on the page so far is tried from every character (quadratic). */
const endsInSpace = (text: string) => text !== '' && /\s/.test(text[text.length - 1]);
/**
 * A run set with letter spacing comes from pdfjs as "L i" or "王 思 远" (every other character a
 * space); names in CV headers often are. Joined back, a separate space run still parts the words.
 */
const unspaced = (run: string) => (/^\S(?: \S)+$/.test(run) ? run.replace(/ /g, '') : run);
