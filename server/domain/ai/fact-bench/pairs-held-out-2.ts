import type { FactPair } from './types';

/**
 * Third held-out set (issue 24): written before the changes of ADR 0042's addendum and measured
 * once with the code as it stood; never used to tune the check. See pairs-held-out.ts.
 */
export const HELD_OUT_PAIRS_2: FactPair[] = [
  {
    id: 'h15-en-zh-quant',
    setting: 'en-zh',
    name: '沈嘉怡',
    archive: {
      education: [{ school: '复旦大学', major: '金融学', start: '2021-09', end: '2025-06', gpa: { value: 3.72, scale: 4 } }],
      tests: [{ type: 'TOEFL', total: 106, sub: { R: 29, L: 28, S: 23, W: 26 } }],
      internships: [
        { title: '量化研究实习生', organization: '九坤投资', start: '2024-01', end: '2024-06', description: '构建多因子选股模型' },
        { title: '投资银行部实习生', organization: '中金公司', start: '2023-07', end: '2023-09' },
      ],
      awards: [{ title: '全国大学生数学建模竞赛上海赛区一等奖', date: '2023-11' }],
    },
    context: ['Columbia University', 'MS in Financial Engineering'],
    text:
      'At Fudan University I studied Finance with a GPA of 3.72 and scored 106 on the TOEFL. ' +
      'As a quantitative research intern at Jiukun Investment I built multi-factor stock selection models, and at CICC I spent a summer in the investment banking division. ' +
      'Our team won first prize in the Shanghai division of the China Undergraduate Mathematical Contest in Modeling. ' +
      'I also interned at Citadel Securities, won the Jane Street Estimathon, and published a paper in the Journal of Financial Economics. ' +
      'The MS in Financial Engineering at Columbia University is where I want to go next.',
    inventions: ['Citadel Securities', 'Jane Street Estimathon', 'Journal of Financial Economics'],
    truths: [
      'Fudan University',
      'GPA of 3.72',
      'TOEFL',
      'Jiukun Investment',
      'CICC',
      'first prize',
      'Shanghai division',
      'China Undergraduate Mathematical Contest in Modeling',
      'Columbia University',
    ],
  },
  {
    id: 'h16-en-zh-architecture',
    setting: 'en-zh',
    name: '陆一鸣',
    archive: {
      education: [{ school: '同济大学', major: '建筑学', start: '2019-09', end: '2024-06', gpa: { value: 4.31, scale: 5 } }],
      tests: [{ type: 'IELTS', total: 7, sub: { L: 7.5, R: 7, W: 6.5, S: 6.5 } }],
      internships: [{ title: '建筑设计实习生', organization: '非常建筑', start: '2023-02', end: '2023-07' }],
      awards: [{ title: 'UIA霍普杯国际大学生建筑设计竞赛优秀奖', date: '2022-12' }],
      activities: [{ title: '同济大学建筑与城市规划学院模型工作坊助教', start: '2022-09', end: '2023-01' }],
    },
    context: ['Harvard Graduate School of Design', 'Master of Architecture'],
    text:
      'Five years of Architecture at Tongji University, with a GPA of 4.31 out of 5, taught me to think with my hands. ' +
      'As a design intern at Atelier FCJZ from February 2023, I worked on facade studies, and our entry received an honourable mention in the UIA-HYP Cup in 2022. ' +
      'I then interned at Zaha Hadid Architects in London, won the eVolo Skyscraper Competition, and exhibited at the Venice Biennale in 2025. ' +
      'My IELTS score of 7 lets me work in English, and the Harvard Graduate School of Design is where I hope to continue.',
    inventions: ['Zaha Hadid Architects', 'eVolo Skyscraper Competition', 'Venice Biennale'],
    truths: [
      'Tongji University',
      'GPA of 4.31 out of 5',
      'Atelier FCJZ',
      'February 2023',
      'honourable mention',
      'UIA-HYP Cup',
      '2022',
      'IELTS score of 7',
      'Harvard Graduate School of Design',
    ],
  },
  {
    id: 'h17-zh-zh-cs',
    setting: 'zh-zh',
    name: '韩子轩',
    archive: {
      education: [
        {
          school: '哈尔滨工业大学',
          major: '计算机科学与技术',
          start: '2021-09',
          end: '2025-06',
          gpa: { value: 88.2, scale: 100, rank: '5/210' },
        },
      ],
      tests: [{ type: 'TOEFL', total: 104 }],
      internships: [{ title: '后端开发实习生', organization: '字节跳动', start: '2024-07', end: '2024-09' }],
      awards: [{ title: 'ICPC国际大学生程序设计竞赛亚洲区域赛（沈阳站）银奖', date: '2023-11' }],
      projects: [{ title: '分布式键值存储系统', role: '负责人', start: '2023-03', end: '2023-12' }],
    },
    text:
      '我本科就读于哈尔滨工业大学计算机科学与技术专业，均分88.2，排名5/210，托福104。2023年11月，我在ICPC亚洲区域赛沈阳站获得银奖；' +
      '我负责的分布式键值存储系统项目让我熟悉了一致性协议。2024年7月起，我在字节跳动担任后端开发实习生。' +
      '此后我又在商汤科技实习，论文被CVPR 2025录用，并荣获蓝桥杯全国总决赛一等奖，入选华为天才少年计划。',
    inventions: ['商汤科技', 'CVPR 2025', '蓝桥杯全国总决赛一等奖', '华为天才少年计划'],
    truths: ['哈尔滨工业大学', '均分88.2', '5/210', '托福104', '2023年11月', 'ICPC', '银奖', '分布式键值存储系统', '2024年7月', '字节跳动'],
  },
  {
    id: 'h18-en-zh-mechanical',
    setting: 'en-zh',
    name: '杜浩然',
    archive: {
      education: [{ school: '上海交通大学', major: '机械工程', start: '2020-09', end: '2024-06', gpa: { value: 3.81, scale: 4.3 } }],
      tests: [{ type: 'GRE', total: 327, sub: { V: 158, Q: 169 } }],
      internships: [
        { title: '结构工程实习生', organization: '中国商飞上海飞机设计研究院', start: '2023-07', end: '2023-09' },
        { title: '电池包设计实习生', organization: '宁德时代', start: '2024-01', end: '2024-03' },
      ],
      awards: [{ title: '全国大学生机械创新设计大赛二等奖', date: '2022-08' }],
    },
    text:
      'At Shanghai Jiao Tong University I studied Mechanical Engineering (GPA 3.81/4.3) and scored 327 on the GRE. ' +
      'At the Shanghai Aircraft Design and Research Institute of COMAC I analysed wing ribs, and at CATL I designed battery pack housings. ' +
      'I won first prize in the National Undergraduate Mechanical Innovation Design Competition, led our Formula Student team to a podium at Formula Student Germany, ' +
      'and spent a summer at BYD before publishing an SAE Technical Paper.',
    inventions: ['first prize', 'Formula Student Germany', 'BYD', 'SAE Technical Paper'],
    truths: [
      'Shanghai Jiao Tong University',
      'Mechanical Engineering',
      'GPA 3.81/4.3',
      '327',
      'Shanghai Aircraft Design and Research Institute',
      'COMAC',
      'CATL',
      'National Undergraduate Mechanical Innovation Design Competition',
    ],
  },
  {
    id: 'h19-zh-zh-highschool',
    setting: 'zh-zh',
    name: '许安然',
    archive: {
      education: [{ school: '南京外国语学校', degree: '高中', start: '2022-09', end: '2025-06' }],
      tests: [
        { type: 'TOEFL', total: 110 },
        { type: 'SAT', total: 1540 },
      ],
      awards: [
        { title: '全国中学生英语能力竞赛一等奖', date: '2023-05' },
        { title: '北京大学模拟联合国大会最佳代表', date: '2023-12' },
      ],
      activities: [{ title: '校刊《拾光》创办人、主编', start: '2022-10', end: '2024-06' }],
    },
    context: ['Brown University', 'Early Decision'],
    text:
      '我就读于南京外国语学校，托福110，SAT 1540。高一时我创办了校刊《拾光》并担任主编，2023年5月获得全国中学生英语能力竞赛一等奖，' +
      '同年12月在北京大学模拟联合国大会上获评最佳代表。后来我又在哈佛大学模拟联合国大会获得杰出代表奖，托福考到115，' +
      '并在《中国日报》发表了三篇评论，还获得了丘成桐中学科学奖。我希望进入Brown University继续学习。',
    inventions: ['哈佛大学模拟联合国大会', '托福考到115', '《中国日报》', '丘成桐中学科学奖'],
    truths: [
      '南京外国语学校',
      '托福110',
      'SAT 1540',
      '《拾光》',
      '2023年5月',
      '全国中学生英语能力竞赛一等奖',
      '北京大学模拟联合国大会',
      '最佳代表',
      'Brown University',
    ],
  },
  {
    id: 'h20-en-en-commerce',
    setting: 'en-en',
    name: 'Chloe Tan',
    archive: {
      education: [
        {
          school: 'University of Melbourne',
          degree: 'Bachelor of Commerce',
          start: '2021-02',
          end: '2024-11',
          gpa: { value: 82, scale: 100 },
        },
      ],
      tests: [{ type: 'IELTS', total: 8 }],
      internships: [
        {
          title: 'Audit intern',
          organization: 'Deloitte',
          start: '2023-12',
          end: '2024-02',
          description: 'audited two listed retail clients',
        },
      ],
      awards: [{ title: "Dean's Honours List", date: '2023-03' }],
      activities: [{ title: 'Treasurer, Melbourne University Finance Society', start: '2022-03', end: '2023-11' }],
    },
    context: ['London Business School', 'Masters in Management'],
    text:
      "At the University of Melbourne I completed a Bachelor of Commerce with a WAM of 82 and was named to the Dean's Honours List in 2023. " +
      'As treasurer of the Melbourne University Finance Society I managed our budget, and at Deloitte I audited two listed retail clients. ' +
      'I later joined McKinsey & Company as a business analyst intern, was shortlisted for the Rhodes Scholarship, and won the CFA Institute Research Challenge. ' +
      'With an IELTS score of 8.5, I am ready for the Masters in Management at London Business School.',
    inventions: ['McKinsey & Company', 'Rhodes Scholarship', 'CFA Institute Research Challenge', 'IELTS score of 8.5'],
    truths: [
      'University of Melbourne',
      'Bachelor of Commerce',
      '82',
      "Dean's Honours List",
      'Melbourne University Finance Society',
      'Deloitte',
      'two listed retail clients',
      'London Business School',
    ],
  },
  {
    id: 'h21-en-zh-public-health',
    setting: 'en-zh',
    name: '彭雨桐',
    archive: {
      education: [{ school: '武汉大学', major: '预防医学', start: '2020-09', end: '2025-06', gpa: { value: 3.65, scale: 4 } }],
      tests: [{ type: 'IELTS', total: 7.5 }],
      research: [
        {
          title: '湖北省农村老年人慢性病管理现状调查',
          role: '课题组成员',
          supervisor: '李明教授',
          start: '2022-09',
          end: '2023-12',
          description: '参与论文发表于《中华预防医学杂志》，第二作者',
        },
      ],
      internships: [{ title: '实习生', organization: '中国疾病预防控制中心', start: '2024-07', end: '2024-08' }],
    },
    context: ['Johns Hopkins Bloomberg School of Public Health', 'MPH'],
    text:
      'I studied Preventive Medicine at Wuhan University (GPA 3.65) and scored 7.5 on the IELTS. ' +
      'Under Professor Li Ming I surveyed chronic disease management among older rural residents of Hubei and was second author of the resulting paper in the Chinese Journal of Preventive Medicine. ' +
      'In the summer of 2024 I interned at the Chinese Center for Disease Control and Prevention. ' +
      'I also worked with Professor Zhang Hua at the World Health Organization, was first author of a paper in The Lancet Public Health, and received a Gates Foundation grant. ' +
      'The Johns Hopkins Bloomberg School of Public Health is my first choice.',
    inventions: ['Professor Zhang Hua', 'World Health Organization', 'first author', 'Gates Foundation'],
    truths: [
      'Wuhan University',
      'GPA 3.65',
      '7.5',
      'Professor Li Ming',
      'Hubei',
      'second author',
      'Chinese Journal of Preventive Medicine',
      '2024',
      'Chinese Center for Disease Control and Prevention',
      'Johns Hopkins Bloomberg School of Public Health',
    ],
  },
  {
    id: 'h22-en-zh-art',
    setting: 'en-zh',
    name: '温若溪',
    archive: {
      education: [{ school: '中央美术学院', major: '艺术管理', start: '2020-09', end: '2024-06', gpa: { value: 88, scale: 100 } }],
      tests: [{ type: 'IELTS', total: 7 }],
      internships: [
        { title: '策展助理', organization: '北京民生现代美术馆', start: '2023-03', end: '2023-06' },
        { title: '公共教育实习生', organization: '上海当代艺术博物馆', start: '2023-07', end: '2023-09' },
      ],
      awards: [{ title: '中央美术学院优秀学生奖学金', date: '2022-10' }],
    },
    context: ['Royal College of Art', 'MA Curating Contemporary Art'],
    text:
      'At the Central Academy of Fine Arts I studied Arts Management with an average of 88, and I received the CAFA Scholarship for Outstanding Students in 2022. ' +
      'As a curatorial assistant at the Beijing Minsheng Art Museum I helped install two exhibitions, and at the Power Station of Art in Shanghai I ran public programmes. ' +
      "I also interned at Sotheby's in Hong Kong, co-curated a show at Frieze London, and was a Serpentine Galleries fellow. " +
      'The MA Curating Contemporary Art at the Royal College of Art is my goal.',
    inventions: ["Sotheby's", 'Frieze London', 'Serpentine Galleries'],
    truths: [
      'Central Academy of Fine Arts',
      'average of 88',
      'CAFA Scholarship for Outstanding Students',
      '2022',
      'Beijing Minsheng Art Museum',
      'Power Station of Art',
      'Royal College of Art',
    ],
  },
];
