import { beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { claimTranslation, wordEvidence } from './fact-align';
import { findUnsupported, knownTextOf } from './fact-check';
import { buildIndex, dictionaryEquivalents, loadFactDictionary, setFactDictionary } from './fact-dictionary';

/**
 * The fact check's English → Chinese dictionary (CC-CEDICT, ADR 0042 "dictionary" addendum): a
 * descriptive English name is borne out by the entry whose characters hold translations of most of
 * its words, in any order; an invented name with one such word is not.
 */
const texts = (found: Array<{ text: string }>) => found.map((f) => f.text);

describe('the reverse index', () => {
  const index = buildIndex([
    { simplified: '心理', pinyin: 'xin1 li3', english: ['psychology', 'mentality'] },
    { simplified: '学报', pinyin: 'xue2 bao4', english: ['a scholarly journal', 'Journal, Bulletin etc'] },
    { simplified: '北京', pinyin: 'Bei3 jing1', english: ['Beijing'] },
    { simplified: '车', pinyin: 'che1', english: ['car'] },
    { simplified: '植物', pinyin: 'zhi2 wu4', english: ['plant', 'CL:種|种[zhong3]'] },
    { simplified: '种植', pinyin: 'zhong4 zhi2', english: ['to plant', 'to grow and cultivate plants in a systematic way'] },
  ]);

  it('keeps common words of two to four characters, short senses only, no proper names or measure words', () => {
    expect(index.get('psychology')).toEqual(['心理']);
    expect(index.get('journal')).toEqual(['学报']);
    expect(index.get('plant')).toEqual(['植物', '种植']);
    expect(index.has('beijing')).toBe(false);
    expect(index.has('car')).toBe(false);
    expect(index.has('cultivate')).toBe(false);
    expect(index.has('cl')).toBe(false);
  });

  it('looks a word up by its other forms, and finds nothing before it is loaded', () => {
    setFactDictionary(index);
    expect(dictionaryEquivalents('psychological')).toEqual(['心理']);
    expect(dictionaryEquivalents('plants')).toEqual(['植物', '种植']);
    setFactDictionary(null);
    expect(dictionaryEquivalents('psychology')).toEqual([]);
  });

  it('a translation takes its own characters: two words cannot both be one 科学', () => {
    const claimed: Array<[number, number]> = [];
    expect(claimTranslation(['科学'], '心理科学', claimed)).toBe(2);
    expect(claimTranslation(['科学'], '心理科学', claimed)).toBe(0);
    expect(claimTranslation(['心理'], '心理科学', claimed)).toBe(2);
  });
});

describe('names borne out by the dictionary', () => {
  beforeAll(() => loadFactDictionary());

  const psychology = knownTextOf('林语桐', {
    education: [{ school: '华中师范大学', major: '心理学', start: '2021-09', end: '2025-06' }],
    publications: [{ title: '《心理科学》论文，第一作者', date: '2024-05' }],
    awards: [{ title: '全国大学生心理学学术论坛优秀论文奖', date: '2023-11' }],
  });

  it('most of the name’s words, in any order, on one line: Journal of Psychological Science = 《心理科学》', () => {
    expect(wordEvidence('Journal of Psychological Science', '《心理科学》论文，第一作者')).not.toBeNull();
    expect(wordEvidence('Science of Psychology Journal', '《心理科学》论文，第一作者')).not.toBeNull();
    const text = 'I am the first author of a paper in the Journal of Psychological Science.';
    expect(texts(findUnsupported(text, psychology))).toEqual([]);
  });

  it('one translated word of three is not enough, and an invented journal stays flagged', () => {
    expect(wordEvidence('Psychological Methods Review', '《心理科学》论文，第一作者')).toBeNull();
    // Half is enough for the hand list, not with dictionary words: two of four is not most.
    expect(wordEvidence('Psychological Science Methods Review', '《心理科学》论文，第一作者')).toBeNull();
    const text = 'I am the first author of a paper in the Journal of Psychological Science and in Psychological Methods Review.';
    expect(texts(findUnsupported(text, psychology))).toEqual(['Psychological Methods Review']);
  });

  it('the hand word list comes first: a word it knows is not looked up again', () => {
    // journal is in the hand list (期刊, 学报, 杂志); the dictionary's 日志 (a log) does not count for it.
    expect(wordEvidence('Psychology Journal', '心理日志')).toBeNull();
  });
});

describe('a name borne out by several lines', () => {
  beforeAll(() => loadFactDictionary());

  it('claims none of them: the contest on one of them is still paired with it', () => {
    const plants = knownTextOf('牛岚', {
      education: [{ school: '中国农业大学', major: '植物保护', start: '2021-09', end: '2025-06' }],
      awards: [{ title: '全国大学生植物保护专业能力大赛一等奖', date: '2023-10' }],
    });
    const text =
      'At China Agricultural University I studied Plant Protection, and I won first prize in the National College Student Plant Protection Skills Competition.';
    expect(texts(findUnsupported(text, plants))).toEqual([]);
  });
});

describe('dates and initials of firms', () => {
  const materials = knownTextOf('贺远', {
    education: [{ school: '北京科技大学', major: '材料科学与工程', start: '2021-09', end: '2025-06' }],
    internships: [
      { title: '研发实习生', organization: '格林美股份有限公司', start: '2024-03', end: '2024-06' },
      { title: '工艺实习生', organization: '鹰角网络', start: '2023-07', end: '2023-08' },
      { title: '运营实习生', organization: '米哈游', start: '2023-01', end: '2023-02' },
    ],
  });

  it('“Co.” does not end its clause: the months after it pair the firm by dates', () => {
    const text = 'As an R&D intern at GEM Co. I worked on battery recycling from March to June 2024.';
    expect(texts(findUnsupported(text, materials))).toEqual([]);
  });

  it('a season is its months: summer of 2023 picks the July entry, not the January one', () => {
    const text = 'As a technical artist intern at Hypergryph I optimised shaders in the summer of 2023.';
    expect(texts(findUnsupported(text, materials))).toEqual([]);
    const spring = 'As a technical artist intern at Hypergryph I optimised shaders in the spring of 2023.';
    expect(texts(findUnsupported(spring, materials))).toEqual(['Hypergryph']);
  });

  it('three capitals are initials only with a firm’s suffix', () => {
    expect(wordEvidence('GLM Co.', '格林美股份有限公司')).not.toBeNull();
    expect(wordEvidence('GLM', '格林美股份有限公司')).toBeNull();
  });
});

describe('the built index is cached', () => {
  it('a second load reads node_modules/.cache instead of the dataset, with the same lookups', async () => {
    await loadFactDictionary();
    const before = dictionaryEquivalents('psychology');
    const dir = path.join(process.cwd(), 'node_modules', '.cache', 'fact-dictionary');
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    setFactDictionary(null);
    const started = performance.now();
    await loadFactDictionary();
    // Parsing the 16 MB dataset takes about a second; the cache, a tenth of that or less.
    expect(performance.now() - started).toBeLessThan(800);
    expect(dictionaryEquivalents('psychology')).toEqual(before);
  });
});
