import { profileDataSchema, type ProfileData } from '../../../contracts/archives';
import { matchEvidence, mergeFromCv, normalise } from './merge';

const data = (d: Record<string, unknown>): ProfileData => profileDataSchema.parse(d);

describe('matchEvidence: when a CV may be a student who exists', () => {
  const cv = {
    names: ['李明轩'],
    data: data({ contact: { phone: '13812345678', email: 'mingxuan.li@zju.edu.cn' }, currentSchool: '浙江大学' }),
  };

  it('needs the same name, read without spaces, width or case', () => {
    expect(normalise('Ｅmily  (Yuting) Chen')).toBe(normalise('emily yuting chen'));
    expect(matchEvidence({ name: '李 明轩', data: data({}) }, cv)).toEqual({ strength: 'possible', matchedOn: [] });
    expect(matchEvidence({ name: '小李', data: data({ nickname: '李明轩' }) }, cv)).not.toBeNull();
    expect(matchEvidence({ name: '李明', data: data({ contact: { phone: '13812345678' } }) }, cv)).toBeNull();
  });

  it('a phone with or without its country code, or the email, makes it strong; a school only supports it', () => {
    expect(matchEvidence({ name: '李明轩', data: data({ contact: { phone: '+86 138-1234-5678' } }) }, cv)).toEqual({
      strength: 'strong',
      matchedOn: ['phone'],
    });
    // A changed phone with the same email is still the same student.
    expect(
      matchEvidence({ name: '李明轩', data: data({ contact: { phone: '13900001111', email: 'MingXuan.Li@zju.edu.cn' } }) }, cv),
    ).toEqual({ strength: 'strong', matchedOn: ['email'] });
    expect(matchEvidence({ name: '李明轩', data: data({ education: [{ school: '浙江大学' }] }) }, cv)).toEqual({
      strength: 'possible',
      matchedOn: ['school'],
    });
  });

  it('a same-name student whose phone or email differs, with none agreeing, is another person: not offered', () => {
    expect(matchEvidence({ name: '李明轩', data: data({ contact: { phone: '13900001111' }, currentSchool: '浙江大学' }) }, cv)).toBeNull();
    expect(matchEvidence({ name: '李明轩', data: data({ contact: { email: 'other@example.com' } }) }, cv)).toBeNull();
  });
});

describe('mergeFromCv: nothing the student has is lost', () => {
  const current = {
    data: data({
      major: '软件工程',
      gpa: { value: 3.5, scale: 4 },
      tests: [{ type: 'TOEFL', total: 100 }],
      skills: ['Python'],
      awards: [{ title: '国家奖学金', description: '顾问写的说明' }],
    }),
    cvText: '旧简历',
  };
  const incoming = {
    data: data({
      major: '计算机科学与技术',
      currentSchool: '浙江大学',
      gpa: { value: 3.82, scale: 4 },
      tests: [
        { type: 'TOEFL', total: 108 },
        { type: 'TOEFL', total: 100 },
      ],
      skills: ['python', 'Go'],
      awards: [{ title: '国家奖学金' }],
    }),
    cvText: '新简历全文',
  };

  it('fills empty fields, adds what is new, keeps differing fields and shows them', () => {
    const merged = mergeFromCv(current, incoming);
    expect(merged.data).toMatchObject({ major: '软件工程', currentSchool: '浙江大学', gpa: { value: 3.5, scale: 4 } });
    expect(merged.data.tests.map((t) => t.total)).toEqual([100, 108]);
    expect(merged.data.skills).toEqual(['Python', 'Go']);
    expect(merged.data.awards).toEqual([{ title: '国家奖学金', description: '顾问写的说明' }]);
    expect(merged.cvText).toBe('旧简历');
    expect(merged.changes.filled).toEqual([{ field: 'currentSchool', value: '浙江大学' }]);
    expect(merged.changes.differs.map((d) => d.field)).toEqual(['major', 'gpa', 'cvText']);
    expect(merged.changes.added).toEqual([
      { section: 'tests', entries: ['TOEFL 108'] },
      { section: 'skills', entries: ['Go'] },
    ]);
  });

  it('takes the CV value only for the differing fields named', () => {
    const merged = mergeFromCv(current, incoming, new Set(['major', 'cvText'] as const));
    expect(merged.data.major).toBe('计算机科学与技术');
    expect(merged.data.gpa.value).toBe(3.5);
    expect(merged.cvText).toBe('新简历全文');
  });

  it('never adds past a section limit', () => {
    const full = { data: data({ skills: Array.from({ length: 100 }, (_, i) => `s${i}`) }), cvText: null };
    const merged = mergeFromCv(full, { data: data({ skills: ['new'] }), cvText: '' });
    expect(merged.data.skills).toHaveLength(100);
    expect(merged.changes.added).toEqual([]);
  });
});

describe('mergeFromCv: 申请目标 from the CV (ADR 0043)', () => {
  const cvTargets = data({ targets: { countries: ['英国'], degree: '硕士', majors: ['数据科学'], intake: '2026 秋' } });

  it('fills an empty 申请目标', () => {
    const merged = mergeFromCv({ data: data({}), cvText: null }, { data: cvTargets, cvText: null });
    expect(merged.data.targets).toEqual({ countries: ['英国'], degree: '硕士', majors: ['数据科学'], intake: '2026 秋' });
    expect(merged.changes.filled).toContainEqual({ field: 'targets', value: '英国 · 硕士 · 数据科学 · 2026 秋' });
  });

  it('keeps a different one unless the consultant chose the CV’s', () => {
    const current = { data: data({ targets: { countries: ['美国'], majors: ['计算机'] } }), cvText: null };
    const kept = mergeFromCv(current, { data: cvTargets, cvText: null });
    expect(kept.data.targets.countries).toEqual(['美国']);
    expect(kept.changes.differs).toContainEqual({
      field: 'targets',
      current: '美国 · 计算机',
      incoming: '英国 · 硕士 · 数据科学 · 2026 秋',
    });
    expect(mergeFromCv(current, { data: cvTargets, cvText: null }, new Set(['targets'])).data.targets.countries).toEqual(['英国']);
  });
});
