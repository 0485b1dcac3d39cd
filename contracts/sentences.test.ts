import { countSentences, splitSentences } from './sentences';

const ms = (work: () => unknown) => {
  const start = performance.now();
  work();
  return performance.now() - start;
};

describe('sentence segmentation on the largest inputs (issue 22)', () => {
  it('is linear: a 20,000-character run of "a.a.a." or of terminators is split in milliseconds', () => {
    // Each period scanned the whole run before it: 2.7 s for this text.
    expect(ms(() => splitSentences('a.'.repeat(10_000)))).toBeLessThan(100);
    // Each terminator of a run absorbed the rest of the run again.
    expect(ms(() => splitSentences(`a${'.'.repeat(20_000)}x`))).toBeLessThan(100);
    expect(ms(() => splitSentences(`a${'!'.repeat(20_000)}x`))).toBeLessThan(100);
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
