import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  Footer,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  ShadingType,
  TextRun,
  type IParagraphOptions,
  type IRunOptions,
} from 'docx';
import { PLATFORM_NAME, type AigcLabel } from './aigc';
import { BULLETS, isCvLayout, type ExportLayout, type ExportLine, type ExportRun } from './layout';

/**
 * DOCX export. Chinese text needs the East Asian font slot (`w:eastAsia`): Word picks the font
 * of each character by its script, and a run that names only a Latin font shows Chinese in
 * whatever the reader's default is. Noto Sans CJK SC is the font the PDF embeds; a reader without
 * it gets Word's CJK fallback, never boxes.
 */
export const DOCX_FONTS = { latin: 'Calibri', eastAsia: 'Noto Sans CJK SC' } as const;
const FONT = { ascii: DOCX_FONTS.latin, hAnsi: DOCX_FONTS.latin, cs: DOCX_FONTS.latin, eastAsia: DOCX_FONTS.eastAsia };

export type DocxInput = { title: string; layout: ExportLayout; lines: ExportLine[]; label: AigcLabel | null };

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;
const ALIGNMENTS = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.JUSTIFIED,
} as const;

/** Twips per nesting level (a quarter inch). */
const INDENT = 360;
/** Font sizes in half-points, paragraph spacing in twips, page margins in twips (Word's default where absent). */
const STYLE: Record<
  ExportLayout,
  {
    body: number;
    headings: readonly number[];
    line: number;
    after: number;
    margins?: { top: number; bottom: number; left: number; right: number };
  }
> = {
  essay: { body: 22, headings: [36, 30, 26, 24, 22, 22], line: 312, after: 120 },
  cv_one_page: {
    body: 20,
    headings: [32, 24, 22, 21, 20, 20],
    line: 264,
    after: 40,
    margins: { top: 850, bottom: 850, left: 1000, right: 1000 },
  },
  cv_two_page: {
    body: 22,
    headings: [36, 26, 24, 22, 22, 22],
    line: 300,
    after: 80,
    margins: { top: 1134, bottom: 1134, left: 1134, right: 1134 },
  },
};

/** Twips from the page's bottom edge to a CV's footer: with its 9 pt line it stays inside the 850-twip margin. */
const CV_FOOTER_DISTANCE = 360;

function runOptions(run: ExportRun, line: ExportLine): IRunOptions {
  const color = run.color ?? line.color ?? undefined;
  const background = run.background ?? line.background;
  return {
    text: run.text,
    bold: run.bold || undefined,
    italics: run.italic || undefined,
    underline: run.underline || run.href ? {} : undefined,
    strike: run.strike || undefined,
    color: run.href && !color ? '1155CC' : color,
    font: run.code ? { ...FONT, ascii: 'Consolas', hAnsi: 'Consolas' } : FONT,
    shading: background ? { type: ShadingType.CLEAR, color: 'auto', fill: background } : undefined,
  };
}

function children(line: ExportLine) {
  return line.runs.map((run) => {
    const text = new TextRun(runOptions(run, line));
    return run.href ? new ExternalHyperlink({ link: run.href, children: [text] }) : text;
  });
}

/**
 * The numbered lists: one numbering definition, a new instance per run of numbered siblings so
 * each list counts from 1 again (a list after a heading does not go on from the one before it).
 */
const NUMBERED = 'numbered';
const BULLETED = 'bulleted';
const levels = (format: (typeof LevelFormat)[keyof typeof LevelFormat], text: (level: number) => string) =>
  Array.from({ length: 9 }, (_, level) => ({
    level,
    format,
    text: text(level),
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: INDENT * (level + 1), hanging: INDENT } } },
  }));

function paragraphFor(line: ExportLine, layout: ExportLayout): Paragraph {
  const cv = isCvLayout(layout);
  const base: IParagraphOptions = {
    alignment: ALIGNMENTS[line.alignment],
    children: children(line),
    shading: line.background && line.runs.length === 0 ? { type: ShadingType.CLEAR, color: 'auto', fill: line.background } : undefined,
    spacing: { after: STYLE[layout].after, line: STYLE[layout].line },
  };
  const indent = line.depth > 0 ? { left: INDENT * line.depth } : undefined;
  switch (line.kind) {
    case 'heading':
      return new Paragraph({
        ...base,
        heading: HEADINGS[line.level - 1],
        // A CV's sections are set off by a rule under the heading.
        border: cv && line.level === 2 ? { bottom: { style: BorderStyle.SINGLE, size: 6, color: '4A5568', space: 1 } } : undefined,
        spacing: cv ? { before: line.level <= 2 ? 160 : 80, after: 60 } : { before: 240, after: 120 },
        indent,
      });
    case 'bullet':
      return new Paragraph({ ...base, numbering: { reference: BULLETED, level: Math.min(line.depth, 8) } });
    case 'numbered':
      return new Paragraph({ ...base, numbering: { reference: NUMBERED, level: Math.min(line.depth, 8), instance: line.listRun } });
    case 'quote':
      return new Paragraph({
        ...base,
        indent: { left: INDENT * (line.depth + 1) },
        border: { left: { style: BorderStyle.SINGLE, size: 18, color: 'CBD5E0', space: 8 } },
      });
    default:
      return new Paragraph({ ...base, indent });
  }
}

function labelParagraph(label: AigcLabel, footer = false): Paragraph {
  return new Paragraph({
    spacing: { before: footer ? 0 : 240 },
    border: { top: { style: BorderStyle.SINGLE, size: 4, color: 'A0AEC0', space: 4 } },
    children: [new TextRun({ text: label.text, size: 18, color: '718096', font: FONT })],
  });
}

export async function renderDocx(input: DocxInput): Promise<Buffer> {
  const style = STYLE[input.layout];
  // A CV's label is the page footer, in the bottom margin (the footer set closer to the edge than
  // Word's 720 so it fits there): a CV that fits its pages keeps them. An essay's ends the text.
  const footerLabel = input.label && isCvLayout(input.layout) ? input.label : null;
  const heading = (i: number) => ({
    run: { font: FONT, size: style.headings[i], bold: true, color: isCvLayout(input.layout) ? '1A202C' : '2D3748' },
    paragraph: { spacing: { before: 240, after: 120 } },
  });
  const doc = new Document({
    title: input.title,
    creator: PLATFORM_NAME,
    description: input.label?.text,
    subject: input.label ? input.label.text : undefined,
    keywords: input.label?.keywords,
    customProperties: input.label ? [{ name: 'AIGC', value: input.label.metadata }] : undefined,
    styles: {
      default: {
        document: { run: { font: FONT, size: style.body } },
        heading1: heading(0),
        heading2: heading(1),
        heading3: heading(2),
        heading4: heading(3),
        heading5: heading(4),
        heading6: heading(5),
      },
    },
    numbering: {
      config: [
        { reference: NUMBERED, levels: levels(LevelFormat.DECIMAL, (level) => `%${level + 1}.`) },
        { reference: BULLETED, levels: levels(LevelFormat.BULLET, (level) => BULLETS[level % BULLETS.length]!) },
      ],
    },
    sections: [
      {
        properties: style.margins ? { page: { margin: { ...style.margins, footer: CV_FOOTER_DISTANCE } } } : {},
        footers: footerLabel ? { default: new Footer({ children: [labelParagraph(footerLabel, true)] }) } : undefined,
        children: [
          ...input.lines.map((line) => paragraphFor(line, input.layout)),
          ...(input.label && !footerLabel ? [labelParagraph(input.label)] : []),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
