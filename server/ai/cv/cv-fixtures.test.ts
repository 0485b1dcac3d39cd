import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { detectedCvSchema, type DetectedCv } from '../../../contracts/client-profiles';
import { pdfkitDocument, type PdfLine } from '../../../tests/fixtures/cv/generate';
import { extractText } from './extract-text';
import { parseCv } from './parse-cv';

/**
 * Each committed CV (tests/fixtures/cv/README.md) through the whole pipeline: the file's bytes,
 * extractText, parseCv. The expected fields are what the student wrote in the sources (src/).
 */
const FIXTURES = fileURLToPath(new URL('../../../tests/fixtures/cv/', import.meta.url));

type Expected = {
  format: string;
  name: string;
  email: string;
  phone: string;
  school: string;
  major?: string;
  degree: string;
  level: string;
  gpa: { value: number; scale?: number; rank?: string };
  tests: Record<string, { total?: number; sub: Record<string, number> }>;
  counts: Partial<
    Record<'education' | 'research' | 'internships' | 'projects' | 'activities' | 'awards' | 'publications' | 'skills', number>
  >;
  check?: (cv: DetectedCv) => void;
};

const EXPECTED: Record<string, Expected> = {
  'zh-undergrad-cs.docx': {
    format: 'docx',
    name: '李明轩',
    email: 'mingxuan.li@zju.edu.cn',
    phone: '13812345678',
    school: '浙江大学',
    major: '计算机科学与技术',
    degree: '工学学士',
    level: 'bachelor',
    gpa: { value: 3.82, scale: 4, rank: '前5%, 8/160' },
    tests: { TOEFL: { total: 108, sub: { R: 29, L: 28, S: 24, W: 27 } }, GRE: { total: 325, sub: { V: 155, Q: 170, AW: 4 } } },
    counts: { education: 1, research: 2, internships: 2, projects: 1, activities: 2, awards: 3, publications: 1, skills: 8 },
    check: (cv) => {
      expect(cv.internships[0]).toMatchObject({ organization: '字节跳动', role: '后端开发实习生', start: '2024-06', end: '2024-09' });
      expect(cv.internships[0].description).toContain('P99 延迟降低 40%');
      expect(cv.activities[1]).toMatchObject({ organization: '浙江大学开源社区', role: '志愿者', start: '2021-10', end: '至今' });
      expect(cv.awards[0]).toMatchObject({ title: '国家奖学金', date: '2023-12' });
      // 申请方向：计算机科学 硕士（2025 Fall） is 申请目标 (issue 24).
      expect(cv.targets).toMatchObject({ countries: [], majors: ['计算机科学'], degree: '硕士', intake: '2025 Fall' });
      expect(cv.publications[0]).toMatchObject({ date: '2024' });
    },
  },
  'en-msc-finance.pdf': {
    format: 'pdf',
    name: 'Emily (Yuting) Chen',
    email: 'emily.chen@ed.ac.uk',
    phone: '+44 7700900123',
    school: 'The University of Edinburgh',
    major: 'Finance and Investment',
    degree: 'MSc',
    level: 'master',
    // The current (MSc) entry has no GPA: the CV's GPA is the bachelor's.
    gpa: { value: 88, scale: 100, rank: 'top 10%' },
    tests: { IELTS: { total: 7.5, sub: { L: 8, R: 8.5, W: 6.5, S: 7 } }, GMAT: { total: 720, sub: { Q: 49, V: 40, IR: 7, AWA: 5.5 } } },
    counts: { education: 2, research: 1, internships: 2, projects: 1, activities: 2, awards: 2, publications: 0, skills: 8 },
    check: (cv) => {
      expect(cv.education[1]).toMatchObject({
        school: 'Fudan University',
        degree: 'Bachelor of Economics',
        major: 'Finance',
        start: '2019-09',
        end: '2023-06',
      });
      expect(cv.internships[0]).toMatchObject({
        organization: 'Hillhouse Capital',
        role: 'Investment Analyst Intern',
        start: '2023-01',
        end: '2023-04',
      });
      // A bullet wrapped onto a second line stays in its entry.
      expect(cv.internships[0].description).toContain('investment\ncommittee');
    },
  },
  'zh-two-column.pdf': {
    format: 'pdf',
    name: '王思远',
    email: 'siyuan.wang@163.com',
    phone: '+86 13900001234',
    school: '南京大学',
    major: '数学与应用数学',
    degree: '理学学士',
    level: 'bachelor',
    gpa: { value: 3.71, scale: 4, rank: '12/95' },
    // 雅思's sub-scores sit on the line below its total.
    tests: { IELTS: { total: 7, sub: { L: 7.5, R: 8, W: 6, S: 6.5 } }, GRE: { total: 322, sub: { V: 152, Q: 170, AW: 3.5 } } },
    counts: { education: 1, research: 0, internships: 2, projects: 2, activities: 2, awards: 3, skills: 6 },
    check: (cv) => {
      // Award lines wrapped in the narrow column are joined back.
      expect(cv.awards.map((award) => award.title)).toEqual([
        '校级一等奖学金',
        '美国大学生数学建模竞赛 Meritorious Winner',
        '全国大学生数学竞赛 江苏赛区 二等奖',
      ]);
      expect(cv.internships[0]).toMatchObject({ organization: '中信证券', role: '量化研究实习生' });
      expect(cv.targets).toMatchObject({ majors: ['金融工程'], degree: '硕士', source: '金融工程 硕士' });
    },
  },
  'zh-master-accounting.doc': {
    format: 'doc',
    name: '赵雨桐',
    email: 'yutong_zhao@sufe.edu.cn',
    phone: '+86 18620003344',
    school: '上海财经大学',
    major: '会计学',
    degree: '硕士研究生',
    level: 'master',
    gpa: { value: 3.6, scale: 4 },
    tests: { TOEFL: { total: 105, sub: { R: 28, L: 27, S: 23, W: 27 } }, GMAT: { total: 700, sub: { Q: 49, V: 36 } } },
    counts: { education: 2, research: 1, internships: 2, projects: 0, activities: 0, awards: 2, skills: 4 },
    check: (cv) => {
      expect(cv.education[1]).toMatchObject({ degree: '管理学学士', level: 'bachelor', gpa: { value: 86, scale: 100, rank: '前15%' } });
      expect(cv.research[0]).toMatchObject({ role: '研究助理', start: '2023-10', end: '2024-06' });
      expect(cv.internships[0].description).toBe('参与两家制造业上市公司年报审计，负责存货监盘与应收账款函证。');
    },
  },
  'zh-highschool.gbk.txt': {
    format: 'txt',
    name: '刘子涵',
    email: 'zihan.liu2007@qq.com',
    phone: '15912345678',
    school: '北京市第四中学',
    degree: '高中',
    level: 'high_school',
    gpa: { value: 3.95, scale: 4, rank: '前3%' },
    tests: {
      TOEFL: { total: 112, sub: { R: 30, L: 29, S: 25, W: 28 } },
      SAT: { total: 1530, sub: { EBRW: 750, Math: 780 } },
      ACT: { total: 34, sub: { English: 35, Math: 35, Reading: 33, Science: 34 } },
      // AP：微积分BC 5，物理C 5，计算机科学A 5 (issue 24: AP scores were lost).
      AP: { sub: { 微积分BC: 5, 物理C: 5, 计算机科学A: 5 } },
    },
    counts: { education: 1, research: 2, activities: 2, awards: 2, skills: 4 },
    check: (cv) => {
      expect(cv.major).toBeUndefined();
      // 指导：清华大学 李老师 names the supervisor, not the organisation.
      expect(cv.research[0].organization).toBeUndefined();
    },
  },
  'en-stats.utf16.txt': {
    format: 'txt',
    name: 'Michael Zhang',
    email: 'michael.zhang@berkeley.edu',
    phone: '+1 4155550132',
    school: 'University of California, Berkeley',
    major: 'Statistics',
    degree: 'B.A.',
    level: 'bachelor',
    gpa: { value: 3.91, scale: 4 },
    tests: {
      GRE: { total: 331, sub: { V: 163, Q: 168, AW: 5 } },
      Duolingo: { total: 135, sub: { Literacy: 140, Comprehension: 135, Conversation: 125, Production: 120 } },
    },
    counts: { education: 1, research: 1, internships: 2, projects: 1, activities: 2, awards: 2, publications: 1, skills: 7 },
    check: (cv) => {
      expect(cv.research[0]).toMatchObject({ start: '2023-01', end: '至今' });
      expect(cv.publications[0]).toMatchObject({
        authors: 'Zhang, M., & Lee, K.',
        title: 'Conformal prediction for wildfire risk under distribution shift',
        venue: 'NeurIPS Workshop on Tackling Climate Change with Machine Learning',
        date: '2024',
      });
    },
  },
};

