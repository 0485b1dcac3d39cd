import { GENDERS, ROLES } from './constants';
import { ID_MESSAGES, idNumberProblem, normalizeIdNumber, normalizeRealName, realNameProblem } from './id-number';
import { ORG_ROLES } from './org-constants';
import { z } from './zod';

/** Mainland China mobile numbers; accepts +86/86 prefixes and separators, yields the 11 digits. */
export const mainlandPhone = z
  .string({ error: '请输入手机号' })
  .transform((raw) => raw.replace(/[\s-]/g, '').replace(/^(\+?86)(?=1\d{10}$)/, ''))
  .pipe(z.string().regex(/^1[3-9]\d{9}$/, '请输入正确的11位中国大陆手机号'));

/** The organisation the user works in (issue 30); null is the personal space. */
export const activeOrgRefSchema = z.object({ id: z.string(), name: z.string(), role: z.enum(ORG_ROLES) }).nullable();
export type ActiveOrgRef = z.infer<typeof activeOrgRefSchema>;

/** The user object of the API (spec §3 User), points as a two-decimal number. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  /** Null for an account made by a WeChat login that has not bound a phone yet. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.enum(ROLES),
  gender: z.enum(GENDERS).nullable(),
  position: z.string().nullable(),
  wechat_nickname: z.string().nullable(),
  total_points: z.number(),
  invite_code: z.string(),
  created_at: z.string(),
  /** Real-name verification (ADR 0037): masks and the time only, never the full name or number. */
  idVerified: z.boolean(),
  /** The masked real name (张*, 欧阳**), or null before verification. */
  idRealName: z.string().nullable(),
  /** The masked identity card number (1****************X), or null before verification. */
  idNumberMasked: z.string().nullable(),
  idVerifiedAt: z.string().nullable(),
  /** GET /user/info only: the space the user works in. */
  activeOrg: activeOrgRefSchema.optional(),
});
export type User = z.infer<typeof userSchema>;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * PUT /api/v1/user/profile (spec §5) and the profile form: a field left out keeps its value, an
 * empty one clears it. The phone is the login account and cannot change here.
 */
export const profileUpdateSchema = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(32, '用户名不能超过32个字符'),
  email: z.preprocess(blankToNull, z.string().trim().email('请输入有效的邮箱地址').max(254, '请输入有效的邮箱地址').nullable().optional()),
  phone: z.preprocess(blankToNull, z.string().trim().nullable().optional()),
  gender: z.preprocess(blankToNull, z.enum(GENDERS, { error: '性别只能是男、女或其他' }).nullable().optional()),
  position: z.preprocess(blankToNull, z.string().trim().max(50, '职位不能超过50个字符').nullable().optional()),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** A check from contracts/id-number.ts as a zod refinement: its message on the field. */
const checked = (problem: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const message = problem(value);
  if (message) ctx.addIssue({ code: 'custom', message });
};

/**
 * POST /api/v1/user/id-verification and the real-name form (ADR 0037): a real name and an 18-character
 * resident identity card number, checked locally (region, birth date, check digit) before any provider.
 * Input is bounded before it is normalized.
 */
export const idVerificationSchema = z.object({
  realName: z
    .string({ error: ID_MESSAGES.nameRequired })
    .max(100, ID_MESSAGES.nameLength)
    .transform(normalizeRealName)
    .superRefine(checked(realNameProblem)),
  idNumber: z
    .string({ error: ID_MESSAGES.numberRequired })
    .max(100, ID_MESSAGES.numberLength)
    .transform(normalizeIdNumber)
    .superRefine(checked((n) => idNumberProblem(n))),
});
export type IdVerificationInput = z.infer<typeof idVerificationSchema>;

/** POST /api/v1/user/deletion (ADR 0055): the user confirms, knowing what is deleted and that points are forfeited. */
export const accountDeletionRequestSchema = z.object({
  confirm: z.literal(true, { error: '请确认注销账户：勾选确认后再提交' }),
});

/** GET/POST/DELETE /api/v1/user/deletion: whether a deletion is pending, and when it will be carried out. */
export const accountDeletionStateSchema = z.object({
  pending: z.boolean(),
  requestedAt: z.string().nullable(),
  scheduledFor: z.string().nullable(),
  graceDays: z.number(),
});
export type AccountDeletionState = z.infer<typeof accountDeletionStateSchema>;
