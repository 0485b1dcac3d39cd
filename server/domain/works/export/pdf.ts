import PDFDocument from 'pdfkit';
import { DomainError } from '../../errors';
import { PLATFORM_NAME, type AigcLabel } from './aigc';
import { FONT_MISSING_MESSAGE, type ExportFonts } from './fonts';
import { isCvLayout, type ExportLayout, type ExportLine } from './layout';

/**
 * PDF export with pdfkit. The CJK font is embedded (subset to the characters used), and pdfkit's
 * line breaker follows Unicode line breaking (UAX #14), which breaks between Chinese characters
 * where there are no spaces and keeps closing punctuation off the start of a line.
 */
export type PdfInput = { title: string; layout: ExportLayout; lines: ExportLine[]; label: AigcLabel | null; fonts: ExportFonts };

const INK = '#1A202C';
const MUTED = '#718096';
const RULE = '#4A5568';
/** Points per nesting level and for a list marker. */
const INDENT = 18;
const MARKER = 18;

const STYLE: Record<ExportLayout, { body: number; headings: readonly number[]; lineGap: number; after: number; margins: number }> = {
  essay: { body: 11, headings: [20, 16, 14, 12, 11, 11], lineGap: 3, after: 6, margins: 64 },
  cv_one_page: { body: 10, headings: [18, 12.5, 11, 10.5, 10, 10], lineGap: 1.5, after: 2.5, margins: 46 },
  cv_two_page: { body: 11, headings: [20, 13.5, 12, 11, 11, 11], lineGap: 2.5, after: 4, margins: 56 },
};

/**
 * pdfkit breaks a word wider than the line by measuring the rest of the word again for each line,
 * so one 200,000-character word (a paste without spaces) cost the square of its length: hours.
 * A run of more than LONG_WORD characters without a place to break is handed over in pieces of
 * LONG_WORD (consecutive `continued` texts, so they flow on the same line as one word would); the
 * cost is then linear. Text with spaces or Chinese between is never cut.
 */
const LONG_WORD = 400;
/** Where a line may break anyway: whitespace, CJK characters and punctuation, full-width forms, hyphens. */
const BREAKABLE = /[\s\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef-]/;

export function pdfPieces(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  let word = 0;
  for (let i = 0; i < text.length; i++) {
    if (BREAKABLE.test(text[i]!)) {
      word = 0;
      continue;
    }
    // Never between the halves of a surrogate pair.
    if (++word > LONG_WORD && !(text.charCodeAt(i) >= 0xdc00 && text.charCodeAt(i) <= 0xdfff)) {
      pieces.push(text.slice(start, i));
      start = i;
      word = 1;
    }
  }
  pieces.push(text.slice(start));
  return pieces;
}

