import { describe, expect, it } from 'vitest';
import { profileDataSchema } from '../../../contracts/archives';
import { offlineDraftFor } from '../../ai/offline-drafts';
import { parsedInput, STUDENT } from '../../ai/prompts/test-fixture';
import { renderOfflineDraft } from '../../ai/providers/offline';
import { findUnsupported, knownTextOf } from './fact-check';

/** Issue 24: inventions the fact check missed, and true facts it flagged. */

const archive = knownTextOf('王思远', {
  education: [{ school: '浙江大学', major: '计算机科学与技术', start: '2022-09', gpa: { value: 3.82, scale: 4 } }],
  tests: [{ type: 'IELTS', total: 7, sub: { L: 7.5, R: 8 } }],
  internships: [{ title: '投行部实习', organization: '中信证券', start: '2024-07', end: '2024-09' }],
  awards: [
    { title: '全国大学生数学建模竞赛浙江赛区一等奖', date: '2023-11' },
    { title: '国家奖学金', date: '2023' },
  ],
});
const texts = (found: { text: string }[]) => found.map((f) => f.text);

describe('fact check: inventions typed into a PS (issue 24)', () => {
  it('flags an invented ACM-ICPC gold medal and a NeurIPS 2025 first-author paper', () => {
    const text =
      'At Zhejiang University I won a gold medal at the ACM-ICPC World Finals and wrote a first-author paper accepted at NeurIPS 2025.';
    const found = texts(findUnsupported(text, archive));
    expect(found.some((f) => f.includes('ACM-ICPC'))).toBe(true);
    expect(found).toContain('gold medal');
    expect(found).toContain('NeurIPS 2025');
    expect(found).toContain('first-author');
    expect(found.join(' ')).not.toContain('Zhejiang');
  });

  it('flags the same inventions in Chinese', () => {
    const text = '我在ACM国际大学生程序设计竞赛全球总决赛中获得金牌，并以第一作者身份在NeurIPS 2025发表论文。';
    const found = findUnsupported(text, archive);
    expect(found.some((f) => f.text.includes('程序设计竞赛'))).toBe(true);
    expect(texts(found)).toContain('NeurIPS 2025');
    expect(texts(found)).toContain('第一作者');
  });

  it('does not flag the student’s real school, in Chinese or in English', () => {
    expect(findUnsupported('我于2022年9月就读于浙江大学计算机科学与技术专业。', archive)).toEqual([]);
    expect(findUnsupported('I study Computer Science at Zhejiang University.', archive)).toEqual([]);
    expect(findUnsupported('中山大学', knownTextOf({ school: 'Sun Yat-sen University' }))).toEqual([]);
    expect(findUnsupported('I was an exchange student at Sun Yat-sen University.', knownTextOf({ school: '中山大学' }))).toEqual([]);
  });

  it('reads a firm and an award across languages, and a different level as an invention', () => {
    expect(findUnsupported('I interned at CITIC Securities in July 2024 and received the National Scholarship in 2023.', archive)).toEqual(
      [],
    );
    expect(findUnsupported('I won the first prize in the Mathematical Contest in Modeling.', archive)).toEqual([]);
    const found = texts(
      findUnsupported('I won the second prize in the Mathematical Contest in Modeling and interned at Goldman Sachs.', archive),
    );
    expect(found).toEqual(['second prize', 'Goldman Sachs']);
  });

  it('compares numbers as values', () => {
    expect(findUnsupported('My IELTS score is 7.0 (Listening 7.5, Reading 8.0) and my GPA 3.82/4.0.', archive)).toEqual([]);
    expect(findUnsupported('雅思7.0，GPA 3.82。', archive)).toEqual([]);
    expect(texts(findUnsupported('IELTS 7.5 and GPA 3.9/4.0', archive))).toEqual(['GPA 3.9/4.0']);
    expect(texts(findUnsupported('TOEFL 110', archive))).toEqual(['TOEFL 110']);
    // A value is the archive's only where the archive has it: 3.82 is the GPA, not an IELTS score; 2024 has no March.
    expect(texts(findUnsupported('IELTS 3.82', archive))).toEqual(['IELTS 3.82']);
    expect(texts(findUnsupported('In March 2024 I joined CITIC Securities; in July 2024 I stayed.', archive))).toEqual(['March 2024']);
  });
});

describe('the offline PS and its awards (issue 24)', () => {
  const student = {
    ...STUDENT,
    data: profileDataSchema.parse({ ...STUDENT.data, awards: [{ title: '国家奖学金（2023）', date: '2023' }] }),
  };

  it.each(['zh', 'en'] as const)(
    '%s: writes an award’s date once, warns of nothing it has, and its facts pass the check',
    async (language) => {
      const input = { ...parsedInput('ps'), language, focus: ['国家奖学金（2023）'] };
      const text = renderOfflineDraft(await offlineDraftFor('ps', input, student));
      expect(text).toContain('国家奖学金（2023）');
      expect(text).not.toContain('（2023）（2023）');
      expect(text).not.toContain('档案中没有对应条目');
      const known = knownTextOf(student.name, student.data, [
        input.targetSchool,
        input.targetProgram,
        input.extraRequirements,
        String(input.wordLimit ?? ''),
      ]);
      expect(findUnsupported(text, known)).toEqual([]);
    },
  );
});

describe('fact check: names with no pattern or table entry (ADR 0042 addendum)', () => {
  const studio = knownTextOf('陆一鸣', {
    education: [{ school: '同济大学', major: '建筑学' }],
    internships: [
      { title: '设计实习生', organization: '非常建筑', start: '2023-02' },
      { title: '助理', organization: '金杜律师事务所', start: '2024-01' },
    ],
  });

  it('flags a capitalised phrase the archive lacks, wherever it stands, and a firm between 在 and 实习', () => {
    expect(texts(findUnsupported('I then won the Harbour Lights Design Prize and became a Figma Community Fellow.', studio))).toEqual(
      expect.arrayContaining(['Harbour Lights Design Prize', 'Figma Community Fellow']),
    );
    expect(texts(findUnsupported('我还在中国中铁实习了三个月。', studio))).toContain('中国中铁');
    // Another firm with the same generic end is not the archive's firm.
    expect(texts(findUnsupported('我在方达律师事务所实习。', studio))).toContain('方达律师事务所');
  });

  it('supports an acronym by the pinyin initials of an archive name, and a phrase of common words or the sentence’s first word', () => {
    expect(findUnsupported('As a design intern at Atelier FCJZ I learnt to build models. In 2023 I interned there.', studio)).toEqual([]);
    expect(findUnsupported('我在金杜律师事务所实习。Statement of Purpose: Advanced Calculus was my favourite course.', studio)).toEqual([]);
    // FCJZ is 非常建筑; FCJX is not.
    expect(texts(findUnsupported('As a design intern at Atelier FCJX I learnt to build models.', studio))).toEqual(['Atelier FCJX']);
  });
});

describe('a heading before a name (issue 24)', () => {
  it('claims the name, not the heading: "Personal Statement" is nobody’s fact', () => {
    expect(findUnsupported('Personal Statement Mab12cd34\nPersonal Statement Zhang Wei', 'MSc Data Science Mab12cd34')).toEqual([
      { text: 'Zhang Wei', kind: expect.any(String) },
    ]);
  });
});
