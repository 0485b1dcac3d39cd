import PDFDocument from 'pdfkit';
import { detectedCvSchema, type DetectedCv } from '../../../contracts/client-profiles';
import { exportFonts } from '../../domain/works/export/fonts';
import { readCv } from './extract-text';
import { finish } from './normalise';
import { parseCv } from './parse-cv';
import { pdfText } from './pdf';

/**
 * Issue 24: a CV with a left sidebar (技能/Skills, AP scores, activities) beside a main column,
 * written by pdfkit with the CJK font the exports embed. Writers that draw a page row by row put
 * a sidebar line and a main-column line on one baseline; read in stream order they came out as
 * one line ("技能 Skills\t教育背景 Education") and the sidebar's content was garbled or lost.
 */
type Run = { text: string; x: number; y: number; size?: number };

const fonts = exportFonts({});

/** `rows`: top down, left to right (a table written row by row); `columns`: column by column; `given`: as listed. */
function pdf(runs: Run[], options: { order: 'rows' | 'columns' | 'given'; title?: string; xmpTitle?: string }): Promise<Buffer> {
  const sorted =
    options.order === 'given'
      ? runs
      : [...runs].sort((a, b) => (options.order === 'rows' ? a.y - b.y || a.x - b.x : a.x - b.x || a.y - b.y));
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      // PDF 1.4 and later carry XMP metadata (pdfkit writes none for 1.3).
      ...(options.xmpTitle ? { pdfVersion: '1.7' as const } : {}),
      info: { CreationDate: new Date(0), ...(options.title ? { Title: options.title } : {}) },
    });
    if (options.xmpTitle) {
      doc.appendXML(
        `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">${options.xmpTitle}</rdf:li></rdf:Alt></dc:title></rdf:Description>`,
      );
    }
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('cjk', fonts.regular.data, fonts.regular.name);
    doc.font('cjk');
    for (const run of sorted) doc.fontSize(run.size ?? 10).text(run.text, run.x, run.y, { lineBreak: false });
    doc.end();
  });
}

/**
 * The text extractText gives, read in this thread: the worker's start-up costs seconds on a busy
 * machine, and readCv's own tests (extract-text.test.ts, and the title tests below) cover it.
 */
const extractText = async (bytes: Buffer) => finish((await pdfText(new Uint8Array(bytes))).text, 'pdf');

/** Lines of a column, one every 18 pt from `top`. */
const column = (x: number, top: number, lines: string[]): Run[] => lines.map((text, i) => ({ text, x, y: top + i * 18 }));

const HEADER: Run[] = [
  { text: '林晓彤', x: 50, y: 50, size: 22 },
  { text: '电话：138 0000 1111  |  邮箱：xiaotong.lin@example.com  |  上海市徐汇区', x: 50, y: 85 },
];
const SIDEBAR = column(50, 130, [
  '技能 Skills',
  'Python、R、SQL',
  'Photoshop、Final Cut Pro',
  '标化成绩 Test Scores',
  'AP Calculus BC: 5',
  'AP Physics C: Mechanics: 5',
  'AP Chemistry: 4',
  'TOEFL 112',
  '课外活动 Activities',
  '2023.09 - 至今',
  '机器人社 社长',
  '2022.07 - 2022.08',
  '云南支教团 志愿者',
]);
const MAIN = column(230, 130, [
  '教育背景 Education',
  '2022.09 - 2025.06 上海市实验学校 高中',
  'GPA 3.92/4.0，排名 5/210',
  '申请意向 Target',
  '美国 计算机科学 本科 2025 Fall',
  '获奖情况 Awards',
  '2024 美国数学邀请赛 AIME 晋级',
  '全国青少年信息学奥林匹克联赛 一等奖',
  '上海市三好学生',
  '科研经历 Research',
  '2023.07 - 2023.09 复旦大学类脑智能研究院 研究助理',
  '· 复现图神经网络论文并撰写中文报告',
]);

function expectColumnsRead(cv: DetectedCv, text: string) {
  expect(() => detectedCvSchema.parse(cv)).not.toThrow();
  expect(cv.name?.value, text).toBe('林晓彤');
  expect(cv.skills.map((skill) => skill.value)).toEqual(['Python', 'R', 'SQL', 'Photoshop', 'Final Cut Pro']);
  expect(cv.tests.find((test) => test.type === 'AP')).toMatchObject({ sub: { 'Calculus BC': 5, 'Physics C: Mechanics': 5, Chemistry: 4 } });
  expect(cv.tests.find((test) => test.type === 'TOEFL')).toMatchObject({ total: 112 });
  expect(cv.activities.map(({ organization, role, start, end }) => ({ organization, role, start, end }))).toEqual([
    { organization: '机器人社', role: '社长', start: '2023-09', end: '至今' },
    { organization: '云南支教团', role: '志愿者', start: '2022-07', end: '2022-08' },
  ]);
  expect(cv.currentSchool?.value).toBe('上海市实验学校');
  expect(cv.gpa).toMatchObject({ value: 3.92, scale: 4 });
  expect(cv.targets).toMatchObject({ countries: ['美国'], majors: ['计算机科学'], degree: '本科', intake: '2025 Fall' });
  expect(cv.awards.map((award) => award.title)).toEqual([
    '美国数学邀请赛 AIME 晋级',
    '全国青少年信息学奥林匹克联赛 一等奖',
    '上海市三好学生',
  ]);
  expect(cv.research).toHaveLength(1);
  // Nothing of one column is glued to a line of the other.
  for (const line of text.split('\n')) expect(line.includes('Skills') && line.includes('Education'), line).toBe(false);
}

