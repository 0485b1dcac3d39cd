// Fixed sample texts for the speed benchmark and the tests (no corpus needed).

const EN_PARAGRAPH = [
  'When I was twelve, my grandfather handed me a broken radio and a screwdriver and told me not to come back until it played music.',
  'It took me three weekends, two burnt fingers and a library book with half its pages missing.',
  'The first crackle of a Cantonese opera station felt like a door opening, and I have been taking things apart ever since.',
  'In high school I joined the robotics team, although "joined" is generous: for the first month I mostly swept metal shavings off the floor.',
  'By my final year I was leading a group of nine students, and we built a low-cost water sensor for the farms outside our town.',
  'The prototype failed in the rain, which is an unfortunate quality for a water sensor.',
  'We redesigned the casing four times, borrowed a 3D printer from a dentist, and finally installed twelve units that still send readings to my phone every morning.',
  'That project taught me that engineering is less about clever ideas than about patience, honest testing and listening to the people who will use what you build.',
  'A farmer named Mrs. Liu pointed out that our alerts arrived in English, a language she does not read, and she was right to be annoyed.',
  'Fixing that took one evening; noticing it should have taken us no time at all.',
  'At university I want to study electrical engineering and learn how to design systems that are robust, cheap and respectful of the communities they serve.',
  'I am especially drawn to your program because of its project-based courses and its partnership with rural clinics.',
  'I know I will fail again, probably in ways I cannot yet imagine, but I have learned to treat each failure as a reading on a sensor: information, not a verdict.',
];

/** About 1,000 English words in four paragraphs. */
export const ESSAY_1000_WORDS = [0, 1, 2, 3]
  .map((k) => EN_PARAGRAPH.map((s, i) => (i % 4 === k ? s.replace('twelve', 'eleven') : s)).join(' '))
  .join('\n\n');

const ZH_PARAGRAPH =
  '我第一次对计算机产生兴趣，是在初二那年帮爷爷修收音机。那台收音机已经很旧了，外壳裂了一道缝，声音时有时无。' +
  '我翻遍了家里的工具箱，又在网上查了整整一个周末的资料，最后发现只是一根导线松了。' +
  '那一刻的成就感让我至今难忘。高中时我加入了学校的机器人社团，一开始只是帮学长们整理零件，后来慢慢开始写控制程序。' +
  '高三那年，我们团队为镇上的果园设计了一套低成本的土壤湿度监测系统，虽然第一版在雨天就罢工了，但我们改了四次外壳，终于让它稳定运行。' +
  '这段经历让我明白，工程不仅是聪明的想法，更是耐心、诚实的测试，以及倾听使用者的声音。';

/** About 1,200 Chinese characters in four paragraphs. */
export const ZH_ESSAY = [0, 1, 2, 3].map(() => ZH_PARAGRAPH).join('\n\n');
