import { createRequire } from 'node:module';
import path from 'node:path';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { fileEncrypted, fileInvalid, fileTooComplex } from './errors';
import { PDF_LIMITS, scanPdf } from './pdf-scan';

/** A CV has a page or three; a 5 MB file could hold thousands, and the time limit would cut them anyway. */
export const MAX_PDF_PAGES = 30;

/** pdfjs ships the Adobe CMaps (Chinese PDFs with non-embedded fonts need them) and standard fonts. */
const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** The text of a PDF's pages in reading order, one line per line of print, pages apart by a blank line. */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
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
    const pages: string[] = [];
    for (let number = 1; number <= Math.min(doc.numPages, MAX_PDF_PAGES); number++) {
      const page = await doc.getPage(number);
      const content = await page.getTextContent();
      pages.push(pageText(content.items.filter((item): item is TextItem => 'str' in item)));
      page.cleanup();
    }
    return { text: pages.join('\n\n'), pages: doc.numPages };
  } finally {
    await task.destroy();
  }
}

/**
 * Lines from text runs in content-stream order. Writers (Word, LibreOffice, LaTeX, Chrome) emit a
 * column, a table cell or a text box as a whole, so stream order is reading order, multi-column
 * layouts included; sorting by position would interleave the columns. A run starts a new line
 * when the previous ended one or the baseline moves; a wide horizontal gap on one line is a field
 * separator (a tab), a narrow one a space unless the script needs none (Chinese).
 */
export function pageText(items: TextItem[]): string {
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
