import type { ProfileData } from '../../contracts/archives';
import { TEST_TYPES } from '../../contracts/constants';

/**
 * The student archive's sections as the detail page edits them (issue 10): each is one plain form,
 * so it works without JavaScript. List sections post their rows as `rows.N.field`, with a blank row
 * to add one and a 删除 box per row; text lists (countries, skills) are typed comma-separated.
 */
export type FieldKind = 'text' | 'number' | 'textarea' | 'list' | 'test-type' | 'sub-scores';
export type SectionField = { name: string; label: string; kind?: FieldKind; placeholder?: string; wide?: boolean };

export const BASIC_FIELDS: SectionField[] = [
  { name: 'name', label: '学生姓名' },
  { name: 'nickname', label: '昵称' },
  { name: 'email', label: '邮箱' },
  { name: 'phone', label: '电话' },
  { name: 'wechat', label: '微信' },
  { name: 'currentSchool', label: '当前学校' },
  { name: 'major', label: '专业' },
  { name: 'degree', label: '学位 / 年级', placeholder: '如：本科大三' },
  { name: 'gpaValue', label: 'GPA', kind: 'number' },
  { name: 'gpaScale', label: 'GPA 满分', kind: 'number', placeholder: '如：4 或 100' },
  { name: 'gpaRank', label: '排名', placeholder: '如：5/120' },
];

export const TARGET_FIELDS: SectionField[] = [
  { name: 'countries', label: '目标国家 / 地区', kind: 'list', placeholder: '用逗号分隔，如：美国，英国' },
  { name: 'degree', label: '目标学位', placeholder: '如：硕士' },
  { name: 'majors', label: '目标专业', kind: 'list', placeholder: '用逗号分隔' },
  { name: 'intake', label: '入学时间', placeholder: '如：2026 秋季' },
];

const EXPERIENCE_FIELDS: SectionField[] = [
  { name: 'title', label: '名称' },
  { name: 'organization', label: '机构 / 单位' },
  { name: 'role', label: '角色 / 职位' },
  { name: 'start', label: '开始', placeholder: '2023-09' },
  { name: 'end', label: '结束', placeholder: '2024-06 或 至今' },
  { name: 'description', label: '描述', kind: 'textarea', wide: true },
];

export const LIST_SECTIONS = {
  tests: {
    label: '标化考试',
    fields: [
      { name: 'type', label: '考试', kind: 'test-type' },
      { name: 'total', label: '总分', kind: 'number' },
      { name: 'sub', label: '小分', kind: 'sub-scores', placeholder: 'R 28, L 27, S 23, W 25' },
      { name: 'date', label: '考试时间', placeholder: '2024-08' },
    ],
  },
  education: {
    label: '教育经历',
    fields: [
      { name: 'school', label: '学校' },
      { name: 'degree', label: '学位' },
      { name: 'major', label: '专业' },
      { name: 'start', label: '开始', placeholder: '2021-09' },
      { name: 'end', label: '结束', placeholder: '2025-06' },
      { name: 'gpaValue', label: 'GPA', kind: 'number' },
      { name: 'gpaScale', label: 'GPA 满分', kind: 'number' },
    ],
  },
  research: { label: '科研经历', fields: EXPERIENCE_FIELDS },
  internships: { label: '实习经历', fields: EXPERIENCE_FIELDS },
  projects: { label: '项目经历', fields: EXPERIENCE_FIELDS },
  activities: { label: '课外活动', fields: EXPERIENCE_FIELDS },
  awards: {
    label: '获奖荣誉',
    fields: [
      { name: 'title', label: '奖项' },
      { name: 'date', label: '时间' },
      { name: 'description', label: '说明', kind: 'textarea', wide: true },
    ],
  },
  publications: {
    label: '发表成果',
    fields: [
      { name: 'title', label: '题目', wide: true },
      { name: 'venue', label: '期刊 / 会议' },
      { name: 'authors', label: '作者' },
      { name: 'date', label: '时间' },
    ],
  },
} satisfies Record<string, { label: string; fields: SectionField[] }>;

export type ListSection = keyof typeof LIST_SECTIONS;
export const LIST_SECTION_NAMES = Object.keys(LIST_SECTIONS) as ListSection[];
export type SectionName = 'basic' | 'targets' | 'skills' | 'notes' | ListSection;
export const SECTION_NAMES: SectionName[] = ['basic', 'targets', ...LIST_SECTION_NAMES, 'skills', 'notes'];
export const SECTION_LABELS: Record<SectionName, string> = {
  basic: '基本信息',
  targets: '申请目标',
  skills: '技能',
  notes: '备注',
  ...Object.fromEntries(LIST_SECTION_NAMES.map((s) => [s, LIST_SECTIONS[s].label])),
} as Record<SectionName, string>;

export const isSectionName = (value: unknown): value is SectionName => SECTION_NAMES.includes(value as SectionName);
export { TEST_TYPES };

/** Comma, Chinese comma, 、 or semicolon separated, as people type lists. */
export const splitList = (text: string) =>
  text
    .split(/[,，、;；\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
export const joinList = (items: readonly string[] | undefined) => (items ?? []).join('，');

/** "R 28, L 27" ⇄ {R: 28, L: 27}. A part without a number is an error the caller reports. */
export function parseSubScores(text: string): { ok: true; sub: Record<string, number> } | { ok: false } {
  const sub: Record<string, number> = {};
  for (const part of splitList(text)) {
    const match = /^([A-Za-z\u4e00-\u9fa5]{1,20})\s*[:：]?\s*(\d+(?:\.\d+)?)$/.exec(part);
    if (!match) return { ok: false };
    sub[match[1]!] = Number(match[2]);
  }
  return { ok: true, sub };
}
export const formatSubScores = (sub: Record<string, number> | undefined) =>
  Object.entries(sub ?? {})
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** A section's current values as form strings (the edit form's starting values). */
export function sectionValues(
  section: SectionName,
  name: string,
  data: ProfileData,
): Record<string, string> | Array<Record<string, string>> {
  switch (section) {
    case 'basic':
      return {
        name,
        nickname: str(data.nickname),
        email: str(data.contact.email),
        phone: str(data.contact.phone),
        wechat: str(data.contact.wechat),
        currentSchool: str(data.currentSchool),
        major: str(data.major),
        degree: str(data.degree),
        gpaValue: str(data.gpa.value),
        gpaScale: str(data.gpa.scale),
        gpaRank: str(data.gpa.rank),
      };
    case 'targets':
      return {
        countries: joinList(data.targets.countries),
        degree: str(data.targets.degree),
        majors: joinList(data.targets.majors),
        intake: str(data.targets.intake),
      };
    case 'skills':
      return { skills: joinList(data.skills) };
    case 'notes':
      return { notes: str(data.notes) };
    case 'tests':
      return data.tests.map((t) => ({ type: t.type, total: str(t.total), sub: formatSubScores(t.sub), date: str(t.date) }));
    case 'education':
      return data.education.map((e) => ({
        school: e.school,
        degree: str(e.degree),
        major: str(e.major),
        start: str(e.start),
        end: str(e.end),
        gpaValue: str(e.gpa?.value),
        gpaScale: str(e.gpa?.scale),
      }));
    default:
      return (data[section] as Array<Record<string, unknown>>).map((row) =>
        Object.fromEntries(LIST_SECTIONS[section].fields.map((f) => [f.name, str(row[f.name])])),
      );
  }
}
