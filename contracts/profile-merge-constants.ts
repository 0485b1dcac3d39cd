/**
 * A CV of a student who already exists (issue 24, ADR 0044): the names the update offer and its
 * schemas (contracts/archives.ts) share. Browser-safe: no zod.
 */

/** A student's single fields an update from a CV fills when empty, and shows when they differ. */
export const PROFILE_MERGE_FIELDS = ['nickname', 'email', 'phone', 'currentSchool', 'major', 'degree', 'gpa', 'targets', 'cvText'] as const;
export type ProfileMergeField = (typeof PROFILE_MERGE_FIELDS)[number];
export const PROFILE_MERGE_FIELD_LABELS: Record<ProfileMergeField, string> = {
  nickname: '昵称',
  email: '邮箱',
  phone: '电话',
  currentSchool: '当前学校',
  major: '专业',
  degree: '学位 / 年级',
  gpa: 'GPA',
  targets: '申请目标',
  cvText: '简历原文',
};
/** The list sections an update adds the CV's new entries to (existing entries are kept as they are). */
export const PROFILE_MERGE_SECTIONS = [
  'tests',
  'education',
  'research',
  'internships',
  'projects',
  'activities',
  'awards',
  'publications',
  'skills',
] as const;
export type ProfileMergeSection = (typeof PROFILE_MERGE_SECTIONS)[number];
/** What besides the name the CV and a student share. */
export const MATCH_EVIDENCE = ['phone', 'email', 'school'] as const;
