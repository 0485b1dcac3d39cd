/**
 * Country names as consultants type them (英国, UK, United Kingdom) and as the catalogue and
 * imported programs spell them (Hipo: "United Kingdom"; Scorecard rows: "US"): a filter on any
 * one spelling matches every spelling of the same country. Names only, no requirement data.
 */
const COUNTRY_SPELLINGS: readonly (readonly string[])[] = [
  ['United States', 'US', 'USA', 'U.S.', 'U.S.A.', 'United States of America', 'America', '美国'],
  ['United Kingdom', 'UK', 'U.K.', 'GB', 'Great Britain', 'Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland', '英国'],
  ['Canada', 'CA', '加拿大'],
  ['Australia', 'AU', '澳大利亚', '澳洲'],
  ['New Zealand', 'NZ', '新西兰'],
  ['Hong Kong', 'HK', 'Hong Kong SAR', 'Hong Kong SAR, China', '香港', '中国香港'],
  ['Macao', 'Macau', 'MO', '澳门', '中国澳门'],
  ['Singapore', 'SG', '新加坡'],
  ['Japan', 'JP', '日本'],
  ['South Korea', 'Korea', 'Republic of Korea', 'Korea, Republic of', 'KR', '韩国'],
  ['Malaysia', 'MY', '马来西亚'],
  ['Ireland', 'IE', '爱尔兰'],
  ['Germany', 'DE', '德国'],
  ['France', 'FR', '法国'],
  ['Netherlands', 'NL', 'The Netherlands', 'Holland', '荷兰'],
  ['Switzerland', 'CH', '瑞士'],
  ['Sweden', 'SE', '瑞典'],
  ['Denmark', 'DK', '丹麦'],
  ['Norway', 'NO', '挪威'],
  ['Finland', 'FI', '芬兰'],
  ['Italy', 'IT', '意大利'],
  ['Spain', 'ES', '西班牙'],
  ['Belgium', 'BE', '比利时'],
  ['Austria', 'AT', '奥地利'],
  ['China', 'CN', "People's Republic of China", '中国', '中国大陆'],
  ['Taiwan', 'TW', '中国台湾', '台湾'],
];

const key = (name: string) => name.normalize('NFKC').trim().toLowerCase();
const GROUPS = new Map<string, readonly string[]>();
for (const spellings of COUNTRY_SPELLINGS) {
  const keys = spellings.map(key);
  for (const k of keys) GROUPS.set(k, keys);
}

/** Every spelling (lower case) of the countries named, each name itself included: for `lower(country) in (…)`. */
export function countrySpellings(names: readonly string[]): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const k = key(name);
    if (!k) continue;
    for (const spelling of GROUPS.get(k) ?? [k]) out.add(spelling);
  }
  return [...out];
}
