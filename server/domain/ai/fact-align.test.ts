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
});
