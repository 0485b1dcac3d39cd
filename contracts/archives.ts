import { TEST_TYPES } from './constants';
import { MATCH_EVIDENCE, PROFILE_MERGE_FIELDS, PROFILE_MERGE_SECTIONS } from './profile-merge-constants';
import { z } from './zod';

/**
 * Student archives (spec §1 student profiles, §3 client profile; issue 10): what a writer needs
 * about a student. Every section is optional; text fields are trimmed and bounded.
 */
const text = (max: number) => z.string().trim().max(max, `内容不能超过${max}个字符`);
/** Optional text; an empty string is kept as "not filled in" (forms send blanks). */
const optionalText = (max: number) => text(max).optional();
const list = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max, `最多${max}项`);
/** Dates as people write them on CVs: 2023-09, 2023.09, 2023, 至今. */
const when = optionalText(20);

/** A score or GPA typed as text (forms send strings): a number from 0 to `max`, in plain Chinese when not. */
const score = (max: number) => z.coerce.number({ error: '请输入数字' }).min(0, '不能小于0').max(max, `不能大于${max}`);

export { TEST_TYPES };
export * from './profile-merge-constants';

export const gpaSchema = z.object({
  value: score(1000).optional(),
  scale: score(1000).optional(),
  rank: optionalText(40),
});

export const testScoreSchema = z.object({
  type: z.enum(TEST_TYPES, { error: '请选择考试类型' }),
  total: score(2400).optional(),
  /** Sub-scores by name: R/L/S/W, V/Q/AW, … */
  sub: z.record(z.string().max(20), score(1000)).default({}),
  date: when,
});

export const educationSchema = z.object({
  school: text(100),
  degree: optionalText(50),
  major: optionalText(100),
  start: when,
  end: when,
  gpa: gpaSchema.optional(),
});

/** Research, internships, projects and activities share one shape. */
export const experienceSchema = z.object({
  title: text(200),
  organization: optionalText(100),
  role: optionalText(100),
  start: when,
  end: when,
  description: optionalText(3000),
});

export const awardSchema = z.object({ title: text(200), date: when, description: optionalText(1000) });
export const publicationSchema = z.object({ title: text(300), venue: optionalText(200), date: when, authors: optionalText(300) });

/** Each section as sent; `profileDataSchema` fills the missing ones, an update leaves them out. */
const sectionSchemas = {
  nickname: optionalText(50),
  contact: z.object({ email: optionalText(254), phone: optionalText(30), wechat: optionalText(50) }),
  currentSchool: optionalText(100),
  major: optionalText(100),
  degree: optionalText(50),
  gpa: gpaSchema,
  tests: list(testScoreSchema, 20),
  education: list(educationSchema, 20),
  research: list(experienceSchema, 30),
  internships: list(experienceSchema, 30),
  projects: list(experienceSchema, 30),
  activities: list(experienceSchema, 30),
  awards: list(awardSchema, 50),
  publications: list(publicationSchema, 50),
  skills: list(text(50), 100),
  targets: z.object({
    countries: list(text(30), 20).default([]),
    degree: optionalText(50),
    majors: list(text(100), 20).default([]),
    intake: optionalText(30),
  }),
  notes: optionalText(10_000),
};

export const profileDataSchema = z.object({
  ...sectionSchemas,
  contact: sectionSchemas.contact.default({}),
  gpa: sectionSchemas.gpa.default({}),
  tests: sectionSchemas.tests.default([]),
  education: sectionSchemas.education.default([]),
  research: sectionSchemas.research.default([]),
  internships: sectionSchemas.internships.default([]),
  projects: sectionSchemas.projects.default([]),
  activities: sectionSchemas.activities.default([]),
  awards: sectionSchemas.awards.default([]),
  publications: sectionSchemas.publications.default([]),
  skills: sectionSchemas.skills.default([]),
  targets: sectionSchemas.targets.default({ countries: [], majors: [] }),
});
/**
 * An update's sections: only those sent. Not `profileDataSchema.partial()`, whose defaults would
 * fill every missing list with [] and so wipe it.
 */
export const profileDataPatchSchema = z.object(sectionSchemas).partial();
export type ProfileDataPatch = z.infer<typeof profileDataPatchSchema>;
export type ProfileData = z.infer<typeof profileDataSchema>;

const profileName = z.string({ error: '请输入学生昵称' }).trim().min(1, '请输入学生昵称').max(50, '学生昵称不能超过50个字符');

