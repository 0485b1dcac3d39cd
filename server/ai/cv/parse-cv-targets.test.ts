import { detectedCvSchema } from '../../../contracts/client-profiles';
import { parseCv } from './parse-cv';

const cv = (lines: string[]) => {
  const parsed = parseCv(lines.join('\n'));
  expect(() => detectedCvSchema.parse(parsed)).not.toThrow();
  return parsed;
};

describe('申请意向 / Target Program fills 申请目标, never skills or awards (issue 24)', () => {
  it.each([
    ['申请意向', ['张三', '技能', 'Python、SQL', '申请意向', '美国、英国 计算机科学 硕士 2026Fall']],
    ['申请目标 after awards', ['张三', '获奖情况', '2023 国家奖学金', '申请目标', '美国、英国 计算机科学 硕士 2026Fall']],
    ['求学意向 inline', ['张三', '技能', 'Python、SQL', '求学意向：美国、英国 计算机科学 硕士 2026Fall']],
  ])('%s', (_name, lines) => {
    const parsed = cv(lines);
    expect(parsed.targets).toMatchObject({ countries: ['美国', '英国'], majors: ['计算机科学'], degree: '硕士', intake: '2026Fall' });
    expect(parsed.targets!.source).toContain('计算机科学');
    expect(JSON.stringify(parsed.skills)).not.toContain('计算机科学');
    expect(JSON.stringify(parsed.awards)).not.toContain('计算机科学');
    expect(parsed.sections.map((section) => section.kind)).toContain('targets');
  });

  it('English headings: TARGET, Objective, Career Objective, Target Program', () => {
    expect(cv(['Li Xinyi', 'SKILLS', 'Python, SQL', 'TARGET', 'MSc Finance, United Kingdom, Fall 2026']).targets).toMatchObject({
      countries: ['United Kingdom'],
      majors: ['Finance'],
      degree: 'MSc',
      intake: 'Fall 2026',
    });
    const objective = cv([
      'Li Xinyi',
      'HONORS',
      "Dean's List",
      'Career Objective',
      "Seeking admission to a Master's program in Data Science in the United States, Fall 2026.",
    ]);
    expect(objective.targets).toMatchObject({
      countries: ['United States'],
      majors: ['Data Science'],
      degree: "Master's",
      intake: 'Fall 2026',
    });
    expect(objective.awards.map((award) => award.title)).toEqual(["Dean's List"]);
    expect(cv(['Li Xinyi', 'Skills: Python, SQL', 'Target Program: MS in Computer Science (Fall 2026), USA']).targets).toMatchObject({
      countries: ['USA'],
      majors: ['Computer Science'],
      degree: 'MS',
      intake: 'Fall 2026',
    });
  });

  it('labelled lines: countries, programme, degree, intake', () => {
    const parsed = cv([
      '王五',
      '申请意向',
      '目标国家/地区：香港、新加坡',
      '申请专业：金融工程、数据科学',
      '申请学位：硕士',
      '入学时间：2026年秋季',
      '目标院校：港大、NUS',
    ]);
    expect(parsed.targets).toMatchObject({
      countries: ['香港', '新加坡'],
      majors: ['金融工程', '数据科学'],
      degree: '硕士',
      intake: '2026年秋季',
    });
    expect(parsed.targets!.source).not.toContain('目标院校');
  });

  it('「Target:」 inside an internship is no 申请意向', () => {
    const parsed = cv([
      'Li Xinyi',
      'WORK EXPERIENCE',
      'Analyst Intern, CICC\t2023.06 - 2023.09',
      'Target: cut the reporting time by 20% for the US desk',
    ]);
    expect(parsed.targets).toBeUndefined();
    expect(parsed.internships[0].description).toContain('Target: cut');
  });

  it('a CV without a target section has no targets (nothing is invented)', () => {
    expect(cv(['张三', '技能', 'Python、SQL']).targets).toBeUndefined();
  });
});

describe('one award per line or bullet (issue 24)', () => {
  it('three award lines, one of them dated: three awards', () => {
    const parsed = cv(['张三', '获奖情况', '2023 国家奖学金', '校级三好学生', '全国大学生数学竞赛 二等奖']);
    expect(parsed.awards.map((award) => award.title)).toEqual(['国家奖学金', '校级三好学生', '全国大学生数学竞赛 二等奖']);
    expect(parsed.awards[0].date).toBe('2023');
  });

  it('three bulleted awards: three awards', () => {
    const parsed = cv([
      'Li Xinyi',
      'HONORS & AWARDS',
      "• Dean's List (2022)",
      '• First Prize, National Olympiad in Informatics',
      '• Merit Scholarship',
    ]);
    expect(parsed.awards.map((award) => award.title)).toEqual([
      "Dean's List (2022)",
      'First Prize, National Olympiad in Informatics',
      'Merit Scholarship',
    ]);
  });

  it('an award wrapped in a narrow column (every award dated) stays one', () => {
    const parsed = cv([
      '张三',
      '荣誉奖项',
      '2023 校级一等奖学金',
      '2022 美国大学生数学建模竞赛',
      'Meritorious Winner',
      '2021 全国大学生数学竞赛',
    ]);
    expect(parsed.awards.map((award) => award.title)).toEqual([
      '校级一等奖学金',
      '美国大学生数学建模竞赛 Meritorious Winner',
      '全国大学生数学竞赛',
    ]);
  });
});

describe('AP scores (issue 24)', () => {
  it('one AP entry, a sub-score per subject, in each way CVs write them', () => {
    const parsed = cv([
      '张三',
      '标化成绩',
      'AP Calculus BC: 5',
      'AP® Physics C: Mechanics (5)',
      'AP成绩：微积分AB 5，化学 4分',
      'TOEFL 110',
    ]);
    expect(parsed.tests.find((test) => test.type === 'AP')).toMatchObject({
      sub: { 'Calculus BC': 5, 'Physics C: Mechanics': 5, 微积分AB: 5, 化学: 4 },
    });
    expect(parsed.tests.find((test) => test.type === 'TOEFL')).toMatchObject({ total: 110 });
  });
});
