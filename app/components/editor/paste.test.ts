import { editorDocumentSchema, type EditorBlock } from '../../../contracts/works';
import { blocksToDoc, docToBlocks } from './convert';
import { htmlToDocument, textToDocument } from './paste';

const shape = (blocks: EditorBlock[]): unknown[] =>
  blocks.map((b) => {
    const out: unknown[] = [b.type, b.content.map((c) => c.text).join('')];
    if (b.props.textAlignment !== 'left') out.push(b.props.textAlignment);
    if (b.props.level) out.push(`h${b.props.level}`);
    if (b.children.length) out.push(shape(b.children));
    return out;
  });
const styled = (blocks: EditorBlock[]): EditorBlock['content'] =>
  blocks.flatMap((b) => [...b.content.filter((c) => Object.keys(c.styles).length || c.href), ...styled(b.children)]);

/** What Word for Windows puts on the clipboard (abridged from a real copy: headings, a centred title, marks, a nested list, a numbered list). */
const WORD_HTML = `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">
<head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=Generator content="Microsoft Word 15">
<style><!-- /* Font Definitions */ @font-face {font-family:"Cambria Math";} p.MsoNormal {margin:0cm; font-size:10.5pt;} .MsoChpDefault {font-family:等线;} @list l0:level1 {mso-level-number-format:bullet;} --></style>
<!--[if gte mso 9]><xml><w:WordDocument><w:View>Normal</w:View></w:WordDocument></xml><![endif]-->
</head>
<body lang=ZH-CN style='tab-interval:21.0pt;word-wrap:break-word'>
<!--StartFragment-->
<h1 align=center style='text-align:center'><span lang=EN-US style='font-family:"Times New Roman",serif'>Personal Statement</span><span style='font-family:宋体'>个人陈述</span><o:p></o:p></h1>
<p class=MsoNormal style='text-indent:21.0pt;mso-char-indent-count:2.0'><span style='font-family:宋体;mso-ascii-font-family:等线;color:#C00000'>我从小</span><b><span style='font-family:宋体'>热爱金融</span></b><span style='font-family:宋体'>，</span><i><span lang=EN-US>especially </span></i><u><span lang=EN-US>markets</span></u><span lang=EN-US> and </span><s><span lang=EN-US>old</span></s><span lang=EN-US style='mso-bidi-font-weight:bold'> ideas</span><span style='font-family:宋体'>。<o:p></o:p></span></p>
<p class=MsoNormal><span lang=EN-US><o:p>&nbsp;</o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='margin-left:18.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span lang=EN-US style='font-family:Symbol;mso-fareast-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span style='font-family:宋体'>第一项</span><span lang=EN-US><o:p></o:p></span></p>
<p class=MsoListParagraphCxSpMiddle style='margin-left:39.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l0 level2 lfo1'><![if !supportLists]><span lang=EN-US style='font-family:"Courier New"'><span style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]><span style='font-family:宋体'>嵌套项</span><span lang=EN-US><o:p></o:p></span></p>
<p class=MsoListParagraphCxSpLast style='margin-left:18.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span lang=EN-US style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span style='font-family:宋体'>第二项</span><o:p></o:p></p>
<h2><span style='font-family:宋体'>学术背景</span><o:p></o:p></h2>
<p class=MsoListParagraphCxSpFirst style='margin-left:18.0pt;text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span lang=EN-US><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]><span lang=EN-US>GPA 3.8/4.0</span></p>
<p class=MsoListParagraphCxSpLast style='margin-left:18.0pt;text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span lang=EN-US><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]><span style='font-family:宋体'>国家奖学金</span></p>
<p class=MsoNormal align=right style='text-align:right'><span style='font-family:宋体'>王小明</span><img width=100 height=50 src="file:///C:/Users/x/AppData/Local/Temp/msohtmlclip1/01/clip_image002.png"></p>
<!--EndFragment-->
</body></html>`;

/** Google Docs: everything in <b style="font-weight:normal">, styles on spans, lists as ul/li/p. */
const GOOGLE_DOCS_HTML = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b3c4d-7fff-1234-5678-9abcdef01234"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial;color:#000000;background-color:transparent;font-weight:400;font-style:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Plain and </span><span style="font-size:11pt;font-family:Arial;color:#000000;font-weight:700;font-style:normal;">bold</span><span style="font-size:11pt;font-family:Arial;color:#ff0000;font-weight:400;font-style:italic;text-decoration:underline;-webkit-text-decoration-skip:none;"> red italic underlined</span></p><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;font-family:Arial;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-weight:400;">Item one</span></p></li><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:circle;" aria-level="2"><p dir="ltr" role="presentation"><span style="font-weight:400;text-decoration:line-through;">Nested struck</span></p></li></ul><li dir="ltr" aria-level="1"><p dir="ltr" role="presentation"><span style="font-weight:400;">Item two</span></p></li></ul><br /><h3 dir="ltr" style="text-align: center;"><span style="font-weight:700;">Centred heading</span></h3></b>`;

/** A web page: navigation, scripts, classes, inline styles, a table, a quote, entities and links. */
const WEB_HTML = `<div class="article-body" style="color:#333;font-family:Georgia">
<script>window.track && track('copy')</script>
<h2 class="title" id="why">Why &amp; how &mdash; 为什么</h2>
<p class="lead">First line<br>second line after a break, <a href="https://example.com/page?a=1&amp;b=2" class="link" onclick="evil()">a link</a> and <a href="javascript:alert(1)">a bad one</a>.</p>
<blockquote class="pull"><p>“学而不思则罔。”</p><p>— 孔子</p></blockquote>
<ol start="3"><li>Alpha<ol><li>Alpha.1</li></ol></li><li>Beta &lt;tag&gt; &#x4E2D;&#25991;</li></ol>
<table><tr><td>Cell A</td><td>Cell B</td></tr></table>
<p>Trailing   spaces
  collapse&nbsp;&nbsp;here</p>
<img src="x.png" alt="chart"><svg><text>svg text</text></svg>
</div>`;

