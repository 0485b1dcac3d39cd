import { describe, expect, it } from 'vitest';
import { ALIAS_GROUPS } from './fact-aliases';
import { findUnsupported, knownTextOf } from './fact-check';

/** The name table's data (ADR 0042, addendum of 2026-11-26): official names, places, names matched as written. */
describe('fact check name table', () => {
  const archive = knownTextOf('小潘', {
    internships: [
      { title: '编辑实习生', organization: '澎湃新闻' },
      { title: '研究助理', organization: '九坤投资' },
    ],
    research: [{ title: '太湖蓝藻水华监测', organization: '中国科学院南京地理与湖泊研究所' }],
  });

  it('supports official English names of bodies the archive names only in Chinese, and still flags others', () => {
    const text = 'At The Paper I edited news, and at Ubiquant I built factor models. I also interned at WuXi AppTec.';
    expect(findUnsupported(text, archive).map((f) => f.text)).toEqual(['WuXi AppTec']);
  });

  it('reads a place only as support: Lake Taihu is 太湖, and a place alone is no claim', () => {
    expect(findUnsupported('I monitored algal blooms in Lake Taihu with NIGLAS.', archive)).toEqual([]);
    expect(findUnsupported('我在杭州长大，常去西湖。', archive)).toEqual([]);
    expect(findUnsupported('I monitored algal blooms in Lake Dianchi.', archive).map((f) => f.text)).toEqual(['Lake Dianchi']);
  });

  it('matches a name marked as written only in its case: "the paper" is no claim', () => {
    expect(findUnsupported('In the paper I argued that dams change lakes.', knownTextOf({ school: '复旦大学' }))).toEqual([]);
    expect(findUnsupported('I wrote for The Paper.', knownTextOf({ school: '复旦大学' })).map((f) => f.text)).toEqual(['The Paper']);
  });

  it('has a known kind and clean names on every line', () => {
    for (const g of ALIAS_GROUPS) {
      expect(['school', 'organisation', 'competition', 'award', 'conference', 'publication', 'place'], g.names[0]).toContain(g.kind);
      expect(
        g.names.every((n) => n.length > 0 && !n.startsWith('=')),
        g.names.join('|'),
      ).toBe(true);
    }
    expect(ALIAS_GROUPS.length).toBeGreaterThan(700);
  });
});
