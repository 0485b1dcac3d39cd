import type { FactPair } from './types';

/**
 * Sixth held-out set (issue 24): written after the name table grew (ADR 0042, addendum of
 * 2026-11-26) and measured once with that code, to give the table's figure on pairs nobody tuned
 * on. Its bodies were chosen for realism, not from the table: some are in it, many are not.
 */
export const HELD_OUT_PAIRS_5: FactPair[] = [
  {
    id: 'h35-en-zh-finance',
    setting: 'en-zh',
    name: '陈思远',
    archive: {
      education: [
        { school: '中央财经大学', major: '金融学', start: '2021-09', end: '2025-06', gpa: { value: 3.78, scale: 4, rank: '8/120' } },
      ],
      tests: [{ type: 'TOEFL', total: 108 }],
      internships: [
        { title: '投资银行部实习生', organization: '平安证券', start: '2024-01', end: '2024-04', description: '参与2个IPO项目' },
        { title: '量化研究实习生', organization: '华夏基金', start: '2023-07', end: '2023-09', description: '构建多因子模型' },
      ],
      awards: [{ title: '全国大学生数学建模竞赛省一等奖', date: '2023-11' }],
      certificates: [{ title: 'CFA一级', date: '2024-08' }],
    },
    context: ['London School of Economics', 'MSc Finance'],
    text:
      'At the Central University of Finance and Economics I majored in Finance with a GPA of 3.78, ranking 8th of 120, and my TOEFL score is 108. ' +
      'At Ping An Securities I joined the investment banking division and worked on two IPO projects. ' +
      'At China Asset Management I built factor models as a quantitative research intern in the summer of 2023. ' +
      'I won first prize at provincial level in the China Undergraduate Mathematical Contest in Modeling and passed CFA Level I in 2024. ' +
      'I also interned at Morgan Stanley Huaxin Securities, became a Kaggle Competitions Master, and co-authored a paper in the Journal of Finance. ' +
      'The London School of Economics is my first choice.',
    inventions: ['Morgan Stanley Huaxin Securities', 'Kaggle Competitions Master', 'Journal of Finance'],
    truths: [
      'Central University of Finance and Economics',
      'GPA of 3.78',
      'ranking 8th of 120',
      'TOEFL score is 108',
      'Ping An Securities',
      'two IPO projects',
      'China Asset Management',
      'summer of 2023',
      'first prize',
      'China Undergraduate Mathematical Contest in Modeling',
      'CFA Level I',
      '2024',
      'London School of Economics',
    ],
  },
  {
    id: 'h36-en-zh-media',
    setting: 'en-zh',
    name: '林可欣',
    archive: {
      education: [{ school: '复旦大学', major: '广播电视学', start: '2021-09', end: '2025-06', gpa: { value: 3.6, scale: 4 } }],
      tests: [{ type: 'IELTS', total: 7.5 }],
      internships: [
        { title: '视频编导实习生', organization: '第一财经', start: '2024-02', end: '2024-05', description: '独立制作5期短视频' },
        { title: '实习记者', organization: '中国青年报', start: '2023-07', end: '2023-08', description: '乡村学校专题报道' },
        { title: '媒体部实习生', organization: '上海国际电影节', start: '2023-06', end: '2023-06' },
      ],
      awards: [
        { title: '全国大学生广告艺术大赛二等奖', date: '2023-10' },
        { title: '复旦大学人民奖学金', date: '2023-11' },
      ],
    },
    context: ['New York University', 'MA Media, Culture, and Communication'],
    text:
      'Studying Broadcasting and Television Journalism at Fudan University, I earned a GPA of 3.6 and an IELTS score of 7.5. ' +
      'At Yicai I directed five short videos as a video intern in 2024, and at China Youth Daily I reported on rural schools in the summer of 2023. ' +
      'I worked in the media office of the Shanghai International Film Festival in June 2023. ' +
      "I won second prize in the National University Students Advertising Art Competition and received the Fudan People's Scholarship. " +
      'I also produced a documentary for CGTN, won the Golden Rooster Award for Best Short Film, and interned at Xinhua News Agency. ' +
      'New York University is my first choice.',
    inventions: ['CGTN', 'Golden Rooster Award for Best Short Film', 'Xinhua News Agency'],
    truths: [
      'Broadcasting and Television Journalism',
      'Fudan University',
      'GPA of 3.6',
      'IELTS score of 7.5',
      'Yicai',
      'five short videos',
      '2024',
      'China Youth Daily',
      'summer of 2023',
      'Shanghai International Film Festival',
      'June 2023',
      'second prize',
      'National University Students Advertising Art Competition',
      "Fudan People's Scholarship",
      'New York University',
    ],
  },
  {
    id: 'h37-en-zh-electronics',
    setting: 'en-zh',
    name: '赵明轩',
    archive: {
      education: [{ school: '电子科技大学', major: '通信工程', start: '2021-09', end: '2025-06', gpa: { value: 3.82, scale: 4 } }],
      tests: [{ type: 'GRE', total: 325 }],
      internships: [
        { title: '芯片验证实习生', organization: '华为海思', start: '2024-06', end: '2024-09', description: '编写验证平台' },
        { title: '嵌入式软件实习生', organization: '大疆创新', start: '2023-07', end: '2023-09' },
      ],
      awards: [
        { title: '全国大学生电子设计竞赛国家二等奖', date: '2023-08' },
        { title: '蓝桥杯省一等奖', date: '2022-05' },
      ],
      publications: [{ title: '会议论文，IEEE ICC 2024，第二作者' }],
    },
    context: ['Georgia Institute of Technology', 'MS Electrical and Computer Engineering'],
    text:
      'At UESTC I studied Communication Engineering with a GPA of 3.82 and a GRE score of 325. ' +
      'As a chip verification intern at HiSilicon I wrote test benches from June to September 2024, and at DJI I developed embedded software in the summer of 2023. ' +
      'I won a national second prize in the National Undergraduate Electronic Design Contest and first prize at provincial level in the Lanqiao Cup. ' +
      'As second author I presented a paper at IEEE ICC 2024. ' +
      'I also interned at Qualcomm Shanghai, won a gold medal at the ACM-ICPC Asia Regional, and hold 2 patents on beamforming. ' +
      'The Georgia Institute of Technology is my first choice.',
    inventions: ['Qualcomm Shanghai', 'gold medal', 'ACM-ICPC Asia Regional', '2 patents'],
    truths: [
      'UESTC',
      'Communication Engineering',
      'GPA of 3.82',
      'GRE score of 325',
      'HiSilicon',
      'June to September 2024',
      'DJI',
      'summer of 2023',
      'second prize',
      'National Undergraduate Electronic Design Contest',
      'first prize',
      'Lanqiao Cup',
      'second author',
      'IEEE ICC 2024',
      'Georgia Institute of Technology',
    ],
  },
  {
    id: 'h38-en-zh-public-health',
    setting: 'en-zh',
    name: '黄诗雨',
    archive: {
      education: [{ school: '中山大学', major: '预防医学', start: '2020-09', end: '2025-06', gpa: { value: 88, scale: 100 } }],
      tests: [{ type: 'IELTS', total: 7.0 }],
      internships: [
        {
          title: '实习生',
          organization: '广东省疾病预防控制中心',
          start: '2024-03',
          end: '2024-06',
          description: '参与流感监测数据分析',
        },
        { title: '项目助理', organization: '中国发展研究基金会', start: '2023-07', end: '2023-08', description: '乡村学前教育项目' },
      ],
      awards: [
        { title: '“挑战杯”全国大学生课外学术科技作品竞赛全国三等奖', date: '2023-11' },
        { title: '国家励志奖学金', date: '2022-10' },
      ],
      publications: [{ title: '《中华预防医学杂志》，第三作者', date: '2024-04' }],
    },
    context: ['Johns Hopkins University', 'Master of Public Health'],
    text:
      'At Sun Yat-sen University I studied Preventive Medicine with an average of 88/100 and an IELTS score of 7.0. ' +
      'At the Guangdong Provincial Center for Disease Control and Prevention I analysed influenza surveillance data from March to June 2024. ' +
      'As a programme assistant at the China Development Research Foundation I supported a rural early-childhood project in 2023. ' +
      'I won a national third prize in the Challenge Cup and the National Encouragement Scholarship, and I am the third author of a paper in the Chinese Journal of Preventive Medicine. ' +
      'I also interned at the World Health Organization in Geneva, led a UNICEF field survey, and won the Gates Foundation Global Health Fellowship. ' +
      'Johns Hopkins University is my first choice.',
    inventions: ['World Health Organization', 'Geneva', 'UNICEF', 'Gates Foundation Global Health Fellowship'],
    truths: [
      'Sun Yat-sen University',
      'Preventive Medicine',
      '88/100',
      'IELTS score of 7.0',
      'Guangdong Provincial Center for Disease Control and Prevention',
      'March to June 2024',
      'China Development Research Foundation',
      '2023',
      'third prize',
      'Challenge Cup',
      'National Encouragement Scholarship',
      'third author',
      'Chinese Journal of Preventive Medicine',
      'Johns Hopkins University',
    ],
  },
  {
    id: 'h39-en-zh-architecture',
    setting: 'en-zh',
    name: '孙一鸣',
    archive: {
      education: [{ school: '同济大学', major: '建筑学（五年制）', start: '2019-09', end: '2024-06', gpa: { value: 4.3, scale: 5 } }],
      tests: [{ type: 'IELTS', total: 7.0 }],
      internships: [
        {
          title: '建筑设计实习生',
          organization: '华东建筑设计研究院',
          start: '2024-01',
          end: '2024-06',
          description: '参与医院方案竞赛',
        },
        { title: '设计实习生', organization: '如恩设计研究室', start: '2023-07', end: '2023-09', description: '酒店改造模型' },
      ],
      awards: [
        { title: '霍普杯国际大学生建筑设计竞赛二等奖', date: '2023-06' },
        { title: '亚洲设计学年奖银奖', date: '2022-12' },
      ],
      activities: [{ title: '作品入选2023上海城市空间艺术季展览', date: '2023-09' }],
    },
    context: ['Harvard Graduate School of Design', 'Master in Architecture II'],
    text:
      'At Tongji University I studied Architecture with a GPA of 4.3 on a 5-point scale and an IELTS score of 7.0. ' +
      'At ECADI I worked on a hospital competition entry for six months in 2024, and at Neri&Hu Design and Research Office I modelled a hotel renovation in the summer of 2023. ' +
      'I won second prize in the UIA-HYP Cup and a silver award at the Asia Design Prize, and my work was exhibited at the Shanghai Urban Space Art Season in 2023. ' +
      "I also interned at Zaha Hadid Architects in London, won the RIBA President's Medals, and exhibited at the Venice Architecture Biennale. " +
      'The Harvard Graduate School of Design is my first choice.',
    inventions: ['Zaha Hadid Architects', 'London', "RIBA President's Medals", 'Venice Architecture Biennale'],
    truths: [
      'Tongji University',
      'GPA of 4.3',
      'IELTS score of 7.0',
      'ECADI',
      'six months',
      '2024',
      'Neri&Hu Design and Research Office',
      'summer of 2023',
      'second prize',
      'UIA-HYP Cup',
      'silver award',
      'Asia Design Prize',
      'Shanghai Urban Space Art Season',
      'Harvard Graduate School of Design',
    ],
  },
  {
    id: 'h40-zh-zh-law',
    setting: 'zh-zh',
    name: '周子墨',
    archive: {
      education: [
        { school: '中国政法大学', major: '法学', start: '2021-09', end: '2025-06', gpa: { value: 3.7, scale: 4, rank: '5/200' } },
      ],
      certificates: [{ title: '法律职业资格考试（通过）', date: '2024-09' }],
      internships: [
        { title: '实习生', organization: '金杜律师事务所（争议解决组）', start: '2024-07', end: '2024-09' },
        { title: '书记员助理', organization: '北京市海淀区人民法院', start: '2023-07', end: '2023-08' },
      ],
      awards: [
        { title: '杰赛普国际法模拟法庭辩论赛中国赛区最佳书状奖', date: '2024-03' },
        { title: '国家奖学金', date: '2023-10' },
      ],
    },
    context: ['哥伦比亚大学', '法学硕士（LLM）'],
    text:
      '我在中国政法大学攻读法学，GPA 3.7，专业排名5/200，并于2024年通过法律职业资格考试。' +
      '2024年暑期我在金杜律师事务所争议解决组实习，2023年在北京市海淀区人民法院担任书记员助理。' +
      '我曾获杰赛普国际法模拟法庭辩论赛中国赛区最佳书状奖和国家奖学金。' +
      '此外，我曾在方达律师事务所实习，获得全国大学生英语竞赛特等奖，并在《中国法学》发表论文。' +
      '我申请哥伦比亚大学法学硕士项目。',
    inventions: ['方达律师事务所', '全国大学生英语竞赛特等奖', '《中国法学》发表论文'],
    truths: [
      '中国政法大学',
      'GPA 3.7',
      '5/200',
      '2024年',
      '法律职业资格考试',
      '金杜律师事务所',
      '2023年',
      '北京市海淀区人民法院',
      '书记员助理',
      '杰赛普国际法模拟法庭辩论赛',
      '最佳书状奖',
      '国家奖学金',
      '哥伦比亚大学',
    ],
  },
  {
    id: 'h41-en-en-cs',
    setting: 'en-en',
    name: 'Ethan Liu',
    archive: {
      education: [
        { school: 'University of Toronto', major: 'BSc Computer Science', start: '2021-09', end: '2025-06', gpa: { value: 3.9, scale: 4 } },
      ],
      internships: [
        {
          title: 'Software Engineering Intern',
          organization: 'Shopify',
          start: '2024-05',
          end: '2024-08',
          description: 'checkout latency',
        },
        { title: 'Research Intern', organization: 'Vector Institute', start: '2023-05', end: '2023-08', description: 'diffusion models' },
      ],
      awards: [
        { title: "Dean's List", date: '2022, 2023' },
        { title: 'Canadian Computing Competition, Senior Division, Honour Roll', date: '2021' },
      ],
      publications: [{ title: 'Workshop paper, NeurIPS 2023, first author' }],
    },
    context: ['Carnegie Mellon University', 'MS in Machine Learning'],
    text:
      'At the University of Toronto I studied Computer Science with a GPA of 3.9. ' +
      'As a software engineering intern at Shopify I improved checkout latency in the summer of 2024, and at the Vector Institute I worked on diffusion models in 2023. ' +
      "I was named to the Dean's List twice and to the Honour Roll of the Canadian Computing Competition. " +
      'As first author I presented a workshop paper at NeurIPS 2023. ' +
      'I also interned at Google DeepMind, won the Putnam Competition, and published in ICML 2024. ' +
      'Carnegie Mellon University is my first choice.',
    inventions: ['Google DeepMind', 'Putnam Competition', 'ICML 2024'],
    truths: [
      'University of Toronto',
      'Computer Science',
      'GPA of 3.9',
      'Shopify',
      'summer of 2024',
      'Vector Institute',
      '2023',
      "Dean's List",
      'Honour Roll',
      'Canadian Computing Competition',
      'first author',
      'NeurIPS 2023',
      'Carnegie Mellon University',
    ],
  },
];
