import type { FactPair } from './types';

/**
 * Ninth held-out set (issue 24): written and committed before the English→Chinese dictionary of
 * ADR 0042's "dictionary" addendum was built, and measured once with the finished check, not tuned
 * on. Its bodies, contests, awards and journals, true and invented, are neither in the name table
 * (fact-aliases.ts) nor in earlier sets, except the schools, which every text names.
 */
export const HELD_OUT_PAIRS_8: FactPair[] = [
  {
    id: 'h60-en-zh-environment',
    setting: 'en-zh',
    name: '邵清禾',
    archive: {
      education: [{ school: '同济大学', major: '环境工程', start: '2021-09', end: '2025-06', gpa: { value: 3.66, scale: 4 } }],
      tests: [{ type: 'TOEFL', total: 101 }],
      internships: [
        {
          title: '工艺实习生',
          organization: '北京碧水源科技股份有限公司',
          start: '2024-03',
          end: '2024-06',
          description: '膜生物反应器运行监测',
        },
        { title: '科研助理', organization: '上海市环境监测中心', start: '2023-07', end: '2023-08', description: '河道水质采样' },
      ],
      awards: [{ title: '全国大学生环境生态科技创新大赛三等奖', date: '2023-08' }],
      publications: [{ title: '《中国环境科学》论文，第二作者', date: '2024-10' }],
    },
    context: ['ETH Zurich', 'MSc Environmental Engineering'],
    text:
      'At Tongji University I studied Environmental Engineering with a GPA of 3.66 and a TOEFL score of 101. ' +
      'At Originwater Technology I monitored membrane bioreactors from March to June 2024, and at the Shanghai Environmental Monitoring Center I sampled river water in the summer of 2023. ' +
      'I won third prize in the National College Student Environmental and Ecological Technology Innovation Competition, and I am the second author of a paper in China Environmental Science. ' +
      'I also interned at Veolia Water Technologies, won the Stockholm Junior Water Prize, and published in the Journal of Cleaner Production. ' +
      'ETH Zurich is my first choice.',
    inventions: ['Veolia Water Technologies', 'Stockholm Junior Water Prize', 'Journal of Cleaner Production'],
    truths: [
      'Tongji University',
      'Environmental Engineering',
      'GPA of 3.66',
      'TOEFL score of 101',
      'Originwater Technology',
      'March to June 2024',
      'Shanghai Environmental Monitoring Center',
      'summer of 2023',
      'third prize',
      'National College Student Environmental and Ecological Technology Innovation Competition',
      'second author',
      'China Environmental Science',
      'ETH Zurich',
    ],
  },
  {
    id: 'h61-en-zh-nursing',
    setting: 'en-zh',
    name: '卢佳宁',
    archive: {
      education: [{ school: '四川大学', major: '护理学', start: '2021-09', end: '2025-06', gpa: { value: 3.74, scale: 4 } }],
      tests: [{ type: 'IELTS', total: 7.0 }],
      internships: [
        { title: '护理实习生', organization: '成都市第三人民医院', start: '2024-01', end: '2024-05', description: '重症监护病房轮转' },
        { title: '志愿者', organization: '成都市玉林社区卫生服务中心', start: '2023-07', end: '2023-08', description: '社区急救培训' },
      ],
      awards: [{ title: '全国大学生护理技能大赛二等奖', date: '2023-11' }],
      publications: [{ title: '《护理研究》论文，第一作者', date: '2024-08' }],
      activities: [{ title: '急救知识宣讲团团长', start: '2022-09', end: '2023-06' }],
    },
    context: ['University of Pennsylvania', 'MSN'],
    text:
      'At Sichuan University I studied Nursing with a GPA of 3.74 and an IELTS score of 7.0. ' +
      "At Chengdu Third People's Hospital I rotated through the intensive care unit from January to May 2024, and with the Chengdu Yulin Community Health Service Center I taught community first aid in 2023. " +
      'I won second prize in the National College Student Nursing Skills Competition, led the First Aid Outreach Team, and I am the first author of a paper in Chinese Nursing Research. ' +
      'I also interned at the Mayo Clinic, received the Florence Nightingale Student Award, and presented at the International Council of Nurses Congress 2023. ' +
      'The University of Pennsylvania is my first choice.',
    inventions: ['Mayo Clinic', 'Florence Nightingale Student Award', 'International Council of Nurses Congress 2023'],
    truths: [
      'Sichuan University',
      'Nursing',
      'GPA of 3.74',
      'IELTS score of 7.0',
      "Chengdu Third People's Hospital",
      'January to May 2024',
      'Chengdu Yulin Community Health Service Center',
      '2023',
      'second prize',
      'National College Student Nursing Skills Competition',
      'First Aid Outreach Team',
      'first author',
      'Chinese Nursing Research',
      'University of Pennsylvania',
    ],
  },
  {
    id: 'h62-en-zh-planning',
    setting: 'en-zh',
    name: '温子衡',
    archive: {
      education: [{ school: '重庆大学', major: '城乡规划', start: '2020-09', end: '2025-06', gpa: { value: 3.58, scale: 4 } }],
      tests: [{ type: 'TOEFL', total: 100 }],
      internships: [
        { title: '规划实习生', organization: '重庆市规划设计研究院', start: '2024-02', end: '2024-06', description: '老旧小区更新方案' },
        { title: '调研助理', organization: '重庆市城市交通研究所', start: '2023-07', end: '2023-09', description: '公交客流调查' },
      ],
      awards: [{ title: '全国大学生城市设计竞赛三等奖', date: '2023-12' }],
      publications: [{ title: '《城市规划学刊》论文，第三作者', date: '2024-11' }],
    },
    context: ['University College London', 'MSc Urban Design and City Planning'],
    text:
      'At Chongqing University I studied Urban and Rural Planning with a GPA of 3.58 and a TOEFL score of 100. ' +
      'At the Chongqing Planning and Design Institute I drafted a renewal plan for old housing estates from February to June 2024, and at the Chongqing Urban Transport Research Institute I surveyed bus ridership in the summer of 2023. ' +
      'I won third prize in the National College Student Urban Design Competition, and I am the third author of a paper in Urban Planning Forum. ' +
      'I also interned at Arup, won the Holcim Foundation Next Generation Award, and published in the Journal of Urban Design. ' +
      'University College London is my first choice.',
    inventions: ['Arup', 'Holcim Foundation Next Generation Award', 'Journal of Urban Design'],
    truths: [
      'Chongqing University',
      'Urban and Rural Planning',
      'GPA of 3.58',
      'TOEFL score of 100',
      'Chongqing Planning and Design Institute',
      'February to June 2024',
      'Chongqing Urban Transport Research Institute',
      'summer of 2023',
      'third prize',
      'National College Student Urban Design Competition',
      'third author',
      'Urban Planning Forum',
      'University College London',
    ],
  },
  {
    id: 'h63-en-zh-accounting',
    setting: 'en-zh',
    name: '毕若琳',
    archive: {
      education: [
        { school: '中南财经政法大学', major: '会计学', start: '2021-09', end: '2025-06', gpa: { value: 3.81, scale: 4, rank: '5/180' } },
      ],
      tests: [{ type: 'IELTS', total: 7.5 }],
      internships: [
        { title: '审计实习生', organization: '天健会计师事务所', start: '2024-01', end: '2024-03', description: '年报审计底稿' },
        { title: '研究所实习生', organization: '申港证券', start: '2023-07', end: '2023-09', description: '行业数据整理' },
      ],
      awards: [{ title: '全国大学生财务决策大赛二等奖', date: '2023-06' }],
      activities: [{ title: '投资理财协会会长', start: '2022-09', end: '2023-06' }],
    },
    context: ['London School of Economics', 'MSc Accounting and Finance'],
    text:
      'At Zhongnan University of Economics and Law I studied Accounting with a GPA of 3.81, ranked 5th of 180, and my IELTS score is 7.5. ' +
      'At Pan-China Certified Public Accountants I prepared annual audit working papers from January to March 2024, and at Shengang Securities I compiled industry data in the autumn of 2023. ' +
      'I won second prize in the National College Student Financial Decision Competition and served as president of the Investment and Financial Management Association. ' +
      'I also interned at Wells Fargo, reached the final of the Wharton Global Youth Investment Competition, and passed CMA certification. ' +
      'The London School of Economics is my first choice.',
    inventions: ['Wells Fargo', 'Wharton Global Youth Investment Competition', 'CMA certification'],
    truths: [
      'Zhongnan University of Economics and Law',
      'Accounting',
      'GPA of 3.81',
      'ranked 5th',
      'IELTS score is 7.5',
      'Pan-China Certified Public Accountants',
      'January to March 2024',
      'Shengang Securities',
      'autumn of 2023',
      'second prize',
      'National College Student Financial Decision Competition',
      'Investment and Financial Management Association',
      'London School of Economics',
    ],
  },
  {
    id: 'h64-en-zh-education',
    setting: 'en-zh',
    name: '纪安然',
    archive: {
      education: [{ school: '北京师范大学', major: '教育学', start: '2021-09', end: '2025-06', gpa: { value: 3.7, scale: 4 } }],
      tests: [{ type: 'TOEFL', total: 105 }],
      internships: [
        { title: '教研实习生', organization: '火花思维', start: '2024-03', end: '2024-06', description: '初中数学课程设计' },
        { title: '助教', organization: '北京市海淀区教师进修学校', start: '2023-07', end: '2023-08', description: '教师培训材料整理' },
      ],
      awards: [{ title: '全国师范院校师范生教学技能竞赛一等奖', date: '2023-12' }],
      publications: [{ title: '《教育研究与实验》论文，第二作者', date: '2024-09' }],
    },
    context: ['Stanford Graduate School of Education', 'MA in Education Policy'],
    text:
      'At Beijing Normal University I studied Education with a GPA of 3.7 and a TOEFL score of 105. ' +
      "At Huohua Siwei I designed middle-school mathematics lessons from March to June 2024, and at the Haidian Teachers' Training School I prepared teacher training materials in the summer of 2023. " +
      'I won first prize in the National Teaching Skills Competition for Normal University Students, and I am the second author of a paper in Educational Research and Experiment. ' +
      'I also taught with Teach For All, presented at the AERA Annual Meeting 2024, and received a Marshall Scholarship. ' +
      'The Stanford Graduate School of Education is my first choice.',
    inventions: ['Teach For All', 'AERA Annual Meeting 2024', 'Marshall Scholarship'],
    truths: [
      'Beijing Normal University',
      'Education',
      'GPA of 3.7',
      'TOEFL score of 105',
      'Huohua Siwei',
      'March to June 2024',
      "Haidian Teachers' Training School",
      'summer of 2023',
      'first prize',
      'National Teaching Skills Competition for Normal University Students',
      'second author',
      'Educational Research and Experiment',
      'Stanford Graduate School of Education',
    ],
  },
  {
    id: 'h65-en-zh-mechanical',
    setting: 'en-zh',
    name: '阎博文',
    archive: {
      education: [{ school: '吉林大学', major: '机械工程', start: '2021-09', end: '2025-06', gpa: { value: 3.63, scale: 4 } }],
      tests: [{ type: 'TOEFL', total: 97 }],
      internships: [
        {
          title: '工艺实习生',
          organization: '吉林通用机械（集团）有限责任公司',
          start: '2024-02',
          end: '2024-05',
          description: '压力容器焊接工艺',
        },
        { title: '研发实习生', organization: '长春市智能制造研究院', start: '2023-07', end: '2023-08', description: '机械臂轨迹规划' },
      ],
      awards: [{ title: '全国大学生工程训练综合能力竞赛二等奖', date: '2024-07' }],
      activities: [{ title: '机器人协会副会长', start: '2022-09', end: '2023-06' }],
    },
    context: ['Georgia Institute of Technology', 'MS in Mechanical Engineering'],
    text:
      'At Jilin University I studied Mechanical Engineering with a GPA of 3.63 and a TOEFL score of 97. ' +
      'At Jilin General Machinery Group I worked on pressure vessel welding processes from February to May 2024, and at the Changchun Intelligent Manufacturing Research Institute I planned robot arm trajectories in 2023. ' +
      'I won second prize in the National College Student Engineering Practice and Innovation Competition and was vice president of the Robotics Association. ' +
      'I also interned at Alstom, competed in the Formula SAE Michigan event, and presented at the ASME International Mechanical Engineering Congress 2024. ' +
      'The Georgia Institute of Technology is my first choice.',
    inventions: ['Alstom', 'Formula SAE Michigan', 'ASME International Mechanical Engineering Congress 2024'],
    truths: [
      'Jilin University',
      'Mechanical Engineering',
      'GPA of 3.63',
      'TOEFL score of 97',
      'Jilin General Machinery Group',
      'February to May 2024',
      'Changchun Intelligent Manufacturing Research Institute',
      '2023',
      'second prize',
      'National College Student Engineering Practice and Innovation Competition',
      'Robotics Association',
      'Georgia Institute of Technology',
    ],
  },
  {
    id: 'h66-en-zh-journalism',
    setting: 'en-zh',
    name: '孔映雪',
    archive: {
      education: [{ school: '中国传媒大学', major: '新闻学', start: '2021-09', end: '2025-06', gpa: { value: 3.69, scale: 4 } }],
      tests: [{ type: 'IELTS', total: 7.5 }],
      internships: [
        { title: '实习记者', organization: '北京青年报', start: '2024-02', end: '2024-06', description: '社会新闻采访' },
        { title: '编辑实习生', organization: '潇湘晨报', start: '2023-07', end: '2023-09', description: '数据新闻可视化' },
      ],
      awards: [{ title: '全国大学生新闻摄影大赛三等奖', date: '2023-11' }],
      publications: [{ title: '《新闻与写作》论文，第一作者', date: '2024-05' }],
    },
    context: ['Columbia Journalism School', 'MS in Journalism'],
    text:
      'At the Communication University of China I studied Journalism with a GPA of 3.69 and an IELTS score of 7.5. ' +
      'As a trainee reporter at Beijing Youth Daily I covered local news from February to June 2024, and at the Xiaoxiang Morning Herald I built data visualisations in the summer of 2023. ' +
      'I won third prize in the National College Student News Photography Contest, and I am the first author of a paper in News and Writing. ' +
      'I also interned at Associated Press, received a Pulitzer Center Student Fellowship, and was a visiting fellow at the Nieman Foundation. ' +
      'Columbia Journalism School is my first choice.',
    inventions: ['Associated Press', 'Pulitzer Center Student Fellowship', 'Nieman Foundation'],
    truths: [
      'Communication University of China',
      'Journalism',
      'GPA of 3.69',
      'IELTS score of 7.5',
      'Beijing Youth Daily',
      'February to June 2024',
      'Xiaoxiang Morning Herald',
      'summer of 2023',
      'third prize',
      'National College Student News Photography Contest',
      'first author',
      'News and Writing',
      'Columbia Journalism School',
    ],
  },
  {
    id: 'h67-en-zh-food',
    setting: 'en-zh',
    name: '褚念慈',
    archive: {
      education: [{ school: '江南大学', major: '食品科学与工程', start: '2021-09', end: '2025-06', gpa: { value: 3.64, scale: 4 } }],
      tests: [{ type: 'TOEFL', total: 98 }],
      internships: [
        { title: '研发实习生', organization: '光明乳业股份有限公司', start: '2024-03', end: '2024-07', description: '发酵乳风味稳定性' },
        { title: '科研助理', organization: '江苏省农业科学院', start: '2023-07', end: '2023-08', description: '果蔬保鲜试验' },
      ],
      awards: [{ title: '全国大学生食品安全创新大赛一等奖', date: '2023-10' }],
      publications: [{ title: '《食品科学》论文，第二作者', date: '2024-12' }],
    },
    context: ['Cornell University', 'MS in Food Science'],
    text:
      'At Jiangnan University I studied Food Science and Engineering with a GPA of 3.64 and a TOEFL score of 98. ' +
      'At Bright Dairy I tested the flavour stability of fermented milk from March to July 2024, and at the Jiangsu Academy of Agricultural Sciences I ran produce preservation trials in the summer of 2023. ' +
      'I won first prize in the National College Student Food Safety Innovation Competition, and I am the second author of a paper in Food Science. ' +
      'I also interned at the Danone Nutricia Research, presented at IFT FIRST 2024, and published in the Journal of Dairy Science. ' +
      'Cornell University is my first choice.',
    inventions: ['Danone Nutricia Research', 'IFT FIRST 2024', 'Journal of Dairy Science'],
    truths: [
      'Jiangnan University',
      'Food Science and Engineering',
      'GPA of 3.64',
      'TOEFL score of 98',
      'Bright Dairy',
      'March to July 2024',
      'Jiangsu Academy of Agricultural Sciences',
      'summer of 2023',
      'first prize',
      'National College Student Food Safety Innovation Competition',
      'second author',
      'Cornell University',
    ],
  },
  {
    id: 'h68-zh-zh-surveying',
    setting: 'zh-zh',
    name: '鲍景行',
    archive: {
      education: [{ school: '武汉大学', major: '测绘工程', start: '2021-09', end: '2025-06', gpa: { value: 3.75, scale: 4 } }],
      tests: [{ type: 'TOEFL', total: 103 }],
      internships: [
        { title: '数据处理实习生', organization: '湖北省测绘工程院', start: '2024-02', end: '2024-05', description: '无人机倾斜摄影建模' },
        {
          title: '研发实习生',
          organization: '武汉中海庭数据技术有限公司',
          start: '2023-07',
          end: '2023-09',
          description: '高精地图要素提取',
        },
      ],
      awards: [{ title: '全国大学生测绘学科创新创业智能大赛二等奖', date: '2023-09' }],
      publications: [{ title: '《测绘学报》论文，第三作者', date: '2024-10' }],
    },
    context: ['代尔夫特理工大学', '地球科学硕士'],
    text:
      '我在武汉大学攻读测绘工程，GPA为3.75，托福103。' +
      '2024年2月至5月，我在湖北省测绘工程院做无人机倾斜摄影建模；2023年暑假在武汉中海庭数据技术有限公司提取高精地图要素。' +
      '我获得全国大学生测绘学科创新创业智能大赛二等奖，并以第三作者在《测绘学报》发表论文。' +
      '此外，我曾在自然资源部国土卫星遥感应用中心实习，获得全国大学生地理信息系统技能大赛一等奖，并在《遥感学报》发表论文。' +
      '代尔夫特理工大学是我的首选。',
    inventions: ['自然资源部国土卫星遥感应用中心', '全国大学生地理信息系统技能大赛', '《遥感学报》'],
    truths: [
      '武汉大学',
      '测绘工程',
      'GPA为3.75',
      '托福103',
      '2024年2月至5月',
      '湖北省测绘工程院',
      '2023年',
      '武汉中海庭数据技术有限公司',
      '全国大学生测绘学科创新创业智能大赛',
      '二等奖',
      '第三作者',
      '《测绘学报》',
      '代尔夫特理工大学',
    ],
  },
];
