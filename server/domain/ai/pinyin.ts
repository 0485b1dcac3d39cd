import { GB2312_READINGS } from './pinyin-table';

/**
 * Pinyin (without tones) of the characters common in Chinese person and place names and in
 * institution names (issue 24, ADR 0042): 张伟 ↔ Zhang Wei, 浙江 ↔ Zhejiang. A character with two
 * readings is listed under both. Every other common character (GB2312) reads as pinyin-pro's
 * dictionary does (pinyin-table.ts, generated); a character outside both is not matched.
 */
const TABLE = `
a:阿
ai:艾爱
an:安
ao:奥澳
ba:巴八
bai:白百柏
ban:班
bang:邦
bao:包宝保鲍
bei:北贝
ben:本
bi:毕碧
bian:边卞
bin:彬斌滨宾
bing:冰兵
bo:波博柏
bu:步
cai:蔡才财
can:灿
cang:沧
cao:曹
ce:策
cen:岑
chang:常昌长畅
chao:超朝潮
chen:陈晨辰臣琛
cheng:程成城诚承澄
chi:池驰
chong:崇重
chu:楚储初
chuan:川传
chun:春纯淳
ci:慈
cong:聪丛
cui:崔翠
da:达大
dai:戴代
dan:丹单
dang:党
dao:道
de:德
deng:邓登
di:迪狄
dian:电滇
ding:丁鼎定
dong:东董冬栋
dou:窦
du:杜都
duan:段端
dun:敦
duo:多
e:鄂
en:恩
er:尔二
fan:范樊凡帆繁
fang:方芳房
fei:费飞菲
fen:芬
feng:冯风峰丰凤锋枫
fu:傅付福富符府复甫
gang:刚钢港
gao:高
ge:葛戈格歌
geng:耿
gong:龚宫工公功
gu:顾谷古
guan:关管冠
guang:广光
gui:桂贵
guo:郭国果
hai:海
han:韩汉寒涵翰含
hang:杭航
hao:郝浩昊豪皓
he:何贺和河合荷鹤
hei:黑
heng:恒衡
hong:洪红宏鸿弘虹
hou:侯厚
hu:胡湖虎沪
hua:华花化
huai:怀淮
huan:欢环桓
huang:黄皇
hui:惠慧辉晖徽会
hun:珲
huo:霍
ji:季纪吉姬济冀嘉记基极计集
jia:贾佳嘉家甲
jian:简建剑健坚鉴
jiang:江姜蒋将疆
jiao:焦娇交蛟
jie:杰洁捷婕
jin:金晋锦瑾津进今
jing:京景静晶敬靖菁经荆井
jiu:久九
ju:菊居
juan:娟
jun:君俊军骏
kai:凯开
kang:康
ke:柯科可克
kong:孔
kun:坤昆
lai:赖来莱
lan:兰蓝岚澜
lang:朗郎浪
lao:劳
le:乐
lei:雷蕾磊
leng:冷
li:李黎丽立力莉理利礼励历
lian:连莲廉联
liang:梁良亮凉辽
liao:廖辽
lin:林琳霖麟临
ling:凌玲灵岭陵龄领
liu:刘柳留流
long:龙隆
lou:楼娄
lu:卢陆鲁路露禄鹿吕
lü:吕绿
luan:栾
lun:伦
luo:罗骆洛
lv:吕绿律
ma:马
mai:麦
man:曼满
mao:毛茂
mei:梅美
meng:孟蒙梦萌
mi:米宓
miao:苗妙
min:敏民闽
ming:明鸣铭名
mo:莫墨沫默茉陌摩
mu:穆木慕牧
na:娜纳
nan:南楠男
ni:倪妮尼
nian:年
ning:宁凝
niu:牛
nong:农
ou:欧
pan:潘盘
pei:裴培沛
peng:彭鹏蓬
ping:平萍
pu:蒲浦普
qi:齐戚祁琪奇启其琦岐
qian:钱千倩谦乾
qiang:强
qiao:乔桥
qin:秦琴勤钦沁
qing:青清庆晴卿
qiu:邱秋丘
qu:曲瞿屈
quan:全权泉
rao:饶
ren:任仁人
rong:荣容蓉融
ru:如儒茹
rui:瑞睿锐
ruo:若
sha:沙
shan:山单善杉珊陕汕
shang:尚商上
shao:邵绍少韶
shen:沈申深神
sheng:盛胜圣升晟生省
shi:石史施师诗世时实市士
shou:寿首
shu:舒蜀书淑树
shuai:帅
shuang:双爽
shui:水
shun:顺舜
si:思斯司四
song:宋松颂嵩
su:苏素肃
sui:隋
sun:孙
tai:台泰太
tan:谭檀坦
tang:唐汤棠
tao:陶涛桃
teng:滕腾
tian:田天添
ting:婷廷亭庭
tong:童同佟桐彤通
tu:涂图
wan:万宛婉皖
wang:王汪旺
wei:魏韦卫伟威薇维为巍玮炜微潍
wen:文温闻雯
weng:翁
wu:吴武伍吾午无
xi:西习席熙希曦喜溪锡夕
xia:夏霞厦
xian:冼先仙贤显宪咸
xiang:向项湘香祥翔相乡襄
xiao:肖萧小晓笑孝潇
xie:谢
xin:辛新欣心鑫馨信昕
xing:邢兴星幸杏行
xiong:熊雄
xiu:修秀
xu:徐许旭胥序
xuan:宣轩萱璇
xue:薛学雪
xun:荀寻迅
ya:雅亚娅
yan:严颜阎燕岩彦妍艳延言研盐炎
yang:杨阳扬洋羊
yao:姚瑶耀遥
ye:叶业烨
yi:易伊怡毅艺宜义依一忆益仪亦
yin:尹殷银音茵寅
ying:应英莹颖盈影鹰赢营
yong:永勇雍
you:尤游友
yu:于余俞郁虞禹雨宇玉瑜钰煜宇羽语渝豫
yuan:袁元源苑远圆媛园原
yue:岳乐越悦月粤
yun:云芸运韵昀
zai:宰
zan:赞
zeng:曾增
zha:查
zhai:翟
zhan:詹展湛战
zhang:张章彰
zhao:赵昭照钊
zhe:浙哲
zhen:甄真珍振震臻镇
zheng:郑正政征铮
zhi:志智之芝致知治直
zhong:钟仲中忠
zhou:周舟州洲
zhu:朱祝竹珠诸铸
zhuang:庄壮
zhuo:卓
zi:子紫梓
zong:宗
zou:邹
zu:祖
zuo:左佐
fei:非飞菲
zhu:筑竹珠住助
tou:投
zi:资子紫自
chuang:创
xin:新信心欣鑫芯
zhi:智知志之致至
neng:能
ke:科可克
ji:技际基吉极机集
shu:数书树
ju:聚巨
yuan:元源远园
chuan:传川
mei:美梅
ti:体
hui:汇慧惠辉
tong:通同
xun:讯迅
lian:联
he:合和河
zhong:中众
guo:国果
fang:方芳
da:达大
hua:华花化
rui:瑞锐睿
jing:京晶精景
tian:天田
di:地迪帝
dian:电点典
qi:奇启企齐
ye:业野
gong:工公
cheng:城成诚程承
chan:产
wang:网旺
lu:路鹿露
ling:灵凌领
shang:商上尚
jian:建健剑
she:设社
tie:铁
jiao:交教
yin:银音
hang:航杭
kong:空
min:民敏
sheng:生盛圣胜声
wen:文闻
yi:艺易亿义益怡
shi:石时实世视市
tai:泰太
fu:富福复府
xing:星兴行
rong:融荣
quan:泉全
dao:道岛
hong:红鸿宏虹
bo:博波
lan:蓝兰
yun:云运
duan:端
ying:英影盈
pin:品
pai:派
le:乐
kai:开凯
mi:米
tao:淘
du:度都
ba:巴
xiao:小晓
shan:山善
hai:海
jin:金锦
yu:宇语
zhan:展
pu:普
lang:朗
`;

