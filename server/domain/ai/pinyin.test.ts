import { describe, expect, it } from 'vitest';
import { pinyinOf, pinyinRunEnd, pinyinSpells, readingsOf } from './pinyin';

/** Pinyin readings (issue 24, ADR 0042 addendum "pinyin"): every common character has one. */
describe('pinyin', () => {
  it('reads the characters of firm names that the names table lacked', () => {
    for (const [ch, r] of [
      ['汽', 'qi'],
      ['解', 'jie'],
      ['放', 'fang'],
      ['壹', 'yi'],
      ['从', 'cong'],
      ['禾', 'he'],
      ['赛', 'sai'],
    ] as const)
      expect(readingsOf(ch)).toContain(r);
    expect(pinyinSpells('一汽解放', 'jiefang')).toBe(true);
    expect(pinyinSpells('壹心理', 'yixinli')).toBe(true);
    expect(pinyinOf('禾赛科技')).toBe('hesaikeji');
  });

  it('takes every reading of a heteronym, the names table first, ü also as u', () => {
    expect(readingsOf('行')).toEqual(expect.arrayContaining(['xing', 'hang']));
    expect(pinyinSpells('银行', 'yinhang')).toBe(true);
    expect(pinyinSpells('长沙', 'changsha')).toBe(true);
    expect(readingsOf('吕')).toEqual(expect.arrayContaining(['lv', 'lu']));
    expect(pinyinSpells('绿地', 'ludi')).toBe(true);
    expect(pinyinSpells('解放', 'jiefeng')).toBe(false);
  });

  it('stays bounded on a long run of many-reading characters', () => {
    const chars = Array.from('乐'.repeat(200));
    const started = performance.now();
    expect(pinyinRunEnd(chars, 'le'.repeat(199) + 'x', 0)).toBe(-1);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
