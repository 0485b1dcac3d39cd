import type { EditorBlock } from '../../../../contracts/works';
import { longestBlock, timeLimit } from '../../../../tests/fixtures/event-loop';
import { exportFontPaths, exportFonts } from './fonts';
import { contentDisposition } from './index';
import { exportLines } from './layout';
import { pdfPieces, renderPdf } from './pdf';
import { liveExportThreads, renderDocument } from './render';

describe('contentDisposition', () => {
  it('keeps a Chinese title in filename* and never lets quotes, paths or line breaks through', () => {
    expect(contentDisposition('个人陈述.pdf')).toBe(`attachment; filename="_.pdf"; filename*=UTF-8''${encodeURIComponent('个人陈述.pdf')}`);
    const evil = contentDisposition('a"b\r\nSet-Cookie: x/../..\\c.docx');
    expect(evil).not.toMatch(/[\r\n]/);
    expect(evil).toBe(`attachment; filename="a_b_Set-Cookie_ x_.._.._c.docx"; filename*=UTF-8''a_b_Set-Cookie_%20x_.._.._c.docx`);
    expect(contentDisposition("it's (1).pdf")).toContain("filename*=UTF-8''it%27s%20%281%29.pdf");
  });
});

describe('exportLines', () => {
  const p = { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' as const };
  const b = (id: string, type: string, children: EditorBlock[] = []): EditorBlock => ({
    id,
    type,
    props: p,
    content: [{ type: 'text', text: id, styles: {} }],
    children,
  });

  it('numbers each run of numbered siblings from 1, keeps a run across nested children, and reads unknown types as paragraphs', () => {
    const lines = exportLines({
      blocks: [
        b('1', 'numberedListItem'),
        b('2', 'numberedListItem', [b('2.1', 'numberedListItem'), b('2.2', 'numberedListItem')]),
        b('3', 'numberedListItem'),
        b('p', 'image'),
        b('1again', 'numberedListItem'),
      ],
    });
    expect(lines.map((l) => [l.runs[0]!.text, l.kind, l.depth, l.number, l.listRun])).toEqual([
      ['1', 'numbered', 0, 1, 1],
      ['2', 'numbered', 0, 2, 1],
      ['2.1', 'numbered', 1, 1, 2],
      ['2.2', 'numbered', 1, 2, 2],
      ['3', 'numbered', 0, 3, 1],
      ['p', 'paragraph', 0, 0, 0],
      ['1again', 'numbered', 0, 1, 3],
    ]);
  });

  it('keeps only what XML and fonts can carry: control characters go, line breaks inside a run become spaces', () => {
    const [line] = exportLines({
      blocks: [{ ...b('x', 'paragraph'), content: [{ type: 'text', text: 'a\u000bb\r\nc\u0000d\te\uFFFF', styles: {} }] }],
    });
    expect(line!.runs[0]!.text).toBe('a b cd\te');
    expect(exportLines({ blocks: [{ ...b('y', 'paragraph'), content: [{ type: 'text', text: '\u0001', styles: {} }] }] })[0]!.runs).toEqual(
      [],
    );
  });
});

describe('export of the largest works (issue 22)', () => {
  const props = { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' as const };
  const paragraph = (i: number, text: string): EditorBlock => ({
    id: `p${i}`,
    type: 'paragraph',
    props,
    content: [{ type: 'text', text, styles: {} }],
    children: [],
  });
  const zh =
    '我第一次对计算机产生兴趣，是在初二那年帮爷爷修收音机。那台收音机已经很旧了，外壳裂了一道缝，声音时有时无。我翻遍了家里的工具箱，又在网上查了整整一个周末的资料。';
  /** The editor's limits: 2,000 blocks, 200,000 characters. */
  const largest = JSON.stringify({ blocks: Array.from({ length: 2000 }, (_, i) => paragraph(i, zh.repeat(2).slice(0, 100))) });
  const job = (format: 'pdf' | 'docx', json: string) => ({
    format,
    title: '测试',
    layout: 'essay' as const,
    label: null,
    document: { json },
    fonts: format === 'pdf' ? exportFontPaths({}) : undefined,
  });

  it('hands pdfkit a word without breaks in pieces, and never cuts text that has breaks', () => {
    expect(pdfPieces(zh.repeat(20))).toEqual([zh.repeat(20)]);
    expect(pdfPieces('word '.repeat(1000))).toEqual(['word '.repeat(1000)]);
    const url = `see https://example.com/${'a'.repeat(1000)} now`;
    const pieces = pdfPieces(url);
    expect(pieces.join('')).toBe(url);
    expect(pieces.length).toBe(3);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(400 + 'see https://example.com/'.length);
  });

  it('writes a 50,000-character word without spaces in linear time (pdfkit alone took 19 s for 8,000)', async () => {
    const start = performance.now();
    const runs = [
      {
        text: 'a'.repeat(50_000),
        bold: false,
        italic: false,
        underline: false,
        strike: false,
        code: false,
        color: null,
        background: null,
        href: null,
      },
    ];
    const lines = [
      {
        kind: 'paragraph' as const,
        level: 0,
        depth: 0,
        number: 0,
        listRun: 0,
        alignment: 'left' as const,
        color: null,
        background: null,
        runs,
      },
    ];
    const pdf = await renderPdf({ title: 't', layout: 'essay', lines, label: null, fonts: exportFonts({}) });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(performance.now() - start).toBeLessThan(10_000);
  });

  it("lays out PDF and DOCX in export threads: the server's event loop is never held for 100 ms", async () => {
    for (const format of ['pdf', 'docx'] as const) {
      const { result, blockMs } = await longestBlock(() => renderDocument(job(format, largest)));
      expect(result.length, format).toBeGreaterThan(10_000);
      expect(blockMs, format).toBeLessThan(timeLimit(100));
    }
    expect(liveExportThreads()).toBeGreaterThan(0);
  });

  it('writes a 200,000-character word without spaces in linear time (pdfkit alone took hours)', async () => {
    const start = performance.now();
    const pdf = await renderDocument(job('pdf', JSON.stringify({ blocks: [paragraph(0, 'a'.repeat(200_000))] })));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(performance.now() - start).toBeLessThan(20_000);
  });

  it('refuses an export over its time limit in Chinese, and the next export still works', async () => {
    await expect(renderDocument(job('pdf', largest), { timeoutMs: 50 })).rejects.toMatchObject({
      code: 'EXPORT_TIMEOUT',
      message: '文档过大，导出超时，请精简内容后重试',
    });
    const small = await renderDocument(job('docx', JSON.stringify({ blocks: [paragraph(0, zh)] })));
    expect(small.subarray(0, 2).toString()).toBe('PK');
  });
});