/** Character → its readings: the names' table first (its readings lead), then every GB2312 character's. */
const READINGS = new Map<string, string[]>();
const addReading = (ch: string, reading: string) => {
  const list = READINGS.get(ch) ?? [];
  // ü is written v in the tables and u in English (Lü → Lu), so both are readings.
  for (const r of [reading, reading.replace('v', 'u')]) if (!list.includes(r)) list.push(r);
  READINGS.set(ch, list);
};
for (const line of TABLE.trim().split('\n')) {
  const [syllable, chars] = line.split(':') as [string, string];
  for (const ch of chars) addReading(ch, syllable.replace('ü', 'v'));
}
for (const line of GB2312_READINGS.trim().split('\n')) {
  const [readings, chars] = line.split(':') as [string, string];
  for (const ch of chars) for (const r of readings.split(' ')) addReading(ch, r);
}

export const readingsOf = (ch: string): string[] => READINGS.get(ch) ?? [];

/**
 * Where a spelling of `latin` from `at` in the pinyin of `chars` from `start` ends: the index of
 * the character after the last one read, or -1. Every reading of a character is tried (heteronyms:
 * 行 hang/xing); positions already found to fail are remembered, so the walk is bounded by
 * characters × letters × readings, never exponential.
 */
export function pinyinRunEnd(chars: string[], latin: string, start: number, at = 0): number {
  const failed = new Set<number>();
  const width = latin.length + 1;
  const from = (i: number, pos: number): number => {
    if (pos === latin.length) return i;
    if (i >= chars.length || failed.has(i * width + pos)) return -1;
    for (const r of readingsOf(chars[i]!)) {
      if (!latin.startsWith(r, pos)) continue;
      const end = from(i + 1, pos + r.length);
      if (end >= 0) return end;
    }
    failed.add(i * width + pos);
    return -1;
  };
  return from(start, at);
}

/**
 * Whether `latin` (lowercase letters only, "zhejiang") spells the pinyin of characters of `han`
 * exactly, starting at one of its characters: its syllables, one per character, in order.
 */
export function pinyinSpells(han: string, latin: string): boolean {
  const chars = Array.from(han);
  if (!latin) return false;
  for (let i = 0; i < chars.length; i++) if (pinyinRunEnd(chars, latin, i) >= 0) return true;
  return false;
}

/** The pinyin of `han` joined ("浙江" → "zhejiang"), or null when a character has no reading here. */
export function pinyinOf(han: string): string | null {
  let out = '';
  for (const ch of han) {
    const r = readingsOf(ch)[0];
    if (!r) return null;
    out += r;
  }
  return out;
}
