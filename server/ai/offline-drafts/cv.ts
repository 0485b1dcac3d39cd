import { CV_SECTION_LABELS, type CvInput, type CvSection } from '../../../contracts/ai-operations';
import { formatEducation, formatPeriod, joinFilled, type StudentProfile } from '../prompts/fact-sheet';
import type { OfflineDraft, OfflineDraftSection } from '../providers/offline';
import { type Experience, testsLine } from './facts';
import { consultantNotes } from './notes';
import { placeholder } from './text';

/** A description's sentences as CV bullet points: the archive's own words, one point each. */
function bullets(description: string | undefined): string[] {
  if (!description) return [];
  return description
    .split(/[。；;\n]|(?<=\.)\s+/)
    .map((s) => s.trim().replace(/^[-•·]\s*/, ''))
    .filter(Boolean)
    .map((s) => `- ${s}`);
}

function experienceLines(entries: Experience[], concise: boolean): string[] {
  return entries.flatMap((e) => [
    joinFilled([e.title, e.organization, e.role, formatPeriod(e.start, e.end)], ' ｜ '),
    ...bullets(e.description).slice(0, concise ? 2 : 4),
  ]);
}

/**
 * A CV straight from the archive: the selected sections in the order asked, each entry as a title
 * line with its own description as points. Nothing is reworded, so nothing can be invented.
 */
export function cvDraft(input: CvInput, profile: StudentProfile | null): OfflineDraft {
  const lang = input.language;
  const d = profile?.data;
  const concise = input.style === 'concise';
  const sectionLines = (section: CvSection): string[] => {
    if (!d) return [];
    switch (section) {
      case 'education':
        return d.education.map((e) => formatEducation(e, lang));
      case 'tests':
        return testsLine(d, lang);
      case 'research':
      case 'internships':
      case 'projects':
      case 'activities':
        return experienceLines(d[section], concise);
      case 'awards':
        return d.awards.map((a) => joinFilled([a.title, a.date], ' ｜ '));
      case 'publications':
        return d.publications.map((p) => joinFilled([p.authors, p.title, p.venue, p.date], '. '));
      case 'skills':
        return d.skills.length > 0 ? [d.skills.join(lang === 'zh' ? '、' : ', ')] : [];
    }
  };
  const contact = d ? joinFilled([d.contact?.email, d.contact?.phone, d.contact?.wechat && `WeChat: ${d.contact.wechat}`], ' | ') : '';
  const sections: OfflineDraftSection[] = [
    { paragraphs: [contact || placeholder('邮箱 | 电话')] },
    ...input.sections.map((section) => {
      const lines = sectionLines(section);
      return {
        heading: CV_SECTION_LABELS[section][lang],
        paragraphs: lines.length > 0 ? lines : [placeholder(CV_SECTION_LABELS[section].zh)],
      };
    }),
  ];
  return {
    title: profile?.name ?? placeholder('学生姓名'),
    sections: [
      ...sections,
      consultantNotes(null, lang, [
        '条目按档案原文排列，请按时间倒序检查，并把要点改写为以动词开头的成果描述（只用真实数据）。',
        input.length === 'one_page' ? '目标为一页：内容超出时请删减较早或较弱的条目。' : '',
        input.extraRequirements ? `其他要求（请人工落实）：${input.extraRequirements}` : '',
      ]),
    ],
  };
}
