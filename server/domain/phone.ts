import { z } from 'zod';

/** Mainland China mobile numbers; accepts +86/86 prefixes and separators, stores the 11 digits. */
export const mainlandPhone = z
  .string({ error: '请输入手机号' })
  .transform((raw) => raw.replace(/[\s-]/g, '').replace(/^(\+?86)(?=1\d{10}$)/, ''))
  .pipe(z.string().regex(/^1[3-9]\d{9}$/, '请输入正确的11位中国大陆手机号'));

export const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
