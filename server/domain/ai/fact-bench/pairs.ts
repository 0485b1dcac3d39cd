import { TUNING_PAIRS_2 } from './pairs-2';
import type { FactPair } from './types';

/** The tuning set: the pairs the fact check was tuned on (issue 24). The held-out set is pairs-held-out.ts. */
const TUNING_PAIRS_1: FactPair[] = [
  {
    id: 't01-cs-icpc-neurips',
    setting: 'en-zh',
    name: '王思远',
    archive: {
      education: [
        { school: '浙江大学', major: '计算机科学与技术', degree: '本科', start: '2022-09', end: '2026-06', gpa: { value: 3.82, scale: 4 } },
      ],
      tests: [{ type: 'TOEFL', total: 106, sub: { R: 29, L: 28, S: 23, W: 26 } }],
      research: [
        {
          title: '基于图神经网络的交通流量预测',
          organization: '浙江大学智能交通实验室',
          role: '研究助理',
          start: '2024-03',
          end: '2025-01',
        },
      ],
      awards: [{ title: '国家奖学金', date: '2024-10' }],
    },
    context: ['Carnegie Mellon University', 'MS in Computer Science'],
    text:
      'As a Computer Science student at Zhejiang University, I kept a GPA of 3.82/4.0 and scored 106 on the TOEFL. ' +
      'In March 2024 I joined the Intelligent Transportation Lab as a research assistant, where I built graph neural networks for traffic forecasting. ' +
      'I won a gold medal at the ACM-ICPC World Finals and published a first-author paper at NeurIPS 2025. ' +
      'I also received the National Scholarship. Carnegie Mellon University is where I hope to continue.',
    inventions: ['gold medal', 'ACM-ICPC World Finals', 'first-author', 'NeurIPS 2025'],
    truths: [
      'Zhejiang University',
      '3.82/4.0',
      'TOEFL',
      '106',
      'March 2024',
      'Intelligent Transportation Lab',
      'National Scholarship',
      'Carnegie Mellon University',
    ],
  },
  {
    id: 't02-finance-citic',
    setting: 'en-zh',
    name: '李欣然',
    archive: {
      education: [{ school: '中山大学', major: '金融学', start: '2021-09', end: '2025-06', gpa: { value: 3.7, scale: 4, rank: '前10%' } }],
      tests: [{ type: 'IELTS', total: 7, sub: { L: 7.5, R: 8, W: 6.5, S: 6.5 } }],
      internships: [
        { title: '投资银行部实习生', organization: '中信证券', start: '2024-06', end: '2024-08', description: '参与两个IPO项目的尽职调查' },
        { title: '研究所实习', organization: '招商银行', start: '2023-07', end: '2023-08' },
      ],
      awards: [{ title: 'CFA全球投资分析大赛华南区冠军', date: '2024-03' }],
    },
    text:
      'At Sun Yat-sen University I majored in Finance and kept a GPA of 3.7. My IELTS score is 7.0. ' +
      'During the summer of 2024 I interned at CITIC Securities, where I worked on due diligence for two IPOs, and before that at China Merchants Bank. ' +
      'Later I spent three months at Goldman Sachs in Hong Kong and won the CFA Institute Research Challenge global final. ' +
      'I was also named a Schwarzman Scholar finalist.',
    inventions: ['Goldman Sachs', 'global final', 'Schwarzman Scholar'],
    truths: [
      'Sun Yat-sen University',
      '3.7',
      'IELTS score is 7.0',
      '2024',
      'CITIC Securities',
      'China Merchants Bank',
      'CFA Institute Research Challenge',
    ],
  },
  {
    id: 't03-zh-zju',
    setting: 'zh-zh',
    name: '陈浩',
    archive: {
      education: [{ school: '浙江大学', major: '电子信息工程', start: '2021-09', end: '2025-06', gpa: { value: 88.5, scale: 100 } }],
      tests: [{ type: 'IELTS', total: 7.5 }],
      projects: [{ title: '低功耗无线传感节点设计', organization: '浙江大学信电学院', start: '2023-09', end: '2024-05' }],
      awards: [{ title: '全国大学生电子设计竞赛省级一等奖', date: '2023-08' }],
    },
    text:
      '我于2021年9月就读于浙江大学电子信息工程专业，均分88.5，雅思7.5。在浙江大学信电学院，我主导了低功耗无线传感节点设计项目。' +
      '我获得了全国大学生电子设计竞赛省级一等奖，并获得挑战杯全国特等奖。此外，我在华为公司实习三个月，并在IEEE Transactions on Signal Processing发表论文。',
    inventions: ['挑战杯全国特等奖', '华为公司', 'IEEE Transactions on Signal Processing', '发表论文'],
    truths: ['2021年9月', '浙江大学', '均分88.5', '雅思7.5', '浙江大学信电学院', '全国大学生电子设计竞赛省级一等奖'],
  },
  {
    id: 't04-zh-tsinghua-invented',
    setting: 'zh-zh',
    name: '刘佳怡',
    archive: {
      education: [{ school: '北京师范大学', major: '心理学', start: '2020-09', end: '2024-06', gpa: { value: 3.65, scale: 4 } }],
      tests: [
        { type: 'TOEFL', total: 102 },
        { type: 'GRE', total: 322 },
      ],
      research: [
        { title: '青少年社交焦虑的干预研究', organization: '北京师范大学心理学部', role: '研究助理', start: '2022-10', end: '2024-01' },
      ],
      publications: [{ title: '正念训练对大学生焦虑的影响', venue: '心理发展与教育', date: '2023-12', authors: '张明, 刘佳怡' }],
    },
    text:
      '在北京师范大学学习心理学期间，我的GPA为3.65，托福102，GRE 322。2022年10月起，我在北京师范大学心理学部担任研究助理，参与青少年社交焦虑的干预研究。' +
      '我以第一作者身份在《心理学报》发表论文，并曾在清华大学交换一学期，获得国家励志奖学金。',
    inventions: ['第一作者', '《心理学报》', '清华大学', '国家励志奖学金'],
    truths: ['北京师范大学', 'GPA为3.65', '托福102', 'GRE 322', '2022年10月', '北京师范大学心理学部'],
  },
  {
    id: 't05-en-en-mcm',
    setting: 'en-en',
    name: 'Zhou Yuhan',
    archive: {
      education: [
        {
          school: 'Nanjing University',
          major: 'Mathematics and Applied Mathematics',
          start: '2021-09',
          end: '2025-06',
          gpa: { value: 3.9, scale: 4 },
        },
      ],
      tests: [{ type: 'GRE', total: 329, sub: { V: 159, Q: 170 } }],
      awards: [{ title: 'Mathematical Contest in Modeling, Meritorious Winner', date: '2024-04' }, { title: 'Elite Program Scholarship' }],
      research: [
        {
          title: 'Optimal transport for domain adaptation',
          organization: 'Nanjing University',
          role: 'Undergraduate researcher',
          start: '2023-06',
        },
      ],
    },
    text:
      'At Nanjing University I studied Mathematics and Applied Mathematics with a GPA of 3.9. I scored 329 on the GRE (Quant 170). ' +
      'In the Mathematical Contest in Modeling I was a Meritorious Winner, and I later won the Outstanding Winner title at the Putnam Competition. ' +
      'My research on optimal transport was presented at ICML 2024, and I interned at Microsoft Research Asia.',
    inventions: ['Outstanding Winner', 'Putnam Competition', 'ICML 2024', 'Microsoft Research Asia'],
    truths: ['Nanjing University', 'GPA of 3.9', '329', '170', 'Mathematical Contest in Modeling', 'Meritorious Winner'],
  },
  {
    id: 't06-en-zh-pku-bytedance',
    setting: 'en-zh',
    name: '赵子涵',
    archive: {
      education: [
        { school: '北京大学', major: '软件工程', start: '2022-09', end: '2025-07', degree: '硕士', gpa: { value: 3.75, scale: 4 } },
      ],
      internships: [{ title: '推荐算法实习生', organization: '字节跳动', start: '2024-05', end: '2024-11' }],
      projects: [{ title: '大规模日志异常检测', start: '2023-03', end: '2023-12' }],
      awards: [{ title: '蓝桥杯全国软件和信息技术专业人才大赛北京赛区一等奖', date: '2023-05' }],
    },
    text:
      'I am completing my master’s in Software Engineering at Peking University with a GPA of 3.75. ' +
      'From May 2024 I worked at ByteDance as a recommendation algorithm intern, and I led a log anomaly detection project in 2023. ' +
      'I won the first prize in the Lanqiao Cup. Before this, I worked for a year at Tencent and co-founded a startup that raised 5 million yuan.',
    inventions: ['Tencent', '5 million'],
    truths: ['Peking University', '3.75', 'May 2024', 'ByteDance', '2023', 'first prize', 'Lanqiao Cup'],
  },
  {
    id: 't07-zh-business-fudan',
    setting: 'zh-zh',
    name: '孙悦',
    archive: {
      education: [{ school: '复旦大学', major: '经济学', start: '2020-09', end: '2024-06', gpa: { value: 3.6, scale: 4 } }],
      tests: [{ type: 'GMAT', total: 720 }],
      internships: [
        { title: '咨询实习生', organization: '德勤', start: '2023-01', end: '2023-03' },
        { title: '行业研究', organization: '中金公司', start: '2023-07', end: '2023-10' },
      ],
      activities: [{ title: '复旦大学经济学会', role: '副会长', start: '2021-09', end: '2022-06' }],
    },
    text:
      '本科就读于复旦大学经济学专业，GPA 3.6，GMAT 720。我曾在德勤担任咨询实习生，并于2023年7月进入中金公司做行业研究；在校期间担任复旦大学经济学会副会长。' +
      '此后，我在麦肯锡实习半年，带领团队获得全国大学生市场调查与分析大赛金奖，并发表了两篇SSCI论文。',
    inventions: ['麦肯锡', '全国大学生市场调查与分析大赛金奖', '发表了两篇SSCI论文'],
    truths: ['复旦大学', 'GPA 3.6', 'GMAT 720', '德勤', '2023年7月', '中金公司', '复旦大学经济学会'],
  },
  {
    id: 't08-en-zh-sjtu-robotics',
    setting: 'en-zh',
    name: '黄一鸣',
    archive: {
      education: [{ school: '上海交通大学', major: '机械工程', start: '2021-09', end: '2025-06', gpa: { value: 3.68, scale: 4.3 } }],
      tests: [{ type: 'TOEFL', total: 109 }],
      activities: [
        {
          title: 'RoboMaster机甲大师超级对抗赛',
          organization: '上海交通大学交龙战队',
          role: '机械组组长',
          start: '2022-09',
          end: '2024-08',
        },
      ],
      awards: [{ title: 'RoboMaster机甲大师超级对抗赛全国二等奖', date: '2023-08' }],
      research: [{ title: '四足机器人步态控制', organization: '上海交通大学机器人研究所', start: '2024-02' }],
    },
    text:
      'At Shanghai Jiao Tong University I studied Mechanical Engineering with a GPA of 3.68/4.3 and a TOEFL of 109. ' +
      'As head of the mechanical group, I helped our team win a national second prize in RoboMaster in 2023. ' +
      'Since February 2024 I have worked on quadruped locomotion at the SJTU Robotics Institute. ' +
      'My paper was accepted at ICRA 2025, and I interned at DJI for six months before receiving the Tang Junyuan Scholarship.',
    inventions: ['ICRA 2025', 'DJI', 'Tang Junyuan Scholarship'],
    truths: [
      'Shanghai Jiao Tong University',
      '3.68/4.3',
      'TOEFL of 109',
      'second prize',
      'RoboMaster',
      '2023',
      'February 2024',
      'SJTU Robotics Institute',
    ],
  },
  {
    id: 't09-zh-medicine',
    setting: 'zh-zh',
    name: '吴静',
    archive: {
      education: [
        { school: '四川大学', major: '临床医学', start: '2019-09', end: '2024-06', gpa: { value: 86, scale: 100, rank: '15/210' } },
      ],
      tests: [{ type: 'IELTS', total: 7 }],
      research: [{ title: '肠道菌群与2型糖尿病', organization: '四川大学华西医院', role: '科研助理', start: '2022-03', end: '2023-06' }],
      awards: [{ title: '四川大学优秀学生一等奖学金', date: '2022-11' }],
    },
    text:
      '我在四川大学攻读临床医学，均分86，专业排名15/210，雅思7.0。2022年3月至2023年6月，我在四川大学华西医院担任科研助理，研究肠道菌群与2型糖尿病的关系。' +
      '我获得四川大学优秀学生一等奖学金，并作为共同第一作者在Nature Communications发表论文；此外，我还在北京协和医院完成了为期两个月的见习。',
    inventions: ['共同第一作者', 'Nature Communications', '北京协和医院', '两个月'],
    truths: ['四川大学', '均分86', '15/210', '雅思7.0', '2022年3月', '2023年6月', '四川大学华西医院', '四川大学优秀学生一等奖学金'],
  },
  {
    id: 't10-en-zh-hust-numbers',
    setting: 'en-zh',
    name: '郑凯',
    archive: {
      education: [{ school: '华中科技大学', major: '自动化', start: '2021-09', end: '2025-06', gpa: { value: 3.71, scale: 4 } }],
      tests: [
        { type: 'IELTS', total: 6.5 },
        { type: 'GRE', total: 318 },
      ],
      projects: [{ title: '基于强化学习的电网调度', start: '2023-10', end: '2024-06', description: '调度成本降低12%' }],
      internships: [{ title: '算法实习生', organization: '国家电网', start: '2024-07', end: '2024-09' }],
    },
    text:
      'I studied Automation at Huazhong University of Science and Technology (GPA 3.71/4.0). My IELTS is 6.5 and my GRE is 318. ' +
      'My reinforcement learning project on grid dispatch cut costs by 12%, and as an intern at State Grid I scaled it to 40 substations. ' +
      'I ranked 3rd out of 120 students and earned a GRE 325 on a retake.',
    inventions: ['40', '3rd', '120', 'GRE 325'],
    truths: ['Huazhong University of Science and Technology', '3.71/4.0', 'IELTS is 6.5', 'GRE is 318', '12%', 'State Grid'],
  },
  {
    id: 't11-en-en-ucl',
    setting: 'en-en',
    name: 'Lin Xiaotong',
    archive: {
      education: [
        {
          school: 'Xiamen University',
          major: 'English Language and Literature',
          start: '2020-09',
          end: '2024-06',
          gpa: { value: 3.55, scale: 4 },
        },
      ],
      tests: [{ type: 'IELTS', total: 8, sub: { L: 8.5, R: 9, W: 7, S: 7.5 } }],
      activities: [{ title: 'Volunteer English teacher', organization: 'Teach For China', start: '2022-07', end: '2022-08' }],
      awards: [{ title: 'FLTRP Cup English Speaking Contest, Second Prize', date: '2022-12' }],
    },
    context: ['University College London', 'MA Applied Linguistics'],
    text:
      'I graduated from Xiamen University in June 2024 with a GPA of 3.55 and an IELTS of 8.0 (Reading 9.0). ' +
      'In the summer of 2022 I taught English with Teach For China, and I won Second Prize in the FLTRP Cup English Speaking Contest. ' +
      'I also won the Hult Prize regional final and worked as a translator for the United Nations Development Programme in 2023. ' +
      'University College London is my first choice.',
    inventions: ['Hult Prize', 'United Nations Development Programme', '2023'],
    truths: [
      'Xiamen University',
      'June 2024',
      'GPA of 3.55',
      'IELTS of 8.0',
      '9.0',
      'Teach For China',
      'Second Prize',
      'FLTRP Cup English Speaking Contest',
      'University College London',
    ],
  },
  {
    id: 't12-zh-internet-plus',
    setting: 'zh-zh',
    name: '杨帆',
    archive: {
      education: [{ school: '西安交通大学', major: '能源与动力工程', start: '2021-09', end: '2025-06', gpa: { value: 3.8, scale: 4.3 } }],
      projects: [{ title: '光伏板清洁机器人', role: '队长', start: '2023-03', end: '2024-05' }],
      awards: [{ title: '“互联网+”大学生创新创业大赛陕西省金奖', date: '2023-09' }],
      internships: [{ title: '研发实习生', organization: '宁德时代', start: '2024-07', end: '2024-08' }],
    },
    text:
      '在西安交通大学能源与动力工程专业，我的GPA是3.8/4.3。作为光伏板清洁机器人项目的队长，我带队获得“互联网+”大学生创新创业大赛陕西省金奖。' +
      '2024年7月我进入宁德时代担任研发实习生。项目最终获得国家级金奖，我也因此获得比亚迪奖学金，并申请了3项发明专利。',
    inventions: ['国家级金奖', '比亚迪奖学金', '3项'],
    truths: ['西安交通大学', '3.8/4.3', '“互联网+”大学生创新创业大赛陕西省金奖', '2024年7月', '宁德时代'],
  },
  {
    id: 't13-en-zh-recommender',
    setting: 'en-zh',
    name: '周雨',
    archive: {
      education: [{ school: '武汉大学', major: '遥感科学与技术', start: '2021-09', end: '2025-06', gpa: { value: 3.74, scale: 4 } }],
      research: [
        {
          title: '高分辨率遥感影像语义分割',
          organization: '武汉大学测绘遥感信息工程国家重点实验室',
          role: '本科生研究员',
          start: '2023-05',
          end: '2024-10',
        },
      ],
      publications: [
        { title: 'Boundary-aware segmentation of remote sensing images', venue: 'IGARSS 2024', authors: 'Zhou Yu, Wang Li, Zhang Wei' },
      ],
    },
    context: ['张伟', '教授', '武汉大学遥感信息工程学院'],
    text:
      'Professor Zhang Wei supervised my undergraduate research at Wuhan University, where I kept a GPA of 3.74. ' +
      'From May 2023 I worked on semantic segmentation of high-resolution remote sensing images, and our paper appeared at IGARSS 2024. ' +
      'Professor Li Ming also invited me to the Chinese Academy of Sciences for a summer, where I co-authored a CVPR 2024 paper.',
    inventions: ['Professor Li Ming', 'Chinese Academy of Sciences', 'CVPR 2024'],
    truths: ['Professor Zhang Wei', 'Wuhan University', '3.74', 'May 2023', 'IGARSS 2024'],
  },
  {
    id: 't14-zh-en-olympiad',
    setting: 'en-zh',
    name: '许博文',
    archive: {
      education: [{ school: '南京外国语学校', degree: '高中', start: '2022-09', end: '2025-06' }],
      tests: [
        { type: 'SAT', total: 1550 },
        { type: 'TOEFL', total: 113 },
      ],
      awards: [
        { title: '全国中学生物理竞赛江苏赛区一等奖', date: '2024-09' },
        { title: 'AMC 12 Distinction', date: '2024-02' },
      ],
      activities: [{ title: '模拟联合国社团', role: '社长', start: '2023-09' }],
    },
    text:
      'At Nanjing Foreign Language School I scored 1550 on the SAT and 113 on the TOEFL. ' +
      'I won a first prize in the Chinese Physics Olympiad (Jiangsu) and earned an AMC 12 Distinction in 2024. ' +
      'As president of our Model United Nations club, I also led our team to the Harvard Model United Nations, where we won Best Delegation, ' +
      'and I received a silver medal at the International Physics Olympiad.',
    inventions: ['Harvard Model United Nations', 'Best Delegation', 'silver medal', 'International Physics Olympiad'],
    truths: [
      'Nanjing Foreign Language School',
      '1550',
      'SAT',
      '113',
      'first prize',
      'Chinese Physics Olympiad',
      'AMC 12 Distinction',
      '2024',
      'Model United Nations club',
    ],
  },
  {
    id: 't15-zh-law',
    setting: 'zh-zh',
    name: '马丽娜',
    archive: {
      education: [{ school: '中国政法大学', major: '法学', start: '2020-09', end: '2024-06', gpa: { value: 3.6, scale: 4 } }],
      tests: [{ type: 'TOEFL', total: 105 }],
      internships: [{ title: '律师助理', organization: '金杜律师事务所', start: '2023-06', end: '2023-09' }],
      awards: [{ title: 'Jessup国际法模拟法庭比赛中国赛区二等奖', date: '2023-03' }],
    },
    text:
      '我本科毕业于中国政法大学法学专业，GPA 3.6，托福105。2023年6月至9月，我在金杜律师事务所担任律师助理。' +
      '我在Jessup国际法模拟法庭比赛中国赛区获得二等奖，之后进入国际总决赛并获得最佳书状奖；我还在最高人民法院实习，并通过了国家统一法律职业资格考试。',
    inventions: ['国际总决赛', '最佳书状奖', '最高人民法院'],
    truths: ['中国政法大学', 'GPA 3.6', '托福105', '2023年6月', '金杜律师事务所', 'Jessup国际法模拟法庭比赛中国赛区'],
  },
  {
    id: 't16-en-zh-cuhksz',
    setting: 'en-zh',
    name: '钱程',
    archive: {
      education: [
        { school: '香港中文大学（深圳）', major: '数据科学与大数据技术', start: '2021-09', end: '2025-06', gpa: { value: 3.62, scale: 4 } },
      ],
      internships: [
        {
          title: '数据分析实习生',
          organization: '腾讯',
          start: '2024-06',
          end: '2024-09',
          description: '搭建用户留存看板，覆盖3000万日活',
        },
      ],
      awards: [{ title: '美国大学生数学建模竞赛H奖', date: '2023-05' }],
    },
    text:
      'I study Data Science at The Chinese University of Hong Kong, Shenzhen, with a GPA of 3.62. ' +
      'At Tencent I built a retention dashboard covering 30 million daily users, and I received an Honorable Mention in the MCM. ' +
      'I also interned at Alibaba Group, where my model increased click-through rate by 18%, and I published in KDD 2024.',
    inventions: ['Alibaba Group', '18%', 'KDD 2024'],
    truths: ['The Chinese University of Hong Kong, Shenzhen', '3.62', 'Tencent', 'Honorable Mention', 'MCM'],
  },
  {
    id: 't17-zh-dates-scores',
    setting: 'zh-zh',
    name: '何晓',
    archive: {
      education: [{ school: '厦门大学', major: '会计学', start: '2021-09', end: '2025-06', gpa: { value: 3.58, scale: 4 } }],
      tests: [{ type: 'IELTS', total: 7, date: '2024-03' }],
      internships: [{ title: '审计实习生', organization: '普华永道', start: '2024-01', end: '2024-02' }],
      activities: [{ title: '厦门大学会计学会', role: '外联部部长' }],
    },
    text:
      '我就读于厦门大学会计学专业，GPA 3.58。2024年3月，我的雅思成绩为7.0；同年1月，我在普华永道担任审计实习生。' +
      '2023年5月，我还在安永完成了税务实习，雅思7.5的成绩让我获得了交换资格，并在新加坡国立大学交换一学期。',
    inventions: ['2023年5月', '安永', '雅思7.5', '新加坡国立大学'],
    truths: ['厦门大学', 'GPA 3.58', '2024年3月', '雅思成绩为7.0', '普华永道'],
  },
  {
    id: 't18-en-zh-pinyin-places',
    setting: 'en-zh',
    name: '张雨萱',
    archive: {
      education: [{ school: '杭州电子科技大学', major: '通信工程', start: '2021-09', end: '2025-06', gpa: { value: 3.5, scale: 4 } }],
      internships: [{ title: '硬件测试实习生', organization: '海康威视', start: '2024-07', end: '2024-09' }],
      awards: [{ title: '全国大学生数学建模竞赛浙江赛区二等奖', date: '2023-11' }],
    },
    text:
      'I am Zhang Yuxuan, a Communication Engineering student at Hangzhou Dianzi University with a GPA of 3.5. ' +
      'In July 2024 I joined Hikvision as a hardware test intern. I won second prize in the Zhejiang division of the China Undergraduate Mathematical Contest in Modeling. ' +
      'I then spent a semester at Zhejiang Normal University and interned at NetEase.',
    inventions: ['Zhejiang Normal University', 'NetEase'],
    truths: [
      'Zhang Yuxuan',
      'Hangzhou Dianzi University',
      '3.5',
      'July 2024',
      'Hikvision',
      'second prize',
      'Zhejiang division',
      'China Undergraduate Mathematical Contest in Modeling',
    ],
  },
];

export const TUNING_PAIRS: FactPair[] = [...TUNING_PAIRS_1, ...TUNING_PAIRS_2];
