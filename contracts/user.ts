import { GENDERS, ROLES } from './constants';
import { z } from './zod';

/** Mainland China mobile numbers; accepts +86/86 prefixes and separators, yields the 11 digits. */
export const mainlandPhone = z
  .string({ error: '请输入手机号' })
  .transform((raw) => raw.replace(/[\s-]/g, '').replace(/^(\+?86)(?=1\d{10}$)/, ''))
  .pipe(z.string().regex(/^1[3-9]\d{9}$/, '请输入正确的11位中国大陆手机号'));

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
