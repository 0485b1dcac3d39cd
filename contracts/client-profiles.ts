import { TEST_TYPES } from './archives';
import { z } from './zod';

// ───────────────────────────────────────────────────────────────────────────────────────────────
// Detected CV
//
// What the CV reader finds in an uploaded CV (POST /api/v1/ai/auto-cv-detection, issue 10): the
// fields of a student profile (contracts/archives.ts), each carrying `source`, the line(s) of the
// CV text it was read from, so the consultant can check it before the profile is created. Every
// field is optional and every list may be empty: a reader reports what it found, nothing more.
// Strings are bounded like the profile's, so a detected CV always fits a profile.
// ───────────────────────────────────────────────────────────────────────────────────────────────

/** The CV line(s) a value was read from, as extracted (several lines joined by "\n"). */
const source = z.string().max(4000);
const sourced = <T extends z.ZodType>(value: T) => z.object({ value, source });
/** Dates as the reader writes them: "2023-09", "2023" or 至今. */
const when = z.string().max(20).optional();
const text = (max: number) => z.string().max(max);

export const DEGREE_LEVELS = ['high_school', 'associate', 'bachelor', 'master', 'doctor'] as const;
export type DegreeLevel = (typeof DEGREE_LEVELS)[number];

/** Section kinds the reader recognises by their headings (教育背景/Education, 实习经历/Work Experience…). */
export const CV_SECTION_KINDS = [
  'personal',
  'education',
  'tests',
  'research',
  'internships',
  'projects',
  'activities',
  'awards',
  'publications',
  'skills',
  /** 申请意向 / Target Program / Objective: what the student applies for (the archive's 申请目标). */
  'targets',
  'other',
] as const;
export type CvSectionKind = (typeof CV_SECTION_KINDS)[number];

const gpaFields = {
  value: z.number().min(0).max(1000),
  /** As written (3.7/4.0 → 4); 100 when the value can only be a percentage; otherwise absent. */
  scale: z.number().min(0).max(1000).optional(),
  /** As written: 前5%, top 10%, 8/160, or several joined by ", ". */
  rank: text(40).optional(),
};

export const detectedGpaSchema = z.object({ ...gpaFields, source });

export const detectedTestSchema = z.object({
  type: z.enum(TEST_TYPES),
  total: z.number().min(0).max(2400).optional(),
  /** TOEFL R/L/S/W, IELTS L/R/W/S, GRE V/Q/AW, GMAT Q/V/IR/AWA/DI, SAT EBRW/Math, ACT English/Math/Reading/Science/Writing, Duolingo Literacy/Comprehension/Conversation/Production, AP one per subject (Calculus BC: 5). */
  sub: z.record(text(20), z.number().min(0).max(1000)),
  source,
});

export const detectedEducationSchema = z.object({
  school: text(100),
  /** The degree as written: 工学学士, 硕士研究生, MSc, Bachelor of Economics, 高中. */
  degree: text(50).optional(),
  level: z.enum(DEGREE_LEVELS).optional(),
  major: text(100).optional(),
  start: when,
  end: when,
  gpa: z.object(gpaFields).optional(),
  source,
});

/** Research, internships, projects and activities: the entry's heading line(s) and what follows. */
export const detectedExperienceSchema = z.object({
  /** The entry's heading without its dates. */
  title: text(200),
  organization: text(100).optional(),
  role: text(100).optional(),
  start: when,
  end: when,
  description: text(3000).optional(),
  source,
});

export const detectedAwardSchema = z.object({ title: text(200), date: when, source });
export const detectedPublicationSchema = z.object({
  title: text(300),
  venue: text(200).optional(),
  date: when,
  authors: text(300).optional(),
  source,
});

/** 申请目标 as the CV states it: the archive's `targets` (countries, degree, majors, intake) plus its source. */
export const detectedTargetsSchema = z.object({
  countries: z.array(text(30)).max(20),
  degree: text(50).optional(),
  majors: z.array(text(100)).max(20),
  intake: text(30).optional(),
  source,
});

export const detectedCvSchema = z.object({
  name: sourced(text(50)).optional(),
  email: sourced(text(254)).optional(),
  /** Digits with the country code apart when written: 13812345678, +86 18620003344, +44 7700900123. */
  phone: sourced(text(30)).optional(),
  /** From the current (latest) education entry, or a 学校/专业/学历 label. */
  currentSchool: sourced(text(100)).optional(),
  major: sourced(text(100)).optional(),
  degree: z.object({ value: text(50), level: z.enum(DEGREE_LEVELS).optional(), source }).optional(),
  gpa: detectedGpaSchema.optional(),
  tests: z.array(detectedTestSchema).max(20),
  education: z.array(detectedEducationSchema).max(20),
  research: z.array(detectedExperienceSchema).max(30),
  internships: z.array(detectedExperienceSchema).max(30),
  projects: z.array(detectedExperienceSchema).max(30),
  activities: z.array(detectedExperienceSchema).max(30),
  awards: z.array(detectedAwardSchema).max(50),
  publications: z.array(detectedPublicationSchema).max(50),
  skills: z.array(sourced(text(50))).max(100),
  /** From a 申请意向/Target Program/Objective section (or an 意向：… line); absent when the CV states none. */
  targets: detectedTargetsSchema.optional(),
  /** The headings found, in order (line: 0-based line number in the CV text). */
  sections: z.array(z.object({ kind: z.enum(CV_SECTION_KINDS), heading: text(60), line: z.number().int().min(0) })).max(100),
});
export type DetectedCv = z.infer<typeof detectedCvSchema>;
export type DetectedExperience = z.infer<typeof detectedExperienceSchema>;
export type DetectedEducation = z.infer<typeof detectedEducationSchema>;
export type DetectedTest = z.infer<typeof detectedTestSchema>;
export type DetectedGpa = z.infer<typeof detectedGpaSchema>;
export type DetectedTargets = z.infer<typeof detectedTargetsSchema>;
