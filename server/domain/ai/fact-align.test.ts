import { describe, expect, it } from 'vitest';
import { kindOfChinese, kindOfEnglish, wordEvidence } from './fact-align';
import { findUnsupported, knownTextOf } from './fact-check';

/**
 * Alignment of leftovers (issue 24, ADR 0042): an official English name the table does not know is
 * paired with the archive entry nothing else in the text claimed, one to one; an invented name
 * beside it finds no entry left and stays flagged.
 */
const texts = (found: Array<{ text: string }>) => found.map((f) => f.text);

const chips = knownTextOf('赵明轩', {
  education: [{ school: '电子科技大学', major: '通信工程', start: '2021-09', end: '2025-06' }],
  internships: [
    { title: '芯片验证实习生', organization: '华为海思', start: '2024-06', end: '2024-09', description: '编写验证平台' },
    { title: '咨询实习生', organization: '和君咨询', start: '2023-07', end: '2023-08' },
  ],
  awards: [{ title: '全国大学生广告艺术大赛二等奖', date: '2023-10' }],
});

describe('alignment of leftovers', () => {
  it('a true unknown name of a real entry is not flagged; an invented one beside it is', () => {
    // HiSilicon: no word in common with 华为海思, but the clause states that entry's months.
    const text =
      'As a chip verification intern at HiSilicon I wrote test benches from June to September 2024. ' +
      'I also interned at Qualcomm Shanghai in September 2024.';
    expect(texts(findUnsupported(text, chips))).toEqual(['Qualcomm Shanghai']);
  });

  it('pairs by words: a transliteration and a translated word (Hejun Consulting = 和君咨询)', () => {
    expect(findUnsupported('At Hejun Consulting I drafted industry reports.', chips)).toEqual([]);
    const text = 'At Hejun Consulting I drafted industry reports, and at Meridian Strategy Consulting I built models.';
    expect(texts(findUnsupported(text, chips))).toEqual(['Meridian Strategy Consulting']);
  });

  it('each entry supports one name only: two unknown names for one entry, the second is flagged', () => {
    const text =
      'As an intern at HiSilicon I wrote test benches from June to September 2024, and at Kirin Silicon Labs I verified chips in September 2024.';
    expect(texts(findUnsupported(text, chips))).toEqual(['Kirin Silicon Labs']);
  });

  it('a name written twice is one name, paired once for both', () => {
    const text =
      'As a chip verification intern at HiSilicon I wrote test benches from June to September 2024. What I learnt at HiSilicon shaped my plans.';
    expect(findUnsupported(text, chips)).toEqual([]);
  });

  it('a prize level beside a paired contest is compared with that entry', () => {
    expect(findUnsupported('I won second prize in the National University Students Advertising Art Competition.', chips)).toEqual([]);
    expect(texts(findUnsupported('I won first prize in the National University Students Advertising Art Competition.', chips))).toEqual([
      'first prize',
    ]);
  });

  it('pairs only like kinds, and never a name the table knows as another body', () => {
    // An award is not paired with an internship by its dates.
    expect(texts(findUnsupported('In September 2024 I won the Kirin Young Engineer Award.', chips))).toEqual([
      'Kirin Young Engineer Award',
    ]);
    // Tencent is in the table: its names (腾讯) are not in the archive, so it is another body.
    expect(texts(findUnsupported('From June to September 2024 I was an intern at Tencent.', chips))).toEqual(['Tencent']);
    // With no unclaimed entry left, a dated invention is flagged.
    const text =
      'At HiSilicon I wrote test benches from June to September 2024; at Hejun Consulting I drafted reports in 2023; at Orion Photonics I built lasers in July 2023.';
    expect(texts(findUnsupported(text, chips))).toEqual(['Orion Photonics']);
  });

  it('reads kinds and evidence', () => {
    expect(kindOfEnglish('Formula Student China Cup')).toBe('contest');
    expect(kindOfEnglish('China Youth Daily')).toBe('publication');
    expect(kindOfEnglish('HiSilicon')).toBe('any');
    expect(kindOfChinese('全国大学生统计建模大赛国家一等奖')).toBe('contest');
    expect(kindOfChinese('《心理科学》，第一作者')).toBe('publication');
    expect(kindOfChinese('华为海思')).toBe('any');
    expect(wordEvidence('Hejun Consulting', '和君咨询')).not.toBeNull();
    // One generic word of three is not evidence; one place's pinyin is weak.
    expect(wordEvidence('Orion Strategy Consulting', '和君咨询')).toBeNull();
    expect(wordEvidence('Qualcomm Shanghai', '上海市精神卫生中心')).toBeNull();
    // A transliteration of two characters at least: Zhangjiang = 张江, not Zhang = 张 alone.
    expect(wordEvidence('Zhangjiang Labs', '张江实验室')).not.toBeNull();
    expect(wordEvidence('Zhang Labs', '张江实验室')).toBeNull();
  });

  it('a line claimed by an author role still names the journal on it', () => {
    const known = knownTextOf('林可', { publications: [{ title: '《珞珈管理评论》论文，第二作者', date: '2024-03' }] });
    // Paired by alignment (business is not on the line), as it is without the role in the sentence.
    expect(findUnsupported('I published a paper in the Luojia Business Review.', known)).toEqual([]);
    expect(findUnsupported('I am the second author of a paper in the Luojia Business Review.', known)).toEqual([]);
  });

  it('a line ending in a role keeps the body before it as an entry (星火支教协会会长)', () => {
    const known = knownTextOf('林可', { activities: [{ title: '星火支教协会会长', start: '2022-09', end: '2023-06' }] });
    expect(findUnsupported('I was president of the Xinghuo Teaching Association.', known)).toEqual([]);
    // A role alone names no body.
    const intern = knownTextOf('林可', { activities: [{ title: '数据分析实习生', start: '2022-09', end: '2023-06' }] });
    expect(texts(findUnsupported('I was president of the Xinghuo Teaching Association.', intern))).toEqual([
      'Xinghuo Teaching Association',
    ]);
  });

  it('an entry paired by words is not counted when dates must single out an entry', () => {
    const known = knownTextOf('林可', {
      internships: [
        { title: '咨询实习生', organization: '和君咨询', start: '2023-07', end: '2023-08' },
        { title: '芯片验证实习生', organization: '华为海思', start: '2023-07', end: '2023-09' },
      ],
    });
    // Hejun Strategy Consulting is paired by its words (strategy is not on the line), HiSilicon by its month.
    const text = 'At Hejun Strategy Consulting I drafted reports in July 2023, and at HiSilicon I verified chips in August 2023.';
    expect(findUnsupported(text, known)).toEqual([]);
  });

  it('a newspaper or magazine is paired by its dates like any body', () => {
    const known = knownTextOf('林可', {
      internships: [{ title: '编辑实习生', organization: '潮声周刊', start: '2024-07', end: '2024-09' }],
    });
    expect(findUnsupported('At Tidal Voice Weekly I edited features from July to September 2024.', known)).toEqual([]);
    // A journal is not a body one works at: not paired by dates.
    expect(texts(findUnsupported('In August 2024 I published in the Tidal Voice Journal.', known))).toContain('Tidal Voice Journal');
  });

  it('reads a camel-case name as its words (CloudWalk = Cloud Walk), not a short prefix (HiSilicon)', () => {
    expect(wordEvidence('CloudWalk Technology', '云从科技')).not.toBeNull();
    expect(wordEvidence('CloudWalk', '云从科技')).toBeNull();
  });

  it('a contest after "at" is a contest: the level before it is read against its line', () => {
    const known = knownTextOf('林可', {
      awards: [
        { title: '启航杯工业设计大赛二等奖', date: '2023-05' },
        { title: '全国大学生机械创新设计大赛三等奖', date: '2022-07' },
      ],
    });
    const text = (level: string) =>
      `I won ${level} at Qihang Industrial Design, and third prize in the National Undergraduate Mechanical Innovation Design Competition.`;
    expect(findUnsupported(text('second prize'), known)).toEqual([]);
    expect(texts(findUnsupported(text('first prize'), known))).toEqual(['first prize']);
  });
});
