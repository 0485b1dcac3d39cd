import { describe, expect, it } from 'vitest';
import { historySearchTextOf } from './works';

describe('historySearchTextOf (the global search of earlier versions, issue 28)', () => {
  it('keeps the paragraphs the new text dropped, newest first, lower-cased, once each', () => {
    const first = historySearchTextOf({ plainText: 'Intro.\nThe Robotics Club.\n第二段', historySearchText: '' }, 'Intro.\n新的第二段');
    expect(first).toBe('the robotics club.\n第二段');
    const second = historySearchTextOf({ plainText: 'Intro.\n新的第二段', historySearchText: first }, 'Intro.\n第二段');
    // 第二段 is back in the current text: found there, not kept twice.
    expect(second).toBe('新的第二段\nthe robotics club.');
    expect(historySearchTextOf({ plainText: 'same', historySearchText: '' }, 'same')).toBe('');
  });

  it('is bounded, however long or many the earlier texts', () => {
    const paragraph = (i: number) => `${i} ${'x'.repeat(3000)}`;
    let history = '';
    for (let i = 0; i < 50; i++) history = historySearchTextOf({ plainText: paragraph(i), historySearchText: history }, paragraph(i + 1));
    expect(history.length).toBeLessThanOrEqual(20_000);
    expect(history.startsWith('49 ')).toBe(true);
    const huge = historySearchTextOf({ plainText: 'y'.repeat(100_000), historySearchText: '' }, '');
    expect(huge).toHaveLength(20_000);
  });
});
