import { POINTS_SOURCES, POINTS_STATUSES, POINTS_TYPES, PRICED_OPERATIONS, pointsToCents } from './constants';
import { z } from './zod';

/** An amount of points as entered: positive, at most two decimals kept (truncated, spec §9). */
export const pointsAmount = (label = '积分') =>
  z.coerce
    .number({ error: `请输入${label}` })
    .refine(Number.isFinite, `请输入有效的${label}`)
    .transform((v) => pointsToCents(v) / 100)
    .pipe(z.number().min(0.01, `${label}至少为0.01`).max(1_000_000, `${label}不能超过1000000`));

/** Spec §3 points history item. `points` is signed: spending is negative. */
export const pointsHistoryItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  type: z.enum(POINTS_TYPES),
  source: z.enum(POINTS_SOURCES),
  points: z.number(),
  balanceAfter: z.number(),
  status: z.enum(POINTS_STATUSES),
  metadata: z
    .object({
      description: z.string().optional(),
      text_stats: z
        .object({ output: z.object({ chars: z.number() }).partial() })
        .partial()
        .optional(),
    })
    .passthrough(),
  aiOperation: z.object({ error_message: z.string().nullable() }).nullable(),
});
export type PointsHistoryItem = z.infer<typeof pointsHistoryItemSchema>;

