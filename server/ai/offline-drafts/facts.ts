import type { ProfileData } from '../../../contracts/archives';
import type { OutputLanguage } from '../../../contracts/ai-operations';
import { formatGpa, formatPeriod, formatTest, joinFilled, mainGpa, type StudentProfile } from '../prompts/fact-sheet';

export type Experience = ProfileData['research'][number];
export type Entry = Experience & { section: 'research' | 'internships' | 'projects' | 'activities' };

/** All experience entries with the section they came from, in archive order. */
export function entriesOf(data: ProfileData): Entry[] {
  return [
    ...data.research.map((e) => ({ ...e, section: 'research' as const })),
    ...data.internships.map((e) => ({ ...e, section: 'internships' as const })),
    ...data.projects.map((e) => ({ ...e, section: 'projects' as const })),
    ...data.activities.map((e) => ({ ...e, section: 'activities' as const })),
  ];
}

/** Puts the entries the form asked to feature first (matched on title or organisation). */
export function featuredFirst<T extends Experience>(entries: T[], focus: string[]): T[] {
  const wanted = focus.map((f) => f.toLowerCase());
  const score = (e: T) =>
    wanted.some((f) => e.title.toLowerCase().includes(f) || f.includes(e.title.toLowerCase()) || (e.organization ?? '').toLowerCase() === f)
      ? 0
      : 1;
  return [...entries].sort((a, b) => score(a) - score(b));
}

/** "在浙江大学计算机学院（2024-03 – 2025-01）担任研究助理，参与「…」" and its English twin. */
export function narrateExperience(e: Experience, lang: OutputLanguage): string {
  const period = formatPeriod(e.start, e.end, lang);
  if (lang === 'zh') {
    const where = joinFilled([e.organization && `在${e.organization}`, period && `（${period}）`], '');
    const role = e.role ? `担任${e.role}，` : '';
    const head = `${where}${where ? '，' : ''}我${role}参与了「${e.title}」。`;
    return e.description ? `${head}我的工作：${e.description.replace(/[。.\s]*$/, '')}。` : head;
  }
  const where = joinFilled([e.organization && `at ${e.organization}`, period && `(${period})`], ' ');
  const role = e.role ? ` as ${e.role}` : '';
  const head = `I worked on "${e.title}"${role}${where ? ` ${where}` : ''}.`;
  return e.description ? `${head} My work: ${e.description.replace(/[。.\s]*$/, '')}.` : head;
}

/** One line per test, as a CV and a PS state them. */
export const testsLine = (data: ProfileData, lang: OutputLanguage) => data.tests.map((t) => formatTest(t, lang));

export function academicSummary(profile: StudentProfile, lang: OutputLanguage): string | null {
  const d = profile.data;
  const edu = d.education[0];
  const school = d.currentSchool ?? edu?.school;
  if (!school) return null;
  const major = d.major ?? edu?.major;
  const degree = d.degree ?? edu?.degree;
  const gpa = formatGpa(mainGpa(d), lang);
  const period = edu && edu.school === school ? formatPeriod(edu.start, edu.end, lang) : '';
  if (lang === 'zh') {
    return (
      joinFilled([`我${period ? `于${period}` : ''}就读于${school}`, major && `${major}专业`, degree && `（${degree}）`], '') +
      (gpa ? `，${gpa}。` : '。')
    );
  }
  return `I study at ${school}${major ? `, majoring in ${major}` : ''}${degree ? ` (${degree})` : ''}${period ? `, ${period}` : ''}${gpa ? `, with a ${gpa}` : ''}.`;
}