/** POST /api/v1/client-profiles {name} (spec §7). */
export const profileCreateSchema = z.object({ name: profileName, data: profileDataSchema.optional() });
/** PUT /api/v1/client-profiles/{id}: the name and any sections sent replace the stored ones. */
export const profileUpdateSchema = z.object({ name: profileName.optional(), data: profileDataPatchSchema.optional() });

export const clientProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  data: profileDataSchema,
  /** The CV text the profile was built from, if any. */
  cvText: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientProfile = z.infer<typeof clientProfileSchema>;

/** The text fields next to the CV file (multipart `nickname`): optional when a file is sent. */
export const cvDetectionFieldsSchema = z.object({
  nickname: z.string().trim().max(50, '学生昵称不能超过50个字符').optional(),
});

// ───────────────────────────────────────────────────────────────────────────────────────────────
// A CV of a student who already exists (issue 24, ADR 0044): the detection offers the owner's
// students it may belong to, with what an update would change; the consultant chooses to update
// one or to create a new student. Nothing is merged without that choice.
// ───────────────────────────────────────────────────────────────────────────────────────────────

export const profileChangesSchema = z.object({
  /** Empty fields the CV fills. */
  filled: z.array(z.object({ field: z.enum(PROFILE_MERGE_FIELDS), value: z.string() })),
  /** Filled fields the CV has otherwise: kept unless the request names them in `replaceFields`. */
  differs: z.array(z.object({ field: z.enum(PROFILE_MERGE_FIELDS), current: z.string(), incoming: z.string() })),
  /** Entries the student does not have yet, by section, as one line each. */
  added: z.array(z.object({ section: z.enum(PROFILE_MERGE_SECTIONS), entries: z.array(z.string()) })),
});
export type ProfileChanges = z.infer<typeof profileChangesSchema>;

export const profileMatchSchema = z.object({
  id: z.string(),
  name: z.string(),
  currentSchool: z.string().nullable(),
  updated_at: z.string(),
  /** strong: the phone or email agrees too; possible: only the name (and perhaps a school) does. */
  strength: z.enum(['strong', 'possible']),
  matchedOn: z.array(z.enum(MATCH_EVIDENCE)),
  changes: profileChangesSchema,
});
export type ProfileMatch = z.infer<typeof profileMatchSchema>;

/**
 * POST /api/v1/client-profiles/auto-import with a detection: the detection, the name, and the data
 * as reviewed (charged when detected, settled here). With `updateProfileId` (one of the owner's
 * students) the CV updates that student instead: the name is kept, empty fields filled, new
 * entries added, and the differing fields named in `replaceFields` take the CV's value.
 */
export const autoImportDetectionSchema = z.object({
  detectionId: z.string({ error: '简历识别结果不存在，请重新上传' }).uuid('简历识别结果不存在，请重新上传'),
  name: profileName,
  data: profileDataPatchSchema.optional(),
  updateProfileId: z.string().uuid('学生档案不存在').optional(),
  replaceFields: z.array(z.enum(PROFILE_MERGE_FIELDS)).max(PROFILE_MERGE_FIELDS.length).optional(),
});

/**
 * The spec's payload (§3: the detected CV data plus name), without a detection: a free manual
 * creation, validated as POST /client-profiles is. A body with `detectionId` is always the first.
 */
export const autoImportSchema = z.union([autoImportDetectionSchema, profileCreateSchema.extend({ detectionId: z.never().optional() })]);
export type AutoImportInput = z.infer<typeof autoImportSchema>;

export const PROFILE_SORTS = ['updated', 'created', 'name'] as const;
export const profileListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
  query: z.string().trim().max(100).optional().catch(undefined),
  sort: z.enum(PROFILE_SORTS).catch('updated').default('updated'),
});
export const profileListItemSchema = clientProfileSchema.pick({ id: true, name: true, created_at: true, updated_at: true }).extend({
  currentSchool: z.string().nullable(),
  major: z.string().nullable(),
  degree: z.string().nullable(),
});
export const profileListSchema = z.object({
  items: z.array(profileListItemSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});

/** GET /api/v1/ai/global-search?query&page&pageSize (spec §7: data list plus hasMore; page size 10). */
export const SEARCH_RESULT_TYPES = ['client', 'document', 'work'] as const;
export const globalSearchQuerySchema = z.object({
  query: z.string().trim().max(100, '搜索内容过长').default(''),
  page: z.coerce.number().int().min(1).max(1000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).catch(10).default(10),
});
export const searchResultSchema = z.object({ id: z.string(), type: z.enum(SEARCH_RESULT_TYPES), title: z.string(), content: z.string() });
export type SearchResult = z.infer<typeof searchResultSchema>;
export const globalSearchSchema = z.object({ list: z.array(searchResultSchema), hasMore: z.boolean() });
