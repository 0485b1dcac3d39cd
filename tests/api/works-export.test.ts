import { editorDocumentSchema } from '../../contracts/works';
import { pdfText } from '../../server/ai/cv/pdf';
import { saveGeneratedContent } from '../../server/domain/works/works';
import { docxParagraphs, unzip } from '../fixtures/docx';
import { client, login, startTestServer, type TestServer } from './harness';
import { personalSpace } from '../../server/domain/orgs/workspace';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const props = (extra: Record<string, unknown> = {}) => ({
  textColor: 'default',
  backgroundColor: 'default',
  textAlignment: 'left',
  ...extra,
});
let seq = 0;
const block = (type: string, content: unknown[], children: unknown[] = [], p: Record<string, unknown> = {}) => ({
  id: `x${++seq}`,
  type,
  props: props(p),
  content,
  children,
});
const t = (text: string, styles: Record<string, unknown> = {}) => ({ type: 'text', text, styles });

/** An essay with every kind of block and mark, Chinese and English, long enough to wrap. */
const ESSAY = {
  blocks: [
    block('heading', [t('我的个人陈述')], [], { level: 1, textAlignment: 'center' }),
    block('paragraph', [
      t('我从小就对金融充满好奇。'),
      t('加粗文字', { bold: true }),
      t('、'),
      t('斜体 italic', { italic: true }),
      t('、'),
      t('下划线', { underline: true }),
      t('、'),
      t('删除线', { strike: true }),
      t('和'),
      t('红色', { textColor: 'red' }),
      t('。'.repeat(1) + '这是一段很长的中文文字，没有任何空格，用来检验中文在页面宽度内能否正确换行而不溢出页面边界。'.repeat(4)),
    ]),
    block('heading', [t('Academic Background')], [], { level: 2 }),
    block('bulletListItem', [t('第一项 first')], [block('bulletListItem', [t('嵌套项 nested')])]),
    block('bulletListItem', [t('第二项 second')]),
    block('numberedListItem', [t('步骤一')]),
    block('numberedListItem', [t('步骤二')], [block('numberedListItem', [t('子步骤')])]),
    block('paragraph', [t('中间段落')]),
    block('numberedListItem', [t('新列表第一步')]),
    block('quote', [t('引用：学而不思则罔。')]),
    block('paragraph', [t('右对齐 right')], [], { textAlignment: 'right' }),
  ],
};

async function setup() {
  const me = await login(server.url);
  const api = client(server.url);
  const create = async (body: Record<string, unknown>) => (await api.post('/works', body, me.accessToken)).body.data as Record<string, any>;
  return { me, api, create };
}

async function download(path: string, token: string) {
  const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function pdfMetadata(bytes: Buffer) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    return (await doc.getMetadata()).info as Record<string, any>;
  } finally {
    await doc.destroy();
  }
}