describe.each(Object.entries(EXPECTED))('fixture %s', (file, expected) => {
  let cv: DetectedCv;
  let text: string;

  beforeAll(async () => {
    const extracted = await extractText(readFileSync(FIXTURES + file));
    expect(extracted.format).toBe(expected.format);
    text = extracted.text;
    cv = parseCv(text);
  });

  it('fits the contract, and every source is text of the CV', () => {
    expect(() => detectedCvSchema.parse(cv)).not.toThrow();
    const sources = JSON.stringify(cv).match(/"source":"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(sources.length).toBeGreaterThan(10);
    for (const source of sources) {
      for (const line of (JSON.parse(`{${source}}`) as { source: string }).source.split('\n')) expect(text).toContain(line);
    }
  });

  it('name, email, phone', () => {
    expect(cv.name?.value).toBe(expected.name);
    expect(cv.email?.value).toBe(expected.email);
    expect(cv.phone?.value).toBe(expected.phone);
  });

  it('current school, major and degree', () => {
    expect(cv.currentSchool?.value).toBe(expected.school);
    expect(cv.major?.value).toBe(expected.major);
    expect(cv.degree).toMatchObject({ value: expected.degree, level: expected.level });
  });

  it('GPA with its scale and rank', () => {
    expect({ value: cv.gpa?.value, scale: cv.gpa?.scale, rank: cv.gpa?.rank }).toEqual({
      value: expected.gpa.value,
      scale: expected.gpa.scale,
      rank: expected.gpa.rank,
    });
  });

  it('test scores with sub-scores', () => {
    expect(Object.fromEntries(cv.tests.map(({ type, total, sub }) => [type, { total, sub }]))).toEqual(expected.tests);
  });

  it('section entries', () => {
    const counts = Object.fromEntries(Object.keys(expected.counts).map((key) => [key, cv[key as keyof typeof expected.counts].length]));
    expect(counts).toEqual(expected.counts);
    expected.check?.(cv);
  });
});

describe('English names heading a PDF CV (issue 22)', () => {
  const body: PdfLine[] = [
    { text: 'EDUCATION', size: 14, font: 'Helvetica-Bold' },
    { text: 'Fudan University, B.Sc. in Economics\t2021.09 - 2025.06' },
    { text: 'GPA 3.8/4.0' },
  ];
  it.each<[string, PdfLine[], string]>([
    [
      'a plain heading',
      [{ text: 'Li Xinyi', size: 22 }, { text: 'Shanghai, China | lixinyi@example.com | +86 138 0000 1234' }],
      'Li Xinyi',
    ],
    [
      'after "Curriculum Vitae", above an address',
      [{ text: 'Curriculum Vitae', size: 20 }, { text: 'Zhang Yutong', size: 16 }, { text: 'Room 301, 12 Huaihai Road, Shanghai' }],
      'Zhang Yutong',
    ],
    [
      'letter-spaced and centred',
      [{ text: 'Li Xinyi', size: 24, font: 'Helvetica-Bold', options: { characterSpacing: 4, align: 'center' } }],
      'Li Xinyi',
    ],
    ['letter-spaced capitals', [{ text: 'ZHANG YUTONG', size: 24, font: 'Times-Bold', options: { characterSpacing: 6 } }], 'Zhang Yutong'],
    ['words set far apart', [{ text: 'Zhang Yutong', size: 22, options: { wordSpacing: 30 } }], 'Zhang Yutong'],
  ])('%s', async (_name, head, name) => {
    const { text } = await extractText(await pdfkitDocument([...head, ...body]));
    const cv = parseCv(text);
    expect(cv.name?.value, text).toBe(name);
    expect(cv.currentSchool?.value).toBe('Fudan University');
  });
});
