import { RECOMMENDER_RELATIONSHIP_LABELS, type RecommendationInput } from '../../../contracts/ai-operations';
import { formatGpa, mainGpa, type StudentProfile } from '../prompts/fact-sheet';
import type { OfflineDraft } from '../providers/offline';
import { entriesOf, type Entry } from './facts';
import { consultantNotes } from './notes';
import { listJoin, placeholder } from './text';

/** The student's entries at the recommender's organisation: what this recommender actually saw. */
function sharedEntries(input: RecommendationInput, profile: StudentProfile | null): Entry[] {
  if (!profile) return [];
  const org = input.organization.toLowerCase();
  const courses = input.courses.map((c) => c.toLowerCase());
  return entriesOf(profile.data).filter((e) => {
    const eo = (e.organization ?? '').toLowerCase();
    const title = e.title.toLowerCase();
    return (eo && (eo.includes(org) || org.includes(eo))) || courses.some((c) => title.includes(c) || c.includes(title));
  });
}

/**
 * A letter in the recommender's voice, limited to what their relationship lets them know: the
 * courses and projects the form names, the archive entries at their organisation, the qualities
 * with the examples given. Everything else is a placeholder.
 */
export function recommendationDraft(input: RecommendationInput, profile: StudentProfile | null): OfflineDraft {
  const zh = input.language === 'zh';
  const warm = input.voice === 'warm';
  const student = profile?.name ?? placeholder('学生姓名');
  const rel = input.relationshipDetail ?? RECOMMENDER_RELATIONSHIP_LABELS[input.relationship][zh ? 'zh' : 'en'];
  const duration = input.knownDuration ?? placeholder('相识时长');
  const program = input.targetProgram ?? placeholder('申请专业');
  const shared = sharedEntries(input, profile);
  const gpa = profile ? formatGpa(mainGpa(profile.data), zh ? 'zh' : 'en') : '';
  const academic = input.relationship === 'course_teacher' || input.relationship === 'academic_advisor';

  const paragraphs: string[] = [];
  paragraphs.push(zh ? '尊敬的招生委员会：' : 'Dear Members of the Admissions Committee,');
  paragraphs.push(
    zh
      ? `我是${input.organization}${input.recommenderTitle}${input.recommenderName}。${warm ? '我非常高兴' : '我谨'}推荐${student}申请贵校的${program}项目。我认识${student}已有${duration}，期间担任其${rel}。`
      : `I am ${input.recommenderName}, ${input.recommenderTitle} at ${input.organization}. ${warm ? 'It is my great pleasure to recommend' : 'I am writing to recommend'} ${student} for the ${program} program. I have known ${student} for ${duration} as their ${rel}.`,
  );
  if (input.courses.length > 0) {
    paragraphs.push(
      zh
        ? `${student}曾在我的${listJoin(
            input.courses.map((c) => `「${c}」`),
            'zh',
          )}中学习或工作。${placeholder('其在课程或项目中的具体表现（成绩、排名请以成绩单为准）')}`
        : `${student} worked with me in ${listJoin(
            input.courses.map((c) => `"${c}"`),
            'en',
          )}. ${placeholder('specific performance in these courses or projects (grades and ranks as on the transcript)')}`,
    );
  }
  for (const e of shared.slice(0, 2)) {
    const role = e.role ? (zh ? `担任${e.role}` : ` as ${e.role}`) : '';
    paragraphs.push(
      zh
        ? `在「${e.title}」中，${student}${role}${e.description ? `，${e.description.replace(/[。.\s]*$/, '')}` : ''}。${placeholder('你亲眼看到的一个细节')}`
        : `In "${e.title}", ${student} contributed${role}${e.description ? `: ${e.description.replace(/[。.\s]*$/, '')}` : ''}. ${placeholder('a detail you observed yourself')}`,
    );
  }
  if (academic && gpa) paragraphs.push(zh ? `据我了解，${student}的 ${gpa}。` : `To my knowledge, ${student} holds a ${gpa}.`);
  if (input.qualities.length === 0) paragraphs.push(placeholder('学生最突出的两到三项品质及对应事例'));
  for (const q of input.qualities) {
    const example = q.example ?? placeholder(`体现“${q.quality}”的具体事例`);
    paragraphs.push(
      zh
        ? `${student}最让我印象深刻的品质之一是${q.quality}。${example}`
        : `One quality that stands out in ${student} is ${q.quality}. ${example}`,
    );
  }
  if (shared.length === 0 && input.courses.length === 0) paragraphs.push(placeholder('推荐人与学生共同的课程或项目'));
  paragraphs.push(
    zh
      ? `综上，我${warm ? '毫无保留、满怀信心地' : '郑重'}推荐${student}。如需进一步了解，欢迎与我联系。`
      : `${warm ? `I recommend ${student} without reservation and with great confidence.` : `I therefore recommend ${student} for admission.`} Please do not hesitate to contact me for further information.`,
  );
  paragraphs.push(
    zh
      ? `${input.recommenderName}\n${input.recommenderTitle}，${input.organization}\n${placeholder('联系方式')}\n${placeholder('日期')}`
      : `Sincerely,\n${input.recommenderName}\n${input.recommenderTitle}, ${input.organization}\n${placeholder('联系方式')}\n${placeholder('日期')}`,
  );

  return {
    title: zh ? '推荐信（草稿）' : 'Letter of Recommendation (draft)',
    sections: [
      { paragraphs },
      consultantNotes(input.wordLimit, input.language, [
        input.extraRequirements ? `其他要求（请人工落实）：${input.extraRequirements}` : '',
      ]),
    ],
  };
}
