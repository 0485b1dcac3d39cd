import { countrySpellings } from './countries';

describe('countrySpellings', () => {
  it('a Chinese name, an abbreviation and the English name find the same country', () => {
    for (const name of ['英国', 'UK', 'united kingdom', ' Ｕｎｉｔｅｄ Ｋｉｎｇｄｏｍ ']) {
      expect(countrySpellings([name])).toEqual(expect.arrayContaining(['united kingdom', 'uk', '英国']));
    }
    expect(countrySpellings(['美国'])).toEqual(expect.arrayContaining(['us', 'united states']));
    expect(countrySpellings(['香港'])).toContain('hong kong');
  });

  it('keeps a name it does not know, and does not mix countries', () => {
    expect(countrySpellings(['Atlantis'])).toEqual(['atlantis']);
    expect(countrySpellings(['英国'])).not.toContain('united states');
    expect(countrySpellings(['', '  '])).toEqual([]);
  });
});
