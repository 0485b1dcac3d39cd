import { strFromU8, unzipSync } from 'fflate';
import { columnName, writeXlsx, xmlSafe } from './xlsx';

const unzip = (bytes: Buffer) => Object.fromEntries(Object.entries(unzipSync(new Uint8Array(bytes))).map(([k, v]) => [k, strFromU8(v)]));

describe('writeXlsx', () => {
  const sheet = {
    name: '选校清单',
    header: ['学校', '概率', '学费(美元)', '备注'],
    rows: [
      ['Fictional <Univ> & "Co"', { percent: 0.35 }, 40000, '=1+1'],
      ['Bad\u0000\u0008char\uFFFE\uD800s\nkept', null, Number.NaN, undefined],
    ],
    widths: [30, 10, 12, 20],
  };

  it('is a zip package with the parts Excel needs, its one sheet named', () => {
    const bytes = writeXlsx(sheet);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const files = unzip(bytes);
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(files['xl/workbook.xml']).toContain('<sheet name="选校清单" sheetId="1" r:id="rId1"/>');
    expect(files['[Content_Types].xml']).toContain('/xl/worksheets/sheet1.xml');
  });

  it('writes a bold header, inline strings escaped, numbers as numbers, percentages styled, and drops what XML forbids', () => {
    const xml = unzip(writeXlsx(sheet))['xl/worksheets/sheet1.xml']!;
    expect(xml).toContain('<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">学校</t></is></c>');
    expect(xml).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">Fictional &lt;Univ&gt; &amp; &quot;Co&quot;</t></is></c>');
    expect(xml).toContain('<c r="B2" s="2"><v>0.35</v></c>');
    expect(xml).toContain('<c r="C2"><v>40000</v></c>');
    // Text that looks like a formula stays text: no <f> element anywhere.
    expect(xml).toContain('<c r="D2" t="inlineStr"><is><t xml:space="preserve">=1+1</t></is></c>');
    expect(xml).not.toContain('<f>');
    expect(xml).toContain('<row r="3"><c r="A3" t="inlineStr"><is><t xml:space="preserve">Badchars\nkept</t></is></c></row>');
    expect(xml).toContain('<col min="1" max="1" width="30" customWidth="1"/>');
    expect([...xml].filter((c) => (c < ' ' && c !== '\n') || c === '\uFFFE')).toEqual([]);
  });

  it('names columns past Z and keeps surrogate pairs', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(xmlSafe('学校😀\uDC00')).toBe('学校😀');
  });
});
