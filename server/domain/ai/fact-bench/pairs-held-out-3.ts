import type { FactPair } from './types';

/**
 * Fourth held-out set (issue 24): written after the changes of ADR 0042's addendum, before any of
 * its results were seen, and measured once. Never used to tune the check. See pairs-held-out.ts.
 */
export const HELD_OUT_PAIRS_3: FactPair[] = [
  {
    id: 'h23-en-zh-economics',
    setting: 'en-zh',
    name: '贺思远',
    archive: {
      education: [{ school: '中国人民大学', major: '经济学', start: '2021-09', end: '2025-06', gpa: { value: 3.78, scale: 4 } }],
      tests: [{ type: 'GRE', total: 329, sub: { V: 160, Q: 169, AW: 4 } }],
      internships: [
        {
          title: '宏观研究实习生',
          organization: '招商证券研究所',
          start: '2024-02',
          end: '2024-05',
          description: '跟踪宏观数据，撰写周报',
        },
        { title: '数据处理实习生', organization: '国家统计局', start: '2023-07', end: '2023-08', description: '清洗CPI微观数据' },
      ],
      awards: [{ title: '吴玉章奖学金', date: '2023-10' }],
    },
    context: ['University of Chicago', 'Master of Arts Program in the Social Sciences'],
    text:
      'At Renmin University of China I studied Economics with a GPA of 3.78, and I scored 329 on the GRE with 169 in Quant. ' +
      'Intermediate Econometrics taught me to distrust a regression before I trust it. ' +
      'At China Merchants Securities I tracked macro data for the research institute, and at the National Bureau of Statistics I cleaned CPI microdata. ' +
      'I received the Wu Yuzhang Scholarship in 2023. ' +
      'I also interned at Goldman Sachs, presented at the American Economic Association annual meeting, and ranked first in my cohort. ' +
      'The University of Chicago is where I want to continue.',
    inventions: ['Goldman Sachs', 'American Economic Association', 'ranked first'],
    truths: [
      'Renmin University of China',
      'GPA of 3.78',
      '329',
      '169',
      'China Merchants Securities',
      'National Bureau of Statistics',
      'Wu Yuzhang Scholarship',
      '2023',
      'University of Chicago',
    ],
  },
  {
    id: 'h24-zh-zh-law',
    setting: 'zh-zh',
    name: '邵明轩',
    archive: {
      education: [
        { school: '中国政法大学', major: '法学', start: '2021-09', end: '2025-06', gpa: { value: 87.3, scale: 100, rank: '8/260' } },
      ],
      tests: [{ type: 'IELTS', total: 7.5 }],
      internships: [
        { title: '律师助理实习生', organization: '金杜律师事务所', start: '2024-01', end: '2024-03', description: '参与跨境并购尽职调查' },
        { title: '书记员助理', organization: '北京市海淀区人民法院', start: '2023-07', end: '2023-08' },
      ],
      awards: [{ title: '理律杯全国高校模拟法庭竞赛二等奖', date: '2023-05' }],
    },
    text:
      '我本科就读于中国政法大学法学专业，均分87.3，排名8/260，雅思7.5。2023年5月，我代表学校参加理律杯全国高校模拟法庭竞赛并获得二等奖。' +
      '2023年7月我在北京市海淀区人民法院实习，2024年初在金杜律师事务所参与跨境并购尽职调查。' +
      '此后我又在方达律师事务所实习，在《法学研究》发表论文，获得杰赛普国际法模拟法庭竞赛中国赛区冠军，并担任学生会主席。',
    inventions: ['方达律师事务所', '《法学研究》', '杰赛普国际法模拟法庭竞赛中国赛区冠军', '学生会主席'],
    truths: [
      '中国政法大学',
      '均分87.3',
      '8/260',
      '雅思7.5',
      '2023年5月',
      '理律杯全国高校模拟法庭竞赛',
      '二等奖',
      '2023年7月',
      '北京市海淀区人民法院',
      '金杜律师事务所',
    ],
  },
  {
    id: 'h25-en-zh-nlp',
    setting: 'en-zh',
    name: '陈思齐',
    archive: {
      education: [{ school: '浙江大学', major: '计算机科学与技术', start: '2021-09', end: '2025-06', gpa: { value: 3.91, scale: 4 } }],
      tests: [{ type: 'TOEFL', total: 108 }],
      research: [
        {
          title: '多模态大模型幻觉检测',
          supervisor: '陈刚教授',
          start: '2023-03',
          end: '2024-05',
          description: '论文发表于ACL 2024 Findings，第二作者',
        },
      ],
      internships: [{ title: '算法实习生', organization: '阿里巴巴达摩院', start: '2024-06', end: '2024-09' }],
      awards: [{ title: '国家奖学金', date: '2023-12' }],
    },
    context: ['Carnegie Mellon University', 'MS in Machine Learning'],
    text:
      'At Zhejiang University I majored in Computer Science with a GPA of 3.91 and scored 108 on the TOEFL. ' +
      'Under Professor Chen Gang I studied hallucination detection in multimodal large models and was second author of a paper in Findings of ACL 2024. ' +
      'In the summer of 2024 I interned at Alibaba DAMO Academy, and I received the National Scholarship in 2023. ' +
      "I then joined Professor Percy Liang's group at Stanford University as a visiting student, won the Kaggle LLM Science Exam, and interned at Microsoft Research Asia. " +
      'The MS in Machine Learning at Carnegie Mellon University is my goal.',
    inventions: ['Professor Percy Liang', 'Stanford University', 'Kaggle LLM Science Exam', 'Microsoft Research Asia'],
    truths: [
      'Zhejiang University',
      'GPA of 3.91',
      '108',
      'Professor Chen Gang',
      'second author',
      'ACL 2024',
      'Alibaba DAMO Academy',
      'National Scholarship',
      'Carnegie Mellon University',
    ],
  },
  {
    id: 'h26-en-en-analytics',
    setting: 'en-en',
    name: 'Lim Jia Hui',
    archive: {
      education: [
        {
          school: 'National University of Singapore',
          degree: 'BSc Business Analytics',
          start: '2021-08',
          end: '2025-05',
          gpa: { value: 4.52, scale: 5 },
        },
      ],
      tests: [{ type: 'IELTS', total: 8 }],
      internships: [
        {
          title: 'Data analyst intern',
          organization: 'Grab',
          start: '2024-05',
          end: '2024-08',
          description: 'built a driver churn dashboard',
        },
        { title: 'Business intelligence intern', organization: 'Shopee', start: '2023-05', end: '2023-07' },
      ],
      awards: [{ title: "Dean's List", date: '2023-06' }],
      activities: [{ title: 'Vice-president, NUS Statistics and Data Science Society', start: '2022-08', end: '2023-08' }],
    },
    context: ['Imperial College London', 'MSc Business Analytics'],
    text:
      "At the National University of Singapore I read Business Analytics with a CAP of 4.52 and made the Dean's List in 2023. " +
      'At Grab I built a driver churn dashboard, and at Shopee I worked in business intelligence. ' +
      'As vice-president of the NUS Statistics and Data Science Society I organised our datathon. ' +
      'I also spent an exchange semester at ETH Zurich, interned at Google, and received the Lee Kuan Yew Scholarship; my CAP rose to 4.62. ' +
      'The MSc Business Analytics at Imperial College London is my first choice.',
    inventions: ['ETH Zurich', 'Google', 'Lee Kuan Yew Scholarship', '4.62'],
    truths: [
      'National University of Singapore',
      'CAP of 4.52',
      "Dean's List",
      'Grab',
      'Shopee',
      'NUS Statistics and Data Science Society',
      'Imperial College London',
    ],
  },
  {
    id: 'h27-zh-zh-highschool',
    setting: 'zh-zh',
    name: '钟可欣',
    archive: {
      education: [{ school: '深圳中学', degree: '高中', start: '2022-09', end: '2025-06' }],
      tests: [
        { type: 'TOEFL', total: 108 },
        { type: 'AP', subject: '微积分BC', score: 5 },
      ],
      awards: [
        { title: 'HiMCM美国高中生数学建模竞赛M奖', date: '2024-11' },
        { title: '全国青少年科技创新大赛深圳市一等奖', date: '2024-03' },
      ],
      activities: [
        { title: '深圳中学机器人社社长', start: '2023-09', end: '2024-06' },
        { title: '深圳图书馆志愿者', start: '2023-07', end: '2023-08' },
      ],
    },
    context: ['Cornell University', 'Engineering'],
    text:
      '我就读于深圳中学，托福108，AP微积分BC 5分。2024年我带队参加HiMCM美国高中生数学建模竞赛并获得M奖，同年在全国青少年科技创新大赛深圳市赛获得一等奖。' +
      '作为机器人社社长，我带领社员完成了三台比赛机器人；暑假我在深圳图书馆做志愿者。' +
      '此外，我在腾讯实习过一个月，获得了ISEF英特尔国际科学与工程大赛二等奖，并入选清华大学丘成桐少年班。我希望进入Cornell University学习工程。',
    inventions: ['腾讯', 'ISEF英特尔国际科学与工程大赛二等奖', '清华大学丘成桐少年班'],
    truths: [
      '深圳中学',
      '托福108',
      '2024年',
      'HiMCM美国高中生数学建模竞赛',
      'M奖',
      '全国青少年科技创新大赛',
      '一等奖',
      '机器人社社长',
      '深圳图书馆',
      'Cornell University',
    ],
  },
  {
    id: 'h28-en-zh-pharma',
    setting: 'en-zh',
    name: '郑雨辰',
    archive: {
      education: [{ school: '中国药科大学', major: '药学', start: '2020-09', end: '2024-06', gpa: { value: 3.6, scale: 4 } }],
      tests: [{ type: 'IELTS', total: 7 }],
      internships: [
        { title: '药物分析实习生', organization: '江苏恒瑞医药股份有限公司', start: '2023-07', end: '2023-09' },
        { title: '合成化学实习生', organization: '药明康德', start: '2023-03', end: '2023-06' },
      ],
      awards: [{ title: '全国大学生生命科学竞赛二等奖', date: '2022-08' }],
    },
    context: ['University College London', 'MSc Pharmaceutical Sciences'],
    text:
      'At China Pharmaceutical University I studied Pharmacy with a GPA of 3.6 and an IELTS score of 7. ' +
      'I started at WuXi AppTec in March 2022 on synthetic chemistry, and at Jiangsu Hengrui Medicine I worked on drug analysis. ' +
      "Our team won second prize in the National College Students' Life Science Competition. " +
      'I later interned at Pfizer, co-authored a paper in the Journal of Medicinal Chemistry, and received the Roche Scholarship. ' +
      'University College London is where I hope to study next.',
    inventions: ['March 2022', 'Pfizer', 'Journal of Medicinal Chemistry', 'Roche Scholarship'],
    truths: [
      'China Pharmaceutical University',
      'GPA of 3.6',
      'IELTS score of 7',
      'WuXi AppTec',
      'Jiangsu Hengrui Medicine',
      'second prize',
      "National College Students' Life Science Competition",
      'University College London',
    ],
  },
];