export function renderPdf(input: PdfInput): Promise<Buffer> {
  const style = STYLE[input.layout];
  const cv = isCvLayout(input.layout);
  const info: PDFKit.DocumentInfo & Record<string, string> = {
    Title: input.title,
    Author: PLATFORM_NAME,
    Creator: PLATFORM_NAME,
    Producer: PLATFORM_NAME,
  };
  if (input.label) {
    info.Subject = input.label.text;
    info.Keywords = input.label.keywords;
    // GB 45438-2025: the implicit label as a custom key of the document information dictionary.
    info.AIGC = input.label.metadata;
  }
  const doc = new PDFDocument({ size: 'A4', margin: style.margins, info, lang: 'zh-CN', displayTitle: true, bufferPages: false });
  try {
    doc.registerFont('regular', input.fonts.regular.data, input.fonts.regular.name);
    doc.registerFont('bold', input.fonts.bold.data, input.fonts.bold.name);
    doc.font('regular');
  } catch {
    // The file is there but is not the font (or the collection lacks the face named).
    throw new DomainError('INTERNAL_ERROR', FONT_MISSING_MESSAGE);
  }

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const fullWidth = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  for (const line of input.lines) {
    const heading = line.kind === 'heading';
    const size = heading ? style.headings[line.level - 1]! : style.body;
    const indent = line.depth * INDENT + (line.kind === 'quote' ? INDENT : 0);
    const listItem = line.kind === 'bullet' || line.kind === 'numbered';
    const x = left + indent + (listItem ? MARKER : 0);
    const width = fullWidth - (x - left);

    if (heading) doc.moveDown(cv ? (line.level <= 2 ? 0.5 : 0.2) : 0.6);
    doc.fontSize(size);
    // Keep a marker and the first line of its text on one page.
    if (doc.y + doc.currentLineHeight(true) > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;

    const markerColor = line.color ? `#${line.color}` : INK;
    if (line.kind === 'numbered')
      doc
        .font('regular')
        .fillColor(markerColor)
        .text(`${line.number}.`, x - MARKER, top, { width: MARKER - 4, align: 'right', lineBreak: false });
    if (line.kind === 'bullet') drawBullet(doc, x - MARKER / 2 - 1, top + doc.currentLineHeight() / 2, line.depth, size, markerColor);

    const runs = line.runs.length > 0 ? line.runs : null;
    if (!runs) {
      doc.text(' ', x, top, { width, lineGap: style.lineGap });
    } else {
      let first = true;
      runs.forEach((run, i) => {
        const color = run.color ?? line.color;
        doc
          .font(run.bold || heading ? 'bold' : 'regular')
          .fillColor(color ? `#${color}` : run.href ? '#1155CC' : line.kind === 'quote' ? '#4A5568' : INK);
        const pieces = pdfPieces(run.text);
        pieces.forEach((piece, k) => {
          const options: PDFKit.Mixins.TextOptions = {
            continued: i < runs.length - 1 || k < pieces.length - 1,
            underline: run.underline || !!run.href,
            strike: run.strike,
            // Noto CJK has no italic: a slant, as word processors synthesise it.
            oblique: run.italic ? 12 : false,
            link: run.href ?? undefined,
            lineGap: style.lineGap,
          };
          if (first) doc.text(piece, x, top, { ...options, width, align: line.alignment });
          else doc.text(piece, options);
          first = false;
        });
      });
    }
    const bottom = doc.y;

    if (line.kind === 'quote' && doc.y > top) {
      doc
        .save()
        .moveTo(x - 8, top)
        .lineTo(x - 8, bottom - style.lineGap)
        .lineWidth(2)
        .strokeColor('#CBD5E0')
        .stroke()
        .restore();
    }
    // A CV's sections are set off by a rule under the heading.
    if (heading && cv && line.level === 2) {
      doc
        .save()
        .moveTo(left, bottom + 1)
        .lineTo(left + fullWidth, bottom + 1)
        .lineWidth(0.75)
        .strokeColor(RULE)
        .stroke()
        .restore();
      doc.y = bottom + 4;
    }
    doc.x = left;
    doc.y += style.after;
  }

  if (input.label) {
    // A footer in the last page's bottom margin, not a line after the text: a CV that fits one
    // page stays one page with its label (after the text, it spilled onto a second).
    const size = 8.5;
    const y = doc.page.height - doc.page.margins.bottom + Math.max(4, (doc.page.margins.bottom - size * 1.5 - 4) / 3);
    doc
      .save()
      .moveTo(left, y)
      .lineTo(left + fullWidth, y)
      .lineWidth(0.5)
      .strokeColor('#A0AEC0')
      .stroke()
      .restore();
    // Without a width pdfkit draws the line as it is: no wrapping, so no new page below the margin.
    doc
      .font('regular')
      .fontSize(size)
      .fillColor(MUTED)
      .text(input.label.text, left, y + 4, { lineBreak: false });
  }
  doc.end();
  return done;
}

/**
 * Bullets are drawn, not typed: Noto CJK's • is a small middle dot (the same glyph as ·), too
 * faint for a list. Filled circle, hollow circle, filled square by depth, as word processors cycle.
 */
function drawBullet(doc: PDFKit.PDFDocument, cx: number, cy: number, depth: number, size: number, color: string) {
  const r = size * 0.17;
  doc.save();
  switch (depth % 3) {
    case 0:
      doc.circle(cx, cy, r).fill(color);
      break;
    case 1:
      doc
        .circle(cx, cy, r)
        .lineWidth(size * 0.06)
        .stroke(color);
      break;
    default:
      doc.rect(cx - r, cy - r, r * 2, r * 2).fill(color);
  }
  doc.restore();
}
