import type { FactPair } from './types';

/**
 * Written after tuning (issue 24) and never used to tune the check: its figures are the honest ones.
 * Changing the check to pass one of these pairs makes it part of the tuning set; write new held-out pairs then.
 */
export const HELD_OUT_PAIRS: FactPair[] = [
  {
    id: 'h09-en-zh-marketing',
    setting: 'en-zh',
    name: '罗诗涵',
    archive: {
      education: [{ school: '对外经济贸易大学', major: '市场营销', start: '2020-09', end: '2024-06', gpa: { value: 3.68, scale: 4 } }],
      tests: [{ type: 'IELTS', total: 7.5, sub: { L: 8, R: 8.5, W: 6.5, S: 7 } }],
      internships: [
        {
          title: '品牌管理实习生',
          organization: '宝洁（中国）有限公司',
          start: '2023-06',
          end: '2023-09',
          description: '负责一款洗发水新品的社交媒体投放，曝光量超过500万',
        },
      ],
      awards: [{ title: '欧莱雅Brandstorm创新大赛中国区亚军', date: '2023-04' }],
    },
    context: ['London School of Economics', 'MSc Marketing'],
    text:
      'I studied Marketing at the University of International Business and Economics, graduating with a GPA of 3.68 and an IELTS score of 7.5 (Reading 8.5). ' +
      'At Procter & Gamble I ran the social media launch of a new shampoo that reached over 5 million views, and our team was runner-up in the China final of L’Oréal Brandstorm. ' +
      'I then joined Unilever as a brand intern for three months and won a Young Lions award at Cannes Lions 2024. ' +
      'The London School of Economics is my first choice.',
    inventions: ['Unilever', 'Young Lions', 'Cannes Lions 2024'],
    truths: [
      'University of International Business and Economics',
      'GPA of 3.68',
      'IELTS score of 7.5',
      '8.5',
      'Procter & Gamble',
      '5 million',
      'runner-up',
      'Brandstorm',
      'London School of Economics',
    ],
  },
  {
    id: 'h10-zh-zh-civil',
    setting: 'zh-zh',
    name: '蒋文博',
    archive: {
      education: [
        { school: '中南大学', major: '土木工程', start: '2020-09', end: '2024-06', gpa: { value: 85.6, scale: 100, rank: '12/180' } },
      ],
      tests: [{ type: 'TOEFL', total: 98 }],
      internships: [{ title: '结构设计实习生', organization: '中国建筑第五工程局', start: '2023-07', end: '2023-08' }],
      projects: [
        {
          title: '装配式桥梁节点抗震性能研究',
          role: '负责人',
          start: '2022-10',
          end: '2023-10',
          description: '国家级大学生创新创业训练计划项目',
        },
      ],
    },
    text:
      '我本科就读于中南大学土木工程专业，均分85.6，排名12/180，托福98。我主持的装配式桥梁节点抗震性能研究入选国家级大学生创新创业训练计划，' +
      '2023年7月我在中国建筑第五工程局担任结构设计实习生。此后，我在中国铁建实习半年，研究成果发表于《土木工程学报》，并获得全国大学生结构设计竞赛一等奖和湖南省优秀毕业生称号。',
    inventions: ['中国铁建', '《土木工程学报》', '全国大学生结构设计竞赛一等奖', '湖南省优秀毕业生'],
    truths: ['中南大学', '均分85.6', '12/180', '托福98', '国家级大学生创新创业训练计划', '2023年7月', '中国建筑第五工程局'],
  },
  {
    id: 'h11-en-en-kaggle',
    setting: 'en-en',
    name: 'Gao Ziyi',
    archive: {
      education: [{ school: 'Shandong University', major: 'Statistics', start: '2021-09', end: '2025-06', gpa: { value: 3.77, scale: 4 } }],
      tests: [{ type: 'GRE', total: 326, sub: { V: 157, Q: 169, AW: 4 } }],
      awards: [{ title: 'Kaggle competition silver medal (Home Credit Default Risk)', date: '2024-05' }],
      internships: [{ title: 'Risk modelling intern', organization: 'Ant Group', start: '2024-06', end: '2024-09' }],
    },
    text:
      'At Shandong University I majored in Statistics and kept a GPA of 3.77; I scored 326 on the GRE with 169 in Quant. ' +
      'I won a silver medal in the Home Credit Default Risk competition on Kaggle and spent the summer of 2024 building credit risk models at Ant Group. ' +
      'I later became a Kaggle Grandmaster, presented a paper at AAAI 2025, and interned at Baidu in Beijing.',
    inventions: ['Kaggle Grandmaster', 'AAAI 2025', 'Baidu'],
    truths: ['Shandong University', 'GPA of 3.77', '326', '169', 'silver medal', 'Kaggle', '2024', 'Ant Group'],
  },
  {
    id: 'h12-zh-zh-highschool',
    setting: 'zh-zh',
    name: '周子墨',
    archive: {
      education: [{ school: '上海中学', degree: '高中', start: '2022-09', end: '2025-06' }],
      tests: [
        { type: 'SAT', total: 1530 },
        { type: 'TOEFL', total: 112 },
      ],
      awards: [
        { title: '丘成桐中学科学奖（物理）全国总决赛银奖', date: '2024-12' },
        { title: '美国物理碗竞赛（Physics Bowl）全球金奖', date: '2024-04' },
      ],
      activities: [{ title: '校天文社', role: '社长', start: '2023-09' }],
    },
    text:
      '我就读于上海中学，SAT 1530，托福112。2024年12月，我在丘成桐中学科学奖（物理）全国总决赛中获得银奖；同年4月获得美国物理碗竞赛全球金奖。' +
      '作为校天文社社长，我还带领社员在国际天文与天体物理奥林匹克竞赛中获得金牌，并在麻省理工学院暑期研究项目完成了一项课题。',
    inventions: ['国际天文与天体物理奥林匹克竞赛中获得金牌', '麻省理工学院'],
    truths: ['上海中学', 'SAT 1530', '托福112', '2024年12月', '丘成桐中学科学奖', '银奖', '美国物理碗竞赛全球金奖', '校天文社'],
  },
  {
    id: 'h13-en-zh-recommendation',
    setting: 'en-zh',
    name: '贺晨阳',
    archive: {
      education: [{ school: '南开大学', major: '化学', start: '2021-09', end: '2025-06', gpa: { value: 3.9, scale: 4, rank: '2/96' } }],
      research: [
        {
          title: '金属有机框架材料的二氧化碳吸附',
          organization: '南开大学化学学院',
          role: '本科生研究员',
          start: '2023-03',
          end: '2025-01',
        },
      ],
      publications: [
        {
          title: 'A porous MOF for selective CO2 capture',
          venue: 'Journal of Materials Chemistry A',
          date: '2024-09',
          authors: 'He Chenyang, Chen Li',
        },
      ],
    },
    context: ['陈立', '教授', '南开大学化学学院'],
    text:
      'I have known Chenyang He since March 2023, when he joined my group at the College of Chemistry, Nankai University. ' +
      'He ranked 2nd of 96 students in his year with a GPA of 3.9, and his work on CO2 capture with metal-organic frameworks appeared in the Journal of Materials Chemistry A in 2024. ' +
      'He also worked with Professor Liu Yang at Tianjin University and received the Tianjin Municipal Science and Technology Award. — Professor Chen Li',
    inventions: ['Professor Liu Yang', 'Tianjin University', 'Tianjin Municipal Science and Technology Award'],
    truths: [
      'Chenyang He',
      'March 2023',
      'College of Chemistry',
      'Nankai University',
      '2nd',
      '96',
      'GPA of 3.9',
      'Journal of Materials Chemistry A',
      'Professor Chen Li',
    ],
  },
  {
    id: 'h14-en-zh-numbers-dates',
    setting: 'en-zh',
    name: '冯晓雨',
    archive: {
      education: [{ school: '厦门大学', major: '统计学', start: '2021.09', end: '2025.06', gpa: { value: 3.74, scale: 4, rank: '前3%' } }],
      tests: [{ type: 'TOEFL', total: 108 }],
      internships: [
        { title: '量化研究实习生', organization: '九坤投资', start: '2024.06', end: '2024.09', description: '因子回测框架提速40%' },
      ],
      projects: [{ title: '基于LSTM的股价波动预测', start: '2023.02', end: '2023.06' }],
    },
    text:
      'Since September 2021 I have studied Statistics at Xiamen University, where I am in the top 3% with a GPA of 3.74 and a TOEFL of 108. ' +
      'From June 2024 I was a quantitative research intern at Ubiquant, where I made our factor backtesting framework 40% faster. ' +
      'My LSTM model for stock volatility, built in spring 2023, improved forecast accuracy by 15 percent, and it was adopted by a fund managing 2 billion yuan. ' +
      'I also passed the FRM Part I exam in November 2024.',
    inventions: ['15 percent', '2 billion', 'FRM', 'November 2024'],
    truths: ['September 2021', 'Xiamen University', 'top 3%', 'GPA of 3.74', 'TOEFL of 108', 'June 2024', 'Ubiquant', '40%', '2023'],
  },
];
