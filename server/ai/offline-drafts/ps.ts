import type { PsInput } from '../../../contracts/ai-operations';
import type { StudentProfile } from '../prompts/fact-sheet';
import type { OfflineDraft, OfflineDraftSection } from '../providers/offline';
import { academicSummary, featuredFirst, narrateExperience, testsLine } from './facts';
import { consultantNotes } from './notes';
import { listJoin, placeholder } from './text';

/**
 * A PS/SOP scaffold a consultant recognises: motivation, academics, research, practice, why this
 * program, goals. Facts come from the archive; the story, the reasons and the goals are the
 * student's to give, so they are placeholders.
 */
export function psDraft(input: PsInput, profile: StudentProfile | null): OfflineDraft {
  const zh = input.language === 'zh';
  const lang = input.language;
  const d = profile?.data;
  const school = input.targetSchool ?? placeholder(zh ? '目标学校' : 'target school');
  const program = input.targetProgram;
  const research = featuredFirst(d?.research ?? [], input.focus).slice(0, 3);
  const practice = featuredFirst([...(d?.internships ?? []), ...(d?.projects ?? [])], input.focus).slice(0, 3);
  // A title that already carries its date (国家奖学金（2023）, as CVs write it) does not get it twice.
  const awards = (d?.awards ?? []).map((a) => (a.date && !a.title.includes(a.date) ? `${a.title}（${a.date}）` : a.title));
  const tests = d ? testsLine(d, lang) : [];
  const firstStory = research[0]?.title ?? practice[0]?.title;

  const sections: OfflineDraftSection[] = [
    {
      heading: zh ? '开篇与动机' : 'Opening and motivation',
      paragraphs: [
        zh
          ? `${placeholder(firstStory ? `一个具体的开篇场景，例如在「${firstStory}」中遇到的问题或转折` : '一个让你对该领域产生兴趣的具体经历')}。这段经历让我意识到${placeholder('你从中得到的问题或思考')}，也让我决定申请${school}的${program}项目。`
          : `${placeholder(firstStory ? `an opening scene, e.g. a problem you met in "${firstStory}"` : 'a concrete moment that drew you to this field')} This experience made me realise ${placeholder('the question or insight it gave you')}, and it is why I am applying to the ${program} program at ${school}.`,
      ],
    },
    {
      heading: zh ? '学术背景' : 'Academic background',
      paragraphs: [
        (profile && academicSummary(profile, lang)) ?? placeholder(zh ? '就读学校、专业与 GPA' : 'school, major and GPA'),
        tests.length > 0 ? (zh ? `语言与标准化考试成绩：${tests.join('；')}。` : `Test scores: ${tests.join('; ')}.`) : '',
        awards.length > 0 ? (zh ? `在校期间，我获得了${listJoin(awards, 'zh')}。` : `Honours: ${listJoin(awards, 'en')}.`) : '',
        zh
          ? `与${program}最相关的课程：${placeholder('相关课程及成绩（以成绩单为准）')}。`
          : `Courses most relevant to ${program}: ${placeholder('relevant courses and grades (as on the transcript)')}.`,
      ],
    },
    {
      heading: zh ? '科研经历' : 'Research experience',
      paragraphs:
        research.length > 0
          ? research.flatMap((e) => [
              narrateExperience(e, lang),
              placeholder(
                zh
                  ? `在「${e.title}」中遇到的困难、你的解决方法和收获`
                  : `the difficulty you met in "${e.title}", how you solved it and what you learnt`,
              ),
            ])
          : [placeholder('研究经历')],
    },
    {
      heading: zh ? '实习与项目实践' : 'Internships and projects',
      paragraphs:
        practice.length > 0
          ? practice.flatMap((e) => [
              narrateExperience(e, lang),
              placeholder(zh ? `「${e.title}」带给你的能力或认识` : `what "${e.title}" taught you`),
            ])
          : [placeholder('实习或项目经历')],
    },
    {
      heading: zh ? `为什么选择${school}的${program}` : `Why ${program} at ${school}`,
      paragraphs: [
        zh
          ? `${school}的${program}项目与我的经历和目标相契合：${placeholder('项目中吸引你的具体课程、研究方向或教授（请以学校官网为准）')}。`
          : `The ${program} program at ${school} fits my background and goals: ${placeholder('specific courses, research areas or faculty that attract you (check the official website)')}.`,
      ],
    },
    {
      heading: zh ? '未来目标' : 'Goals',
      paragraphs: [
        zh
          ? `短期内，我希望${placeholder('毕业后的短期目标')}；长期来看，我希望${placeholder('长期职业目标')}。`
          : `In the short term, I plan to ${placeholder('short-term goal after graduation')}; in the long term, I hope to ${placeholder('long-term career goal')}.`,
      ],
    },
  ];

  // The form offers awards to feature too (app/services/writing.ts experiencesOf); the draft states them all.
  const stated = [...research, ...practice, ...(d?.awards ?? [])].map((e) => e.title);
  const unmatchedFocus = input.focus.filter((f) => !stated.some((t) => t.includes(f) || f.includes(t)));
  return {
    title: `${zh ? (input.documentType === 'SOP' ? '目的陈述（草稿）' : '个人陈述（草稿）') : `${input.documentType === 'SOP' ? 'Statement of Purpose' : 'Personal Statement'} (draft)`}${zh ? '：' : ': '}${profile?.name ?? placeholder('学生姓名')} · ${program}`,
    sections: [
      ...sections,
      consultantNotes(input.wordLimit, lang, [
        unmatchedFocus.length > 0 ? `表单要求突出但档案中没有对应条目的经历：${unmatchedFocus.join('；')}，请补充到档案或正文中。` : '',
        input.extraRequirements ? `其他要求（请人工落实）：${input.extraRequirements}` : '',
      ]),
    ],
  };
}
