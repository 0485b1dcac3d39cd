import { AI_INPUT_LIMITS } from './ai-operation-constants';
import { checkDetectInput, MAX_DETECT_SENTENCES, TOO_MANY_SENTENCES, TOO_MANY_SENTENCES_MESSAGE } from './detection-constants';
import { detectRequestSchema, reduceRequestSchema } from './detection';
import { countSentences, splitSentences } from './sentences';

const ms = (work: () => unknown) => {
  const start = performance.now();
  work();
  return performance.now() - start;
};

describe('sentence segmentation on the largest inputs (issue 22)', () => {
  it('is linear: a 20,000-character run of "a.a.a." or of terminators is split in milliseconds', () => {
    splitSentences('a.'.repeat(1000)); // compiled before it is timed
    // Each period scanned the whole run before it: 1.7–2.7 s for this text. A few ms now; the bound
    // leaves room for a busy machine.
    expect(ms(() => splitSentences('a.'.repeat(10_000)))).toBeLessThan(250);
    // Each terminator of a run absorbed the rest of the run again.
    expect(ms(() => splitSentences(`a${'.'.repeat(20_000)}x`))).toBeLessThan(250);
    expect(ms(() => splitSentences(`a${'!'.repeat(20_000)}x`))).toBeLessThan(250);
  });

  it('still splits abbreviations, initials, numbers and terminator runs as before', () => {
    const text = 'Mr. Li met Dr. Wang at 3.5 km from the U.S. border. J. K. Rowling wrote it?! "Yes." Then e.g. this. 我来了。好！';
    expect(splitSentences(text).map((s) => s.text)).toEqual([
      'Mr. Li met Dr. Wang at 3.5 km from the U.S. border.',
      'J. K. Rowling wrote it?!',
      '"Yes."',
      'Then e.g. this.',
      '我来了。',
      '好！',
    ]);
  });

  it('counts what it splits, and stops counting past a limit', () => {
    for (const text of ['', 'One. Two! 三。', 'a\nb\n\nc', 'a. '.repeat(50)])
      expect(countSentences(text)).toBe(splitSentences(text).length);
    expect(countSentences('a\n'.repeat(10_000), 2000)).toBe(2001);
  });
});

describe('checkDetectInput: the per-request cap of 查AI率 and 降AI率', () => {
  const tiny = 'a. '.repeat(6666);

  it('refuses more than 2,000 sentences in Chinese, cheaply, and takes a real essay', () => {
    const lines = 'a\n'.repeat(10_000).trim();
    let refusal: ReturnType<typeof checkDetectInput> = null;
    expect(ms(() => (refusal = checkDetectInput(lines)))).toBeLessThan(50);
    expect(refusal).toEqual({
      code: TOO_MANY_SENTENCES,
      message: '句子数量过多，请分段检测（最多2000句）',
      field: 'text',
      limit: MAX_DETECT_SENTENCES,
    });
    expect(checkDetectInput(tiny)?.code).toBe(TOO_MANY_SENTENCES);
    expect(checkDetectInput('我。'.repeat(MAX_DETECT_SENTENCES))).toBeNull();
    expect(checkDetectInput('我。'.repeat(MAX_DETECT_SENTENCES + 1))?.message).toBe(TOO_MANY_SENTENCES_MESSAGE);
    expect(checkDetectInput('x'.repeat(AI_INPUT_LIMITS.essay + 1))?.code).toBe('TEXT_TOO_LONG');
  });

  it('is part of the detect and reduce request schemas (400 before any work)', () => {
    const lines = 'a\n'.repeat(10_000).trim();
    for (const schema of [detectRequestSchema, reduceRequestSchema]) {
      const parsed = schema.safeParse({ text: lines });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(TOO_MANY_SENTENCES_MESSAGE);
      expect(schema.safeParse({ text: '我。'.repeat(MAX_DETECT_SENTENCES) }).success).toBe(true);
    }
  });
});
