import {
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type IParagraphOptions,
} from 'docx';
import { MATCH_BAND_LABELS, MATCH_BANDS, type MatchItem, type SavedMatchResult } from '../../../../contracts/school-match';
import { PLATFORM_NAME, type AigcLabel } from '../../works/export/aigc';
import { DOCX_FONTS } from '../../works/export/docx';
import { printable } from '../../works/export/layout';
import { applicantLines, CATALOGUE_NOTE, chinaDay, DEGREE_LABELS, METHOD_LABELS, probabilityText, type ProgramSource } from './labels';

/**
 * A saved 选校 run as a Word document (issue 26): the applicant, one section per band with a
 * table per program (its range, method, evidence, gaps and cost exactly as the run computed
 * them), the narrative or the structured summary, and where the catalogue's data comes from.
 */

const FONT = { ascii: DOCX_FONTS.latin, hAnsi: DOCX_FONTS.latin, cs: DOCX_FONTS.latin, eastAsia: DOCX_FONTS.eastAsia };
const GREY = '718096';

export type MatchDocxInput = {
  title: string;
  studentName: string;
  result: SavedMatchResult;
  /** The catalogue's source and verification date per program still visible to the caller. */
  sources: ReadonlyMap<string, ProgramSource>;
  label: AigcLabel | null;
};

const para = (text: string, options: IParagraphOptions & { size?: number; color?: string; bold?: boolean } = {}) => {
  const { size, color, bold, ...rest } = options;
  return new Paragraph({ ...rest, children: [new TextRun({ text: printable(text), size, color, bold, font: FONT })] });
};

/** A label cell and a value cell; several values are one paragraph each. */
function row(label: string, values: readonly string[]): TableRow {
  const border = { style: BorderStyle.SINGLE, size: 4, color: 'CBD5E0' };
  const borders = { top: border, bottom: border, left: border, right: border };
  return new TableRow({
    children: [
      new TableCell({
        width: { size: 22, type: WidthType.PERCENTAGE },
        borders,
        shading: { fill: 'EDF2F7' },
        children: [para(label, { bold: true })],
      }),
      new TableCell({
        width: { size: 78, type: WidthType.PERCENTAGE },
        borders,
        children: (values.length ? values : ['—']).map((v) => para(v)),
      }),
    ],
  });
}

function programTable(item: MatchItem, source: ProgramSource | undefined): Table {
  const evidence = item.evidence.map((e) => e.text).filter(Boolean);
  const rows = [
    row('学校', [item.school]),
    row('项目', [item.programZh ? `${item.program}（${item.programZh}）` : item.program]),
    row('学位', [DEGREE_LABELS[item.degree]]),
    row('国家/地区', [item.country ?? '未知']),
    row('录取概率', [probabilityText(item.probability)]),
    row('方法', [METHOD_LABELS[item.method]]),
    row('主要依据', evidence),
    row('差距', item.gaps.length ? item.gaps.map((g) => g.text) : ['无']),
    row('费用', [item.cost?.text ?? '未知']),
  ];
  if (source) rows.push(row('数据来源', [source.text]));
  return new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows });
}

export async function renderMatchDocx(input: MatchDocxInput): Promise<Buffer> {
  const { result } = input;
  const created = chinaDay(result.createdAt);
  const children: (Paragraph | Table)[] = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      children: [new TextRun({ text: printable(input.title), font: FONT, bold: true, size: 40 })],
    }),
    para(`学生：${input.studentName}\u3000生成日期：${created}\u3000共 ${result.items.length} 个项目`, {
      color: GREY,
      spacing: { after: 200 },
    }),
    para('申请人概况', { heading: HeadingLevel.HEADING_1 }),
    ...applicantLines(result.applicant).map((line) => para(line, { spacing: { after: 60 } })),
  ];
  for (const band of MATCH_BANDS) {
    const items = result.items.filter((i) => i.band === band);
    children.push(para(`${MATCH_BAND_LABELS[band]}（${items.length}）`, { heading: HeadingLevel.HEADING_1 }));
    if (items.length === 0) children.push(para('本档没有项目。', { color: GREY }));
    items.forEach((item, i) => {
      children.push(
        para(`${i + 1}. ${item.school} · ${item.program}`, { heading: HeadingLevel.HEADING_2 }),
        programTable(item, input.sources.get(item.programId)),
      );
    });
  }
  children.push(para('总结', { heading: HeadingLevel.HEADING_1 }));
  if (result.narrative) {
    for (const text of result.narrative.text.split(/\n+/).filter((t) => t.trim())) children.push(para(text, { spacing: { after: 120 } }));
    if (result.narrative.unsupported.length) {
      children.push(
        para(`提示：以下内容未能在清单数据中核实，请核对：${result.narrative.unsupported.map((u) => u.text).join('、')}`, { color: GREY }),
      );
    }
  } else {
    for (const band of result.summary) {
      children.push(para(band.title, { heading: HeadingLevel.HEADING_2 }));
      if (band.lines.length === 0) children.push(para('无', { color: GREY }));
      for (const line of band.lines) children.push(para(`• ${line}`, { spacing: { after: 60 } }));
    }
  }
  children.push(
    para(CATALOGUE_NOTE, {
      size: 18,
      color: GREY,
      spacing: { before: 360 },
      border: { top: { style: BorderStyle.SINGLE, size: 4, color: 'A0AEC0', space: 4 } },
    }),
  );
  if (input.label) children.push(para(input.label.text, { size: 18, color: GREY }));

  const doc = new Document({
    title: input.title,
    creator: PLATFORM_NAME,
    description: input.label?.text,
    keywords: input.label?.keywords,
    customProperties: input.label ? [{ name: 'AIGC', value: input.label.metadata }] : undefined,
    styles: { default: { document: { run: { font: FONT, size: 21 } } } },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}
