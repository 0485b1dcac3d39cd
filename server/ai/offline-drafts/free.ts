import type { FreeInput, OutputLanguage, WriteByRequirementInput } from '../../../contracts/ai-operations';
import type { StudentProfile } from '../prompts/fact-sheet';
import type { OfflineDraft } from '../providers/offline';
import { type Entry, entriesOf, narrateExperience } from './facts';
import { consultantNotes } from './notes';
import { placeholder, wordsOf } from './text';

/** Words every prompt uses ("describe an experience you took part in"): they match every entry. */
const GENERIC = new Set([
  '经历',
  '参与',
  '描述',
  '一段',
  '选择',
  '申请',
  '为什么',
  '谈谈',
  '结合',
  '如何',
  '一次',
  '我的',
  '带给',
  '你的',
  '请',
  'describe',
  'experience',
  'your',
  'with',
  'that',
  'which',
  'what',
  'why',
]);
/** What each section is called in prompts, so "研究经历" finds research and "实习" internships. */
const SECTION_WORDS: Record<Entry['section'], string> = {
  research: '研究 科研 research',
  internships: '实习 工作 internship work',
  projects: '项目 project',
  activities: '活动 社团 activity',
};

/** Archive entries sharing words with the topic: candidate material, ranked by overlap. */
function relevantEntries(profile: StudentProfile | null, text: string, limit: number): Entry[] {
  if (!profile) return [];
  const terms = new Set(
    [...wordsOf(text, 'zh'), ...wordsOf(text, 'en')]
      .map((w) => w.toLowerCase())
      .filter((w) => !GENERIC.has(w) && (/[a-z]/.test(w) ? w.length >= 4 : w.length >= 2)),
  );
  return entriesOf(profile.data)
    .map((e) => {
      const own = `${e.title} ${e.organization ?? ''} ${e.role ?? ''} ${e.description ?? ''} ${SECTION_WORDS[e.section]}`.toLowerCase();
      return { e, score: [...terms].filter((t) => own.includes(t)).length };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((x) => x.e);
}

function bodyFor(entries: Entry[], lang: OutputLanguage, missing: string): string[] {
  if (entries.length === 0) return [placeholder(missing)];
  return entries.flatMap((e) => [
    narrateExperience(e, lang),
    placeholder(lang === 'zh' ? `这段经历与题目的联系和你的思考` : 'how this connects to the question, and what you think'),
  ]);
}

/** A topic essay scaffold: the topic restated, the most related archive entries, a conclusion to write. */
export function freeDraft(input: FreeInput, profile: StudentProfile | null): OfflineDraft {
  const zh = input.language === 'zh';
  const entries = relevantEntries(profile, `${input.topic} ${input.prompt ?? ''}`, 2);
  return {
    title: input.topic,
    sections: [
      {
        heading: zh ? '开篇' : 'Opening',
        paragraphs: [
          zh
            ? `关于“${input.topic}”，${placeholder('你的核心观点或一个具体场景')}。`
            : `On "${input.topic}": ${placeholder('your main point or a concrete scene')}`,
        ],
      },
      {
        heading: zh ? '经历与思考' : 'Experience and reflection',
        paragraphs: bodyFor(entries, input.language, '与题目相关的一段真实经历'),
      },
      { heading: zh ? '结尾' : 'Conclusion', paragraphs: [placeholder('回扣题目的结论，以及这段经历对你今后的影响')] },
      consultantNotes(input.wordLimit, input.language, [
        entries.length > 0 ? '“经历与思考”中的经历是按题目关键词从档案中挑选的，请确认是否切题。' : '',
        input.prompt ? `写作提示：${input.prompt}` : '',
      ]),
    ],
  };
}

/** Numbered or line-separated requirements become one outline point each. */
function requirementPoints(requirement: string): string[] {
  const lines = requirement
    .split(/\n+|(?<=[？?])\s*/)
    .map((l) => l.replace(/^\s*(?:\d+[.、)）]|[（(]\d+[)）]|[-•·])\s*/, '').trim())
    .filter((l) => l.length >= 2);
  return lines.length > 0 ? lines.slice(0, 12) : [requirement.trim()];
}

/** An outline answering the requirement point by point, each with the archive entries that fit it. */
export function writeByRequirementDraft(input: WriteByRequirementInput, profile: StudentProfile | null): OfflineDraft {
  const zh = input.language === 'zh';
  const points = requirementPoints(input.requirement);
  const used = new Set<Entry>();
  return {
    title: zh ? '按要求写作（草稿）' : 'Draft by requirement',
    sections: [
      ...points.map((point, i) => {
        const entries = relevantEntries(profile, point, 2).filter((e) => !used.has(e));
        entries.forEach((e) => used.add(e));
        return {
          heading: `${i + 1}. ${point}`,
          paragraphs: bodyFor(entries, input.language, '回答这一要求所需的经历或观点'),
        };
      }),
      consultantNotes(input.wordLimit, input.language, [
        '每个小节对应写作要求中的一条，经历按关键词从档案中挑选，请确认是否切题；成稿时可去掉小节标题。',
      ]),
    ],
  };
}
