import { editorDocumentSchema, type EditorBlock, type EditorDocument } from '../../../contracts/works';
import { blocksToDoc, docToBlocks, normalizeDocument } from './convert';
import { documentHtml, readOnlyDocumentHtml } from './static-html';

const props = (extra: Partial<EditorBlock['props']> = {}): EditorBlock['props'] => ({
  textColor: 'default',
  backgroundColor: 'default',
  textAlignment: 'left',
  ...extra,
});
const text = (t: string, styles: Record<string, string | boolean> = {}) => ({ type: 'text' as const, text: t, styles });
const block = (id: string, type: string, content: EditorBlock['content'], children: EditorBlock[] = [], p = props()): EditorBlock => ({
  id,
  type,
  props: p,
  content,
  children,
});

/** Every node, mark, prop and nesting the format has, as the contract's parser outputs it. */
const FULL: EditorDocument = {
  blocks: [
    block('h1', 'heading', [text('个人陈述 Personal Statement')], [], props({ level: 1, textAlignment: 'center' })),
    block('h3', 'heading', [text('Level three')], [], props({ level: 3 })),
    block('p1', 'paragraph', [
      text('Plain, '),
      text('bold', { bold: true }),
      text(', '),
      text('italic', { italic: true }),
      text(' '),
      text('underline', { underline: true }),
      text(' '),
      text('strike', { strike: true }),
      text(' '),
      text('all four', { bold: true, italic: true, underline: true, strike: true }),
      text(' '),
      text('红字', { textColor: 'red' }),
      text('底色', { backgroundColor: 'yellow', bold: true }),
      { type: 'link', text: '链接', styles: { italic: true }, href: 'https://example.com/a?b=1' },
      text(' code', { code: true }),
    ]),
    block('p2', 'paragraph', [text('右对齐彩色段落')], [], props({ textAlignment: 'right', textColor: 'blue', backgroundColor: 'gray' })),
    block('p3', 'paragraph', [text('justify')], [], props({ textAlignment: 'justify' })),
    block(
      'b1',
      'bulletListItem',
      [text('第一项')],
      [
        block('b1a', 'bulletListItem', [text('嵌套一')], [block('b1a1', 'numberedListItem', [text('三层')])]),
        block('b1b', 'bulletListItem', [text('嵌套二')]),
      ],
    ),
    block('b2', 'bulletListItem', [text('第二项')]),
    block('n1', 'numberedListItem', [text('one')]),
    block('n2', 'numberedListItem', [text('two')], [block('n2a', 'numberedListItem', [text('two.one')])]),
    block('q1', 'quote', [text('引用 '), text('quoted', { italic: true })]),
    // A paragraph with children: the format allows nesting under any block.
    block('p4', 'paragraph', [text('parent')], [block('p4a', 'paragraph', [text('child')], [], props({ textColor: 'green' }))]),
    block('e1', 'paragraph', []),
    block('h6', 'heading', [], [], props({ level: 6 })),
  ],
};

