import {
  LETTER_VOICE_LABELS,
  OUTPUT_LANGUAGE_LABELS,
  RECOMMENDER_RELATIONSHIP_LABELS,
  type RecommendationInput,
} from '../../../contracts/ai-operations';
import { renderFactSheet } from './fact-sheet';
import {
  MARKDOWN_OUTPUT,
  NO_INVENTION_RULE,
  type PromptDefinition,
  draftRequest,
  languageName,
  requirementList,
  system,
  user,
  wordLimitText,
} from './shared';

/** What a recommender in each relationship can credibly speak to. */
const PERSPECTIVE = {
  course_teacher: '只从课堂与课程中能观察到的表现来写：学习态度、课堂讨论、作业与考试、课程项目。',
  research_supervisor: '从科研指导的角度来写：研究问题的提出、方法、动手能力、独立性、与团队的合作。',
  internship_supervisor: '从工作主管的角度来写：承担的任务、工作质量、沟通协作、解决问题的方式。',
  academic_advisor: '从长期学业指导的角度来写：学业进步、综合表现、品格与集体中的角色。',
  other: '只写推荐人与学生实际交往中能观察到的内容。',
} as const;

export const recommendationPrompt: PromptDefinition<'recommendation'> = {
  id: 'recommendation',
  version: 'recommendation/2',
  build(input: RecommendationInput, profile) {
    const lang = input.language;
    const relationship = input.relationshipDetail ?? RECOMMENDER_RELATIONSHIP_LABELS[input.relationship].zh;
    return [
      system(
        [
          `你以推荐人${input.recommenderName}（${input.organization}${input.recommenderTitle}）的第一人称口吻，为其${relationship}关系的学生撰写留学推荐信初稿。`,
          `视角：${PERSPECTIVE[input.relationship]}推荐人不会知道、也不应写出超出这段关系的信息。`,
          `语气：${LETTER_VOICE_LABELS[input.voice]}。${input.voice === 'warm' ? '可以有真切的个人印象，但依然具体、克制。' : '客观、克制，以事实和观察为据。'}`,
          '结构：称呼 → 推荐人身份与相识经过（时长、课程或项目）→ 两到三个具体事例，每个事例对应一项品质 → 与同类学生的比较（只在材料中有排名等依据时）→ 明确的推荐结论 → 落款（姓名、职称、单位；联系方式写【请补充：联系方式】）。',
          '品质没有给出事例时，写【请补充：体现该品质的具体事例】，不要编造事例。',
          NO_INVENTION_RULE,
          `输出语言：${languageName(lang)}。推荐信正文不使用小节标题。`,
          MARKDOWN_OUTPUT,
        ].join('\n\n'),
      ),
      user(
        [
          renderFactSheet(profile),
          requirementList([
            ['推荐人姓名', input.recommenderName],
            ['推荐人职称', input.recommenderTitle],
            ['推荐人单位', input.organization],
            [
              '与学生的关系',
              `${RECOMMENDER_RELATIONSHIP_LABELS[input.relationship].zh}${input.relationshipDetail ? `（${input.relationshipDetail}）` : ''}`,
            ],
            ['相识时长', input.knownDuration],
            ['共同的课程或项目', input.courses.length > 0 && input.courses.join('；')],
            [
              '要突出的品质与事例',
              input.qualities.length > 0 &&
                input.qualities.map((q) => `${q.quality}${q.example ? `——${q.example}` : '（未给出事例）'}`).join('；'),
            ],
            ['申请专业', input.targetProgram],
            ['推荐信语气', LETTER_VOICE_LABELS[input.voice]],
            ['篇幅', wordLimitText(input.wordLimit, lang)],
            ['输出语言', OUTPUT_LANGUAGE_LABELS[lang]],
            ['其他要求', input.extraRequirements],
          ]),
          draftRequest('请写出完整的推荐信初稿。', input.continueFrom),
        ].join('\n\n'),
      ),
    ];
  },
};
