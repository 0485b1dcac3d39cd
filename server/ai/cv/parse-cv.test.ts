import { detectedCvSchema } from '../../../contracts/client-profiles';
import { normaliseDate } from './lines';
import { parseCv } from './parse-cv';

const cv = (...lines: string[]) => parseCv(lines.join('\n'));

describe('parseCv: headings', () => {
  it('finds Chinese, English, numbered, decorated and bilingual headings', () => {
    const result = cv(
      '张三',
      '【教育背景】',
      '2019.09-2023.06 北京大学 法学 本科',
      '二、实习经历',
      '2022.07-2022.09 中伦律师事务所 实习生',
      'Research Experience:',
      '科研经历 Research',
      '■ 荣誉/Awards',
      '2021 国家奖学金',
      'SKILLS & INTERESTS',
      'Python',
    );
    expect(result.sections.map((section) => section.kind)).toEqual([
      'education',
      'internships',
      'research',
      'research',
      'awards',
      'skills',
    ]);
    expect(result.sections[0]).toEqual({ kind: 'education', heading: '【教育背景】', line: 1 });
  });

  it('takes a skills heading with its content on the same line', () => {
    expect(cv('李雷', '技能：Python、R、SPSS').skills.map((skill) => skill.value)).toEqual(['Python', 'R', 'SPSS']);
  });

  it('does not take a sentence or a labelled field for a heading', () => {
    expect(cv('王五', '主修课程：数据结构、操作系统', '我在教育领域有多年志愿经历').sections).toEqual([]);
  });
});

describe('parseCv: entries', () => {
  it('keeps a title with the date on the line below it, and wrapped bullets in their entry', () => {
    const result = cv(
      'Li Hua',
      'Work Experience',
      'Data Analyst Intern, ABC Capital, Shanghai',
      'Jun 2023 – Aug 2023',
      '• Cleaned trading data for the quant desk and',
      'wrote the daily risk report',
      'Operations Intern, Bank of Ningbo',
      'Jan 2023 – Feb 2023',
      '• Reconciled accounts',
    );
    expect(result.internships).toHaveLength(2);
    expect(result.internships[0]).toMatchObject({
      title: 'Data Analyst Intern, ABC Capital, Shanghai',
      organization: 'ABC Capital',
      role: 'Data Analyst Intern',
      start: '2023-06',
      end: '2023-08',
      description: 'Cleaned trading data for the quant desk and\nwrote the daily risk report',
    });
    expect(result.internships[1]).toMatchObject({
      organization: 'Bank of Ningbo',
      role: 'Operations Intern',
      start: '2023-01',
      end: '2023-02',
    });
    expect(result.internships[1].source).toBe('Operations Intern, Bank of Ningbo\nJan 2023 – Feb 2023\n• Reconciled accounts');
  });

  it('splits undated entries at blank lines and after bullets', () => {
    const result = cv(
      'Li Hua',
      'Projects',
      'Campus Map App',
      '- React Native app',
      '',
      'Course Planner',
      '- Scheduling with constraint solving',
      'Chess Engine',
      '- Alpha-beta search',
    );
    expect(result.projects.map((project) => project.title)).toEqual(['Campus Map App', 'Course Planner', 'Chess Engine']);
  });

  it('reads dates in the ways CVs write them', () => {
    expect(
      ['2021.09', '2021-9', '2021/09', '2021年9月', 'Sep 2021', 'September 2021', 'Sept. 2021', '09/2021'].map((date) =>
        normaliseDate(date),
      ),
    ).toEqual(Array(8).fill('2021-09'));
    expect([normaliseDate('2021'), normaliseDate('至今'), normaliseDate('Present')]).toEqual(['2021', '至今', '至今']);
    const result = cv('赵六', '实习经历', '2023年7月 至 2023年9月  腾讯  产品实习生', '2024.01–至今\t美团\t数据分析实习生');
    expect(result.internships.map(({ start, end }) => [start, end])).toEqual([
      ['2023-07', '2023-09'],
      ['2024-01', '至今'],
    ]);
  });
});