describe('paste: HTML to blocks', () => {
  it('cleans Word HTML: keeps headings, alignment, marks and list nesting; drops Office markup, styles, colours and images', () => {
    const { blocks } = htmlToDocument(WORD_HTML);
    expect(shape(blocks)).toEqual([
      ['heading', 'Personal Statement个人陈述', 'center', 'h1'],
      ['paragraph', '我从小热爱金融，especially markets and old ideas。'],
      ['bulletListItem', '第一项', [['bulletListItem', '嵌套项']]],
      ['bulletListItem', '第二项'],
      ['heading', '学术背景', 'h2'],
      ['numberedListItem', 'GPA 3.8/4.0'],
      ['numberedListItem', '国家奖学金'],
      ['paragraph', '王小明', 'right'],
    ]);
    expect(styled(blocks)).toEqual([
      { type: 'text', text: '热爱金融', styles: { bold: true } },
      { type: 'text', text: 'especially ', styles: { italic: true } },
      { type: 'text', text: 'markets', styles: { underline: true } },
      { type: 'text', text: 'old', styles: { strike: true } },
    ]);
    const json = JSON.stringify(blocks);
    for (const junk of ['mso', 'Mso', 'font-family', 'C00000', 'clip_image', 'Cambria', 'WordDocument', 'Ignore'])
      expect(json).not.toContain(junk);
  });

  it('cleans Google Docs HTML: the wrapping <b style="font-weight:normal"> is not bold; span styles become marks', () => {
    const { blocks } = htmlToDocument(GOOGLE_DOCS_HTML);
    expect(shape(blocks)).toEqual([
      ['paragraph', 'Plain and bold red italic underlined'],
      ['bulletListItem', 'Item one', [['bulletListItem', 'Nested struck']]],
      ['bulletListItem', 'Item two'],
      ['heading', 'Centred heading', 'center', 'h3'],
    ]);
    expect(styled(blocks)).toEqual([
      { type: 'text', text: 'bold', styles: { bold: true } },
      { type: 'text', text: ' red italic underlined', styles: { italic: true, underline: true } },
      { type: 'text', text: 'Nested struck', styles: { strike: true } },
      { type: 'text', text: 'Centred heading', styles: { bold: true } },
    ]);
  });

  it('cleans a web page: scripts and images go, entities decode, safe links stay, quotes and nested lists keep their shape', () => {
    const { blocks } = htmlToDocument(WEB_HTML);
    expect(shape(blocks)).toEqual([
      ['heading', 'Why & how — 为什么', 'h2'],
      ['paragraph', 'First line'],
      ['paragraph', 'second line after a break, a link and a bad one.'],
      ['quote', '“学而不思则罔。”'],
      ['quote', '— 孔子'],
      ['numberedListItem', 'Alpha', [['numberedListItem', 'Alpha.1']]],
      ['numberedListItem', 'Beta <tag> 中文'],
      ['paragraph', 'Cell A'],
      ['paragraph', 'Cell B'],
      ['paragraph', 'Trailing spaces collapse here'],
    ]);
    expect(styled(blocks)).toEqual([{ type: 'link', text: 'a link', styles: {}, href: 'https://example.com/page?a=1&b=2' }]);
    const json = JSON.stringify(blocks);
    for (const junk of ['track', 'onclick', 'javascript', 'article-body', 'svg text', 'chart']) expect(json).not.toContain(junk);
  });

  it('gives valid documents that round-trip through the editor, with fresh unique ids', () => {
    for (const html of [
      WORD_HTML,
      GOOGLE_DOCS_HTML,
      WEB_HTML,
      '',
      '<p></p>',
      'just text',
      '<ul><li>unclosed<li>items</ul>',
      '<b>bold <i>both</b> italic?</i>',
    ]) {
      const doc = htmlToDocument(html);
      expect(editorDocumentSchema.parse(doc)).toEqual(doc);
      expect(docToBlocks(blocksToDoc(doc))).toEqual(doc);
      const ids: string[] = [];
      const walk = (bs: EditorBlock[]) => bs.forEach((b) => (ids.push(b.id), walk(b.children)));
      walk(doc.blocks);
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(shape(htmlToDocument('<ul><li>unclosed<li>items</ul>').blocks)).toEqual([
      ['bulletListItem', 'unclosed'],
      ['bulletListItem', 'items'],
    ]);
    expect(shape(htmlToDocument('just text').blocks)).toEqual([['paragraph', 'just text']]);
    expect(htmlToDocument('').blocks).toEqual([]);
  });

  it('keeps a hostile paste from exhausting the stack: nesting past a depth gives its text to the element there', () => {
    const depth = 20_000;
    const html = '<div>'.repeat(depth) + 'deep' + '</div>'.repeat(depth) + '<p>after</p>';
    expect(shape(htmlToDocument(html).blocks)).toEqual([
      ['paragraph', 'deep'],
      ['paragraph', 'after'],
    ]);
  });

  it('plain text: one paragraph per non-empty line; entities decode once', () => {
    expect(shape(textToDocument('第一段\r\n\r\nSecond  line\n   \nthird').blocks)).toEqual([
      ['paragraph', '第一段'],
      ['paragraph', 'Second  line'],
      ['paragraph', 'third'],
    ]);
    expect(shape(htmlToDocument('<p>&amp;lt; &#8217; &unknown; co&shy;operate</p>').blocks)).toEqual([
      ['paragraph', '&lt; ’ &unknown; cooperate'],
    ]);
  });
});
