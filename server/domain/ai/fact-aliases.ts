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

/**
 * More of the same (ADR 0042, 2026-11-26): the official English names of the bodies Chinese students
 * study at, intern at, cite or compete in, which no word-by-word reading derives (Ubiquant = 九坤,
 * COMAC = 中国商飞, Teach For China = 美丽中国), and places (`place`: they support, they are not claims).
 * Short Chinese forms that are also common words (联想, 方达, 上交所…) are left out: the text's table
 * names are claims. `=Name` is matched only as written.
 */
const MORE_TABLE = `
school|北京科技大学|北科大|University of Science and Technology Beijing|USTB
school|北京化工大学|Beijing University of Chemical Technology|BUCT
school|北京工业大学|北工大|Beijing University of Technology|BJUT
school|北京林业大学|Beijing Forestry University|BJFU
school|北京中医药大学|Beijing University of Chinese Medicine|BUCM
school|北京语言大学|Beijing Language and Culture University|BLCU
school|中国传媒大学|Communication University of China|CUC
school|中央民族大学|Minzu University of China|MUC
school|中国政法大学|China University of Political Science and Law|CUPL
school|华北电力大学|North China Electric Power University|NCEPU
school|中国矿业大学|China University of Mining and Technology|CUMT
school|中国石油大学|China University of Petroleum
school|中国地质大学|China University of Geosciences|CUG
school|北京体育大学|Beijing Sport University
school|中央音乐学院|Central Conservatory of Music|CCOM
school|中央美术学院|央美|Central Academy of Fine Arts|CAFA
school|中国美术学院|China Academy of Art
school|北京电影学院|北影|Beijing Film Academy
school|中央戏剧学院|中戏|Central Academy of Drama
school|上海戏剧学院|上戏|Shanghai Theatre Academy
school|外交学院|China Foreign Affairs University|CFAU
school|首都师范大学|首师大|Capital Normal University
school|首都医科大学|Capital Medical University
school|北京协和医学院|Peking Union Medical College|PUMC
school|中国科学院大学|国科大|University of Chinese Academy of Sciences
school|天津医科大学|Tianjin Medical University
school|河北工业大学|Hebei University of Technology|HEBUT
school|太原理工大学|Taiyuan University of Technology|TYUT
school|内蒙古大学|Inner Mongolia University
school|辽宁大学|Liaoning University
school|大连海事大学|Dalian Maritime University|DMU
school|东北大学|Northeastern University|NEU
school|东北师范大学|Northeast Normal University|NENU
school|延边大学|Yanbian University
school|东北农业大学|Northeast Agricultural University
school|东北林业大学|Northeast Forestry University|NEFU
school|哈尔滨工程大学|哈工程|Harbin Engineering University|HEU
school|东华大学|Donghua University
school|上海大学|Shanghai University
school|华东政法大学|East China University of Political Science and Law|ECUPL
school|南京航空航天大学|Nanjing University of Aeronautics and Astronautics|NUAA
school|南京理工大学|南理工|Nanjing University of Science and Technology|NJUST
school|河海大学|Hohai University
school|江南大学|Jiangnan University
school|南京农业大学|Nanjing Agricultural University|NJAU
school|中国药科大学|China Pharmaceutical University
school|南京师范大学|南师大|Nanjing Normal University
school|安徽大学|Anhui University
school|合肥工业大学|Hefei University of Technology|HFUT
school|福州大学|Fuzhou University
school|南昌大学|Nanchang University
school|郑州大学|Zhengzhou University
school|武汉理工大学|Wuhan University of Technology|WHUT
school|华中农业大学|Huazhong Agricultural University|HZAU
school|华中师范大学|Central China Normal University|CCNU
school|中南财经政法大学|Zhongnan University of Economics and Law|ZUEL
school|湖南师范大学|Hunan Normal University
school|暨南大学|Jinan University
school|华南师范大学|South China Normal University|SCNU
school|华南农业大学|South China Agricultural University
school|广西大学|Guangxi University
school|海南大学|Hainan University
school|西南大学|Southwest University|SWU
school|西南交通大学|Southwest Jiaotong University|SWJTU
school|四川农业大学|Sichuan Agricultural University
school|贵州大学|Guizhou University
school|云南大学|Yunnan University
school|西藏大学|Tibet University
school|西北大学|Northwest University
school|长安大学|Chang'an University
school|陕西师范大学|Shaanxi Normal University|SNNU
school|西北农林科技大学|Northwest A&F University|NWAFU
school|兰州大学|Lanzhou University|LZU
school|青海大学|Qinghai University
school|宁夏大学|Ningxia University
school|新疆大学|Xinjiang University
school|石河子大学|Shihezi University
school|中国海洋大学|Ocean University of China|OUC
school|国防科技大学|National University of Defense Technology|NUDT
school|宁波大学|Ningbo University
school|南方医科大学|Southern Medical University
school|中国医科大学|China Medical University
school|浙江工商大学|Zhejiang Gongshang University
school|浙江师范大学|Zhejiang Normal University
school|上海理工大学|University of Shanghai for Science and Technology|USST
school|上海对外经贸大学|Shanghai University of International Business and Economics|SUIBE
school|首都经济贸易大学|Capital University of Economics and Business|CUEB
school|东北财经大学|Dongbei University of Finance and Economics|DUFE
school|江西财经大学|Jiangxi University of Finance and Economics|JUFE
school|南京审计大学|Nanjing Audit University
school|广东外语外贸大学|Guangdong University of Foreign Studies|GDUFS
school|北京第二外国语学院|Beijing International Studies University|BISU
school|天津外国语大学|Tianjin Foreign Studies University
school|西安外国语大学|Xi'an International Studies University
school|四川外国语大学|Sichuan International Studies University
school|香港浸会大学|浸会大学|Hong Kong Baptist University|HKBU
school|岭南大学|Lingnan University
school|香港教育大学|The Education University of Hong Kong|Education University of Hong Kong|EdUHK
school|香港都会大学|Hong Kong Metropolitan University|HKMU
school|澳门大学|University of Macau
school|澳门科技大学|Macau University of Science and Technology
school|国立台湾大学|台湾大学|National Taiwan University
school|国立清华大学|National Tsing Hua University|NTHU
school|国立阳明交通大学|阳明交通大学|National Yang Ming Chiao Tung University|NYCU
school|国立成功大学|成功大学|National Cheng Kung University|NCKU
school|国立政治大学|政治大学|National Chengchi University|NCCU
school|国立台湾师范大学|台湾师范大学|National Taiwan Normal University|NTNU
school|新加坡管理大学|Singapore Management University|SMU
school|莫纳什大学|Monash University
school|新南威尔士大学|University of New South Wales|UNSW Sydney|UNSW
school|昆士兰大学|University of Queensland
school|杜伦大学|Durham University
school|布里斯托大学|University of Bristol
school|格拉斯哥大学|University of Glasgow
school|利兹大学|University of Leeds
school|谢菲尔德大学|University of Sheffield
school|诺丁汉大学|University of Nottingham
school|南安普顿大学|University of Southampton
school|伯明翰大学|University of Birmingham
school|约克大学（英国）|University of York
school|圣安德鲁斯大学|University of St Andrews
school|滑铁卢大学|University of Waterloo
school|京都大学|Kyoto University
school|早稻田大学|Waseda University
school|首尔大学|Seoul National University|SNU
school|慕尼黑工业大学|Technical University of Munich|TUM
school|代尔夫特理工大学|Delft University of Technology|TU Delft
school|洛桑联邦理工学院|EPFL
school|加州理工学院|California Institute of Technology|Caltech
school|布朗大学|Brown University
school|达特茅斯学院|Dartmouth College
school|莱斯大学|Rice University
school|范德堡大学|Vanderbilt University
school|华盛顿大学圣路易斯分校|Washington University in St. Louis|WashU
school|埃默里大学|Emory University
school|乔治城大学|Georgetown University
school|波士顿大学|Boston University
school|普渡大学|Purdue University
school|俄亥俄州立大学|Ohio State University
school|宾夕法尼亚州立大学|宾州州立大学|Pennsylvania State University|Penn State
school|罗切斯特大学|University of Rochester
school|威斯康星大学麦迪逊分校|University of Wisconsin-Madison|UW-Madison
school|得克萨斯大学奥斯汀分校|德州大学奥斯汀分校|University of Texas at Austin|UT Austin
organisation|中国光大银行|光大银行|China Everbright Bank
organisation|光大证券|Everbright Securities
organisation|中国民生银行|民生银行|China Minsheng Bank
organisation|兴业银行|Industrial Bank
organisation|上海浦东发展银行|浦发银行|Shanghai Pudong Development Bank|SPDB
organisation|平安银行|Ping An Bank
organisation|华夏银行|Hua Xia Bank
organisation|北京银行|Bank of Beijing
organisation|上海银行|Bank of Shanghai
organisation|宁波银行|Bank of Ningbo
organisation|江苏银行|Bank of Jiangsu
organisation|中国邮政储蓄银行|邮储银行|Postal Savings Bank of China|PSBC
organisation|国家开发银行|国开行|China Development Bank|CDB
organisation|中国进出口银行|Export-Import Bank of China
organisation|中国农业发展银行|Agricultural Development Bank of China
organisation|微众银行|WeBank
organisation|网商银行|MYbank
organisation|中银国际|BOC International|BOCI
organisation|中信建投证券|中信建投|China Securities Co.
organisation|中国银河证券|银河证券|China Galaxy Securities
organisation|国信证券|Guosen Securities
organisation|东方证券|Orient Securities
organisation|兴业证券|Industrial Securities
organisation|长江证券|Changjiang Securities
organisation|安信证券|Essence Securities
organisation|国金证券|Sinolink Securities
organisation|方正证券|Founder Securities
organisation|东吴证券|Soochow Securities
organisation|天风证券|Tianfeng Securities
organisation|浙商证券|Zheshang Securities
organisation|华夏基金|China Asset Management|ChinaAMC
organisation|易方达基金|易方达|E Fund Management
organisation|南方基金|China Southern Asset Management
organisation|嘉实基金|Harvest Fund Management
organisation|博时基金|Bosera Asset Management|Bosera Funds
organisation|广发基金|GF Fund Management
organisation|汇添富基金|汇添富|China Universal Asset Management
organisation|富国基金|Fullgoal Fund Management
organisation|工银瑞信|ICBC Credit Suisse Asset Management
organisation|天弘基金|Tianhong Asset Management
organisation|景顺长城|Invesco Great Wall
organisation|高瓴资本|高瓴|Hillhouse Capital|Hillhouse
organisation|红杉中国|红杉资本中国|HongShan|Sequoia China|Sequoia Capital China
organisation|IDG资本|IDG Capital
organisation|启明创投|Qiming Venture Partners
organisation|源码资本|Source Code Capital
organisation|春华资本|Primavera Capital
organisation|鼎晖投资|CDH Investments
organisation|弘毅投资|Hony Capital
organisation|中国投资有限责任公司|中投公司|China Investment Corporation|CIC
organisation|九坤投资|九坤|Ubiquant|Ubiquant Investment
organisation|幻方量化|High-Flyer|High-Flyer Quant
organisation|明汯投资|明汯|Minghong Investment
organisation|灵均投资|Lingjun Investment
organisation|城堡投资|Citadel
organisation|城堡证券|Citadel Securities
organisation|简街|简街资本|Jane Street
organisation|桥水基金|桥水|Bridgewater Associates|Bridgewater
organisation|文艺复兴科技|Renaissance Technologies
organisation|双西格玛|Two Sigma
organisation|德劭|D. E. Shaw|D.E. Shaw
organisation|国家外汇管理局|外管局|State Administration of Foreign Exchange
organisation|中国证券监督管理委员会|中国证监会|证监会|China Securities Regulatory Commission|CSRC
organisation|国家金融监督管理总局|National Financial Regulatory Administration|NFRA
organisation|中国银行保险监督管理委员会|银保监会|China Banking and Insurance Regulatory Commission|CBIRC
organisation|上海证券交易所|Shanghai Stock Exchange|SSE
organisation|深圳证券交易所|深交所|Shenzhen Stock Exchange|SZSE
organisation|香港交易所|港交所|Hong Kong Exchanges and Clearing|HKEX
organisation|北京证券交易所|北交所|Beijing Stock Exchange
organisation|中国金融期货交易所|中金所|China Financial Futures Exchange|CFFEX
organisation|中国人寿|China Life Insurance|China Life
organisation|中国人民保险|中国人保|PICC
organisation|中国太平洋保险|中国太保|太平洋保险|China Pacific Insurance|CPIC
organisation|新华保险|New China Life Insurance
organisation|泰康保险|泰康|Taikang Insurance|Taikang Life
organisation|友邦保险|AIA Group|AIA
organisation|中国太平保险|China Taiping Insurance|China Taiping
organisation|众安保险|众安|ZhongAn Insurance|ZhongAn
organisation|罗兰贝格|Roland Berger
organisation|奥纬咨询|奥纬|Oliver Wyman
organisation|科尔尼|Kearney|A.T. Kearney
organisation|益普索|Ipsos
organisation|凯度|Kantar
organisation|弗若斯特沙利文|沙利文|Frost & Sullivan
organisation|艾瑞咨询|iResearch
organisation|致同会计师事务所|Grant Thornton
organisation|金杜律师事务所|金杜|King & Wood Mallesons|KWM
organisation|中伦律师事务所|Zhong Lun Law Firm|Zhong Lun
organisation|君合律师事务所|君合|JunHe
organisation|方达律师事务所|Fangda Partners
organisation|竞天公诚律师事务所|竞天公诚|Jingtian & Gongcheng
organisation|汉坤律师事务所|汉坤|Han Kun Law Offices|Han Kun
organisation|通商律师事务所|Commerce & Finance Law Offices
organisation|高伟绅|Clifford Chance
organisation|年利达|Linklaters
organisation|富而德|Freshfields|Freshfields Bruckhaus Deringer
organisation|达维|达维律师事务所|Davis Polk
organisation|世达|世达律师事务所|Skadden
organisation|阿里云|Alibaba Cloud|Aliyun
organisation|腾讯云|Tencent Cloud
organisation|华为云|Huawei Cloud
organisation|携程|携程集团|Trip.com Group|Trip.com|Ctrip
organisation|哔哩哔哩|Bilibili
organisation|新浪|Sina
organisation|搜狐|Sohu
organisation|奇虎360|Qihoo 360|Qihoo
organisation|蔚来|蔚来汽车|NIO
organisation|理想汽车|Li Auto
organisation|小鹏汽车|小鹏|XPeng|Xpeng Motors
organisation|零跑汽车|Leapmotor
organisation|吉利汽车|Geely Auto|Geely
organisation|长城汽车|Great Wall Motor
organisation|上汽集团|SAIC Motor|SAIC
organisation|中国一汽|FAW Group|FAW
organisation|东风汽车|Dongfeng Motor
organisation|广汽集团|广汽|GAC Group|GAC
organisation|长安汽车|Changan Automobile
organisation|奇瑞汽车|奇瑞|Chery
organisation|大众汽车|Volkswagen Group|Volkswagen
organisation|宝马|BMW
organisation|梅赛德斯-奔驰|Mercedes-Benz
organisation|地平线机器人|Horizon Robotics
organisation|科大讯飞|讯飞|iFlytek
organisation|寒武纪|Cambricon
organisation|中芯国际|SMIC
organisation|台积电|TSMC
organisation|联发科|MediaTek
organisation|紫光展锐|UNISOC
organisation|联想集团|Lenovo Group|Lenovo
organisation|苹果公司|Apple Inc.
organisation|米哈游|miHoYo|HoYoverse
organisation|网易游戏|NetEase Games
organisation|腾讯游戏|Tencent Games
organisation|阿里巴巴达摩院|达摩院|DAMO Academy|Alibaba DAMO Academy
organisation|北京智源人工智能研究院|智源研究院|Beijing Academy of Artificial Intelligence|BAAI
organisation|上海人工智能实验室|Shanghai AI Laboratory|Shanghai AI Lab
organisation|鹏城实验室|Peng Cheng Laboratory
organisation|之江实验室|Zhejiang Lab
organisation|月之暗面|Moonshot AI
organisation|智谱AI|智谱|Zhipu AI
organisation|深度求索|DeepSeek
organisation|华为诺亚方舟实验室|诺亚方舟实验室|Huawei Noah's Ark Lab|Noah's Ark Lab
organisation|腾讯AI Lab|Tencent AI Lab
organisation|京东方|BOE Technology|BOE
organisation|海尔|海尔集团|Haier
organisation|美的集团|Midea Group|Midea
organisation|格力电器|格力|Gree Electric|Gree
organisation|顺丰速运|顺丰|SF Express
organisation|菜鸟网络|Cainiao Network|Cainiao
organisation|安克创新|Anker Innovations|Anker
organisation|希音|SHEIN|Shein
organisation|泡泡玛特|Pop Mart
organisation|瑞幸咖啡|瑞幸|Luckin Coffee
organisation|宝洁|Procter & Gamble|P&G
organisation|联合利华|Unilever
organisation|欧莱雅|L'Oréal|L'Oreal
organisation|雀巢|Nestlé|Nestle
organisation|可口可乐|Coca-Cola
organisation|百事公司|PepsiCo
organisation|西门子|Siemens
organisation|博世|Bosch
organisation|通用电气|General Electric
organisation|施耐德电气|Schneider Electric
organisation|药明康德|WuXi AppTec
organisation|药明生物|WuXi Biologics
organisation|恒瑞医药|恒瑞|Jiangsu Hengrui Pharmaceuticals|Hengrui Medicine|Hengrui
organisation|百济神州|BeiGene
organisation|信达生物|Innovent Biologics|Innovent
organisation|君实生物|Junshi Biosciences
organisation|复星医药|Fosun Pharma
organisation|复星国际|复星集团|Fosun International|Fosun
organisation|迈瑞医疗|迈瑞|Mindray
organisation|华大基因|BGI Genomics
organisation|华大集团|BGI Group|BGI
organisation|联影医疗|联影|United Imaging Healthcare|United Imaging
organisation|石药集团|CSPC Pharmaceutical Group|CSPC
organisation|中国生物制药|Sino Biopharmaceutical
organisation|中国医药集团|国药集团|Sinopharm
organisation|科兴生物|科兴|Sinovac
organisation|康希诺生物|康希诺|CanSino Biologics|CanSino
organisation|辉瑞|Pfizer
organisation|罗氏制药|Roche
organisation|诺华|Novartis
organisation|阿斯利康|AstraZeneca
organisation|默沙东|MSD|Merck Sharp & Dohme
organisation|强生公司|Johnson & Johnson
organisation|赛诺菲|Sanofi
organisation|葛兰素史克|GSK|GlaxoSmithKline
organisation|拜耳|Bayer
organisation|礼来公司|Eli Lilly
organisation|诺和诺德|Novo Nordisk
organisation|中国商用飞机有限责任公司|中国商飞|Commercial Aircraft Corporation of China|COMAC
organisation|中国航天科技集团|航天科技集团|China Aerospace Science and Technology Corporation|CASC
organisation|中国航天科工集团|航天科工|China Aerospace Science and Industry Corporation|CASIC
organisation|中国航空工业集团|航空工业集团|Aviation Industry Corporation of China|AVIC
organisation|中国石油天然气集团|中国石油|中石油|China National Petroleum Corporation|CNPC|PetroChina
organisation|中国石油化工集团|中国石化|中石化|Sinopec
organisation|中国海洋石油集团|中国海油|中海油|CNOOC
organisation|中国南方电网|南方电网|China Southern Power Grid
organisation|中国华能集团|中国华能|China Huaneng Group|Huaneng
organisation|国家能源投资集团|国家能源集团|China Energy Investment Corporation|CHN Energy
organisation|中国长江三峡集团|三峡集团|China Three Gorges Corporation
organisation|中国联通|China Unicom
organisation|中国铁建|中国铁道建筑|China Railway Construction Corporation|CRCC
organisation|中国中铁|China Railway Group|CREC
organisation|中国建筑集团|China State Construction Engineering Corporation|China State Construction|CSCEC
organisation|中国交通建设|中国交建|China Communications Construction Company|CCCC
organisation|中国中车|CRRC
organisation|中国宝武钢铁集团|中国宝武|宝武|China Baowu Steel Group|Baowu
organisation|中国中化|Sinochem
organisation|中粮集团|中粮|COFCO
organisation|中国远洋海运集团|中远海运|COSCO Shipping|COSCO
organisation|招商局集团|招商局|China Merchants Group
organisation|华润集团|华润|China Resources
organisation|中国电子科技集团|中国电科|CETC
organisation|中国船舶集团|China State Shipbuilding Corporation|CSSC
organisation|中国核工业集团|中核集团|China National Nuclear Corporation|CNNC
organisation|中国广核集团|中广核|China General Nuclear Power Group|CGN
organisation|中国邮政|China Post
organisation|中国国际航空|Air China
organisation|中国东方航空|China Eastern Airlines
organisation|中国南方航空|China Southern Airlines
organisation|中国国家铁路集团|国铁集团|China State Railway Group
organisation|澎湃新闻|=The Paper
organisation|财新传媒|财新|Caixin Media|Caixin
organisation|新华通讯社|新华社|Xinhua News Agency|Xinhua
organisation|人民日报|People's Daily
organisation|中国日报|China Daily
organisation|环球时报|Global Times
organisation|中央电视台|央视|China Central Television|CCTV
organisation|中国国际电视台|China Global Television Network|CGTN
organisation|中央广播电视总台|China Media Group|CMG
organisation|第一财经|Yicai|China Business Network
organisation|界面新闻|Jiemian
organisation|三联生活周刊|Sanlian Lifeweek
organisation|南方周末|Southern Weekly
organisation|南方都市报|Southern Metropolis Daily
organisation|新京报|The Beijing News|Beijing News
organisation|21世纪经济报道|21st Century Business Herald
organisation|经济观察报|The Economic Observer|Economic Observer
organisation|财经杂志|Caijing Magazine|Caijing
organisation|凤凰卫视|Phoenix Television|Phoenix TV
organisation|凤凰网|ifeng.com
organisation|湖南卫视|Hunan Television|Hunan TV
organisation|上海广播电视台|Shanghai Media Group|SMG
organisation|第六声|Sixth Tone
organisation|南华早报|South China Morning Post|SCMP
organisation|彭博社|彭博|Bloomberg News
organisation|纽约时报|The New York Times|New York Times|NYT
organisation|金融时报|Financial Times
organisation|华尔街日报|The Wall Street Journal|Wall Street Journal|WSJ
organisation|经济学人|=The Economist
organisation|英国广播公司|BBC
organisation|法新社|Agence France-Presse|AFP
organisation|虎嗅|Huxiu
organisation|36氪|36Kr
organisation|故宫博物院|The Palace Museum|Palace Museum
organisation|中国国家博物馆|国家博物馆|National Museum of China
organisation|上海博物馆|Shanghai Museum
organisation|南京博物院|Nanjing Museum
organisation|陕西历史博物馆|Shaanxi History Museum
organisation|湖北省博物馆|Hubei Provincial Museum
organisation|浙江省博物馆|Zhejiang Provincial Museum
organisation|苏州博物馆|Suzhou Museum
organisation|中国美术馆|National Art Museum of China|NAMOC
organisation|上海当代艺术博物馆|Power Station of Art
organisation|尤伦斯当代艺术中心|尤伦斯|UCCA Center for Contemporary Art|Ullens Center for Contemporary Art|UCCA
organisation|龙美术馆|Long Museum
organisation|余德耀美术馆|Yuz Museum
organisation|木木美术馆|M WOODS
organisation|华侨城当代艺术中心|OCT Contemporary Art Terminal|OCAT
organisation|中央美术学院美术馆|CAFA Art Museum
organisation|上海外滩美术馆|Rockbund Art Museum
organisation|M+博物馆|M+ Museum
organisation|香港故宫文化博物馆|Hong Kong Palace Museum
organisation|798艺术区|798 Art Zone
organisation|中国科学技术馆|中国科技馆|China Science and Technology Museum
organisation|上海科技馆|Shanghai Science and Technology Museum
organisation|敦煌研究院|Dunhuang Academy
organisation|中国国家图书馆|国家图书馆|National Library of China
organisation|上海图书馆|Shanghai Library
organisation|大英博物馆|British Museum
organisation|大都会艺术博物馆|Metropolitan Museum of Art|=The Met
organisation|纽约现代艺术博物馆|现代艺术博物馆|Museum of Modern Art|MoMA
organisation|泰特现代美术馆|Tate Modern
organisation|美丽中国|Teach For China
organisation|壹基金|One Foundation
organisation|中国扶贫基金会|China Foundation for Poverty Alleviation|CFPA
organisation|中国乡村发展基金会|China Foundation for Rural Development|CFRD
organisation|中国青少年发展基金会|China Youth Development Foundation|CYDF
organisation|希望工程|Project Hope
organisation|中国红十字会|Red Cross Society of China
organisation|中国儿童少年基金会|China Children and Teenagers' Fund|CCTF
organisation|阿拉善SEE生态协会|阿拉善SEE|SEE Foundation
organisation|自然之友|Friends of Nature
organisation|世界自然基金会|World Wide Fund for Nature|WWF
organisation|绿色和平|Greenpeace
organisation|公众环境研究中心|Institute of Public & Environmental Affairs|Institute of Public and Environmental Affairs|IPE
organisation|大自然保护协会|The Nature Conservancy|Nature Conservancy|TNC
organisation|联合国儿童基金会|UNICEF
organisation|联合国开发计划署|United Nations Development Programme|UNDP
organisation|联合国环境规划署|United Nations Environment Programme|UN Environment Programme|UNEP
organisation|联合国教科文组织|UNESCO
organisation|世界卫生组织|World Health Organization|WHO
organisation|世界贸易组织|World Trade Organization|WTO
organisation|国际货币基金组织|International Monetary Fund|IMF
organisation|亚洲开发银行|Asian Development Bank|ADB
organisation|亚洲基础设施投资银行|亚投行|Asian Infrastructure Investment Bank|AIIB
organisation|新开发银行|金砖国家新开发银行|New Development Bank|NDB
organisation|比尔及梅琳达·盖茨基金会|盖茨基金会|Bill & Melinda Gates Foundation|Gates Foundation
organisation|福特基金会|Ford Foundation
organisation|国际经济学商学学生联合会|爱塞克|AIESEC
organisation|中国科学院计算技术研究所|中科院计算所|Institute of Computing Technology, Chinese Academy of Sciences|Institute of Computing Technology
organisation|中国科学院自动化研究所|中科院自动化所|Institute of Automation, Chinese Academy of Sciences|Institute of Automation|CASIA
organisation|中国科学院软件研究所|中科院软件所|Institute of Software, Chinese Academy of Sciences|ISCAS
organisation|中国科学院物理研究所|中科院物理所|Institute of Physics, Chinese Academy of Sciences
organisation|中国科学院数学与系统科学研究院|中科院数学院|Academy of Mathematics and Systems Science|AMSS
organisation|中国科学院化学研究所|中科院化学所|Institute of Chemistry, Chinese Academy of Sciences|ICCAS
organisation|中国科学院上海药物研究所|上海药物所|Shanghai Institute of Materia Medica|SIMM
organisation|中国科学院深圳先进技术研究院|深圳先进院|Shenzhen Institutes of Advanced Technology|Shenzhen Institute of Advanced Technology|SIAT
organisation|中国科学院半导体研究所|中科院半导体所|Institute of Semiconductors, Chinese Academy of Sciences
organisation|中国科学院大连化学物理研究所|大连化物所|Dalian Institute of Chemical Physics|DICP
organisation|中国科学院地理科学与资源研究所|中科院地理所|Institute of Geographic Sciences and Natural Resources Research|IGSNRR
organisation|中国科学院心理研究所|中科院心理所|Institute of Psychology, Chinese Academy of Sciences
organisation|中国科学院生态环境研究中心|Research Center for Eco-Environmental Sciences|RCEES
organisation|中国科学院南京地理与湖泊研究所|南京地湖所|Nanjing Institute of Geography and Limnology|NIGLAS
organisation|中国科学院高能物理研究所|中科院高能所|Institute of High Energy Physics|IHEP
organisation|中国科学院微电子研究所|中科院微电子所|Institute of Microelectronics, Chinese Academy of Sciences|IMECAS
organisation|中国科学院声学研究所|中科院声学所|Institute of Acoustics, Chinese Academy of Sciences
organisation|中国社会科学院经济研究所|社科院经济所|Institute of Economics, Chinese Academy of Social Sciences
organisation|中国社会科学院世界经济与政治研究所|社科院世经政所|Institute of World Economics and Politics|IWEP
organisation|中国社会科学院金融研究所|社科院金融所|Institute of Finance and Banking, Chinese Academy of Social Sciences
organisation|中国社会科学院社会学研究所|社科院社会学所|Institute of Sociology, Chinese Academy of Social Sciences
organisation|中国工程院|Chinese Academy of Engineering
organisation|中国医学科学院|Chinese Academy of Medical Sciences|CAMS
organisation|中国农业科学院|Chinese Academy of Agricultural Sciences|CAAS
organisation|中国疾病预防控制中心|中国疾控中心|Chinese Center for Disease Control and Prevention|China CDC
organisation|国务院发展研究中心|Development Research Center of the State Council
organisation|中国国际经济交流中心|China Center for International Economic Exchanges|CCIEE
organisation|全球化智库|Center for China and Globalization|CCG
organisation|北京大学国家发展研究院|国发院|National School of Development
organisation|清华大学五道口金融学院|五道口金融学院|PBC School of Finance|PBCSF
organisation|北京大学光华管理学院|光华管理学院|Guanghua School of Management
organisation|清华大学经济管理学院|清华经管学院|Tsinghua SEM
organisation|长江商学院|Cheung Kong Graduate School of Business|CKGSB
organisation|中欧国际工商学院|China Europe International Business School|CEIBS
organisation|上海高级金融学院|Shanghai Advanced Institute of Finance|SAIF
organisation|北京协和医院|协和医院|Peking Union Medical College Hospital|PUMCH
organisation|四川大学华西医院|华西医院|West China Hospital
organisation|复旦大学附属中山医院|Zhongshan Hospital
organisation|瑞金医院|Ruijin Hospital
organisation|北京大学第一医院|北大医院|Peking University First Hospital
organisation|北京大学人民医院|Peking University People's Hospital
organisation|北京大学第三医院|北医三院|Peking University Third Hospital
organisation|中南大学湘雅医院|湘雅医院|Xiangya Hospital
organisation|华中科技大学同济医学院附属同济医院|同济医院|Tongji Hospital
organisation|国家统计局|National Bureau of Statistics
organisation|商务部|Ministry of Commerce|MOFCOM
organisation|外交部|Ministry of Foreign Affairs
organisation|教育部|Ministry of Education
organisation|财政部|Ministry of Finance
organisation|国家发展和改革委员会|国家发改委|发改委|National Development and Reform Commission|NDRC
organisation|生态环境部|Ministry of Ecology and Environment
organisation|最高人民法院|Supreme People's Court
organisation|最高人民检察院|Supreme People's Procuratorate
organisation|模拟联合国|Model United Nations|MUN
organisation|好未来教育集团|好未来|TAL Education Group|TAL Education
organisation|新东方教育科技集团|新东方|New Oriental Education & Technology Group|New Oriental
organisation|学而思|Xueersi
organisation|猿辅导|Yuanfudao
publication|环境科学学报|Acta Scientiae Circumstantiae
publication|《中国科学》|Science China
publication|科学通报|Chinese Science Bulletin
publication|物理学报|Acta Physica Sinica
publication|《经济研究》|Economic Research Journal
publication|《管理世界》|Journal of Management World
publication|《金融研究》|Journal of Financial Research
publication|《中国社会科学》|Social Sciences in China
publication|计算机学报|Chinese Journal of Computers
publication|软件学报|Journal of Software
publication|自动化学报|Acta Automatica Sinica
publication|心理学报|Acta Psychologica Sinica
publication|地理学报|Acta Geographica Sinica
publication|生态学报|Acta Ecologica Sinica
publication|中华医学杂志|National Medical Journal of China
competition|全国大学生数学竞赛|Chinese Mathematics Competitions
competition|丘成桐大学生数学竞赛|S.-T. Yau College Student Mathematics Contests
competition|丘成桐中学科学奖|S.-T. Yau High School Science Award
competition|阿里巴巴全球数学竞赛|Alibaba Global Mathematics Competition
competition|RoboCup|机器人世界杯
competition|大学生创新创业训练计划|National Undergraduate Training Program for Innovation and Entrepreneurship
competition|国际基因工程机器大赛|International Genetically Engineered Machine Competition|International Genetically Engineered Machine|iGEM
competition|阿里天池|天池大赛|Alibaba Tianchi
competition|霍普杯|霍普杯国际大学生建筑设计竞赛|UIA-HYP Cup|UIA-HYP Cup International Student Architectural Design Competition|HYP Cup
competition|外研社杯|外研社杯全国英语演讲大赛|FLTRP Cup
competition|21世纪杯全国英语演讲比赛|21世纪杯|21st Century Cup National English Speaking Competition|21st Century Cup
competition|亚太地区大学生数学建模竞赛|Asia-Pacific Mathematical Contest in Modeling|APMCM
competition|中国研究生数学建模竞赛|China Post-Graduate Mathematical Contest in Modeling
competition|正大杯|Zhengda Cup
competition|中国大学生程序设计竞赛|China Collegiate Programming Contest|CCPC
competition|全国青少年科技创新大赛|China Adolescents Science and Technology Innovation Contest|CASTIC
competition|国际科学与工程大奖赛|International Science and Engineering Fair|Regeneron ISEF|Intel ISEF|ISEF
competition|国际物理奥林匹克|International Physics Olympiad|IPhO
competition|国际化学奥林匹克|International Chemistry Olympiad|IChO
competition|国际生物学奥林匹克|International Biology Olympiad|IBO
competition|全国中学生物理竞赛|Chinese Physics Olympiad|CPhO
competition|全国高中学生化学竞赛|中国化学奥林匹克|Chinese Chemistry Olympiad|CChO
competition|美国数学竞赛|American Mathematics Competitions|AMC
competition|美国数学邀请赛|American Invitational Mathematics Examination|AIME
competition|欧几里得数学竞赛|Euclid Mathematics Contest|Euclid Contest
competition|美国物理碗|物理碗|Physics Bowl|PhysicsBowl
competition|约翰洛克论文竞赛|John Locke Essay Competition|John Locke Institute Essay Competition
competition|全美经济学挑战赛|National Economics Challenge
competition|哈佛模拟联合国|Harvard Model United Nations|HMUN
competition|全国大学生课外学术科技作品竞赛|挑战杯全国大学生课外学术科技作品竞赛|Challenge Cup
competition|霍特奖|Hult Prize
competition|微软创新杯|Microsoft Imagine Cup|Imagine Cup
competition|ASC世界大学生超级计算机竞赛|ASC Student Supercomputer Challenge
competition|国际大学生数学竞赛|International Mathematics Competition for University Students|IMC
competition|普特南数学竞赛|William Lowell Putnam Mathematical Competition|Putnam Competition
competition|中国大学生物理学术竞赛|China Undergraduate Physics Tournament|CUPT
competition|国际青年物理学家锦标赛|International Young Physicists' Tournament|IYPT
competition|杰赛普国际法模拟法庭辩论赛|Philip C. Jessup International Law Moot Court Competition|Jessup Moot Court Competition|Jessup
competition|维斯国际商事仲裁模拟仲裁庭|Willem C. Vis International Commercial Arbitration Moot|Vis Moot
award|中国青年五四奖章|China Youth May Fourth Medal
award|宝钢教育奖|宝钢奖学金|Baosteel Education Award|Baosteel Scholarship
award|学业奖学金|Academic Scholarship
award|中国新闻奖|China Journalism Award
award|普利兹克建筑奖|普利兹克奖|Pritzker Architecture Prize|Pritzker Prize
award|菲尔兹奖|Fields Medal
award|图灵奖|Turing Award|ACM A.M. Turing Award
award|诺贝尔奖|Nobel Prize
award|金鸡奖|Golden Rooster Awards
award|金马奖|Golden Horse Awards
place|太湖|Lake Taihu|Taihu Lake|Taihu
place|西湖|West Lake
place|洞庭湖|Dongting Lake|Lake Dongting
place|鄱阳湖|Poyang Lake|Lake Poyang
place|巢湖|Chaohu Lake|Lake Chaohu
place|滇池|Dianchi Lake|Lake Dianchi
place|洱海|Erhai Lake|Lake Erhai
place|青海湖|Qinghai Lake
place|千岛湖|Qiandao Lake
place|玄武湖|Xuanwu Lake
place|泰山|Mount Tai|Mount Taishan
place|黄山|Mount Huangshan|Yellow Mountain|Huangshan
place|峨眉山|Mount Emei
place|华山|Mount Hua|Huashan
place|庐山|Mount Lu|Lushan
place|武当山|Wudang Mountains|Mount Wudang
place|五台山|Mount Wutai
place|长白山|Changbai Mountain|Changbai Mountains
place|珠穆朗玛峰|珠峰|Mount Everest|Qomolangma
place|喜马拉雅山脉|喜马拉雅|Himalayas
place|长江|Yangtze River|Yangtze
place|黄河|Yellow River
place|珠江|Pearl River
place|珠江三角洲|珠三角|Pearl River Delta
place|长江三角洲|长三角|Yangtze River Delta
place|粤港澳大湾区|大湾区|Guangdong-Hong Kong-Macao Greater Bay Area|Greater Bay Area|GBA
place|京津冀|Beijing-Tianjin-Hebei
place|雄安新区|Xiong'an New Area|Xiongan New Area
place|浦东新区|浦东|Pudong New Area|Pudong
place|陆家嘴|Lujiazui
place|中关村|Zhongguancun
place|香港|Hong Kong
place|澳门|Macau|Macao
place|台湾|Taiwan
place|西藏|西藏自治区|Tibet|Tibet Autonomous Region
place|内蒙古|内蒙古自治区|Inner Mongolia|Inner Mongolia Autonomous Region
place|新疆|新疆维吾尔自治区|Xinjiang|Xinjiang Uygur Autonomous Region
place|广西|广西壮族自治区|Guangxi|Guangxi Zhuang Autonomous Region
place|宁夏|宁夏回族自治区|Ningxia|Ningxia Hui Autonomous Region
place|北京|北京市|Beijing
place|上海|上海市|Shanghai
place|天津|天津市|Tianjin
place|重庆|重庆市|Chongqing
place|河北|河北省|Hebei|Hebei Province
place|山西|山西省|Shanxi|Shanxi Province
place|辽宁|辽宁省|Liaoning|Liaoning Province
place|吉林省|Jilin Province
place|黑龙江|黑龙江省|Heilongjiang|Heilongjiang Province
place|江苏|江苏省|Jiangsu|Jiangsu Province
place|浙江|浙江省|Zhejiang|Zhejiang Province
place|安徽|安徽省|Anhui|Anhui Province
place|福建|福建省|Fujian|Fujian Province
place|江西|江西省|Jiangxi|Jiangxi Province
place|山东|山东省|Shandong|Shandong Province
place|河南|河南省|Henan|Henan Province
place|湖北|湖北省|Hubei|Hubei Province
place|湖南|湖南省|Hunan|Hunan Province
place|广东|广东省|Guangdong|Guangdong Province
place|海南|海南省|Hainan|Hainan Province
place|四川|四川省|Sichuan|Sichuan Province
place|贵州|贵州省|Guizhou|Guizhou Province
place|云南|云南省|Yunnan|Yunnan Province
place|陕西|陕西省|Shaanxi|Shaanxi Province
place|甘肃|甘肃省|Gansu|Gansu Province
place|青海|青海省|Qinghai|Qinghai Province
place|哈尔滨|Harbin
place|呼和浩特|Hohhot
place|乌鲁木齐|Urumqi
place|拉萨|Lhasa
place|厦门|Xiamen|Amoy
place|广州|Guangzhou|Canton
place|深圳|Shenzhen
place|杭州|Hangzhou
place|南京|Nanjing
place|苏州|Suzhou
place|成都|Chengdu
place|武汉|Wuhan
place|西安|Xi'an|Xian
place|长沙|Changsha
place|青岛|Qingdao
place|大连|Dalian
place|宁波|Ningbo
place|无锡|Wuxi
place|合肥|Hefei
place|郑州|Zhengzhou
place|济南|Jinan
place|福州|Fuzhou
place|昆明|Kunming
place|沈阳|Shenyang
place|长春|Changchun
place|珠海|Zhuhai
place|东莞|Dongguan
place|佛山|Foshan
place|敦煌|Dunhuang
`;

