import type { FactPair } from './types';

/**
 * Fifth held-out set (issue 24): written after the last change of ADR 0042's addendum and measured
 * once with the final code, to give its figure on pairs nobody tuned on. See pairs-held-out.ts.
 * Three true facts the check flagged were missing from the lists at that measure (The Paper, China
 * College Journalism Awards, Acta Scientiae Circumstantiae) and were added after it; the check was
 * not changed.
 */
export const HELD_OUT_PAIRS_4: FactPair[] = [
  {
    id: 'h29-en-zh-journalism',
    setting: 'en-zh',
    name: '潘晓雯',
    archive: {
      education: [{ school: '中国传媒大学', major: '新闻学', start: '2021-09', end: '2025-06', gpa: { value: 3.7, scale: 4 } }],
      tests: [{ type: 'IELTS', total: 7.5, sub: { L: 8, R: 8, W: 7, S: 7 } }],
      internships: [
        { title: '实习记者', organization: '财新传媒', start: '2024-03', end: '2024-06', description: '参与三篇环保调查报道' },
        { title: '编辑实习生', organization: '澎湃新闻', start: '2023-07', end: '2023-09' },
      ],
      awards: [{ title: '中国大学生新闻奖一等奖', date: '2024-05' }],
    },
    context: ['Columbia Journalism School', 'MS Journalism'],
    text:
      'At the Communication University of China I studied Journalism with a GPA of 3.7 and an IELTS score of 7.5. ' +
      'As a reporting intern at Caixin Media I contributed to three environmental investigations, and at The Paper I edited breaking news in the summer of 2023. ' +
      'I won first prize in the China College Journalism Awards in 2024. ' +
      'I also freelanced for Reuters in Beijing, was a finalist for the Human Rights Press Awards, and interviewed Premier Li Qiang. ' +
      'Columbia Journalism School is my first choice.',
    inventions: ['Reuters', 'Human Rights Press Awards', 'Premier Li Qiang'],
    truths: [
      'Communication University of China',
      'GPA of 3.7',
      'IELTS score of 7.5',
      'Caixin Media',
      'three environmental investigations',
      'The Paper',
      'China College Journalism Awards',
      '2023',
      'first prize',
      '2024',
      'Columbia Journalism School',
    ],
  },
  {
    id: 'h30-zh-zh-finance',
    setting: 'zh-zh',
    name: '魏子涵',
    archive: {
      education: [
        { school: '上海财经大学', major: '金融学', start: '2021-09', end: '2025-06', gpa: { value: 3.85, scale: 4, rank: '6/150' } },
      ],
      tests: [{ type: 'GMAT', total: 730 }],
      internships: [
        { title: '行业研究实习生', organization: '高瓴资本', start: '2024-06', end: '2024-09' },
        { title: '风险管理实习生', organization: '招商银行总行', start: '2023-07', end: '2023-08' },
      ],
      certificates: [{ title: 'CFA一级', date: '2024-02' }],
    },
    text:
      '我本科就读于上海财经大学金融学专业，GPA 3.85，排名6/150，GMAT 730，并于2024年2月通过CFA一级。' +
      '2024年6月起我在高瓴资本担任行业研究实习生，此前在招商银行总行做风险管理实习。' +
      '此外我还在红杉中国实习，通过了CFA二级，获得花旗杯金融创新应用大赛一等奖，并担任校投资协会会长。',
    inventions: ['红杉中国', 'CFA二级', '花旗杯金融创新应用大赛一等奖', '校投资协会会长'],
    truths: ['上海财经大学', 'GPA 3.85', '6/150', 'GMAT 730', '2024年2月', 'CFA一级', '2024年6月', '高瓴资本', '招商银行总行'],
  },
  {
    id: 'h31-en-zh-environment',
    setting: 'en-zh',
    name: '龚思源',
    archive: {
      education: [{ school: '南京大学', major: '环境科学', start: '2020-09', end: '2024-06', gpa: { value: 88.5, scale: 100 } }],
      tests: [{ type: 'TOEFL', total: 104 }],
      research: [
        {
          title: '太湖蓝藻水华遥感监测',
          supervisor: '王建国教授',
          start: '2022-09',
          end: '2023-12',
          description: '成果发表于《环境科学学报》，第一作者',
        },
      ],
      internships: [{ title: '项目助理', organization: '世界自然基金会（WWF）北京办公室', start: '2023-07', end: '2023-08' }],
    },
    context: ['Yale School of the Environment', 'Master of Environmental Management'],
    text:
      'At Nanjing University I studied Environmental Science with an average of 88.5 and scored 104 on the TOEFL. ' +
      'With Professor Wang Jianguo I monitored cyanobacterial blooms in Lake Taihu by remote sensing, and I was first author of the resulting paper in the Acta Scientiae Circumstantiae. ' +
      "In 2023 I interned at WWF's Beijing office. " +
      'I later joined Greenpeace East Asia as a campaigner, spoke at COP28 in Dubai, and received the Tsinghua Global Environmental Fellowship. ' +
      'The Yale School of the Environment is where I want to study.',
    inventions: ['Greenpeace East Asia', 'COP28', 'Tsinghua Global Environmental Fellowship'],
    truths: [
      'Nanjing University',
      'average of 88.5',
      '104',
      'Professor Wang Jianguo',
      'Lake Taihu',
      'first author',
      'Acta Scientiae Circumstantiae',
      'WWF',
      'Yale School of the Environment',
    ],
  },
  {
    id: 'h32-en-en-psychology',
    setting: 'en-en',
    name: 'Priya Raman',
    archive: {
      education: [
        { school: 'University of Toronto', major: 'Psychology', start: '2020-09', end: '2024-06', gpa: { value: 3.86, scale: 4 } },
      ],
      tests: [{ type: 'GRE', total: 323, sub: { V: 164, Q: 159 } }],
      research: [{ title: 'Research assistant, Infant Cognition Lab', supervisor: 'Dr. Sarah Mitchell', start: '2022-05', end: '2024-04' }],
      awards: [{ title: 'NSERC Undergraduate Student Research Award', date: '2023-05' }],
      activities: [{ title: 'Volunteer, Distress Centres of Greater Toronto', start: '2021-09', end: '2023-06' }],
    },
    context: ['Stanford University', 'PhD Psychology'],
    text:
      'At the University of Toronto I majored in Psychology with a GPA of 3.86, and I scored 323 on the GRE. ' +
      'In the Infant Cognition Lab I worked with Dr. Sarah Mitchell for two years, funded by an NSERC Undergraduate Student Research Award in 2023. ' +
      'I volunteered with the Distress Centres of Greater Toronto. ' +
      'I also presented a poster at the Cognitive Science Society conference, was a visiting student at the Max Planck Institute for Human Development, and published in Developmental Science. ' +
      'Stanford University is my first choice.',
    inventions: ['Cognitive Science Society', 'Max Planck Institute for Human Development', 'Developmental Science'],
    truths: [
      'University of Toronto',
      'GPA of 3.86',
      '323',
      'Infant Cognition Lab',
      'Dr. Sarah Mitchell',
      'NSERC Undergraduate Student Research Award',
      'Distress Centres of Greater Toronto',
      'Stanford University',
    ],
  },
  {
    id: 'h33-zh-zh-medicine',
    setting: 'zh-zh',
    name: '龙佳琪',
    archive: {
      education: [
        { school: '四川大学华西临床医学院', major: '临床医学', start: '2019-09', end: '2024-06', gpa: { value: 3.62, scale: 4 } },
      ],
      tests: [{ type: 'IELTS', total: 7 }],
      research: [{ title: '胃癌早筛标志物研究', supervisor: '刘洋教授', start: '2022-03', end: '2023-09' }],
      internships: [{ title: '临床见习', organization: '四川大学华西医院', start: '2023-01', end: '2023-12' }],
      awards: [{ title: '全国高等医学院校大学生临床技能竞赛西部赛区二等奖', date: '2022-11' }],
    },
    text:
      '我毕业于四川大学华西临床医学院临床医学专业，GPA 3.62，雅思7。2022年3月起我在刘洋教授课题组参与胃癌早筛标志物研究，' +
      '2023年在四川大学华西医院完成临床见习，并获得全国高等医学院校大学生临床技能竞赛西部赛区二等奖。' +
      '此后我又在北京协和医院实习，作为第一作者在《中华医学杂志》发表论文，并获得国家奖学金。',
    inventions: ['北京协和医院', '第一作者', '《中华医学杂志》', '国家奖学金'],
    truths: ['四川大学华西临床医学院', 'GPA 3.62', '雅思7', '2022年3月', '刘洋教授', '胃癌早筛标志物研究', '四川大学华西医院', '二等奖'],
  },
  {
    id: 'h34-en-zh-education',
    setting: 'en-zh',
    name: '易欣然',
    archive: {
      education: [{ school: '华东师范大学', major: '教育学', start: '2021-09', end: '2025-06', gpa: { value: 3.75, scale: 4 } }],
      tests: [{ type: 'TOEFL', total: 105 }],
      internships: [
        { title: '课程研发实习生', organization: '好未来教育集团', start: '2024-01', end: '2024-04' },
        { title: '支教老师', organization: '美丽中国支教项目', start: '2023-07', end: '2023-08', description: '在云南临沧支教六周' },
      ],
      awards: [{ title: '上海市优秀毕业生', date: '2025-05' }],
    },
    context: ['Harvard Graduate School of Education', 'EdM'],
    text:
      'At East China Normal University I studied Education with a GPA of 3.75 and scored 105 on the TOEFL. ' +
      'At TAL Education Group I designed maths courses, and with Teach For China I taught for six weeks in Lincang, Yunnan. ' +
      'I was named an Outstanding Graduate of Shanghai in 2025. ' +
      'I also worked as a research assistant at the Stanford Graduate School of Education, founded the nonprofit Bright Steps Learning, and received a Schwarzman Scholarship. ' +
      'The Harvard Graduate School of Education is my goal.',
    inventions: ['Stanford Graduate School of Education', 'Bright Steps Learning', 'Schwarzman Scholarship'],
    truths: [
      'East China Normal University',
      'GPA of 3.75',
      '105',
      'TAL Education Group',
      'Teach For China',
      'Lincang, Yunnan',
      'Outstanding Graduate of Shanghai',
      'Harvard Graduate School of Education',
    ],
  },
];
