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

  it('lists what a rewrite lost', () => {
    expect(lostFacts('I scored 112 on the TOEFL in May 2023.', 'I did well on the TOEFL last spring.')).toEqual(['112', '2023', 'May']);
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
