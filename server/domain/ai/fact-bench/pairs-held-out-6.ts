import type { FactPair } from './types';

/**
 * Seventh held-out set (issue 24): written before the alignment of leftovers (ADR 0042, addendum
 * "alignment") was built, and measured once with the finished check, not tuned on. Its bodies,
 * contests and awards, true and invented, are not in the name table (fact-aliases.ts) except
 * the schools and a few venues, which every student's text names.
 */
export const HELD_OUT_PAIRS_6: FactPair[] = [
  {
    id: 'h42-en-zh-biotech',
    setting: 'en-zh',
    name: '罗佳怡',
    archive: {
      education: [{ school: '四川大学', major: '生物技术', start: '2021-09', end: '2025-06', gpa: { value: 3.71, scale: 4 } }],
      tests: [{ type: 'TOEFL', total: 105 }],
      internships: [
        {
          title: '药物化学实习生',
          organization: '成都先导药物开发股份有限公司',
          start: '2024-01',
          end: '2024-04',
          description: 'DNA编码化合物库筛选',
        },
        { title: '研发实习生', organization: '科伦药业', start: '2023-07', end: '2023-08', description: '制剂稳定性实验' },
      ],
      awards: [{ title: '全国大学生生命科学竞赛二等奖', date: '2023-08' }],
      publications: [{ title: '《生物工程学报》论文，第二作者', date: '2024-05' }],
    },
    context: ['University of Cambridge', 'MPhil in Biological Science'],
    text:
      'At Sichuan University I studied Biotechnology with a GPA of 3.71 and a TOEFL score of 105. ' +
      'As a medicinal chemistry intern at HitGen I screened DNA-encoded libraries from January to April 2024, and at Kelun Pharmaceutical I ran formulation stability tests in the summer of 2023. ' +
      'I won second prize in the National College Student Life Science Competition, and I am the second author of a paper in the Chinese Journal of Biotechnology. ' +
      'I also interned at Innovent Biologics, presented a poster at the ASCO Annual Meeting 2024, and won the Tan Kah Kee Young Scientist Award. ' +
      'The University of Cambridge is my first choice.',
    inventions: ['Innovent Biologics', 'ASCO Annual Meeting 2024', 'Tan Kah Kee Young Scientist Award'],
    truths: [
      'Sichuan University',
      'Biotechnology',
      'GPA of 3.71',
      'TOEFL score of 105',
      'HitGen',
      'January to April 2024',
      'Kelun Pharmaceutical',
      'summer of 2023',
      'second prize',
      'National College Student Life Science Competition',
      'second author',
      'Chinese Journal of Biotechnology',
      'University of Cambridge',
    ],
  },
  {
    id: 'h43-en-zh-economics',
    setting: 'en-zh',
    name: '吴昊天',
    archive: {
      education: [
        { school: '厦门大学', major: '经济学', start: '2021-09', end: '2025-06', gpa: { value: 3.65, scale: 4, rank: '12/150' } },
      ],
      tests: [{ type: 'IELTS', total: 7.5 }],
      internships: [
        { title: '咨询实习生', organization: '和君咨询', start: '2024-02', end: '2024-05', description: '撰写3份行业研究报告' },
        { title: '研究所实习生', organization: '国元证券研究所', start: '2023-07', end: '2023-08', description: '搭建估值模型' },
      ],
      awards: [{ title: '全国大学生统计建模大赛国家一等奖', date: '2023-06' }],
      activities: [{ title: '经济学院学生会学术部部长', start: '2022-09', end: '2023-06' }],
    },
    context: ['University of Chicago', 'Master of Arts in Economics'],
    text:
      'I studied Economics at Xiamen University, where my GPA of 3.65 ranked 12th of 150, and my IELTS score is 7.5. ' +
      'At Hejun Consulting I drafted industry reports from February to May 2024, and at Guoyuan Securities I built a valuation model for the research institute in 2023. ' +
      "I won national first prize in the National College Students' Statistical Modeling Competition and headed the academic department of the School of Economics student union. " +
      'I also interned at Everbright Pramerica Fund Management, reached the global finals of the Enactus World Cup, and my GMAT score of 720 placed me in the top 5%. ' +
      'The University of Chicago is my first choice.',
    inventions: ['Everbright Pramerica Fund Management', 'Enactus World Cup', 'GMAT score of 720', 'top 5%'],
    truths: [
      'Xiamen University',
      'GPA of 3.65',
      'ranked 12th',
      'IELTS score is 7.5',
      'Hejun Consulting',
      'February to May 2024',
      'Guoyuan Securities',
      '2023',
      'first prize',
      "National College Students' Statistical Modeling Competition",
      'School of Economics',
      'University of Chicago',
    ],
  },
  {
    id: 'h44-en-zh-journalism',
    setting: 'en-zh',
    name: '郑雨桐',
    archive: {
      education: [{ school: '中国传媒大学', major: '新闻学', start: '2021-09', end: '2025-06', gpa: { value: 3.5, scale: 4 } }],
      tests: [{ type: 'IELTS', total: 7.0 }],
      internships: [
        { title: '编辑实习生', organization: '南方人物周刊', start: '2024-07', end: '2024-09', description: '长篇特稿事实核查' },
        { title: '数据新闻实习生', organization: '每日经济新闻', start: '2023-03', end: '2023-06', description: '制作数据图表' },
      ],
      awards: [{ title: '全国大学生新媒体创意大赛一等奖', date: '2023-12' }],
    },
    context: ['Columbia University', 'MS in Journalism'],
    text:
      'At the Communication University of China I majored in Journalism with a GPA of 3.5 and an IELTS score of 7.0. ' +
      'At Southern People Weekly I fact-checked long-form features as an editorial intern from July to September 2024, and at National Business Daily I produced data graphics in the spring of 2023. ' +
      'I won first prize in the National College Student New Media Creativity Competition. ' +
      'I also reported for Initium Media, won a Human Rights Press Award, and was shortlisted for the Sidney Hillman Prize. ' +
      'Columbia University is my first choice.',
    inventions: ['Initium Media', 'Human Rights Press Award', 'Sidney Hillman Prize'],
    truths: [
      'Communication University of China',
      'GPA of 3.5',
      'IELTS score of 7.0',
      'Southern People Weekly',
      'July to September 2024',
      'National Business Daily',
      'spring of 2023',
      'first prize',
      'National College Student New Media Creativity Competition',
      'Columbia University',
    ],
  },
  {
    id: 'h45-en-zh-vehicles',
    setting: 'en-zh',
    name: '马骁',
    archive: {
      education: [{ school: '吉林大学', major: '车辆工程', start: '2021-09', end: '2025-06', gpa: { value: 3.74, scale: 4 } }],
      tests: [{ type: 'GRE', total: 322 }],
      internships: [
        { title: '底盘测试实习生', organization: '一汽解放', start: '2024-07', end: '2024-08', description: '重卡制动系统测试' },
        { title: '感知算法实习生', organization: '禾赛科技', start: '2024-01', end: '2024-03', description: '激光雷达标定' },
      ],
      awards: [
        { title: '中国大学生方程式汽车大赛全国二等奖（动力组组长）', date: '2023-10' },
        { title: '全国大学生机械创新设计大赛三等奖', date: '2022-07' },
      ],
    },
    context: ['University of Michigan', 'MSE in Mechanical Engineering'],
    text:
      'At Jilin University I studied Vehicle Engineering with a GPA of 3.74 and a GRE score of 322. ' +
      'At FAW Jiefang I tested brake systems for heavy trucks in the summer of 2024, and at Hesai Technology I calibrated lidar sensors from January to March 2024. ' +
      'As powertrain lead of our team I won a national second prize at Formula Student China, and I won third prize in the National Undergraduate Mechanical Innovation Design Competition. ' +
      'I also interned at Continental Automotive Changchun, hold 3 patents on regenerative braking, and won the SAE Best Paper Award. ' +
      'The University of Michigan is my first choice.',
    inventions: ['Continental Automotive Changchun', '3 patents', 'SAE Best Paper Award'],
    truths: [
      'Jilin University',
      'Vehicle Engineering',
      'GPA of 3.74',
      'GRE score of 322',
      'FAW Jiefang',
      'summer of 2024',
      'Hesai Technology',
      'January to March 2024',
      'second prize',
      'Formula Student China',
      'third prize',
      'National Undergraduate Mechanical Innovation Design Competition',
      'University of Michigan',
    ],
  },
  {
    id: 'h46-en-zh-psychology',
    setting: 'en-zh',
    name: '许若涵',
    archive: {
      education: [{ school: '华东师范大学', major: '心理学', start: '2021-09', end: '2025-06', gpa: { value: 3.81, scale: 4 } }],
      tests: [{ type: 'TOEFL', total: 110 }],
      internships: [
        {
          title: '研究助理',
          organization: '上海市精神卫生中心',
          start: '2023-09',
          end: '2024-01',
          description: '临床访谈编码',
        },
        { title: '内容实习生', organization: '壹心理', start: '2023-07', end: '2023-08', description: '撰写心理健康科普文章' },
      ],
      research: [{ title: '脑电实验', lab: '脑功能基因组学教育部重点实验室', start: '2022-09', end: '2024-06' }],
      awards: [{ title: '全国大学生心理学学术论坛优秀论文奖', date: '2024-05' }],
      publications: [{ title: '《心理科学》，第一作者', date: '2024-03' }],
    },
    context: ['Stanford University', 'MA in Psychology'],
    text:
      'At East China Normal University I studied Psychology with a GPA of 3.81 and a TOEFL score of 110. ' +
      'As a research assistant at the Shanghai Mental Health Center I coded clinical interviews from September 2023 to January 2024, and at Yixinli I wrote popular mental health articles in the summer of 2023. ' +
      'In the Key Laboratory of Brain Functional Genomics I ran EEG experiments, and as first author I published a paper in the Journal of Psychological Science. ' +
      'That work also won an Outstanding Paper Award at the National Undergraduate Psychology Forum. ' +
      'I also volunteered on the Samaritans Hong Kong hotline, presented at the APS Annual Convention 2024, and ranked 1st in my cohort. ' +
      'Stanford University is my first choice.',
    inventions: ['Samaritans Hong Kong', 'APS Annual Convention 2024', 'ranked 1st'],
    truths: [
      'East China Normal University',
      'GPA of 3.81',
      'TOEFL score of 110',
      'Shanghai Mental Health Center',
      'September 2023',
      'January 2024',
      'Yixinli',
      'summer of 2023',
      'Key Laboratory of Brain Functional Genomics',
      'first author',
      'Journal of Psychological Science',
      'Outstanding Paper Award',
      'National Undergraduate Psychology Forum',
      'Stanford University',
    ],
  },
  {
    id: 'h47-en-zh-speech',
    setting: 'en-zh',
    name: '韩一航',
    archive: {
      education: [
        { school: '哈尔滨工程大学', major: '计算机科学与技术', start: '2021-09', end: '2025-06', gpa: { value: 3.68, scale: 4 } },
      ],
      tests: [{ type: 'TOEFL', total: 102 }],
      internships: [
        { title: '语音算法实习生', organization: '思必驰', start: '2024-03', end: '2024-06', description: '语音增强模型训练' },
        { title: '数据实习生', organization: '云从科技', start: '2023-07', end: '2023-08', description: '人脸数据清洗' },
      ],
      awards: [
        { title: 'ICPC国际大学生程序设计竞赛亚洲区域赛（沈阳站）银牌', date: '2023-11' },
        { title: '中国高校计算机大赛-团体程序设计天梯赛国家一等奖', date: '2023-05' },
      ],
      publications: [{ title: '会议论文，ICASSP 2024，第一作者' }],
    },
    context: ['Carnegie Mellon University', 'MS in Language Technologies'],
    text:
      'At Harbin Engineering University I studied Computer Science with a GPA of 3.68 and a TOEFL score of 102. ' +
      'At AISpeech I trained speech enhancement models from March to June 2024, and at CloudWalk Technology I cleaned face datasets in the summer of 2023. ' +
      'I won a silver medal at the ICPC Asia Regional in Shenyang and a national first prize in the Group Programming Ladder Tournament. ' +
      'As first author I presented a paper at ICASSP 2024. ' +
      'I also interned at Unisound, won a gold medal at the ICPC Asia Regional in Nanjing, and published a paper at ASRU 2023. ' +
      'Carnegie Mellon University is my first choice.',
    inventions: ['Unisound', 'gold medal', 'ASRU 2023'],
    truths: [
      'Harbin Engineering University',
      'GPA of 3.68',
      'TOEFL score of 102',
      'AISpeech',
      'March to June 2024',
      'CloudWalk Technology',
      'summer of 2023',
      'silver medal',
      'ICPC Asia Regional',
      'first prize',
      'Group Programming Ladder Tournament',
      'first author',
      'ICASSP 2024',
      'Carnegie Mellon University',
    ],
  },
  {
    id: 'h48-en-zh-environment',
    setting: 'en-zh',
    name: '曹语嫣',
    archive: {
      education: [{ school: '中国海洋大学', major: '环境科学', start: '2021-09', end: '2025-06', gpa: { value: 3.55, scale: 4 } }],
      tests: [{ type: 'IELTS', total: 6.5 }],
      internships: [
        { title: '实习生', organization: '青岛市生态环境局', start: '2024-07', end: '2024-08', description: '整理执法检查材料' },
        {
          title: '科研助理',
          organization: '自然资源部第一海洋研究所',
          start: '2023-09',
          end: '2024-05',
          description: '近岸沉积物微塑料测定',
        },
      ],
      awards: [{ title: '全国大学生节能减排社会实践与科技竞赛三等奖', date: '2023-08' }],
      activities: [{ title: '绿色环保协会会长', start: '2022-09', end: '2023-06' }],
    },
    context: ['University of Queensland', 'Master of Environmental Management'],
    text:
      'At the Ocean University of China I studied Environmental Science with a GPA of 3.55 and an IELTS score of 6.5. ' +
      'At the Qingdao Municipal Bureau of Ecology and Environment I compiled inspection files in the summer of 2024, and as a research assistant at the First Institute of Oceanography I measured microplastics in coastal sediments from September 2023 to May 2024. ' +
      'I won third prize in the National College Students Energy Saving and Emission Reduction Competition and served as president of the Green Environmental Protection Association. ' +
      'I also spent an exchange semester at the University of Tasmania, joined a polar research cruise in December 2022, and co-authored a paper titled "Microplastic Transport in Jiaozhou Bay" in Marine Pollution Bulletin. ' +
      'The University of Queensland is my first choice.',
    inventions: ['University of Tasmania', 'December 2022', 'Microplastic Transport in Jiaozhou Bay', 'Marine Pollution Bulletin'],
    truths: [
      'Ocean University of China',
      'Environmental Science',
      'GPA of 3.55',
      'IELTS score of 6.5',
      'Qingdao Municipal Bureau of Ecology and Environment',
      'summer of 2024',
      'First Institute of Oceanography',
      'September 2023',
      'May 2024',
      'third prize',
      'National College Students Energy Saving and Emission Reduction Competition',
      'Green Environmental Protection Association',
      'University of Queensland',
    ],
  },
  {
    id: 'h49-zh-zh-accounting',
    setting: 'zh-zh',
    name: '沈佳琪',
    archive: {
      education: [{ school: '上海财经大学', major: '会计学', start: '2021-09', end: '2025-06', gpa: { value: 3.6, scale: 4 } }],
      tests: [{ type: '雅思', total: 7.0 }],
      internships: [
        { title: '审计实习生', organization: '立信会计师事务所', start: '2024-01', end: '2024-03', description: '参与上市公司年报审计' },
        { title: '研究所实习生', organization: '华创证券研究所', start: '2023-07', end: '2023-08' },
      ],
      awards: [
        { title: '全国大学生财会职业能力大赛二等奖', date: '2023-05' },
        { title: '上海财经大学三好学生', date: '2022-10' },
      ],
    },
    context: ['伦敦政治经济学院', '会计与金融硕士'],
    text:
      '我在上海财经大学攻读会计学，GPA 3.6，雅思7.0。' +
      '2024年1月至3月，我在立信会计师事务所担任审计实习生，参与上市公司年报审计；2023年暑期我在华创证券研究所实习。' +
      '我曾获全国大学生财会职业能力大赛二等奖和上海财经大学三好学生称号。' +
      '此外，我还曾在容诚会计师事务所实习，获得全国大学生商业精英挑战赛冠军，并于2022年通过CPA专业阶段全部考试。' +
      '我申请伦敦政治经济学院会计与金融硕士项目。',
    inventions: ['容诚会计师事务所', '全国大学生商业精英挑战赛冠军', 'CPA'],
    truths: [
      '上海财经大学',
      'GPA 3.6',
      '雅思7.0',
      '2024年1月',
      '立信会计师事务所',
      '2023年',
      '华创证券研究所',
      '全国大学生财会职业能力大赛',
      '二等奖',
      '三好学生',
      '伦敦政治经济学院',
    ],
  },
  {
    id: 'h50-zh-zh-design',
    setting: 'zh-zh',
    name: '叶知秋',
    archive: {
      education: [{ school: '中国美术学院', major: '视觉传达设计', start: '2021-09', end: '2025-06', gpa: { value: 3.7, scale: 4 } }],
      internships: [
        { title: '字体设计实习生', organization: '汉仪字库', start: '2024-03', end: '2024-06', description: '完成两套字库设计' },
      ],
      awards: [
        { title: '中国包装创意设计大赛金奖', date: '2023-10' },
        { title: '靳埭强设计奖优秀奖', date: '2022-11' },
      ],
    },
    context: ['皇家艺术学院', '视觉传达硕士'],
    text:
      '我在中国美术学院学习视觉传达设计，GPA 3.7。' +
      '2024年3月至6月，我在汉仪字库担任字体设计实习生，完成两套字库设计。' +
      '我的作品获得中国包装创意设计大赛金奖和靳埭强设计奖优秀奖。' +
      '此外，我还在洛可可设计集团实习，获得德国红点设计大奖，作品入选2021年米兰设计周。' +
      '我申请皇家艺术学院视觉传达硕士项目。',
    inventions: ['洛可可设计集团', '德国红点设计大奖', '米兰设计周'],
    truths: ['中国美术学院', 'GPA 3.7', '2024年3月', '汉仪字库', '中国包装创意设计大赛', '金奖', '靳埭强设计奖', '优秀奖', '皇家艺术学院'],
  },
  {
    id: 'h51-en-en-history',
    setting: 'en-en',
    name: 'Olivia Tan',
    archive: {
      education: [{ school: 'University of Melbourne', major: 'Bachelor of Arts (History)', start: '2021-02', end: '2024-12', wam: 82 }],
      internships: [
        {
          title: 'Research Intern',
          organization: 'State Library Victoria',
          start: '2024-02',
          end: '2024-06',
          description: 'catalogued goldfields letters',
        },
        { title: 'Volunteer Guide', organization: 'Museums Victoria', start: '2023-03', end: '2023-11', description: 'school tours' },
      ],
      awards: [
        { title: "Dean's Honours List", date: '2023' },
        { title: 'Ernest Scott Prize in History', date: '2024' },
      ],
      publications: [{ title: 'Melbourne Historical Journal, vol. 51, sole author', date: '2024' }],
    },
    context: ['University of Oxford', 'MSt in Global and Imperial History'],
    text:
      'At the University of Melbourne I majored in History with a WAM of 82. ' +
      'As a research intern at State Library Victoria I catalogued goldfields letters from February to June 2024, and as a volunteer guide at Museums Victoria I led school tours in 2023. ' +
      "I was placed on the Dean's Honours List in 2023 and received the Ernest Scott Prize in History. " +
      'As sole author I published an article in the Melbourne Historical Journal. ' +
      'I also interned at the National Archives of Australia, won the Australian Historical Association Postgraduate Prize, and presented at the Menzies Centre Symposium 2024. ' +
      'The University of Oxford is my first choice.',
    inventions: ['National Archives of Australia', 'Australian Historical Association Postgraduate Prize', 'Menzies Centre Symposium'],
    truths: [
      'University of Melbourne',
      'WAM of 82',
      'State Library Victoria',
      'February to June 2024',
      'Museums Victoria',
      '2023',
      "Dean's Honours List",
      'Ernest Scott Prize in History',
      'sole author',
      'Melbourne Historical Journal',
      'University of Oxford',
    ],
  },
];
