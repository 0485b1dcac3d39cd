import type { ClientProfile, ProfileData } from '../../../contracts/archives';

/** What the prompts and offline drafts read of a student: the archive's name and data. */
export type StudentProfile = Pick<ClientProfile, 'name' | 'data'>;

type Experience = ProfileData['research'][number];
type Education = ProfileData['education'][number];
type Gpa = NonNullable<ProfileData['gpa']>;
type TestScore = ProfileData['tests'][number];

/** Long descriptions are cut so one verbose entry cannot crowd the others out of the prompt. */
const MAX_DESCRIPTION = 800;
const MAX_NOTES = 1500;

const clip = (text: string, max: number) => (Array.from(text).length > max ? `${Array.from(text).slice(0, max).join('')}…` : text);
/** Joins the parts that are filled in; never prints "undefined" or an empty separator. */
export const joinFilled = (parts: (string | number | undefined | null)[], sep: string) =>
  parts
    .map((p) => (p === undefined || p === null ? '' : String(p).trim()))
    .filter(Boolean)
    .join(sep);

export function formatPeriod(start?: string, end?: string, lang: 'zh' | 'en' = 'zh'): string {
  if (start && end) return `${start} – ${end}`;
  if (start) return lang === 'zh' ? `${start} 起` : `since ${start}`;
  if (end) return lang === 'zh' ? `至 ${end}` : `until ${end}`;
  return '';
}

export function formatGpa(gpa: Gpa | undefined, lang: 'zh' | 'en' = 'zh'): string {
  if (!gpa) return '';
  const value = gpa.value === undefined ? '' : gpa.scale === undefined ? `${gpa.value}` : `${gpa.value}/${gpa.scale}`;
  const rank = gpa.rank ? (lang === 'zh' ? `排名 ${gpa.rank}` : `rank ${gpa.rank}`) : '';
  return joinFilled([value && `GPA ${value}`, rank], lang === 'zh' ? '，' : ', ');
}

export function formatTest(test: TestScore, lang: 'zh' | 'en' = 'zh'): string {
  const sub = Object.entries(test.sub ?? {})
    .map(([k, v]) => `${k} ${v}`)
    .join(' / ');
  const date = test.date && (lang === 'zh' ? `（${test.date}）` : `(${test.date})`);
  return joinFilled([test.type, test.total, sub && `(${sub})`], ' ') + (date || '');
}

export function formatEducation(e: Education, lang: 'zh' | 'en' = 'zh'): string {
  return joinFilled([e.school, e.degree, e.major, formatPeriod(e.start, e.end, lang), formatGpa(e.gpa, lang)], ' · ');
}

export function formatExperience(e: Experience, withDescription = true): string {
  const head = joinFilled([e.title, e.organization, e.role, formatPeriod(e.start, e.end)], ' ｜ ');
  return withDescription && e.description ? `${head}：${clip(e.description, MAX_DESCRIPTION)}` : head;
}

/** The student's main GPA: the profile's own, else the most recent education entry's. */
export function mainGpa(data: ProfileData): Gpa | undefined {
  if (data.gpa && (data.gpa.value !== undefined || data.gpa.rank)) return data.gpa;
  return data.education.find((e) => e.gpa && (e.gpa.value !== undefined || e.gpa.rank))?.gpa;
}

const NONE = '（档案中无）';

function section(label: string, lines: string[]): string {
  return lines.length === 0 ? `${label}：${NONE}` : `${label}：\n${lines.map((l) => `- ${l}`).join('\n')}`;
}

/**
 * The student's archive as a compact, labelled fact sheet: the only personal facts a prompt may use.
 * Empty sections are named as empty, so the model knows what it must not fill in. Contact details
 * are left out: no essay needs them, and they need not leave the platform.
 */
export function renderFactSheet(profile: StudentProfile | null): string {
  if (!profile) return '【学生档案】\n（未选择学生档案：除写作要求中给出的内容外，没有任何可用的个人事实。）';
  const d = profile.data;
  const targets = d.targets ?? { countries: [], majors: [] };
  const lines = [
    '【学生档案】',
    `姓名：${profile.name}`,
    joinFilled([d.currentSchool && `当前学校：${d.currentSchool}`, d.major && `专业：${d.major}`, d.degree && `学位：${d.degree}`], '；') ||
      `当前学校：${NONE}`,
    `在校成绩：${formatGpa(mainGpa(d)) || NONE}`,
    section(
      '语言与标准化考试',
      d.tests.map((t) => formatTest(t)),
    ),
    section(
      '教育经历',
      d.education.map((e) => formatEducation(e)),
    ),
    section(
      '科研经历',
      d.research.map((e) => formatExperience(e)),
    ),
    section(
      '实习经历',
      d.internships.map((e) => formatExperience(e)),
    ),
    section(
      '项目经历',
      d.projects.map((e) => formatExperience(e)),
    ),
    section(
      '课外活动',
      d.activities.map((e) => formatExperience(e)),
    ),
    section(
      '获奖',
      d.awards.map((a) =>
        joinFilled([a.title, a.date && `（${a.date}）`, a.description && `：${clip(a.description, MAX_DESCRIPTION)}`], ''),
      ),
    ),
    section(
      '论文发表',
      d.publications.map((p) => joinFilled([p.title, p.authors, p.venue, p.date], '，')),
    ),
    `技能：${d.skills.length > 0 ? d.skills.join('、') : NONE}`,
    `申请目标：${
      joinFilled(
        [
          targets.countries.length > 0 && `国家/地区 ${targets.countries.join('、')}`,
          targets.degree && `学位 ${targets.degree}`,
          targets.majors.length > 0 && `专业 ${targets.majors.join('、')}`,
          targets.intake && `入学 ${targets.intake}`,
        ].map((v) => v || undefined),
        '；',
      ) || NONE
    }`,
  ];
  if (d.notes) lines.push(`顾问备注：${clip(d.notes, MAX_NOTES)}`);
  return lines.join('\n');
}
