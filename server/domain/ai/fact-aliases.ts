import type { FactKind } from '../../../contracts/fact-check-constants';

/**
 * Bilingual names for the fact check (issue 24, ADR 0042): each line is one institution, firm,
 * competition, award or venue under the names a text may use for it (Chinese, English, short forms).
 * A name the text uses is supported when the archive holds any name of its line. The check also
 * reads these names in the text, so a firm or a contest is found even without a pattern's suffix.
 * Curated, not exhaustive: an archive's own pairs (中信证券（CITIC Securities）) add to it per check.
 * Format: `kind|name|name|…`. Short all-capital forms match only as written (case-sensitive).
 */
const TABLE = `
school|北京大学|北大|Peking University|PKU
school|清华大学|清华|Tsinghua University|Tsinghua|THU
school|浙江大学|浙大|Zhejiang University|ZJU
school|复旦大学|复旦|Fudan University|Fudan
school|上海交通大学|上海交大|Shanghai Jiao Tong University|Shanghai Jiaotong University|SJTU
school|中国科学技术大学|中国科大|中科大|University of Science and Technology of China|USTC
school|南京大学|Nanjing University|NJU
school|中山大学|Sun Yat-sen University|Sun Yat-Sen University|Sun Yatsen University|SYSU
school|武汉大学|武大|Wuhan University|WHU
school|华中科技大学|华科|Huazhong University of Science and Technology|HUST
school|西安交通大学|西安交大|Xi'an Jiaotong University|Xi’an Jiaotong University|Xian Jiaotong University|XJTU
school|哈尔滨工业大学|哈工大|Harbin Institute of Technology|HIT
school|北京航空航天大学|北航|Beihang University|BUAA
school|北京理工大学|北理工|Beijing Institute of Technology
school|同济大学|同济|Tongji University
school|南开大学|南开|Nankai University
school|天津大学|天大|Tianjin University
school|东南大学|Southeast University|SEU
school|厦门大学|厦大|Xiamen University|XMU
school|四川大学|川大|Sichuan University|SCU
school|山东大学|Shandong University
school|吉林大学|Jilin University
school|中南大学|Central South University
school|湖南大学|Hunan University
school|重庆大学|Chongqing University
school|大连理工大学|Dalian University of Technology|DUT
school|华南理工大学|South China University of Technology|SCUT
school|电子科技大学|成电|University of Electronic Science and Technology of China|UESTC
school|西北工业大学|西工大|Northwestern Polytechnical University|NWPU
school|北京师范大学|北师大|Beijing Normal University|BNU
school|华东师范大学|华东师大|East China Normal University|ECNU
school|中国人民大学|人民大学|Renmin University of China|Renmin University|RUC
school|中央财经大学|中财|Central University of Finance and Economics|CUFE
school|上海财经大学|上财|Shanghai University of Finance and Economics|SUFE
school|对外经济贸易大学|贸大|University of International Business and Economics|UIBE
school|西南财经大学|西财|Southwestern University of Finance and Economics|SWUFE
school|北京外国语大学|北外|Beijing Foreign Studies University|BFSU
school|上海外国语大学|上外|Shanghai International Studies University|SISU
school|北京邮电大学|北邮|Beijing University of Posts and Telecommunications|BUPT
school|西安电子科技大学|西电|Xidian University
school|中国农业大学|中国农大|China Agricultural University
school|北京交通大学|北交大|Beijing Jiaotong University|BJTU
school|华东理工大学|East China University of Science and Technology|ECUST
school|苏州大学|Soochow University
school|深圳大学|深大|Shenzhen University
school|南方科技大学|南科大|Southern University of Science and Technology|SUSTech
school|上海科技大学|上科大|ShanghaiTech University|ShanghaiTech
school|杭州电子科技大学|杭电|Hangzhou Dianzi University|HDU
school|浙江工业大学|浙工大|Zhejiang University of Technology
school|宁波诺丁汉大学|University of Nottingham Ningbo China|UNNC
school|西交利物浦大学|Xi'an Jiaotong-Liverpool University|XJTLU
school|香港中文大学（深圳）|港中深|The Chinese University of Hong Kong, Shenzhen|CUHK-Shenzhen|CUHK Shenzhen|CUHK-SZ
school|香港大学|港大|The University of Hong Kong|University of Hong Kong|HKU
school|香港中文大学|港中文|The Chinese University of Hong Kong|Chinese University of Hong Kong|CUHK
school|香港科技大学|港科大|Hong Kong University of Science and Technology|HKUST
school|香港理工大学|港理工|Hong Kong Polytechnic University|PolyU
school|香港城市大学|港城大|City University of Hong Kong|CityU
school|新加坡国立大学|National University of Singapore|NUS
school|南洋理工大学|南洋理工|Nanyang Technological University|NTU
school|麻省理工学院|麻省理工|Massachusetts Institute of Technology|MIT
school|斯坦福大学|斯坦福|Stanford University|Stanford
school|哈佛大学|哈佛|Harvard University|Harvard
school|卡内基梅隆大学|卡耐基梅隆大学|Carnegie Mellon University|Carnegie Mellon|CMU
school|加州大学伯克利分校|伯克利|University of California, Berkeley|UC Berkeley|Berkeley
school|加州大学洛杉矶分校|University of California, Los Angeles|UCLA
school|加州大学圣地亚哥分校|University of California, San Diego|UC San Diego|UCSD
school|哥伦比亚大学|Columbia University
school|康奈尔大学|Cornell University
school|宾夕法尼亚大学|宾大|University of Pennsylvania|UPenn
school|普林斯顿大学|Princeton University
school|耶鲁大学|Yale University
school|芝加哥大学|University of Chicago
school|纽约大学|New York University|NYU
school|约翰霍普金斯大学|Johns Hopkins University|JHU
school|杜克大学|Duke University
school|西北大学（美国）|Northwestern University
school|密歇根大学|University of Michigan
school|伊利诺伊大学厄巴纳-香槟分校|University of Illinois Urbana-Champaign|UIUC
school|南加州大学|University of Southern California|USC
school|华盛顿大学|University of Washington
school|佐治亚理工学院|Georgia Institute of Technology|Georgia Tech
school|牛津大学|University of Oxford
school|剑桥大学|University of Cambridge
school|帝国理工学院|Imperial College London|Imperial College
school|伦敦大学学院|University College London|UCL
school|伦敦政治经济学院|London School of Economics and Political Science|London School of Economics|LSE
school|爱丁堡大学|University of Edinburgh
school|曼彻斯特大学|University of Manchester
school|伦敦国王学院|King's College London|KCL
school|华威大学|University of Warwick|Warwick
school|多伦多大学|University of Toronto
school|不列颠哥伦比亚大学|University of British Columbia|UBC
school|麦吉尔大学|McGill University
school|墨尔本大学|University of Melbourne
school|悉尼大学|University of Sydney
school|澳大利亚国立大学|Australian National University|ANU
school|苏黎世联邦理工学院|ETH Zurich|ETH Zürich
school|东京大学|University of Tokyo
organisation|中信证券|CITIC Securities
organisation|中信银行|China CITIC Bank|CITIC Bank
organisation|中信集团|CITIC Group|CITIC
organisation|中金公司|中国国际金融|China International Capital Corporation|CICC
organisation|华泰证券|Huatai Securities
organisation|国泰君安|Guotai Junan Securities|Guotai Junan
organisation|海通证券|Haitong Securities
organisation|招商证券|China Merchants Securities
organisation|广发证券|GF Securities
organisation|申万宏源|Shenwan Hongyuan
organisation|中国工商银行|工商银行|工行|Industrial and Commercial Bank of China|ICBC
organisation|中国建设银行|建设银行|建行|China Construction Bank|CCB
organisation|中国银行|中行|Bank of China
organisation|中国农业银行|农业银行|农行|Agricultural Bank of China
organisation|交通银行|Bank of Communications|BoCom
organisation|招商银行|招行|China Merchants Bank|CMB
organisation|中国人民银行|人民银行|央行|People's Bank of China|PBOC
organisation|平安集团|中国平安|Ping An Insurance|Ping An
organisation|高盛|Goldman Sachs
organisation|摩根士丹利|Morgan Stanley
organisation|摩根大通|J.P. Morgan|JPMorgan Chase|JPMorgan|J.P.Morgan
organisation|瑞银|UBS
organisation|花旗|花旗银行|Citigroup|Citibank
organisation|汇丰|汇丰银行|HSBC
organisation|德意志银行|Deutsche Bank
organisation|贝莱德|BlackRock
organisation|麦肯锡|McKinsey & Company|McKinsey
organisation|波士顿咨询|波士顿咨询公司|Boston Consulting Group|BCG
organisation|贝恩|贝恩公司|Bain & Company|Bain
organisation|德勤|Deloitte
organisation|普华永道|PwC|PricewaterhouseCoopers
organisation|安永|Ernst & Young|EY
organisation|毕马威|KPMG
organisation|埃森哲|Accenture
organisation|腾讯|Tencent
organisation|阿里巴巴|Alibaba Group|Alibaba
organisation|蚂蚁集团|蚂蚁金服|Ant Group
organisation|字节跳动|ByteDance
organisation|百度|Baidu
organisation|华为|Huawei
organisation|京东|JD.com
organisation|美团|Meituan
organisation|网易|NetEase
organisation|小米|Xiaomi
organisation|拼多多|Pinduoduo|PDD
organisation|快手|Kuaishou
organisation|滴滴|滴滴出行|DiDi|Didi Chuxing
organisation|商汤|商汤科技|SenseTime
organisation|旷视|旷视科技|Megvii
organisation|大疆|DJI
organisation|Lenovo
organisation|中兴|中兴通讯|ZTE
organisation|海康威视|Hikvision
organisation|宁德时代|CATL
organisation|比亚迪|BYD
organisation|微软|Microsoft
organisation|微软亚洲研究院|Microsoft Research Asia|MSRA
organisation|谷歌|Google
organisation|亚马逊|Amazon
organisation|苹果公司
organisation|英伟达|NVIDIA|Nvidia
organisation|英特尔|Intel
organisation|Facebook
organisation|国际商业机器|IBM
organisation|中国科学院|中科院|Chinese Academy of Sciences
organisation|中国社会科学院|社科院|Chinese Academy of Social Sciences|CASS
organisation|国家电网|State Grid
organisation|中国移动|China Mobile
organisation|中国电信|China Telecom
organisation|联合国|United Nations
organisation|世界银行|World Bank
competition|ACM国际大学生程序设计竞赛|国际大学生程序设计竞赛|ACM-ICPC|ACM ICPC|ICPC|International Collegiate Programming Contest
competition|全国大学生数学建模竞赛|数学建模国赛|China Undergraduate Mathematical Contest in Modeling|CUMCM
competition|美国大学生数学建模竞赛|美赛|Mathematical Contest in Modeling|Interdisciplinary Contest in Modeling|MCM/ICM|MCM|ICM
competition|挑战杯|“挑战杯”|Challenge Cup
competition|互联网+|中国国际大学生创新大赛|“互联网+”大学生创新创业大赛|Internet+ Innovation and Entrepreneurship Competition|China International College Students' Innovation Competition
competition|全国大学生电子设计竞赛|电赛|National Undergraduate Electronic Design Contest
competition|蓝桥杯|Lanqiao Cup
competition|全国大学生英语竞赛|National English Competition for College Students|NECCS
competition|国际数学奥林匹克|International Mathematical Olympiad|IMO
competition|国际信息学奥林匹克|International Olympiad in Informatics|IOI
competition|全国青少年信息学奥林匹克竞赛|NOI
competition|全国中学生数学奥林匹克|中国数学奥林匹克|Chinese Mathematical Olympiad|CMO
competition|Kaggle竞赛|Kaggle
competition|CFA全球投资分析大赛|CFA Institute Research Challenge
competition|全国大学生市场调查与分析大赛|National College Students Market Research and Analysis Competition
competition|全国大学生智能汽车竞赛|National University Students Intelligent Car Race
competition|RoboMaster机甲大师|RoboMaster
award|国家奖学金|National Scholarship|National Scholarship of China|China National Scholarship
award|国家励志奖学金|National Encouragement Scholarship|National Inspirational Scholarship
award|校级奖学金|University Scholarship
award|一等奖学金|First-Class Scholarship|First Class Scholarship
award|二等奖学金|Second-Class Scholarship|Second Class Scholarship
award|三等奖学金|Third-Class Scholarship|Third Class Scholarship
award|三好学生|Merit Student|Three-Good Student|Excellent Student
award|优秀毕业生|Outstanding Graduate
award|优秀学生干部|Outstanding Student Leader|Outstanding Student Cadre
award|优秀团员|Outstanding League Member
award|罗德奖学金|Rhodes Scholarship
award|盖茨剑桥奖学金|Gates Cambridge Scholarship
award|苏世民学者|Schwarzman Scholars|Schwarzman Scholar
award|国家留学基金委|国家公派|China Scholarship Council|CSC
conference|NeurIPS|NIPS|Neural Information Processing Systems|Conference on Neural Information Processing Systems
conference|ICML|International Conference on Machine Learning
conference|ICLR|International Conference on Learning Representations
conference|CVPR|Conference on Computer Vision and Pattern Recognition|Computer Vision and Pattern Recognition
conference|ICCV|International Conference on Computer Vision
conference|ECCV|European Conference on Computer Vision
conference|ACL|Annual Meeting of the Association for Computational Linguistics
conference|EMNLP|Empirical Methods in Natural Language Processing
conference|NAACL
conference|COLING
conference|AAAI|AAAI Conference on Artificial Intelligence
conference|IJCAI|International Joint Conference on Artificial Intelligence
conference|KDD|SIGKDD|ACM SIGKDD
conference|SIGIR
conference|WWW|The Web Conference|TheWebConf
conference|WSDM
conference|CIKM
conference|RecSys
conference|SIGMOD
conference|VLDB
conference|ICDE
conference|CHI|ACM CHI
conference|SIGGRAPH
conference|MICCAI
conference|ICRA|International Conference on Robotics and Automation
conference|IROS
conference|ICASSP
conference|INTERSPEECH|Interspeech
conference|OSDI
conference|SOSP
conference|NSDI
conference|SIGCOMM
conference|ISCA
conference|ASPLOS
conference|PLDI
conference|ICSE
conference|CCS|ACM CCS
conference|NDSS
conference|INFOCOM
conference|MobiCom
conference|AISTATS
conference|UAI
conference|ACM MM|ACM Multimedia
conference|ICDM
publication|The Lancet|Lancet
publication|PNAS|Proceedings of the National Academy of Sciences
publication|Nature Communications
publication|TPAMI|IEEE Transactions on Pattern Analysis and Machine Intelligence
publication|JMLR|Journal of Machine Learning Research
publication|arXiv
publication|中文核心期刊|核心期刊|Chinese core journal
`;