/**
 * A place (太湖 = Lake Taihu) only supports the names the text uses for it: the table scan does not
 * make it a claim of its own. `exact` holds names matched only as written ("The Paper", not "the paper").
 */
export type AliasGroup = { kind: FactKind | 'place'; names: string[]; exact?: Set<string> };

export const ALIAS_GROUPS: AliasGroup[] = [TABLE, MORE_TABLE]
  .join('\n')
  .trim()
  .split('\n')
  .filter((line) => line.includes('|'))
  .map((line) => {
    const [kind, ...marked] = line.split('|');
    const names = marked.map((n) => n.replace(/^=/, ''));
    const exact = new Set(marked.filter((n) => n.startsWith('=')).map((n) => n.slice(1)));
    return { kind: kind as FactKind | 'place', names, ...(exact.size ? { exact } : {}) };
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
  environmental: ['环境', '环保'],
  green: ['绿色'],
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
  // Words of the names of places, media, firms and public bodies (ADR 0042, 2026-11-26).
  lake: ['湖'],
  mount: ['山'],
  mountain: ['山'],
  mountains: ['山'],
  river: ['江', '河'],
  county: ['县'],
  district: ['区'],
  communication: ['传媒', '传播', '通信'],
  awards: ['奖'],
  news: ['新闻'],
  daily: ['日报'],
  television: ['电视', '卫视'],
  broadcasting: ['广播'],
  tv: ['电视', '卫视'],
  weekly: ['周刊'],
  magazine: ['杂志'],
  publishing: ['出版'],
  charity: ['慈善', '公益'],
  biologics: ['生物'],
  motor: ['汽车'],
  motors: ['汽车'],
  automobile: ['汽车'],
  auto: ['汽车'],
  airlines: ['航空'],
  railway: ['铁路', '铁道'],
  construction: ['建设', '建筑', '建工'],
  power: ['电力'],
  grid: ['电网'],
  petroleum: ['石油'],
  steel: ['钢'],
  shipping: ['航运', '海运'],
  asset: ['资产'],
  futures: ['期货'],
  exchange: ['交易所', '交流'],
  stock: ['证券', '股票'],
  trust: ['信托'],
  venture: ['创投', '风险'],
  commission: ['委员会'],
  council: ['委员会', '理事会'],
  federation: ['联合会'],
  court: ['法院'],
  procuratorate: ['检察院'],
  government: ['政府'],
  ecological: ['生态'],
  protection: ['保护'],
  library: ['图书馆'],
  cultural: ['文化'],
  drama: ['戏剧'],
  theatre: ['戏剧', '剧院'],
  theater: ['戏剧', '剧院'],
  orchestra: ['乐团'],
  symphony: ['交响'],
  robot: ['机器人'],
  semiconductor: ['半导体'],
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
