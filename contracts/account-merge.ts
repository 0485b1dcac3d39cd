import { phoneLoginSchema, tokensSchema } from './auth';
import { userSchema } from './user';
import { z } from './zod';

/**
 * Binding a phone or WeChat that already has an account of its own (ADR 0039): the API answers
 * 409 ACCOUNT_MERGE_REQUIRED with this preview; the user confirms with its ticket.
 */
export const accountMergePreviewSchema = z.object({
  rule: z.string(),
  mergeTicket: z.string(),
  phoneAccount: z.object({ phone: z.string(), points: z.number() }),
  wechatAccount: z.object({ wechatNickname: z.string(), points: z.number(), students: z.number(), works: z.number(), orders: z.number() }),
});
export type AccountMergePreview = z.infer<typeof accountMergePreviewSchema>;

/** POST /api/v1/user/phone/bind: a WeChat-only user binds a phone with its SMS code. */
export const bindPhoneSchema = phoneLoginSchema.pick({ phone: true, code: true });

/** POST /api/v1/user/account-merge: confirms the merge shown in the preview. */
export const accountMergeSchema = z.object({ mergeTicket: z.string({ error: '合并确认已失效，请重新绑定' }).min(1).max(500) });

/** The merged account; with a new session when the account that confirmed was the one closed. */
export const accountMergeResultSchema = tokensSchema.partial().extend({ user: userSchema });
