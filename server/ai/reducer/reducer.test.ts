import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { factsOf, lostFacts } from './facts';
import { rewriteSentence } from './local-rewriter';
import { reduceAiRate } from './reduce';

const AI_ESSAY = readFileSync(new URL('../../../tests/fixtures/detection/ai-essay-en.txt', import.meta.url), 'utf8');

describe('facts (the meaning lock)', () => {
  it('finds numbers, dates, names, titles and protected terms, not a sentence’s first word', () => {
    const facts = factsOf(
      'In 2021 I joined the Robotics Lab at Zhejiang University. Moreover, Professor Li Wei taught me "Data Mining" with a GPA of 3.8/4.0. Consequently, I applied.',
      ['Robotics Lab'],
    );
    expect(facts).toEqual(expect.arrayContaining(['2021', 'Robotics Lab', 'Zhejiang University', 'Professor Li Wei', 'Data Mining', 'GPA', '3.8/4.0']));
    expect(facts).not.toContain('In');
    expect(facts).not.toContain('Moreover');
    expect(facts.some((f) => f.includes('Consequently'))).toBe(false);
    expect(factsOf('我在2021年获得《数据结构》课程满分，并在ACM比赛中获奖。')).toEqual(expect.arrayContaining(['2021', '数据结构', 'ACM']));
  });

  it('locks Chinese schools, organisations and labs', () => {
    const facts = factsOf('之后我在北京协和医院做志愿者，又进入浙江大学计算机学院，在中国科学院自动化研究所和华为公司实习。');
    expect(facts).toEqual(expect.arrayContaining(['北京协和医院', '浙江大学', '计算机学院', '中国科学院', '自动化研究所', '华为公司']));
    expect(lostFacts('我在清华大学读书。', '我在大学读书。')).toEqual(['清华大学']);
  });

  it('locks Chinese numerals: years, dates, percentages, ages, ordinals, counts', () => {
    const facts = factsOf('我于二〇二三年三月十五日入学，十五岁获得第一名，超过百分之三十的同学，实习了三个月。');
    expect(facts).toEqual(expect.arrayContaining(['二〇二三年', '三月', '十五日', '十五岁', '第一', '百分之三十', '三个月']));
    expect(lostFacts('我十五岁时开始学编程。', '我很小的时候开始学编程。')).toEqual(['十五岁']);
  });

  it('locks Chinese person names beside a title or a role, cautiously', () => {
    expect(factsOf('李明教授和欧阳娜娜老师指导了我。')).toEqual(expect.arrayContaining(['李明教授', '欧阳娜娜老师']));
    expect(factsOf('导师王刚鼓励我继续研究。').some((f) => f.startsWith('王刚'))).toBe(true);
    expect(lostFacts('王老师给了我建议。', '老师给了我建议。')).toEqual(['王老师']);
  });

  it('locks English dates, numbers written as words, percentages, grades and initialisms', () => {
    const facts = factsOf('In March 2021 I started. GPA of 3.9/4.0 after three years, with twelve papers and 30 percent faster code.');
    expect(facts).toEqual(expect.arrayContaining(['March 2021', 'GPA', '3.9/4.0', 'three', 'twelve', '30 percent']));
    expect(lostFacts('I spent three years there.', 'I spent years there.')).toEqual(['three']);
    expect(lostFacts('It ran 30 percent faster.', 'It ran 30 times faster.')).toEqual(['30 percent']);
    expect(lostFacts('I was one of two finalists.', 'I was among the finalists.')).toEqual(['one', 'two']);
    // A number inside another is not that number: "3" is not kept by "2023".
    expect(lostFacts('I won 3 prizes in 2023.', 'I won prizes in 2023.')).toEqual(['3']);
  });

  it('lists what a rewrite lost', () => {
    expect(lostFacts('I scored 112 on the TOEFL in May 2023.', 'I did well on the TOEFL last spring.')).toEqual(['112', '2023', 'May 2023', 'May']);
    expect(lostFacts('I scored 112 on the TOEFL.', "I'm proud I scored 112 on the TOEFL.")).toEqual([]);
  });
});

describe('the local rewriter', () => {
  it('removes stock openers and plain-words clichés, more in stronger modes', () => {
    const s = 'Furthermore, this experience not only fueled my curiosity but also equipped me with a comprehensive skill set.';
    expect(rewriteSentence(s, 'light', 'en')).toBe('This experience fueled my curiosity and also equipped me with a thorough skill set.');
    expect(rewriteSentence(s, 'balanced', 'en')).toBe('This experience made me curious and also gave me a broad set of skills.');
    expect(rewriteSentence('此外，我致力于研究机器人控制。', 'balanced', 'zh')).toBe('我一直在做研究机器人控制。');
    expect(rewriteSentence('A plain sentence about my dog.', 'strong', 'en')).toBe('A plain sentence about my dog.');
  });

  it('splits a long sentence where two clauses already meet (strong only)', () => {
    const long =
      'During my second year I built a scheduling tool for the student union that handled room bookings for forty clubs, and I learned that users care more about reliability than features.';
    expect(rewriteSentence(long, 'balanced', 'en')).toBe(long);
    expect(rewriteSentence(long, 'strong', 'en')).toBe(
      'During my second year I built a scheduling tool for the student union that handled room bookings for forty clubs. I learned that users care more about reliability than features.',
    );
  });
});

describe('reduceAiRate', () => {
  it('a model rewrite that drops a fact is refused and the sentence kept', async () => {
    const text = AI_ESSAY.replace('computer science', 'computer science since 2019');
    const result = await reduceAiRate(text, {
      mode: 'strong',
      model: async (sentences) => sentences.map((s) => s.replace(/\b2019\b/, 'years ago').replace(/^Furthermore, /, '')),
    });
    expect(result.engine).toBe('model');
    expect(result.text).toContain('2019');
    expect(result.locked.length).toBeGreaterThan(0);
    expect(result.locked[0]!.facts).toEqual(['2019']);
    expect(result.factsChanged).toEqual([]);
  });

  it('stops at once when the text is already under the target, and refuses a text too short', async () => {
    const human = readFileSync(new URL('../../../tests/fixtures/detection/human-essay-en.txt', import.meta.url), 'utf8');
    const result = await reduceAiRate(human, { mode: 'strong' });
    expect(result.rounds).toBe(0);
    expect(result.text).toBe(human);
    await expect(reduceAiRate('Too short.', { mode: 'light' })).rejects.toThrow('文本过短，无法可靠判断');
  });
});