describe('GET /api/v1/works/{id}/export', () => {
  it('DOCX: headings, marks, nested and restarted lists, quote, alignment, CJK fonts; no AIGC label on a hand-written work', async () => {
    const { me, create } = await setup();
    const work = await create({ title: '王小明的个人陈述', type: 'ps', content: ESSAY });
    const { res, bytes } = await download(`/works/${work.id}/export?format=docx`, me.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="_.docx"; filename*=UTF-8''${encodeURIComponent('王小明的个人陈述.docx')}`,
    );
    const files = await unzip(bytes);
    const xml = files.get('word/document.xml')!;
    const paragraphs = docxParagraphs(xml);
    expect(paragraphs[0]).toBe('我的个人陈述');
    expect(paragraphs).toContain('Academic Background');
    expect(paragraphs).toContain('嵌套项 nested');
    expect(paragraphs.some((p) => p.includes('本文档部分内容由人工智能生成'))).toBe(false);
    // Headings use the heading styles; the title is centred.
    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>[\s\S]*?<w:jc w:val="center"\/>[\s\S]*?我的个人陈述/);
    expect(xml).toMatch(/<w:pStyle w:val="Heading2"\/>[\s\S]*?Academic Background/);
    // Runs: bold, italic, underline, strike, colour; every run names the East Asian font.
    expect(xml).toMatch(/<w:b\/>[\s\S]{0,400}?加粗文字/);
    expect(xml).toMatch(/<w:i\/>[\s\S]{0,400}?斜体 italic/);
    expect(xml).toMatch(/<w:u w:val="single"\/>[\s\S]{0,400}?下划线/);
    expect(xml).toMatch(/<w:strike\/>[\s\S]{0,400}?删除线/);
    expect(xml).toMatch(/<w:color w:val="D44C47"\/>[\s\S]{0,400}?红色/);
    expect(xml).toContain('w:eastAsia="Noto Sans CJK SC"');
    expect(files.get('word/styles.xml')).toContain('w:eastAsia="Noto Sans CJK SC"');
    // Lists: bullets and numbers by level; the numbered list after a paragraph starts again.
    const numbered = (text: string) => {
      const paragraph = [...xml.matchAll(/<w:p>[\s\S]*?<\/w:p>/g)].map((m) => m[0]).find((p) => p.includes(`>${text}<`))!;
      return /<w:numPr><w:ilvl w:val="(\d)"\/><w:numId w:val="(\d+)"\/><\/w:numPr>/.exec(paragraph);
    };
    const [, stepLevel, stepList] = numbered('步骤一')!;
    const [, subLevel] = numbered('子步骤')!;
    const [, , laterList] = numbered('新列表第一步')!;
    expect([stepLevel, subLevel]).toEqual(['0', '1']);
    expect(laterList).not.toBe(stepList);
    expect(numbered('步骤二')![2]).toBe(stepList);
    const numberingXml = files.get('word/numbering.xml')!;
    expect(numberingXml).toContain('<w:numFmt w:val="decimal"/>');
    expect(numberingXml).toContain('<w:numFmt w:val="bullet"/>');
    expect(numbered('嵌套项 nested')![1]).toBe('1');
    // Quote: indented with a left rule; right alignment kept.
    expect(xml).toMatch(/<w:left w:val="single"[^>]*\/>[\s\S]*?引用：学而不思则罔。/);
    expect(xml).toMatch(/<w:jc w:val="right"\/>[\s\S]*?右对齐 right/);
    expect(files.get('docProps/core.xml')).toContain('<dc:title>王小明的个人陈述</dc:title>');
    expect(files.get('docProps/custom.xml') ?? '').not.toContain('AIGC');
  });

  it('DOCX and PDF of a work with a generation carry the visible AIGC line and the metadata', async () => {
    const { me, create } = await setup();
    const work = await create({ title: 'AI 初稿', type: 'ps', content: ESSAY });
    await saveGeneratedContent(server.database.db, personalSpace(me.user.id), work.id, {
      content: editorDocumentSchema.parse({ blocks: [...ESSAY.blocks, block('paragraph', [t('模型生成的结尾。')])] }),
    });

    const docx = await unzip((await download(`/works/${work.id}/export?format=docx`, me.accessToken)).bytes);
    const paragraphs = docxParagraphs(docx.get('word/document.xml')!);
    expect(paragraphs.at(-2)).toBe('模型生成的结尾。');
    expect(paragraphs.at(-1)).toBe('本文档部分内容由人工智能生成（留学文书AI平台）');
    const custom = docx.get('docProps/custom.xml')!;
    const aigc = JSON.parse(/<property [^>]*name="AIGC"[^>]*><vt:lpwstr>([^<]*)<\/vt:lpwstr>/.exec(custom)![1]!.replace(/&quot;/g, '"'));
    expect(aigc).toMatchObject({ Label: '1', ContentProducer: '留学文书AI平台', ProduceID: work.id, ContentPropagator: '留学文书AI平台' });
    expect(docx.get('docProps/core.xml')).toContain('<cp:keywords>AIGC, AI生成</cp:keywords>');

    const { res, bytes } = await download(`/works/${work.id}/export?format=pdf`, me.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="AI _.pdf"; filename*=UTF-8''AI%20${encodeURIComponent('初稿.pdf')}`,
    );
    const { text } = await pdfText(new Uint8Array(bytes));
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain('我的个人陈述');
    expect(flat).toContain('我从小就对金融充满好奇。加粗文字、斜体italic、下划线、删除线和红色。');
    // The long line without spaces was broken across lines, and no text is lost doing it.
    expect(flat).toContain('这是一段很长的中文文字，没有任何空格，用来检验中文在页面宽度内能否正确换行而不溢出页面边界。'.repeat(4));
    expect(text.split('\n').filter((line) => line.includes('这是一段很长的中文文字')).length).toBeGreaterThan(1);
    expect(text).toContain('Academic Background');
    expect(flat).toContain('第一项first嵌套项nested第二项second');
    expect(flat).toContain('1.步骤一');
    expect(flat).toContain('2.步骤二');
    expect(flat).toContain('1.子步骤');
    expect(flat).toContain('1.新列表第一步');
    expect(flat).toContain('模型生成的结尾。');
    expect(text.trim().split('\n').at(-1)!.replace(/\s+/g, '')).toBe('本文档部分内容由人工智能生成（留学文书AI平台）');
    // The CJK font is embedded (as a subset, hence the tag before its name).
    expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansCJKsc-Regular/);
    expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansCJKsc-Bold/);
    const info = await pdfMetadata(bytes);
    expect(info.Title).toBe('AI 初稿');
    expect(info.Keywords).toBe('AIGC, AI生成');
    expect(info.Subject).toBe('本文档部分内容由人工智能生成（留学文书AI平台）');
    expect(JSON.parse(info.Custom.AIGC)).toMatchObject({ Label: '1', ContentProducer: '留学文书AI平台', ProduceID: work.id });
  }, 60_000);

  it('a draft from the offline engine is labelled as such, and its 顾问备注 and 【离线模式】 marker stay in the editor, out of the files', async () => {
    const { me, api, create } = await setup();
    const profile = (
      await api.post('/client-profiles', { name: '李明', data: { currentSchool: '浙江大学', major: '计算机科学' } }, me.accessToken)
    ).body.data;
    const work = await create({ title: '离线稿', type: 'ps', content: { blocks: [] } });
    const generated = await fetch(`${server.url}/api/v1/ai/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${me.accessToken}` },
      body: JSON.stringify({
        operation: 'ps',
        clientProfileId: profile.id,
        workId: work.id,
        input: { targetProgram: 'MSc Computer Science', language: 'zh' },
      }),
    });
    expect(await generated.text()).toContain('event: done');
    // The work keeps the consultant's note and the marker: they are for the consultant.
    const saved = JSON.stringify((await api.get(`/works/${work.id}`, me.accessToken)).body.data.content);
    expect(saved).toContain('顾问备注（发送前请删除）');
    expect(saved).toContain('【离线模式】');
    const { bytes } = await download(`/works/${work.id}/export?format=pdf`, me.accessToken);
    const { text } = await pdfText(new Uint8Array(bytes));
    expect(text).not.toContain('顾问备注');
    expect(text).not.toContain('【离线模式】');
    // The whole note goes, its text too, not only its heading.
    expect(text).not.toContain('本稿由写作模板与学生档案中的事实拼成');
    expect(text).toContain('浙江大学');
    expect(text.replace(/\s+/g, '')).toContain('本文档部分内容由人工智能生成（含离线模式模板草稿；留学文书AI平台）');
    const info = await pdfMetadata(bytes);
    expect(JSON.parse(info.Custom.AIGC)).toMatchObject({ Label: '1', ReservedCode1: 'offline' });
    const docx = docxParagraphs(
      (await unzip((await download(`/works/${work.id}/export?format=docx`, me.accessToken)).bytes)).get('word/document.xml')!,
    );
    expect(docx.join('\n')).toContain('浙江大学');
    expect(docx.join('\n')).not.toMatch(/顾问备注|【离线模式】|本稿由写作模板/);
    expect(docx.at(-1)).toBe('本文档部分内容由人工智能生成（含离线模式模板草稿；留学文书AI平台）');

    const plain = await create({ title: 'pasted', type: 'free', content: { blocks: [block('paragraph', [t('粘贴来的 AI 文字')])] } });
    const unlabelled = await pdfText(new Uint8Array((await download(`/works/${plain.id}/export?format=pdf`, me.accessToken)).bytes));
    expect(unlabelled.text).not.toContain('人工智能');
    const asked = await pdfText(new Uint8Array((await download(`/works/${plain.id}/export?format=pdf&aigc=1`, me.accessToken)).bytes));
    expect(asked.text.replace(/\s+/g, '')).toContain('本文档部分内容由人工智能生成（留学文书AI平台）');
  }, 60_000);

  it('the label follows the operations linked to the work, never a browser flag: a save naming an offline generation is labelled offline, a work without any is not', async () => {
    const { me, api, create } = await setup();
    const generated = await fetch(`${server.url}/api/v1/ai/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${me.accessToken}` },
      body: JSON.stringify({ operation: 'free', input: { topic: '一次志愿者经历', language: 'zh' } }),
    });
    const stream = await generated.text();
    const operationId = /"operationId":"([0-9a-f-]{36})"/.exec(stream)![1]!;
    // The page saves what it shows: here as an edit, the generation named by id.
    const work = await create({
      title: '离线稿',
      type: 'free',
      content: { blocks: [block('paragraph', [t('我改写过的正文。')])] },
      operationIds: [operationId],
    });
    const docx = await unzip((await download(`/works/${work.id}/export?format=docx`, me.accessToken)).bytes);
    const paragraphs = docxParagraphs(docx.get('word/document.xml')!);
    expect(paragraphs).toContain('我改写过的正文。');
    expect(paragraphs.at(-1)).toBe('本文档部分内容由人工智能生成（含离线模式模板草稿；留学文书AI平台）');
    const custom = docx.get('docProps/custom.xml')!;
    const aigc = JSON.parse(/<property [^>]*name="AIGC"[^>]*><vt:lpwstr>([^<]*)<\/vt:lpwstr>/.exec(custom)![1]!.replace(/&quot;/g, '"'));
    expect(aigc).toMatchObject({ Label: '1', ProduceID: work.id, ReservedCode1: 'offline' });

    // A selection tool's accepted proposal alone labels the work too (saved later through PUT).
    const tool = await fetch(`${server.url}/api/v1/ai/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${me.accessToken}` },
      body: JSON.stringify({ operation: 'shorten', input: { selectedText: '这是一个需要缩写的很长很长的句子。' } }),
    });
    const toolId = /"operationId":"([0-9a-f-]{36})"/.exec(await tool.text())![1]!;
    const edited = await create({ title: '手写', type: 'free', content: { blocks: [block('paragraph', [t('手写的正文。')])] } });
    const before = docxParagraphs(
      (await unzip((await download(`/works/${edited.id}/export?format=docx`, me.accessToken)).bytes)).get('word/document.xml')!,
    );
    expect(before.join('\n')).not.toContain('人工智能');
    await api.put(
      `/works/${edited.id}`,
      { content: { blocks: [block('paragraph', [t('手写的正文，缩写后。')])] }, operationIds: [toolId] },
      me.accessToken,
    );
    const after = docxParagraphs(
      (await unzip((await download(`/works/${edited.id}/export?format=docx`, me.accessToken)).bytes)).get('word/document.xml')!,
    );
    expect(after.at(-1)).toBe('本文档部分内容由人工智能生成（含离线模式模板草稿；留学文书AI平台）');
  }, 60_000);

  it('a CV exports in the CV layout: compact, section headings with rules', async () => {
    const { me, create } = await setup();
    const cv = {
      blocks: [
        block('heading', [t('Li Ming 李明')], [], { level: 1, textAlignment: 'center' }),
        block('paragraph', [t('liming@example.com · +86 138 0000 0000')], [], { textAlignment: 'center' }),
        block('heading', [t('Education')], [], { level: 2 }),
        block('paragraph', [t('Zhejiang University', { bold: true }), t(' — B.Eng. Computer Science, 2021–2025')]),
        block('bulletListItem', [t('GPA 3.8/4.0; 国家奖学金')]),
        block('heading', [t('Experience')], [], { level: 2 }),
        block('bulletListItem', [t('Research assistant, 智能系统实验室')]),
      ],
    };
    const work = await create({ title: 'Li Ming CV', type: 'cv', content: cv });
    const docx = await unzip((await download(`/works/${work.id}/export?format=docx`, me.accessToken)).bytes);
    const xml = docx.get('word/document.xml')!;
    // Section headings carry a bottom rule; the body is set tighter than an essay's.
    expect(xml).toMatch(/<w:pStyle w:val="Heading2"\/>[\s\S]*?<w:bottom w:val="single"[^>]*\/>[\s\S]*?Education/);
    expect(docx.get('word/styles.xml')).toMatch(/<w:sz w:val="20"\/>/);
    const pdf = await download(`/works/${work.id}/export?format=pdf`, me.accessToken);
    const { text, pages } = await pdfText(new Uint8Array(pdf.bytes));
    expect(pages).toBe(1);
    expect(text).toContain('Li Ming 李明');
    expect(text).toContain('Education');
    expect(text.replace(/\s+/g, '')).toContain('2021–2025GPA3.8/4.0;国家奖学金');
  }, 60_000);

  it('a typical one-page CV with its AI label is one page, the label on it; a Word CV carries the label as its footer', async () => {
    const { me, create } = await setup();
    const entry = (what: string) => block('bulletListItem', [t(what)]);
    const cv = {
      blocks: [
        block('heading', [t('Zhao Yutong 赵雨桐')], [], { level: 1, textAlignment: 'center' }),
        block('paragraph', [t('yutong.zhao@example.com · +86 139 1234 5678 · 上海')], [], { textAlignment: 'center' }),
        ...['教育背景 Education', '科研经历 Research', '实习经历 Internships', '项目经历 Projects', '获奖 Awards'].flatMap((section, s) => [
          block('heading', [t(section)], [], { level: 2 }),
          block('paragraph', [
            t(`上海财经大学 Shanghai University of Finance and Economics`, { bold: true }),
            t(` · 会计学硕士 · 2022–2025`),
          ]),
          ...Array.from({ length: 4 }, (_, i) =>
            entry(`第${s + 1}.${i + 1}项：负责上市公司财务报表分析与审计底稿整理，覆盖 12 家企业，效率提升 40%`),
          ),
        ]),
        block('paragraph', [t('技能 Skills：Python, SQL, Excel VBA, Wind, Bloomberg；CPA 会计、审计科目已通过')]),
        // The editor's trailing empty block: printed, it would start a second page.
        block('paragraph', []),
      ],
    };
    // Full to within a line or two: the label printed after the text spilled onto a second page.
    const work = await create({ title: 'Zhao Yutong CV', type: 'cv', content: cv });
    const plain = await pdfText(new Uint8Array((await download(`/works/${work.id}/export?format=pdf`, me.accessToken)).bytes));
    expect(plain.pages).toBe(1);
    // aigc=1: the caller says the text holds generated content, so the file carries the label.
    const labelled = await pdfText(new Uint8Array((await download(`/works/${work.id}/export?format=pdf&aigc=1`, me.accessToken)).bytes));
    expect(labelled.pages).toBe(1);
    expect(labelled.text.replace(/\s+/g, '')).toContain('本文档部分内容由人工智能生成（留学文书AI平台）');
    expect(labelled.text.replace(/\s+/g, '')).toContain('CPA会计、审计科目已通过');
    const docx = await unzip((await download(`/works/${work.id}/export?format=docx&aigc=1`, me.accessToken)).bytes);
    expect(docxParagraphs(docx.get('word/document.xml')!).join('\n')).not.toContain('人工智能');
    const footer = [...docx.entries()].find(([name]) => /^word\/footer\d*\.xml$/.test(name));
    expect(docxParagraphs(footer![1])).toEqual(['本文档部分内容由人工智能生成（留学文书AI平台）']);
  }, 60_000);

  it('a CV has a one-page layout (compact, the default) and a two-page one (roomier); other works ignore the choice', async () => {
    const { me, create } = await setup();
    const sections = ['Education', 'Research', 'Experience', 'Projects'].flatMap((section) => [
      block('heading', [t(section)], [], { level: 2 }),
      ...Array.from({ length: 6 }, (_, i) =>
        block('bulletListItem', [t(`${section} entry ${i + 1}: built and measured a system, 2023–2024`)]),
      ),
    ]);
    const work = await create({
      title: 'Two layouts CV',
      type: 'cv',
      content: { blocks: [block('heading', [t('Wang Fang 王芳')], [], { level: 1 }), ...sections] },
    });
    const pagesOf = async (query: string) =>
      (await pdfText(new Uint8Array((await download(`/works/${work.id}/export?format=pdf${query}`, me.accessToken)).bytes))).pages;
    expect(await pagesOf('')).toBe(1);
    expect(await pagesOf('&cvLength=one_page')).toBe(1);
    expect(await pagesOf('&cvLength=two_page')).toBe(2);
    const sizes = async (query: string) =>
      (await unzip((await download(`/works/${work.id}/export?format=docx${query}`, me.accessToken)).bytes)).get('word/styles.xml')!;
    expect(await sizes('&cvLength=one_page')).toMatch(/<w:sz w:val="20"\/>/);
    expect(await sizes('&cvLength=two_page')).toMatch(/<w:sz w:val="22"\/>/);
    const bad = await download(`/works/${work.id}/export?format=pdf&cvLength=three_page`, me.accessToken);
    expect(bad.res.status).toBe(400);
    expect(JSON.parse(bad.bytes.toString()).message).toBe('简历篇幅只能是一页或两页');
    // An essay prints the same whatever the CV choice says.
    const essay = await create({ title: '文书', type: 'ps', content: ESSAY });
    const essayStyles = async (query: string) =>
      (await unzip((await download(`/works/${essay.id}/export?format=docx${query}`, me.accessToken)).bytes)).get('word/styles.xml');
    expect(await essayStyles('&cvLength=two_page')).toBe(await essayStyles(''));
  }, 60_000);

  it('only the owner exports; a bad format is refused in Chinese; no token is refused', async () => {
    const { me, create } = await setup();
    const other = await login(server.url);
    const work = await create({ title: '私密', type: 'ps', content: ESSAY });
    const theirs = await download(`/works/${work.id}/export?format=docx`, other.accessToken);
    expect(theirs.res.status).toBe(404);
    expect(JSON.parse(theirs.bytes.toString())).toMatchObject({ success: false, code: 'NOT_FOUND', message: '作品不存在' });
    expect((await download(`/works/${work.id}/export?format=pdf`, other.accessToken)).res.status).toBe(404);
    for (const query of ['format=doc', '', 'format=pdf&aigc=maybe']) {
      const bad = await download(`/works/${work.id}/export?${query}`, me.accessToken);
      expect(bad.res.status).toBe(400);
      expect(JSON.parse(bad.bytes.toString()).code).toBe('VALIDATION_ERROR');
    }
    expect(JSON.parse((await download(`/works/${work.id}/export?format=doc`, me.accessToken)).bytes.toString()).message).toBe(
      '导出格式只能是 docx 或 pdf',
    );
    expect((await download(`/works/not-a-uuid/export?format=pdf`, me.accessToken)).res.status).toBe(400);
    const anonymous = await fetch(`${server.url}/api/v1/works/${work.id}/export?format=pdf`);
    expect(anonymous.status).toBe(401);
  });

  it('without a CJK font the PDF export says so in Chinese instead of writing empty boxes; DOCX still works', async () => {
    const noFont = await startTestServer({ EXPORT_FONT_REGULAR: '/nonexistent/NotoSansCJK-Regular.ttc' });
    try {
      const me = await login(noFont.url);
      const work = (await client(noFont.url).post('/works', { title: '无字体', type: 'ps', content: ESSAY }, me.accessToken)).body.data;
      const res = await fetch(`${noFont.url}/api/v1/works/${work.id}/export?format=pdf`, {
        headers: { authorization: `Bearer ${me.accessToken}` },
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({
        success: false,
        code: 'INTERNAL_ERROR',
        message: '服务器缺少中文字体，暂时无法导出 PDF，请改用 Word 格式导出或联系管理员',
      });
      const docx = await fetch(`${noFont.url}/api/v1/works/${work.id}/export?format=docx`, {
        headers: { authorization: `Bearer ${me.accessToken}` },
      });
      expect(docx.status).toBe(200);
    } finally {
      await noFont.close();
    }
  }, 60_000);
});