export type AliasGroup = { kind: FactKind; names: string[] };

export const ALIAS_GROUPS: AliasGroup[] = TABLE.trim()
  .split('\n')
  .map((line) => {
    const [kind, ...names] = line.split('|');
    return { kind: kind as FactKind, names };
  });

/**
 * English words of names and their Chinese equivalents: "Zhejiang Normal University" is read word by
 * word against one archive line (浙江师范大学: zhejiang by pinyin, normal = 师范, university = 大学).
 */
export const WORD_EQUIVALENTS: Record<string, string[]> = {
  university: ['大学'],
  college: ['学院', '大学'],
  school: ['学院', '学校', '中学'],
  institute: ['研究所', '研究院', '学院', '研究'],
  academy: ['科学院', '学院', '研究院', '院'],
  bureau: ['局'],
  ministry: ['部'],
  laboratory: ['实验室'],
  lab: ['实验室'],
  labs: ['实验室'],
  bank: ['银行'],
  securities: ['证券'],
  company: ['公司'],
  corporation: ['公司', '集团'],
  group: ['集团', '组'],
  holdings: ['控股', '集团'],
  capital: ['资本'],
  fund: ['基金'],
  investment: ['投资'],
  investments: ['投资'],
  insurance: ['保险'],
  consulting: ['咨询'],
  technology: ['科技', '技术', '理工'],
  technologies: ['科技', '技术'],
  tech: ['科技', '技术'],
  science: ['科学', '科技', '理'],
  sciences: ['科学'],
  engineering: ['工程', '工'],
  normal: ['师范'],
  medical: ['医'],
  medicine: ['医'],
  finance: ['金融', '财经', '财政'],
  financial: ['金融', '财经'],
  economics: ['经济', '财经'],
  business: ['商', '经贸'],
  trade: ['贸'],
  law: ['法'],
  political: ['政治', '政法'],
  politics: ['政治'],
  international: ['国际', '外'],
  national: ['国家', '全国'],
  state: ['国家', '国'],
  research: ['研究'],
  center: ['中心'],
  centre: ['中心'],
  hospital: ['医院'],
  chinese: ['中国', '中'],
  china: ['中国', '中华', '华'],
  computer: ['计算机'],
  computing: ['计算'],
  information: ['信息'],
  telecommunications: ['电信', '邮电'],
  communications: ['通信', '通讯', '传媒', '传播'],
  electronic: ['电子'],
  electronics: ['电子'],
  electric: ['电'],
  foreign: ['外国', '外'],
  studies: ['研究', '学'],
  languages: ['语'],
  language: ['语'],
  polytechnic: ['理工', '工业'],
  industrial: ['工业', '工商'],
  agricultural: ['农业'],
  aeronautics: ['航空'],
  astronautics: ['航天'],
  transportation: ['交通'],
  traffic: ['交通'],
  intelligent: ['智能'],
  intelligence: ['智能'],
  artificial: ['人工'],
  data: ['数据'],
  mathematics: ['数学'],
  mathematical: ['数学'],
  physics: ['物理'],
  chemistry: ['化学'],
  biology: ['生物'],
  contest: ['竞赛', '大赛', '比赛'],
  competition: ['竞赛', '大赛', '比赛'],
  modeling: ['建模'],
  modelling: ['建模'],
  programming: ['程序设计', '编程'],
  innovation: ['创新'],
  entrepreneurship: ['创业'],
  scholarship: ['奖学金'],
  award: ['奖'],
  prize: ['奖'],
  honor: ['荣誉'],
  honour: ['荣誉'],
  students: ['学生'],
  student: ['学生'],
  undergraduate: ['大学生', '本科'],
  outstanding: ['优秀', '杰出'],
  excellent: ['优秀'],
  merit: ['三好', '优秀'],
  first: ['一', '第一'],
  second: ['二', '第二'],
  third: ['三', '第三'],
  class: ['等'],
  gold: ['金'],
  silver: ['银'],
  bronze: ['铜'],
  medal: ['牌', '奖'],
  east: ['东'],
  west: ['西'],
  south: ['南'],
  north: ['北'],
  southeast: ['东南'],
  southwest: ['西南'],
  northeast: ['东北'],
  northwest: ['西北'],
  central: ['中央', '中'],
  people: ['人民'],
  culture: ['文化'],
  media: ['传媒'],
  art: ['艺术', '美术'],
  arts: ['艺术', '美术'],
  design: ['设计'],
  energy: ['能源'],
  automotive: ['汽车'],
  software: ['软件'],
  network: ['网络'],
  cloud: ['云'],
  robotics: ['机器人'],
  vision: ['视觉'],
  key: ['重点'],
  provincial: ['省'],
  province: ['省'],
  city: ['市', '城市'],
  municipal: ['市'],
  team: ['队', '团队'],
  association: ['协会', '学会'],
  society: ['学会', '协会', '社'],
  club: ['社', '俱乐部'],
  union: ['联合会', '会'],
  committee: ['委员会'],
  foundation: ['基金会'],
  department: ['系', '部'],
  faculty: ['学院', '系'],
  life: ['生命'],
  environmental: ['环境'],
  environment: ['环境'],
  health: ['健康', '卫生'],
  public: ['公共'],
  management: ['管理'],
  accounting: ['会计'],
  statistics: ['统计'],
  applied: ['应用'],
  nlp: ['自然语言处理'],
  natural: ['自然'],
  processing: ['处理'],
  ai: ['人工智能'],
  machine: ['机器'],
  learning: ['学习'],
  nutrition: ['营养'],
  food: ['食品'],
  marine: ['海洋'],
  ocean: ['海洋'],
  oceanography: ['海洋'],
  earth: ['地球'],
  space: ['空间', '航天'],
  aerospace: ['航空航天', '航天'],
  materials: ['材料'],
  agriculture: ['农业'],
  forestry: ['林业'],
  geography: ['地理'],
  geology: ['地质'],
  geosciences: ['地球科学', '地学'],
  astronomy: ['天文'],
  neuroscience: ['神经科学'],
  brain: ['脑'],
  cognitive: ['认知'],
  genetics: ['遗传'],
  genomics: ['基因组'],
  molecular: ['分子'],
  ecology: ['生态'],
  pharmacy: ['药学'],
  pharmaceutical: ['药'],
  nursing: ['护理'],
  stomatology: ['口腔'],
  architecture: ['建筑'],
  urban: ['城市'],
  planning: ['规划'],
  journalism: ['新闻'],
  film: ['电影'],
  music: ['音乐'],
  conservatory: ['音乐学院'],
  fine: ['美术'],
  contemporary: ['当代'],
  modern: ['现代'],
  sports: ['体育'],
  physical: ['体育', '物理'],
  tourism: ['旅游'],
  logistics: ['物流'],
  supply: ['供应'],
  chain: ['链'],
  automation: ['自动化'],
  control: ['控制'],
  mechanical: ['机械'],
  civil: ['土木'],
  chemical: ['化学', '化工'],
  biological: ['生物'],
  biomedical: ['生物医学'],
  clinical: ['临床'],
  psychology: ['心理'],
  sociology: ['社会学'],
  social: ['社会'],
  history: ['历史'],
  philosophy: ['哲学'],
  literature: ['文学'],
  education: ['教育'],
  asia: ['亚洲'],
  asian: ['亚洲'],
  regional: ['区域', '赛区', '地区'],
  region: ['区域', '赛区', '地区'],
  world: ['世界', '全球'],
  global: ['全球', '国际'],
  finals: ['决赛', '总决赛'],
  final: ['决赛'],
  olympiad: ['奥林匹克', '奥赛', '竞赛'],
  cup: ['杯'],
  challenge: ['挑战'],
  hackathon: ['黑客马拉松'],
  youth: ['青年', '青少年'],
  league: ['联赛', '联盟'],
  division: ['赛区', '组'],
  zone: ['赛区'],
  paper: ['论文'],
  journal: ['期刊', '学报', '杂志'],
  conference: ['会议'],
  // Common words of names of journals, museums, contests and public bodies (ADR 0042, addendum).
  review: ['评论'],
  preventive: ['预防'],
  prevention: ['预防'],
  disease: ['疾病'],
  museum: ['博物馆', '美术馆'],
  gallery: ['画廊', '美术馆'],
  collegiate: ['大学生'],
  aircraft: ['飞机', '航空'],
  model: ['模拟', '模型'],
  english: ['英语'],
  program: ['计划', '项目'],
  programme: ['计划', '项目'],
  training: ['训练', '培训'],
  // Places whose English names are not their pinyin.
  hong: ['香港'],
  kong: ['香港'],
  macau: ['澳门'],
  macao: ['澳门'],
  tibet: ['西藏'],
};

