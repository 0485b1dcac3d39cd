import type { FactPair } from './types';

/**
 * Eighth held-out set (issue 24): written and committed before the general pinyin readings and the
 * alignment fixes of ADR 0042's "pinyin" addendum were made, and measured once with the finished
 * check, not tuned on. Its bodies, contests, awards and journals, true and invented, are neither in
 * the name table (fact-aliases.ts) nor in earlier sets, except the schools, which every text names.
 */
export const HELD_OUT_PAIRS_7: FactPair[] = [
  {
    id: 'h52-en-zh-materials',
    setting: 'en-zh',
    name: '贺思远',
    archive: {
      education: [{ school: '北京科技大学', major: '材料科学与工程', start: '2021-09', end: '2025-06', gpa: { value: 3.68, scale: 4 } }],
      tests: [{ type: 'TOEFL', total: 102 }],
      internships: [
        { title: '研发实习生', organization: '格林美股份有限公司', start: '2024-03', end: '2024-06', description: '三元前驱体回收工艺' },
        { title: '工艺实习生', organization: '中材科技', start: '2023-07', end: '2023-08', description: '玻璃纤维拉丝测试' },
      ],
      awards: [{ title: '全国大学生金相技能大赛二等奖', date: '2023-05' }],
      publications: [{ title: '《材料导报》论文，第一作者', date: '2024-09' }],
    },
    context: ['Imperial College London', 'MSc Advanced Materials Science and Engineering'],
    text:
      'At the University of Science and Technology Beijing I studied Materials Science and Engineering with a GPA of 3.68 and a TOEFL score of 102. ' +
      'As an R&D intern at GEM Co. I worked on recycling battery precursors from March to June 2024, and at Sinoma Science & Technology I tested glass fibre drawing in the summer of 2023. ' +
      'I won second prize in the National College Student Metallography Skills Competition, and I am the first author of a paper in Materials Reports. ' +
      'I also interned at Tianqi Lithium, presented at the MRS Fall Meeting 2023, and received the Lee Hsun Young Scholar Award. ' +
      'Imperial College London is my first choice.',
    inventions: ['Tianqi Lithium', 'MRS Fall Meeting 2023', 'Lee Hsun Young Scholar Award'],
    truths: [
      'University of Science and Technology Beijing',
      'Materials Science and Engineering',
      'GPA of 3.68',
      'TOEFL score of 102',
      'GEM Co.',
      'March to June 2024',
      'Sinoma Science & Technology',
      'summer of 2023',
      'second prize',
      'National College Student Metallography Skills Competition',
      'first author',
      'Materials Reports',
      'Imperial College London',
    ],
  },
  {
    id: 'h53-en-zh-law',
    setting: 'en-zh',
    name: '钱书瑶',
    archive: {
      education: [
        { school: '华东政法大学', major: '法学', start: '2021-09', end: '2025-06', gpa: { value: 3.72, scale: 4, rank: '8/210' } },
      ],
      tests: [{ type: 'IELTS', total: 7.5 }],
      internships: [
        { title: '律师助理实习生', organization: '上海市锦天城律师事务所', start: '2024-01', end: '2024-04', description: '并购尽职调查' },
        { title: '法务实习生', organization: '上海市协力律师事务所', start: '2023-07', end: '2023-09', description: '合规审查' },
      ],
      awards: [{ title: '全国大学生法律辩论赛一等奖', date: '2023-11' }],
      activities: [{ title: '法律援助协会会长', start: '2022-09', end: '2023-06' }],
    },
    context: ['Columbia Law School', 'LLM'],
    text:
      'At East China University of Political Science and Law I studied Law with a GPA of 3.72, ranked 8th of 210, and my IELTS score is 7.5. ' +
      'At AllBright Law Offices I assisted with M&A due diligence from January to April 2024, and at Shanghai Co-Effort Law Firm I did compliance reviews in 2023. ' +
      'I won first prize in the National College Student Legal Debate Competition and served as president of the Legal Aid Association. ' +
      'I also interned at Tahota Law Firm, reached the finals of the ELSA International Negotiation Competition, and my LSAT score of 172 placed me in the top 2%. ' +
      'Columbia Law School is my first choice.',
    inventions: ['Tahota Law Firm', 'ELSA International Negotiation Competition', 'LSAT score of 172', 'top 2%'],
    truths: [
      'East China University of Political Science and Law',
      'GPA of 3.72',
      'ranked 8th',
      'IELTS score is 7.5',
      'AllBright Law Offices',
      'January to April 2024',
      'Shanghai Co-Effort Law Firm',
      '2023',
      'first prize',
      'National College Student Legal Debate Competition',
      'Legal Aid Association',
      'Columbia Law School',
    ],
  },
  {
    id: 'h54-en-zh-games',
    setting: 'en-zh',
    name: '龚嘉树',
    archive: {
      education: [{ school: '电子科技大学', major: '数字媒体技术', start: '2021-09', end: '2025-06', gpa: { value: 3.56, scale: 4 } }],
      tests: [{ type: 'TOEFL', total: 99 }],
      internships: [
        { title: '游戏策划实习生', organization: '莉莉丝游戏', start: '2024-06', end: '2024-09', description: '关卡数值设计' },
        { title: '技术美术实习生', organization: '鹰角网络', start: '2023-07', end: '2023-09', description: '着色器优化' },
      ],
      awards: [{ title: '中国大学生计算机设计大赛二等奖', date: '2023-08' }],
      activities: [{ title: '独立游戏开发社社长', start: '2022-09', end: '2023-06' }],
    },
    context: ['University of Southern California', 'MS in Game Development'],
    text:
      'At the University of Electronic Science and Technology of China I studied Digital Media Technology with a GPA of 3.56 and a TOEFL score of 99. ' +
      'As a game design intern at Lilith Games I balanced level numbers from June to September 2024, and as a technical artist intern at Hypergryph I optimised shaders in the summer of 2023. ' +
      "I won second prize in the Chinese Collegiate Computing Competition and led the Independent Game Developers' Club. " +
      'I also interned at Papergames, spoke at the Game Developers Conference 2024, and won the Independent Games Festival Student Showcase. ' +
      'The University of Southern California is my first choice.',
    inventions: ['Papergames', 'Game Developers Conference 2024', 'Independent Games Festival Student Showcase'],
    truths: [
      'University of Electronic Science and Technology of China',
      'Digital Media Technology',
      'GPA of 3.56',
      'TOEFL score of 99',
      'Lilith Games',
      'June to September 2024',
      'Hypergryph',
      'summer of 2023',
      'second prize',
      'Chinese Collegiate Computing Competition',
      'University of Southern California',
    ],
  },
  {
    id: 'h55-en-zh-agronomy',
    setting: 'en-zh',
    name: '牛晓岚',
    archive: {
      education: [{ school: '中国农业大学', major: '植物保护', start: '2021-09', end: '2025-06', gpa: { value: 3.61, scale: 4 } }],
      tests: [{ type: 'IELTS', total: 7.0 }],
      internships: [
        {
          title: '育种助理',
          organization: '袁隆平农业高科技股份有限公司',
          start: '2024-02',
          end: '2024-05',
          description: '水稻抗病性状筛选',
        },
        { title: '研发实习生', organization: '大北农集团', start: '2023-07', end: '2023-08', description: '饲料配方试验' },
      ],
      awards: [{ title: '全国大学生植物保护专业能力大赛一等奖', date: '2023-10' }],
      publications: [{ title: '《植物保护学报》论文，第三作者', date: '2024-06' }],
    },
    context: ['Wageningen University', 'MSc Plant Sciences'],
    text:
      'At China Agricultural University I studied Plant Protection with a GPA of 3.61 and an IELTS score of 7.0. ' +
      'As a breeding assistant at Longping High-Tech I screened rice for disease resistance from February to May 2024, and at DBN Group I ran feed formulation trials in 2023. ' +
      'I won first prize in the National College Student Plant Protection Skills Competition, and I am the third author of a paper in the Journal of Plant Protection. ' +
      'I also interned at Corteva Agriscience, was a delegate of the World Food Prize Global Youth Institute, and won a Borlaug Leadership Fellowship. ' +
      'Wageningen University is my first choice.',
    inventions: ['Corteva Agriscience', 'World Food Prize Global Youth Institute', 'Borlaug Leadership Fellowship'],
    truths: [
      'China Agricultural University',
      'Plant Protection',
      'GPA of 3.61',
      'IELTS score of 7.0',
      'Longping High-Tech',
      'February to May 2024',
      'DBN Group',
      '2023',
      'first prize',
      'National College Student Plant Protection Skills Competition',
      'third author',
      'Journal of Plant Protection',
      'Wageningen University',
    ],
  },
  {
    id: 'h56-en-zh-architecture',
    setting: 'en-zh',
    name: '施语澄',
    archive: {
      education: [{ school: '天津大学', major: '建筑学', start: '2020-09', end: '2025-06', gpa: { value: 3.77, scale: 4 } }],
      tests: [{ type: 'TOEFL', total: 106 }],
      internships: [
        { title: '设计实习生', organization: '大舍建筑设计事务所', start: '2024-03', end: '2024-08', description: '博物馆方案深化' },
        { title: '设计助理', organization: '致正建筑工作室', start: '2023-07', end: '2023-09', description: '实体模型制作' },
      ],
      awards: [{ title: '谷雨杯全国大学生可持续建筑设计竞赛优秀奖', date: '2023-12' }],
    },
    context: ['Harvard Graduate School of Design', 'Master of Architecture II'],
    text:
      'At Tianjin University I studied Architecture with a GPA of 3.77 and a TOEFL score of 106. ' +
      'As a design intern at Atelier Deshaus I developed a museum scheme from March to August 2024, and at Atelier Z+ I built physical models in the summer of 2023. ' +
      'I received an honourable mention in the Guyu Cup National College Student Sustainable Building Design Competition. ' +
      'I also interned at Kengo Kuma and Associates, exhibited at the Lisbon Architecture Triennale 2023, and was shortlisted for Archiprix International. ' +
      'The Harvard Graduate School of Design is my first choice.',
    inventions: ['Kengo Kuma and Associates', 'Lisbon Architecture Triennale 2023', 'Archiprix International'],
    truths: [
      'Tianjin University',
      'Architecture',
      'GPA of 3.77',
      'TOEFL score of 106',
      'Atelier Deshaus',
      'March to August 2024',
      'Atelier Z+',
      'summer of 2023',
      'honourable mention',
      'Guyu Cup National College Student Sustainable Building Design Competition',
      'Harvard Graduate School of Design',
    ],
  },
  {
    id: 'h57-en-zh-finance',
    setting: 'en-zh',
    name: '冉子墨',
    archive: {
      education: [
        { school: '中南财经政法大学', major: '金融学', start: '2021-09', end: '2025-06', gpa: { value: 3.83, scale: 4, rank: '5/180' } },
      ],
      tests: [
        { type: 'IELTS', total: 7.5 },
        { type: 'GMAT', total: 700 },
      ],
      internships: [
        { title: '行业研究实习生', organization: '华安证券研究所', start: '2024-01', end: '2024-03', description: '新能源行业研究' },
        { title: '投行实习生', organization: '开源证券', start: '2023-06', end: '2023-08', description: '招股书撰写' },
      ],
      awards: [{ title: '全国大学生金融科技创新大赛三等奖', date: '2023-09' }],
      activities: [{ title: '学生投资协会会长', start: '2022-09', end: '2023-06' }],
    },
    context: ['London Business School', 'Master in Finance'],
    text:
      'At Zhongnan University of Economics and Law I studied Finance with a GPA of 3.83, ranked 5th of 180, an IELTS score of 7.5 and a GMAT score of 700. ' +
      'At Huaan Securities I covered new energy stocks from January to March 2024, and at Kaiyuan Securities I drafted a prospectus in the summer of 2023. ' +
      'I won third prize in the National College Student FinTech Innovation Competition and served as president of the Student Investment Association. ' +
      'I also interned at Gaoyi Asset Management, won the Rotman International Trading Competition, and passed CAIA Level II with a score in the top 10%. ' +
      'London Business School is my first choice.',
    inventions: ['Gaoyi Asset Management', 'Rotman International Trading Competition', 'CAIA Level II', 'top 10%'],
    truths: [
      'Zhongnan University of Economics and Law',
      'GPA of 3.83',
      'ranked 5th',
      'IELTS score of 7.5',
      'GMAT score of 700',
      'Huaan Securities',
      'January to March 2024',
      'Kaiyuan Securities',
      'summer of 2023',
      'third prize',
      'National College Student FinTech Innovation Competition',
      'Student Investment Association',
      'London Business School',
    ],
  },
  {
    id: 'h58-zh-zh-medicine',
    setting: 'zh-zh',
    name: '蒋沐晴',
    archive: {
      education: [{ school: '中南大学', major: '临床医学', start: '2019-09', end: '2024-06', gpa: { value: 3.7, scale: 4 } }],
      tests: [{ type: 'IELTS', total: 7.0 }],
      internships: [
        { title: '临床见习', organization: '湖南省人民医院', start: '2023-03', end: '2023-08', description: '心内科轮转' },
        { title: '科研助理', organization: '国家老年疾病临床医学研究中心', start: '2022-07', end: '2022-09', description: '随访数据整理' },
      ],
      awards: [{ title: '全国大学生基础医学创新研究暨实验设计论坛一等奖', date: '2022-11' }],
      publications: [{ title: '《中南大学学报（医学版）》论文，第二作者', date: '2023-10' }],
    },
    context: ['香港大学', '公共卫生硕士'],
    text:
      '我在中南大学攻读临床医学，GPA为3.7，雅思7.0。' +
      '2023年3月至8月，我在湖南省人民医院心内科轮转见习；2022年暑假在国家老年疾病临床医学研究中心整理随访数据。' +
      '我获得全国大学生基础医学创新研究暨实验设计论坛一等奖，并以第二作者在《中南大学学报（医学版）》发表论文。' +
      '此外，我曾在北京天坛医院实习，获得全国医学生急救技能大赛特等奖，并在《中国循证医学杂志》发表论文。' +
      '香港大学是我的首选。',
    inventions: ['北京天坛医院', '全国医学生急救技能大赛', '特等奖', '《中国循证医学杂志》'],
    truths: [
      '中南大学',
      '临床医学',
      'GPA为3.7',
      '雅思7.0',
      '2023年3月至8月',
      '湖南省人民医院',
      '2022年',
      '国家老年疾病临床医学研究中心',
      '全国大学生基础医学创新研究暨实验设计论坛',
      '一等奖',
      '第二作者',
      '《中南大学学报（医学版）》',
      '香港大学',
    ],
  },
  {
    id: 'h59-en-en-psychology',
    setting: 'en-en',
    name: 'Ethan Morales',
    archive: {
      education: [
        { school: 'University of Toronto', major: 'Psychology', start: '2021-09', end: '2025-06', gpa: { value: 3.86, scale: 4 } },
      ],
      internships: [
        {
          title: 'Research Assistant',
          organization: 'Centre for Addiction and Mental Health',
          start: '2024-05',
          end: '2024-08',
          description: 'coded interview transcripts',
        },
        { title: 'Peer Counsellor', organization: 'Good2Talk', start: '2023-01', end: '2023-12', description: 'helpline shifts' },
      ],
      awards: [{ title: 'Jack Cole Psychology Scholarship', date: '2024' }],
      publications: [{ title: 'Canadian Journal of Behavioural Science, second author', date: '2024' }],
    },
    context: ['University College London', 'MSc Clinical Mental Health Sciences'],
    text:
      'At the University of Toronto I majored in Psychology with a GPA of 3.86. ' +
      'As a research assistant at the Centre for Addiction and Mental Health I coded interview transcripts from May to August 2024, and as a peer counsellor at Good2Talk I took helpline shifts in 2023. ' +
      'I received the Jack Cole Psychology Scholarship and I am the second author of an article in the Canadian Journal of Behavioural Science. ' +
      'I also volunteered at Kids Help Phone, won a Mitacs Globalink Research Award, and presented at the Canadian Psychological Association Convention 2024. ' +
      'University College London is my first choice.',
    inventions: ['Kids Help Phone', 'Mitacs Globalink Research Award', 'Canadian Psychological Association Convention 2024'],
    truths: [
      'University of Toronto',
      'Psychology',
      'GPA of 3.86',
      'Centre for Addiction and Mental Health',
      'May to August 2024',
      'Good2Talk',
      '2023',
      'Jack Cole Psychology Scholarship',
      'second author',
      'Canadian Journal of Behavioural Science',
      'University College London',
    ],
  },
];