describe('a two-column PDF (left sidebar, right main column) is read column by column (issue 24)', () => {
  it.each(['rows', 'columns'] as const)('written %s first: skills, AP scores and activities land in their fields', async (order) => {
    const { text } = await extractText(await pdf([...HEADER, ...SIDEBAR, ...MAIN], { order }));
    expectColumnsRead(parseCv(text), text);
  });

  it('a main column written before the sidebar still reads as the same CV', async () => {
    const { text } = await extractText(await pdf([...HEADER, ...MAIN, ...SIDEBAR], { order: 'given' }));
    expectColumnsRead(parseCv(text), text);
  });

  it.each([
    ['the name heads the sidebar', 50, SIDEBAR],
    ['the name heads the main column', 230, MAIN],
  ] as const)('%s: the column with the name is read first', async (_name, x, under) => {
    const named = [
      { text: '林晓彤', x, y: 90, size: 18 },
      { text: '138 0000 1111', x, y: 112 },
    ];
    const others = under === SIDEBAR ? MAIN : SIDEBAR;
    const { text } = await extractText(await pdf([...named, ...under, ...others], { order: 'rows' }));
    expect(text.split('\n').slice(0, 2)).toEqual(['林晓彤', '138 0000 1111']);
    const cv = parseCv(text);
    expect(cv.name?.value).toBe('林晓彤');
    expect(cv.phone?.value).toBe('13800001111');
    expect(cv.skills.map((skill) => skill.value)).toEqual(['Python', 'R', 'SQL', 'Photoshop', 'Final Cut Pro']);
    expect(cv.activities).toHaveLength(2);
    expect(cv.awards).toHaveLength(3);
  });

  it('a one-column CV with dates in a column of their own keeps each date beside its entry', async () => {
    const runs: Run[] = [
      ...HEADER,
      { text: 'EDUCATION', x: 50, y: 130, size: 12 },
      { text: '2021.09 - 2025.06', x: 50, y: 150 },
      { text: 'Fudan University, B.Sc. in Economics', x: 200, y: 150 },
      { text: 'GPA 3.8/4.0', x: 200, y: 168 },
      { text: 'EXPERIENCE', x: 50, y: 196, size: 12 },
      { text: '2023.06 - 2023.09', x: 50, y: 216 },
      { text: 'Analyst Intern, CICC', x: 200, y: 216 },
      { text: '• Built DCF models for six A-share companies', x: 200, y: 234 },
      { text: '2022.06 - 2022.08', x: 50, y: 262 },
      { text: 'Research Intern, Fudan University', x: 200, y: 262 },
    ];
    const { text } = await extractText(await pdf(runs, { order: 'rows' }));
    expect(text).toContain('2021.09 - 2025.06\tFudan University, B.Sc. in Economics');
    const cv = parseCv(text);
    expect(cv.education[0]).toMatchObject({ school: 'Fudan University', start: '2021-09', end: '2025-06' });
    expect(cv.internships.map((entry) => entry.start)).toEqual(['2023-06', '2022-06']);
  });
});

describe('the name: from the header, then the PDF title, never the file name (issue 24)', () => {
  const BODY = [...SIDEBAR, ...MAIN];

  it('the header names the student: the title does not override it', async () => {
    const parsed = (await readCv(await pdf([...HEADER, ...BODY], { order: 'columns', title: 'Resume - Li Xinyi' }))).parsed;
    expect(parsed.name?.value).toBe('林晓彤');
  });

  it('no name in the header: the PDF title names the student, read in the worker', async () => {
    const read = await readCv(await pdf([HEADER[1], ...BODY], { order: 'columns', title: '林晓彤的简历' }));
    expect(read.title).toBe('林晓彤的简历');
    expect(read.parsed.name).toEqual({ value: '林晓彤', source: 'PDF 标题：林晓彤的简历' });
  });

  it('no Info title: the XMP dc:title names the student', async () => {
    const read = await readCv(await pdf([HEADER[1], ...BODY], { order: 'columns', xmpTitle: 'Resume - Li Xinyi' }));
    expect(read.parsed.name).toEqual({ value: 'Li Xinyi', source: 'PDF 标题：Resume - Li Xinyi' });
  });

  describe('titles', () => {
    let text: string;
    beforeAll(async () => {
      text = (await extractText(await pdf([HEADER[1], ...BODY], { order: 'columns' }))).text;
    });

    it('without a title the name stays empty for the consultant to fill in', () => {
      expect(parseCv(text).name).toBeUndefined();
    });

    it.each([
      ['Resume - Li Xinyi', 'Li Xinyi'],
      ['Li Xinyi CV', 'Li Xinyi'],
      ['王思远-南京大学-金融工程', '王思远'],
      ['赵雨桐个人简历', '赵雨桐'],
    ])('the title %s names %s', (title, name) => {
      expect(parseCv(text, { title }).name?.value).toBe(name);
    });

    it.each([
      '简历',
      'Resume',
      'CV',
      'Curriculum Vitae',
      '个人简历模板',
      'Microsoft Word - 林晓彤简历.docx',
      'linxiaotong_cv_final.pdf',
      'Untitled',
      '南京大学',
    ])('a generic title or a file name (%s) names no one: the name stays empty', (title) => {
      expect(parseCv(text, { title }).name).toBeUndefined();
    });
  });
});