/** Award levels, English and Chinese, that say the same: a level must be the archive's level for that contest. */
export const LEVEL_EQUIVALENTS: string[][] = [
  ['gold medal', 'gold', '金牌', '金奖'],
  ['silver medal', 'silver', '银牌', '银奖'],
  ['bronze medal', 'bronze', '铜牌', '铜奖'],
  ['first prize', '1st prize', 'first place', '1st place', '一等奖', '第一名', '冠军', '一等'],
  ['second prize', '2nd prize', 'second place', '2nd place', '二等奖', '第二名', '亚军', '二等'],
  ['third prize', '3rd prize', 'third place', '3rd place', '三等奖', '第三名', '季军', '三等'],
  ['grand prize', 'special prize', '特等奖', '特等'],
  ['outstanding winner', 'o奖', 'outstanding'],
  ['finalist', 'f奖', 'finalist'],
  ['meritorious winner', 'meritorious', 'm奖', '一等奖'],
  ['honorable mention', 'honourable mention', 'h奖', '二等奖'],
  ['champion', 'championship', '冠军', '第一名', 'first place'],
  [
    'global final',
    'global finals',
    'world final',
    'world finals',
    'international final',
    'international finals',
    '全球总决赛',
    '国际总决赛',
    '世界总决赛',
    '全球决赛',
  ],
  ['national final', 'national finals', 'grand final', 'grand finals', '全国总决赛', '全国决赛', '国赛'],
  ['runner-up', '亚军', '第二名', 'second place'],
  ['honourable mention', 'honorable mention', '优秀奖'],
];