describe('parseCv: education', () => {
  it('reads school, degree, major, dates and GPA from Chinese and English entries', () => {
    const result = cv(
      'Education',
      'Peking University, Beijing\t2020 - 2024',
      'Bachelor of Science in Computer Science; GPA 3.85/4.0; Rank: 5/120',
      '复旦大学\t经济学院\t金融学专业\t硕士\t2024.09-至今',
      '加权平均分：89.5',
    );
    expect(result.education).toEqual([
      expect.objectContaining({
        school: 'Peking University',
        degree: 'Bachelor of Science',
        level: 'bachelor',
        major: 'Computer Science',
        start: '2020',
        end: '2024',
        gpa: { value: 3.85, scale: 4, rank: '5/120' },
      }),
      expect.objectContaining({
        school: '复旦大学',
        degree: '硕士',
        level: 'master',
        major: '金融学',
        start: '2024-09',
        end: '至今',
        gpa: { value: 89.5, scale: 100 },
      }),
    ]);
    // The current entry is the one still running.
    expect(result.currentSchool?.value).toBe('复旦大学');
    expect(result.degree).toMatchObject({ value: '硕士', level: 'master' });
    expect(result.gpa).toMatchObject({ value: 89.5, scale: 100, source: '加权平均分：89.5' });
  });

  it('takes the major out of a degree that names it (会计学硕士), not out of 工学学士', () => {
    expect(cv('教育背景', '2018.09-2022.06 武汉大学 会计学硕士').education[0]).toMatchObject({ major: '会计学', degree: '会计学硕士' });
    expect(cv('教育背景', '2018.09-2022.06 武汉大学 工学学士').education[0].major).toBeUndefined();
  });

  it('reads full-width digits and punctuation, and keeps the student’s own punctuation in values', () => {
    const result = cv(
      '教育背景',
      '２０２０．０９－２０２４．０６　清华大学（深圳）　环境工程　本科',
      'ＧＰＡ：３.８/４.０（专业排名：前１０%）',
    );
    expect(result.education[0]).toMatchObject({
      school: '清华大学',
      major: '环境工程',
      level: 'bachelor',
      gpa: { value: 3.8, scale: 4, rank: '前１０%' },
    });
    expect(result.gpa?.source).toBe('ＧＰＡ：３.８/４.０（专业排名：前１０%）');
  });

  it('falls back to 学校/专业/学历 labels when there is no education section', () => {
    const result = cv('姓名：孙七', '学校：中山大学', '专业：临床医学', '学历：本科');
    expect(result.name?.value).toBe('孙七');
    expect(result.currentSchool?.value).toBe('中山大学');
    expect(result.major?.value).toBe('临床医学');
    expect(result.degree).toMatchObject({ value: '本科', level: 'bachelor' });
    expect(result.education).toEqual([]);
  });
});

describe('parseCv: name and contact', () => {
  it.each([
    [['陈晓 的简历', 'chen@example.com'], '陈晓'],
    [['Name: Li Hua', 'Phone: 13800001111'], 'Li Hua'],
    [['个人简历', '姓名：欧阳娜娜 性别：女'], '欧阳娜娜'],
    [['JOHN O’NEIL | john@example.com'], 'John O’Neil'],
    [['Curriculum Vitae', 'Wang Xiaoming'], 'Wang Xiaoming'],
  ])('%j → %s', (lines, name) => {
    expect(cv(...lines).name?.value).toBe(name);
  });

  it.each([
    [['Li Xinyi', 'Shanghai, China | lixinyi@example.com'], 'Li Xinyi'],
    [['RESUME', 'ZHANG YUTONG', 'zhangyt@example.com'], 'Zhang Yutong'],
    [['Zhang\tYutong', 'EDUCATION'], 'Zhang Yutong'],
    [['L i X i n y i', 'EDUCATION'], 'Li Xinyi'],
    [['Zhang Yutong, MSc Finance candidate'], 'Zhang Yutong'],
    [["Zhang Yutong's Resume"], 'Zhang Yutong'],
    [['Li Xin-Yi (Cindy)'], 'Li Xin-Yi (Cindy)'],
    [['李欣怡 Li Xinyi', 'EDUCATION'], '李欣怡'],
    [['王 思 远', '教育背景'], '王思远'],
    [['Curriculum Vitae', 'Room 301, 12 Huaihai Road', 'Zhang Yutong'], 'Zhang Yutong'],
  ])('an English (or letter-spaced) name heading the CV: %j → %s', (lines, name) => {
    expect(cv(...lines).name?.value).toBe(name);
  });

  it.each([
    [['Curriculum Vitae', 'Education', 'Peking University']],
    [['Shanghai China', 'zhangyt@example.com']],
    [['Data Analyst', 'Work Experience']],
    [['Personal Statement']],
    [['Hong Kong', 'EDUCATION']],
    [['zhangyt@example.com', '+86 139 0000 1234']],
    [['Education\tSkills']],
  ])('no name in headings, places, roles or contact lines: %j', (lines) => {
    expect(cv(...lines).name).toBeUndefined();
  });

  it.each([
    ['手机：138-1234-5678', '13812345678'],
    ['Tel: +8613812345678', '+8613812345678'],
    ['Mobile: (+86) 138 1234 5678', '+86 13812345678'],
    ['电话：010-6275 1234', '01062751234'],
    ['Phone +65 9123 4567 · Singapore', '+65 91234567'],
  ])('phone %s → %s', (line, phone) => {
    expect(cv('张三', line).phone?.value).toBe(phone);
  });

  it('does not take dates, student numbers or GPAs for a phone', () => {
    expect(cv('张三', '学号 2021123456789', '2021.09-2025.06', 'GPA 3.9/4.0').phone).toBeUndefined();
  });
});