describe('editor document ⇄ ProseMirror', () => {
  it('round-trips every node, mark, prop, nesting and id exactly', () => {
    const parsed = editorDocumentSchema.parse(FULL);
    expect(parsed).toEqual(FULL);
    const doc = blocksToDoc(FULL);
    doc.check();
    expect(docToBlocks(doc)).toEqual(FULL);
    // And again through ProseMirror's own JSON (what a saved editor state holds).
    expect(docToBlocks(doc.type.schema.nodeFromJSON(doc.toJSON()))).toEqual(FULL);
  });

  it('maps the format onto the schema: one container per block, children in a group', () => {
    const doc = blocksToDoc(FULL);
    expect(doc.childCount).toBe(FULL.blocks.length);
    const list = doc.child(5);
    expect(list.attrs.id).toBe('b1');
    expect(list.firstChild!.type.name).toBe('bulletListItem');
    expect(list.child(1).type.name).toBe('blockGroup');
    expect(list.child(1).child(0).child(1).child(0).firstChild!.type.name).toBe('numberedListItem');
    const heading = doc.child(0).firstChild!;
    expect(heading.attrs).toEqual({ textColor: 'default', backgroundColor: 'default', textAlignment: 'center', level: 1 });
    const marks = doc
      .child(2)
      .firstChild!.child(1)
      .marks.map((m) => m.type.name);
    expect(marks).toEqual(['bold']);
  });

  it('the empty document is one id-less paragraph in the editor and no blocks again', () => {
    const doc = blocksToDoc({ blocks: [] });
    expect(doc.childCount).toBe(1);
    expect(doc.firstChild!.attrs.id).toBeNull();
    expect(docToBlocks(doc)).toEqual({ blocks: [] });
    // An empty paragraph the user kept (it has an id) is a block.
    const kept = { blocks: [block('x', 'paragraph', [])] };
    expect(docToBlocks(blocksToDoc(kept))).toEqual(kept);
  });

  it('normalises what a text editor cannot keep apart: split runs, empty runs, false styles, default colours', () => {
    const messy = {
      blocks: [
        {
          id: 'a',
          type: 'paragraph',
          props: props(),
          content: [text('ab'), text('cd'), text(''), text('e', { bold: false, textColor: 'default' }), text('f', { bold: true })],
          children: [],
        },
        { id: 'h', type: 'heading', props: props(), content: [text('no level')], children: [] },
      ],
    };
    expect(normalizeDocument(messy)).toEqual({
      blocks: [
        block('a', 'paragraph', [text('abcde'), text('f', { bold: true })]),
        block('h', 'heading', [text('no level')], [], props({ level: 1 })),
      ],
    });
  });

  it('reads unknown and legacy input cleanly: other block types, missing fields, odd content, other editors’ links', () => {
    const legacy = {
      blocks: [
        { id: 'img', type: 'image', props: { url: 'x.png', textAlignment: 'diagonal', level: 9 } },
        {
          id: 'chk',
          type: 'checkListItem',
          props: { checked: true },
          content: [{ type: 'text', text: '待办', styles: { bold: true, foo: 1 } }],
        },
        {
          id: 'tbl',
          type: 'table',
          content: { type: 'tableContent', rows: [{ cells: [[{ type: 'text', text: '甲' }], [{ type: 'text', text: '乙' }]] }] },
        },
        {
          id: 'lnk',
          type: 'paragraph',
          content: [{ type: 'link', href: 'https://a.cn', content: [{ type: 'text', text: '站点', styles: { bold: true } }] }],
        },
        { type: 'paragraph', content: [{ text: '无 id 无 type' }], children: 'nope' },
        'not a block',
        null,
      ],
    };
    const out = normalizeDocument(legacy as never);
    expect(out.blocks.map((b) => [b.type, b.content.map((c) => c.text).join('')])).toEqual([
      ['paragraph', ''],
      ['bulletListItem', '待办'],
      ['paragraph', '甲 乙'],
      ['paragraph', '站点'],
      ['paragraph', '无 id 无 type'],
    ]);
    expect(out.blocks[0]!.props).toEqual(props());
    expect(out.blocks[1]!.content[0]!.styles).toEqual({ bold: true });
    expect(out.blocks[3]!.content[0]).toEqual({ type: 'link', text: '站点', styles: { bold: true }, href: 'https://a.cn' });
    // A block without an id gets a fresh one, and the result passes the contract.
    expect(out.blocks[4]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => editorDocumentSchema.parse(out)).not.toThrow();
    // Not a document at all: empty.
    expect(normalizeDocument(null)).toEqual({ blocks: [] });
    expect(normalizeDocument({ blocks: 'x' } as never)).toEqual({ blocks: [] });
  });
});

describe('static HTML (server rendering before hydration)', () => {
  it('draws the document with the schema’s elements, numbers lists and escapes text', () => {
    const html = documentHtml(FULL);
    expect(html).toContain(
      '<h1 data-content-type="heading" data-text-alignment="center" style="text-align: center">个人陈述 Personal Statement</h1>',
    );
    expect(html).toContain(
      '<div class="lx-block" data-id="b1"><p data-content-type="bulletListItem" class="lx-li lx-bullet">第一项</p><div class="lx-group">',
    );
    expect(html).toContain('<p data-content-type="numberedListItem" class="lx-li lx-numbered" data-index="2">two</p>');
    expect(html).toContain('<span data-text-color="red" style="color: #D44C47">红字</span>');
    expect(html).toContain('<strong><span data-background-color="yellow" style="background-color: #FBF3DB">底色</span></strong>');
    expect(html).toContain('<em><a href="https://example.com/a?b=1" rel="noopener noreferrer nofollow" target="_blank">链接</a></em>');
    expect(html).toContain('<blockquote data-content-type="quote">引用 <em>quoted</em></blockquote>');
    const evil = documentHtml({
      blocks: [
        block('x"><script>', 'paragraph', [
          text('<img src=x onerror=alert(1)>'),
          { type: 'link', text: 'js', styles: {}, href: 'javascript:alert(1)' },
        ]),
      ],
    });
    expect(evil).not.toContain('<script>');
    expect(evil).not.toContain('<img');
    expect(evil).not.toContain('javascript:');
    expect(readOnlyDocumentHtml({ blocks: [] })).toBe(
      '<div class="lx-editor ProseMirror" contenteditable="false" translate="no"><div class="lx-block"><p data-content-type="paragraph"></p></div></div>',
    );
  });
});
