import type { FactPair } from './types';

/**
 * The first held-out set (issue 24), measured once before the check was changed again (recall
 * 70.4%, true facts flagged 4.5%, ADR 0042): the changes it prompted made it part of the tuning set.
 */
export const TUNING_PAIRS_2: FactPair[] = [
  {
    id: 'h01-en-zh-nlp',
    setting: 'en-zh',
    name: '林嘉豪',
    archive: {
      education: [
        { school: '复旦大学', major: '计算机科学与技术', start: '2021-09', end: '2025-06', gpa: { value: 3.79, scale: 4, rank: '前5%' } },
      ],
      tests: [
        { type: 'TOEFL', total: 111, sub: { R: 30, L: 29, S: 24, W: 28 } },
        { type: 'GRE', total: 327 },
      ],
      research: [
        {
          title: '低资源机器翻译的数据增强',
          organization: '复旦大学自然语言处理实验室',
          role: '本科生研究助理',
          start: '2023-09',
          end: '2024-12',
        },
      ],
      publications: [
        {
          title: 'Back-translation with curriculum for low-resource MT',
          venue: 'ACL 2024 Findings',
          authors: 'Lin Jiahao, Chen Rui, Qiu Xipeng',
        },
      ],
      awards: [{ title: '复旦大学一等奖学金', date: '2023-10' }],
    },
    context: ['Stanford University', 'MS in Computer Science'],
    text:
      'During my time at Fudan University I ranked in the top 5% of my class with a GPA of 3.79, and I scored 111 on the TOEFL and 327 on the GRE. ' +
      'In the Fudan NLP Lab I studied data augmentation for low-resource machine translation, which led to a paper in the Findings of ACL 2024. ' +
      'I was also selected for the Google Research internship in summer 2024 and gave an oral talk at EMNLP 2024. ' +
      'Alongside a first-class scholarship from Fudan University, I was named a Tang Scholar in 2023. Stanford University is my first choice.',
    inventions: ['Google Research', 'EMNLP 2024', 'Tang Scholar'],
    truths: [
      'Fudan University',
      'top 5%',
      'GPA of 3.79',
      '111',
      'TOEFL',
      '327',
      'GRE',
      'Fudan NLP Lab',
      'ACL 2024',
      'first-class scholarship',
      '2023',
      'Stanford University',
    ],
  },
  {
    id: 'h02-zh-zh-finance',
    setting: 'zh-zh',
    name: '邓雨桐',
    archive: {
      education: [{ school: '上海财经大学', major: '金融学', start: '2020-09', end: '2024-06', gpa: { value: 3.72, scale: 4 } }],
      tests: [
        { type: 'GMAT', total: 730 },
        { type: 'IELTS', total: 7.5 },
      ],
      internships: [
        { title: '固定收益部实习生', organization: '华泰证券', start: '2023-03', end: '2023-06' },
        { title: '行业研究实习生', organization: '高瓴资本', start: '2023-07', end: '2023-09' },
      ],
      awards: [
        { title: '上海财经大学优秀学生奖学金', date: '2022-11' },
        { title: 'CFA一级', date: '2023-08' },
      ],
    },
    text:
      '本科期间我在上海财经大学主修金融学，GPA 3.72，GMAT 730，雅思7.5。2023年3月起，我在华泰证券固定收益部实习；同年7月加入高瓴资本做行业研究。' +
      '此前我还在摩根士丹利香港办公室实习两个月，并通过了CFA二级考试。大三时，我获得上海财经大学优秀学生奖学金，并在全国大学生金融建模大赛中获得一等奖。',
    inventions: ['摩根士丹利', 'CFA二级', '全国大学生金融建模大赛中获得一等奖'],
    truths: ['上海财经大学', 'GPA 3.72', 'GMAT 730', '雅思7.5', '2023年3月', '华泰证券', '高瓴资本', '上海财经大学优秀学生奖学金'],
  },
  {
    id: 'h03-en-zh-bio',
    setting: 'en-zh',
    name: '曹雪',
    archive: {
      education: [{ school: '中国科学技术大学', major: '生物科学', start: '2021-09', end: '2025-06', gpa: { value: 3.85, scale: 4.3 } }],
      tests: [{ type: 'TOEFL', total: 104 }],
      research: [
        {
          title: '斑马鱼心脏再生的单细胞测序分析',
          organization: '中国科学院上海营养与健康研究所',
          role: '暑期研究生',
          start: '2024-07',
          end: '2024-08',
        },
      ],
      awards: [{ title: '郭沫若奖学金', date: '2024-12' }],
    },
    text:
      'At the University of Science and Technology of China I have kept a GPA of 3.85/4.3 in Biological Sciences and scored 104 on the TOEFL. ' +
      'In July 2024 I joined the Shanghai Institute of Nutrition and Health as a summer student, analysing single-cell sequencing data on zebrafish heart regeneration. ' +
      'I received the Guo Moruo Scholarship, the highest honour at USTC. My results were later published in Cell Reports, and I won the iGEM gold medal with our team in 2023.',
    inventions: ['Cell Reports', 'iGEM', 'gold medal'],
    truths: [
      'University of Science and Technology of China',
      '3.85/4.3',
      '104',
      'TOEFL',
      'July 2024',
      'Shanghai Institute of Nutrition and Health',
      'Guo Moruo Scholarship',
      'USTC',
    ],
  },
  {
    id: 'h04-en-en-design',
    setting: 'en-en',
    name: 'Xu Nuo',
    archive: {
      education: [
        { school: 'Tongji University', major: 'Industrial Design', start: '2020-09', end: '2024-06', gpa: { value: 3.6, scale: 4 } },
      ],
      tests: [{ type: 'IELTS', total: 7.5 }],
      internships: [{ title: 'UX design intern', organization: 'NetEase Games', start: '2023-06', end: '2023-09' }],
      awards: [{ title: 'Red Dot Design Award: Design Concept, Honourable Mention', date: '2023-10' }],
      projects: [{ title: 'Wayfinding system for elderly hospital visitors', start: '2022-10', end: '2023-05' }],
    },
    context: ['Royal College of Art', 'MA Design Products'],
    text:
      'I studied Industrial Design at Tongji University (GPA 3.6) and hold an IELTS score of 7.5. ' +
      'My wayfinding system for elderly hospital visitors received an Honourable Mention in the Red Dot Design Award: Design Concept in October 2023. ' +
      'In summer 2023 I designed interfaces at NetEase Games, and I later spent six months at IDEO in Shanghai. ' +
      'The project was also shortlisted for the James Dyson Award and exhibited at Milan Design Week 2024. The Royal College of Art is where I want to grow.',
    inventions: ['IDEO', 'James Dyson Award', 'Milan Design Week 2024'],
    truths: [
      'Tongji University',
      'GPA 3.6',
      'IELTS score of 7.5',
      'Honourable Mention',
      'Red Dot Design Award',
      'October 2023',
      'NetEase Games',
      'Royal College of Art',
    ],
  },
  {
    id: 'h05-zh-zh-engineering',
    setting: 'zh-zh',
    name: '唐浩然',
    archive: {
      education: [{ school: '哈尔滨工业大学', major: '航天工程', start: '2021-09', end: '2025-06', gpa: { value: 91.2, scale: 100 } }],
      tests: [{ type: 'TOEFL', total: 100 }],
      projects: [
        {
          title: '立方星姿态控制系统',
          organization: '哈尔滨工业大学卫星技术研究所',
          role: '控制算法负责人',
          start: '2023-02',
          end: '2024-09',
        },
      ],
      awards: [{ title: '“挑战杯”全国大学生课外学术科技作品竞赛黑龙江省一等奖', date: '2023-06' }],
      skills: ['MATLAB', 'Simulink', 'C++'],
    },
    context: ['李建华', '教授'],
    text:
      '我在哈尔滨工业大学攻读航天工程，均分91.2，托福100。2023年2月起，我在哈尔滨工业大学卫星技术研究所负责立方星姿态控制系统的控制算法。' +
      '项目获得“挑战杯”全国大学生课外学术科技作品竞赛黑龙江省一等奖。李建华教授指导了我的研究，王立新教授也为我写了推荐信。' +
      '此外，我在中国空间技术研究院实习，作为第一作者在《宇航学报》发表论文，并入选2024年国家留学基金委优秀本科生国际交流项目。',
    inventions: ['王立新教授', '中国空间技术研究院', '第一作者', '《宇航学报》', '国家留学基金委'],
    truths: [
      '哈尔滨工业大学',
      '均分91.2',
      '托福100',
      '2023年2月',
      '哈尔滨工业大学卫星技术研究所',
      '“挑战杯”全国大学生课外学术科技作品竞赛黑龙江省一等奖',
      '李建华教授',
    ],
  },
  {
    id: 'h06-en-zh-econ',
    setting: 'en-zh',
    name: '宋佳琪',
    archive: {
      education: [{ school: '中国人民大学', major: '经济学', start: '2020-09', end: '2024-06', gpa: { value: 3.81, scale: 4 } }],
      tests: [
        { type: 'GRE', total: 331, sub: { V: 161, Q: 170, AW: 4.5 } },
        { type: 'TOEFL', total: 110 },
      ],
      research: [
        { title: '最低工资对农民工就业的影响', organization: '中国人民大学经济学院', role: '研究助理', start: '2022-09', end: '2023-12' },
      ],
      internships: [{ title: '宏观研究实习生', organization: '中国人民银行研究局', start: '2023-07', end: '2023-08' }],
    },
    text:
      'At Renmin University of China I majored in Economics with a GPA of 3.81; my GRE is 331 (Quant 170, Verbal 161, AW 4.5) and my TOEFL is 110. ' +
      'As a research assistant at the School of Economics, I studied how the minimum wage affects migrant workers, using data on 12,000 households. ' +
      'In summer 2023 I interned at the Research Bureau of the People’s Bank of China, and I later joined the World Bank as a short-term consultant. ' +
      'My thesis won the Best Undergraduate Thesis award of Renmin University in 2024.',
    inventions: ['12,000', 'World Bank', 'Best Undergraduate Thesis'],
    truths: [
      'Renmin University of China',
      'GPA of 3.81',
      'GRE is 331',
      '170',
      '161',
      '4.5',
      'TOEFL is 110',
      'School of Economics',
      'summer 2023',
      'People’s Bank of China',
    ],
  },
  {
    id: 'h07-zh-zh-cs-awards',
    setting: 'zh-zh',
    name: '彭宇',
    archive: {
      education: [{ school: '电子科技大学', major: '软件工程', start: '2021-09', end: '2025-06', gpa: { value: 3.88, scale: 4 } }],
      awards: [
        { title: 'ACM-ICPC亚洲区域赛（南京站）银奖', date: '2023-11' },
        { title: '中国大学生程序设计竞赛（CCPC）铜奖', date: '2023-10' },
      ],
      internships: [{ title: '后端开发实习生', organization: '美团', start: '2024-06', end: '2024-09' }],
    },
    text:
      '我就读于电子科技大学软件工程专业，GPA 3.88。2023年11月，我在ACM-ICPC亚洲区域赛南京站获得银奖，此前在中国大学生程序设计竞赛中获得铜奖。' +
      '2024年夏天我在美团担任后端开发实习生，之后又在阿里巴巴实习并获得转正offer。我还在蓝桥杯全国总决赛中获得一等奖，并在CVPR 2024发表论文。',
    inventions: ['阿里巴巴', '蓝桥杯全国总决赛中获得一等奖', 'CVPR 2024'],
    truths: ['电子科技大学', 'GPA 3.88', '2023年11月', 'ACM-ICPC亚洲区域赛', '银奖', '中国大学生程序设计竞赛', '铜奖', '美团'],
  },
  {
    id: 'h08-en-zh-arts-admin',
    setting: 'en-zh',
    name: '谢婉清',
    archive: {
      education: [{ school: '中央美术学院', major: '艺术管理', start: '2020-09', end: '2024-06', gpa: { value: 3.66, scale: 4 } }],
      tests: [{ type: 'IELTS', total: 7 }],
      internships: [{ title: '展览助理', organization: '尤伦斯当代艺术中心', start: '2023-03', end: '2023-08' }],
      activities: [{ title: '毕业展策展团队', role: '策展助理', start: '2023-10', end: '2024-05' }],
    },
    text:
      'I studied Arts Administration at the Central Academy of Fine Arts, graduating with a GPA of 3.66 and an IELTS band of 7. ' +
      'From March to August 2023 I assisted exhibitions at the UCCA Center for Contemporary Art. ' +
      'Before that I worked at Sotheby’s Hong Kong for a summer, and I co-curated a show at the Venice Biennale in 2022. ' +
      'I also received a Fulbright Scholarship.',
    inventions: ['Sotheby’s', 'Venice Biennale', '2022', 'Fulbright Scholarship'],
    truths: ['Central Academy of Fine Arts', 'GPA of 3.66', 'IELTS band of 7', 'August 2023', 'UCCA Center for Contemporary Art'],
  },
];
