import type { EditorBlock } from '../../../../contracts/works';
import { contentDisposition } from './index';
import { exportLines } from './layout';

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
