import { readFileSync } from 'node:fs';
import { reduceAiRate } from '../reducer/reduce';
import { safeChinese } from '../offline-drafts/chinese';
import { grammarOf, keepsGrammar, polishSentences, reasonOf } from './check';
import { closeGrammarEngine, GRAMMAR_MAX_CHARS, lintTexts } from './engine';

/** ADR 0041: the grammar engine (Harper in a worker thread) and what the review tools make of it. */

afterAll(() => closeGrammarEngine());

describe('the grammar engine', () => {
  it('finds agreement, there/their, articles and misspellings, with spans and the fix', async () => {
    const [go, their, article, spelling] = (await grammarOf([
      'She go to school every day.',
      'Their was a problem.',
      'I want to be a engineer.',
      'I recieve the letter.',
    ]))!;
    expect(go).toEqual([
      expect.objectContaining({ kind: 'Agreement', start: 4, end: 6, problem: 'go', suggestions: [{ kind: 0, text: 'goes' }] }),
    ]);
    expect(reasonOf(go![0]!)).toContain('主谓不一致');
    expect(their![0]).toMatchObject({
      kind: 'Grammar',
      problem: 'Their',
      suggestions: expect.arrayContaining([{ kind: 0, text: 'There' }]),
    });
    expect(reasonOf(their![0]!)).toContain('there / their');
    expect(reasonOf(article![0]!)).toContain('冠词用错');
    expect(spelling![0]).toMatchObject({ kind: 'Spelling', problem: 'recieve' });
  });

  it('accepts British and American spellings alike, and leaves names alone', async () => {
    const [british, american, names] = (await grammarOf([
      'My colour and behaviour were organised, and I realise it.',
      'My color and behavior were organized, and I realize it.',
      'I studied at Tsinghua University with Professor Zhang Wei in Hangzhou.',
    ]))!;
    expect([british, american, names]).toEqual([[], [], []]);
  });

  it('a request over its time limit is answered null and the next one starts a new worker', async () => {
    await lintTexts(['warm']);
    expect(await lintTexts(['She go to school.'.repeat(200)], 1)).toBeNull();
    expect((await lintTexts(['She go to school every day.']))![0]).toHaveLength(1);
  });

  it('refuses input over its bound without running', async () => {
    expect(await lintTexts(['a'.repeat(GRAMMAR_MAX_CHARS + 1)])).toBeNull();
  });

  it('polish applies certain fixes only: not a guess among several spellings, not a word choice', async () => {
    const out = (await polishSentences([
      'He studyed hard.',
      'Informations are useful.',
      'I has a dog and the the cat.',
      'It is a apple .',
    ]))!;
    expect(out.map((o) => o.text)).toEqual([
      'He studyed hard.',
      'Informations are useful.',
      'I have a dog and the cat.',
      'It is an apple.',
    ]);
  });

  it('a rewrite that brings in an error its original did not have is caught; one that removes errors is not', async () => {
    expect(
      await keepsGrammar([
        { before: 'She goes to school every day.', after: 'She go to school every day.' },
        { before: 'She go to school every day.', after: 'She goes to school every day.' },
        { before: 'I recieve letters, and I dont reply.', after: 'I recieve letters, and I do not reply.' },
      ]),
    ).toEqual([false, true, true]);
  });
});

describe('Chinese polish edits', () => {
  it('the sentence from issue 24 is left exactly as it was', () => {
    const sentence = '作为一名计算机科学的学生，我始终致力于探索这一领域的无限可能。';
    expect(safeChinese(sentence)).toEqual({ text: sentence, reasons: [] });
  });

  it('half-width punctuation between Chinese becomes full-width; a doubled word is written once; deliberate doubling stays', () => {
    expect(safeChinese('我始终始终热爱研究,也热爱教学.').text).toBe('我始终热爱研究，也热爱教学。');
    expect(safeChinese('我们要一步一步地研究研究这个问题，把实验室打扫得干干净净。').text).toBe(
      '我们要一步一步地研究研究这个问题，把实验室打扫得干干净净。',
    );
    expect(safeChinese('GPA 3.72, 排名 8/156').text).toBe('GPA 3.72, 排名 8/156');
    expect(safeChinese('我在计算机学院计算机学院学习。').text).toBe('我在计算机学院学习。');
  });

  it('never drops a comma or adds a character', () => {
    for (const s of ['我始终致力于探索这一领域的无限可能，并且希望继续深造。', '因为因为热爱，所以选择，不后悔。', '他们他们说,好。']) {
      const out = safeChinese(s).text;
      expect((out.match(/[，,]/g) ?? []).length).toBe((s.match(/[，,]/g) ?? []).length);
      expect(out.length).toBeLessThanOrEqual(s.length);
    }
  });
});

describe('降AI率 with the grammar engine', () => {
  const AI_ESSAY = readFileSync(new URL('../../../tests/fixtures/detection/ai-essay-en.txt', import.meta.url), 'utf8');

  it('a model rewrite that brings in a grammar error is dropped, the sentence kept, and counted', async () => {
    const result = await reduceAiRate(AI_ESSAY, {
      mode: 'light',
      // Every proposal breaks agreement ("I am" → "I is", "It is" → "It are"); the rest are left as they were.
      model: async (sentences) => sentences.map((s) => s.replace(/\bI am\b/, 'I is').replace(/\bis\b/, 'are')),
    });
    expect(result.grammarChecked).toBe(true);
    expect(result.grammarDropped).toBeGreaterThan(0);
    for (const segment of result.segments) if (segment.kind === 'sentence') expect(segment.rewritten).not.toMatch(/\bI is\b/);
  });
});