describe('parseCv: tests', () => {
  it.each([
    [
      'TOEFL iBT 110 (Reading 29, Listening 28, Speaking 25, Writing 28)',
      { type: 'TOEFL', total: 110, sub: { R: 29, L: 28, S: 25, W: 28 } },
    ],
    ['IELTS 7.5 (L 8.0 R 8.5 W 6.5 S 7.0)', { type: 'IELTS', total: 7.5, sub: { L: 8, R: 8.5, W: 6.5, S: 7 } }],
    ['GMAT Focus 655 (Q 85, V 84, DI 80)', { type: 'GMAT', total: 655, sub: { Q: 85, V: 84, DI: 80 } }],
    ['SAT 1500', { type: 'SAT', total: 1500, sub: {} }],
    [
      'ACT：33（English 34，Math 35，Reading 31，Science 32）',
      { type: 'ACT', total: 33, sub: { English: 34, Math: 35, Reading: 31, Science: 32 } },
    ],
    ['多邻国 DET 125', { type: 'Duolingo', total: 125, sub: {} }],
    ['TOEFL (2023.10) 108', { type: 'TOEFL', total: 108, sub: {} }],
  ])('%s', (line, test) => {
    expect(cv('张三', '语言成绩', line).tests).toEqual([{ ...test, source: line }]);
  });

  it('reads several tests on one line, and ignores mentions without a score', () => {
    const result = cv('张三', 'TOEFL 105 / GRE 328 (V158 Q170 AW4.0)', '正在备考雅思', 'Contact: 13800001111');
    expect(result.tests.map(({ type, total, sub }) => ({ type, total, sub }))).toEqual([
      { type: 'TOEFL', total: 105, sub: {} },
      { type: 'GRE', total: 328, sub: { V: 158, Q: 170, AW: 4 } },
    ]);
  });

  it('refuses numbers outside a test’s range', () => {
    expect(cv('张三', 'GRE 1200', 'IELTS 75', 'TOEFL 150').tests).toEqual([]);
  });
});

describe('parseCv: as a function', () => {
  it('returns an empty result for text with nothing to read', () => {
    for (const text of ['', '\n\n', 'lorem ipsum dolor sit amet']) {
      const result = parseCv(text);
      expect(detectedCvSchema.parse(result)).toEqual(result);
      expect(result.education).toEqual([]);
    }
  });

  it('is deterministic and fast on a long CV, and its output always fits the contract', () => {
    const block = [
      '教育背景',
      '2019.09-2023.06\t浙江大学\t计算机科学与技术\t本科',
      'GPA 3.8/4.0',
      '实习经历',
      ...Array.from({ length: 40 }, (_, i) => `2022.0${(i % 9) + 1}-2022.1${i % 3}\t公司${i}\t实习生\n· 负责${'数据'.repeat(30)}`),
      '技能',
      Array.from({ length: 60 }, (_, i) => `技能${i}`).join('、'),
    ].join('\n');
    const text = Array.from({ length: 20 }, () => block)
      .join('\n')
      .slice(0, 100_000);
    const started = performance.now();
    const first = parseCv(text);
    const elapsed = performance.now() - started;
    expect(parseCv(text)).toEqual(first);
    expect(() => detectedCvSchema.parse(first)).not.toThrow();
    expect(first.internships).toHaveLength(30);
    expect(elapsed).toBeLessThan(500);
  });
});