/** GET /api/v1/user/points-history?page&pageSize (spec §7; page size 10 by default, §9). */
export const pointsHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).catch(10).default(10),
});
export const pointsHistoryPageSchema = z.object({
  items: z.array(pointsHistoryItemSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type PointsHistoryPage = z.infer<typeof pointsHistoryPageSchema>;

/** GET /api/v1/points/price-table: points per use, plus per 1,000 characters where it applies. */
export const priceTableEntrySchema = z.object({
  operation: z.enum(PRICED_OPERATIONS),
  label: z.string(),
  points: z.number(),
  pointsPer1000Chars: z.number(),
});
export type PriceTableEntry = z.infer<typeof priceTableEntrySchema>;
/** The custom recharge's terms (issue 28): points one yuan buys and the amounts (yuan) one order may pay. */
export const customRechargeSchema = z.object({ pointsPerYuan: z.number(), minAmount: z.number(), maxAmount: z.number() });
export type CustomRecharge = z.infer<typeof customRechargeSchema>;
export const priceTableSchema = z.object({
  items: z.array(priceTableEntrySchema),
  customRecharge: customRechargeSchema,
  updatedAt: z.string().nullable(),
});
export type PriceTable = z.infer<typeof priceTableSchema>;

const yuanAmount = (label: string) =>
  z.coerce
    .number({ error: `请输入${label}` })
    .refine(Number.isFinite, `请输入有效的${label}`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label}最多两位小数`)
    .pipe(z.number().min(0.01, `${label}至少为0.01元`).max(100_000, `${label}不能超过100000元`));

/** The console's custom-recharge terms: a positive rate, and a smallest amount not above the largest. */
export const customRechargeUpdateSchema = z
  .object({
    pointsPerYuan: z.coerce
      .number({ error: '请输入每元兑换的积分' })
      .refine(Number.isFinite, '请输入有效的积分')
      .transform((v) => pointsToCents(v) / 100)
      .pipe(z.number().min(0.01, '每元兑换的积分至少为0.01').max(10_000, '每元兑换的积分不能超过10000')),
    minAmount: yuanAmount('最低金额'),
    maxAmount: yuanAmount('最高金额'),
  })
  .refine((v) => v.minAmount <= v.maxAmount, { message: '最高金额不能低于最低金额', path: ['maxAmount'] });

/** PUT /api/v1/admin/points/price-table (administrators): operations' prices, the custom recharge's terms, or both. */
export const priceTableUpdateSchema = z
  .object({
    items: z
      .array(
        z.object({
          operation: z.enum(PRICED_OPERATIONS, { error: '未知的计费项目' }),
          points: z.coerce.number().min(0, '价格不能为负').max(100_000, '价格过高'),
          pointsPer1000Chars: z.coerce.number().min(0, '价格不能为负').max(100_000, '价格过高').default(0),
        }),
      )
      .max(PRICED_OPERATIONS.length)
      .default([]),
    customRecharge: customRechargeUpdateSchema.optional(),
  })
  .refine((v) => v.items.length > 0 || v.customRecharge, { message: '请至少填写一项价格', path: ['items'] });

/** 402 INSUFFICIENT_POINTS: data.shortage (spec §8). */
export const shortageSchema = z.object({ required: z.number(), available: z.number() });
export type Shortage = z.infer<typeof shortageSchema>;

/** POST /api/v1/redemption-codes/redeem */
export const redeemSchema = z.object({
  code: z
    .string({ error: '请输入兑换码' })
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().min(1, '请输入兑换码').max(32, '兑换码不存在，请检查后重试')),
});
export const redeemResultSchema = z.object({ points: z.number(), balance: z.number() });

/** POST /api/v1/admin/redemption-codes */
export const redemptionBatchCreateSchema = z.object({
  points: pointsAmount('每个兑换码的积分'),
  count: z.coerce.number({ error: '请输入数量' }).int('数量必须是整数').min(1, '数量至少为1').max(1000, '一次最多生成1000个'),
  maxUses: z.coerce.number({ error: '请输入可用次数' }).int('可用次数必须是整数').min(1, '可用次数至少为1').max(100_000, '可用次数过大'),
  expiresAt: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.date({ error: '过期时间无效' }).optional()),
  note: z.string().trim().max(100, '备注不能超过100个字符').optional(),
});
export const redemptionBatchCreatedSchema = z.object({ batchId: z.string(), codes: z.array(z.string()) });
export const redemptionBatchSchema = z.object({
  id: z.string(),
  points: z.number(),
  count: z.number(),
  maxUses: z.number(),
  expiresAt: z.string().nullable(),
  note: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  /** Redemptions so far across the batch's codes. */
  uses: z.number(),
});
export type RedemptionBatch = z.infer<typeof redemptionBatchSchema>;

/** GET /api/v1/user/invitations */
export const invitationsSchema = z.object({
  inviteCode: z.string(),
  invited: z.array(z.object({ phone: z.string(), createdAt: z.string(), rewardPoints: z.number() })),
  totalRewardPoints: z.number(),
  inviterRewardPoints: z.number(),
  inviteeRewardPoints: z.number(),
});
export type Invitations = z.infer<typeof invitationsSchema>;

/** POST /api/v1/admin/points/adjust */
export const pointsAdjustSchema = z.object({
  phone: z
    .string({ error: '请输入手机号' })
    .trim()
    .regex(/^1[3-9]\d{9}$/, '请输入正确的11位中国大陆手机号'),
  points: z.coerce
    .number({ error: '请输入调整的积分' })
    .refine((v) => Number.isFinite(v) && pointsToCents(v) !== 0, '调整的积分不能为0')
    .transform((v) => pointsToCents(v) / 100)
    .pipe(z.number().min(-1_000_000).max(1_000_000, '单次调整不能超过1000000积分')),
  reason: z.string({ error: '请填写调整原因' }).trim().min(2, '请填写调整原因').max(200, '原因不能超过200个字符'),
});
export const pointsAdjustResultSchema = z.object({ balance: z.number(), entryId: z.string() });

/** `npm run admin -- channel`: a channel invite code and the reward it gives a new user. */
export const channelInviteCodeSchema = z.object({
  code: z
    .string({ error: '请填写渠道邀请码' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4,32}$/, '渠道邀请码为4到32位字母或数字'),
  name: z.string({ error: '请填写渠道名称' }).trim().min(1, '请填写渠道名称').max(50, '渠道名称不能超过50个字符'),
  points: z.coerce
    .number({ error: '请填写奖励积分' })
    .min(0, '奖励积分不能为负')
    .max(100_000, '奖励积分过大')
    .transform((v) => pointsToCents(v) / 100),
});
