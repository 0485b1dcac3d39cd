import { describe, expect, it } from 'vitest';
import { findUnsupported, findUnsupportedAsync, knownTextOf } from '../../server/domain/ai/fact-check';
import { ESSAY_1000_WORDS, ZH_ESSAY } from '../../server/ai/detector/samples';
import { longestBlock, timeLimit } from '../fixtures/event-loop';
import { fill, TEXTS } from '../fixtures/large-inputs';

const archive = knownTextOf('小王', {
  education: [{ school: '浙江大学', major: '计算机科学', gpa: { value: 3.7, scale: 4 } }],
  tests: [{ type: 'IELTS', total: 7.5 }],
  research: [{ title: '城市交通流量预测', organization: '浙江大学交通实验室', start: '2023-03' }],
  awards: [{ title: '全国大学生数学建模竞赛二等奖' }],
  internships: [{ title: 'Data analyst intern', organization: 'Alibaba Group' }],
});

describe('findUnsupported', () => {
  it('flags the invented award, score and school, and keeps what the archive says', () => {
    const text =
      'At 浙江大学 I kept a GPA of 3.7/4 and IELTS 7.5. I won the Gates Cambridge Scholarship, scored TOEFL 118, ' +
      'and was admitted by Stanford University. At Alibaba Group I worked on 城市交通流量预测 in 2023. ' +
      '我获得了全国大学生数学建模竞赛二等奖和国家奖学金，并在清华大学交流。';
    expect(findUnsupported(text, archive)).toEqual([
      { text: 'Gates Cambridge Scholarship', kind: 'award' },
      { text: 'TOEFL 118', kind: 'score' },
      { text: 'Stanford University', kind: 'school' },
      { text: '国家奖学金', kind: 'award' },
      { text: '清华大学', kind: 'school' },
    ]);
  });

  it('ignores the blanks left for the consultant, single digits and the form context', () => {
    const known = knownTextOf(archive, ['University of Edinburgh', '800']);
    const text = '【请补充：GPA 3.9 at Peking University】 I spent 3 years on it; the University of Edinburgh limit is 800 words.';
    expect(findUnsupported(text, known)).toEqual([]);
  });

  it('finds dates, numbers, titles and organisations the archive lacks, once each', () => {
    const text = 'In March 2021 I published 《深度学习导论》 at Tencent Research Institute with 2,500 users; 2,500 again in 2019.';
    expect(findUnsupported(text, archive)).toEqual([
      { text: 'March 2021', kind: 'date' },
      { text: '《深度学习导论》', kind: 'title' },
      { text: 'Tencent Research Institute', kind: 'organisation' },
      { text: '2,500', kind: 'number' },
      { text: '2019', kind: 'date' },
    ]);
  });
});

describe('names stay on their line', () => {
  it('does not run a school name into the next heading or sentence', () => {
    expect(findUnsupported('University of Edinburgh\nThe MSc Data Science', 'University of Edinburgh')).toEqual([]);
    expect(findUnsupported('at University of Edinburgh The end', 'University of Edinburgh')).toEqual([]);
  });
});

describe('fact check of the largest inputs (issue 22)', () => {
  /** The form's context at its limits: 50 fields of 2,000 characters. */
  const known = knownTextOf(
    archive,
    Array.from({ length: 50 }, (_, i) => `${ESSAY_1000_WORDS}${ZH_ESSAY}`.slice(i * 10, i * 10 + 2000)),
  );
  const adversarial = {
    // A capitalised "word" of 20,000 letters: each letter started a name that read to the end.
    capitals: fill('A'),
    initialisms: fill('GPA'),
    // Whitespace matched by two quantifiers in a row: the square of its length.
    spaces: `GPA${' '.repeat(19_990)}x`,
    blanks: fill('【请补充'),
    // The archive was normalised again for every number.
    numbers: fill('12 34 56 78 '),
    distinct: Array.from({ length: 4000 }, (_, i) => String(10_000 + i))
      .join(' ')
      .slice(0, 20_000),
    institutions: fill('我们在实验室里工作了三年并且完成了很多有意义的研究项目'),
    mixed: TEXTS['mixed']!,
  };

  it('checks 20,000 characters of any shape in linear time', () => {
    for (const [name, text] of Object.entries(adversarial)) {
      const start = performance.now();
      findUnsupported(text, known);
      expect(performance.now() - start, name).toBeLessThan(timeLimit(300));
    }
  });

  it('runs in slices: the same findings, the event loop held under 100 ms at a time', async () => {
    for (const [name, text] of Object.entries(adversarial)) {
      const { result, blockMs } = await longestBlock(() => findUnsupportedAsync(text, known));
      expect(result, name).toEqual(findUnsupported(text, known));
      expect(blockMs, name).toBeLessThan(timeLimit(100));
    }
  });
});
