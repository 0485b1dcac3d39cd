import { PAYMENT_CHANNELS, PAYMENT_PROVIDERS, ORDER_STATUSES, yuanToFen } from './payment-constants';
import { pointsToCents } from './constants';
import { z } from './zod';

/** Spec §8 messages of the purchase flow. */
export const PAYMENT_MESSAGES = {
  PACKAGE_NOT_FOUND: '套餐信息不存在',
  CREATE_ORDER_FAILED: '创建订单失败',
  CREATE_ORDER_RETRY: '创建订单失败，请稍后重试',
  PAY_FAILED: (message: string) => `支付失败: ${message}`,
  START_FAILED: '发起支付失败',
  PACKAGES_FAILED: '获取套餐列表失败',
} as const;

/** GET /api/v1/packages: spec §3 Package (id, name, price) plus what it gives. `price` is yuan. */
export const packageSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  points: z.number(),
  bonusPoints: z.number(),
  totalPoints: z.number(),
  description: z.string().nullable(),
  active: z.boolean(),
  sortOrder: z.number(),
});
export type Package = z.infer<typeof packageSchema>;
export const packageListSchema = z.array(packageSchema);

const yuan = (label: string) =>
  z.coerce
    .number({ error: `请输入${label}` })
    .refine(Number.isFinite, `请输入有效的${label}`)
    .refine((v) => Math.abs(yuanToFen(v) - v * 100) < 1e-6, `${label}最多两位小数`)
    .pipe(z.number().min(0.01, `${label}至少为0.01元`).max(100_000, `${label}不能超过100000元`));
const points = (label: string, min: number) =>
  z.coerce
    .number({ error: `请输入${label}` })
    .refine(Number.isFinite, `请输入有效的${label}`)
    .transform((v) => pointsToCents(v) / 100)
    .pipe(
      z
        .number()
        .min(min, min > 0 ? `${label}至少为${min}` : `${label}不能为负`)
        .max(10_000_000, `${label}过大`),
    );

/** POST/PUT /api/v1/admin/packages: the console's form (price in yuan). */
export const packageInputSchema = z.object({
  name: z.string({ error: '请填写套餐名称' }).trim().min(1, '请填写套餐名称').max(30, '套餐名称不能超过30个字符'),
  points: points('积分', 0.01),
  bonusPoints: z.preprocess((v) => (v === '' || v === undefined ? 0 : v), points('赠送积分', 0)),
  price: yuan('价格'),
  description: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(100, '说明不能超过100个字符').nullable().optional()),
  active: z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean()),
  sortOrder: z.preprocess((v) => (v === '' || v === undefined ? 0 : v), z.coerce.number().int('排序必须是整数').min(0).max(10_000)),
});
export type PackageInput = z.infer<typeof packageInputSchema>;

/**
 * POST /api/v1/payment/create-order (spec §3 order create payload). With a package the price is the
 * package's: `amount` is what the client believes it pays, and a different amount is refused, never
 * charged. Without one (`packageId` omitted, spec §3 "omitted if empty") it is a custom recharge:
 * `amount` is what the user chose to pay, checked against the smallest and largest amount, and the
 * points are priced by the server from the price table's rate (issue 28); nothing the client sends
 * sets them. `title` and `description` are accepted (the spec's payload names them) but ignored: the
 * order's title, its description and what the payment screen says are written by the server (issue 22).
 */
export const createOrderSchema = z.object({
  amount: z.coerce.number({ error: '订单金额无效' }).refine(Number.isFinite, '订单金额无效'),
  packageId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string({ error: PAYMENT_MESSAGES.PACKAGE_NOT_FOUND }).uuid(PAYMENT_MESSAGES.PACKAGE_NOT_FOUND).optional(),
  ),
  description: z.string().trim().max(200).optional(),
  title: z.string().trim().max(100).optional(),
  type: z.enum(PAYMENT_CHANNELS, { error: '请选择支付方式' }).default('WECHAT'),
});
export type CreateOrderInput = z.infer<typeof createOrderSchema>;
/** Spec §3 Order (created). `amount` is yuan. */
export const createdOrderSchema = z.object({ id: z.string(), orderNo: z.string(), amount: z.number() });
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

export const orderSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  amount: z.number(),
  currency: z.string(),
  points: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  packageId: z.string().nullable(),
  channel: z.enum(PAYMENT_CHANNELS),
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  status: z.enum(ORDER_STATUSES),
  /** Paid after the order had expired: credited all the same, and shown. */
  paidLate: z.boolean(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderPageSchema = z.object({ items: z.array(orderSchema), page: z.number(), pageSize: z.number(), total: z.number() });
export type OrderPage = z.infer<typeof orderPageSchema>;
export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).catch(10).default(10),
});

/**
 * POST /api/v1/payment/wx/payment (spec §7: the order data plus trade_type NATIVE) and
 * /payment/alipay/payment: the order by id or number.
 */
export const startPaymentSchema = z
  .object({
    id: z.string().uuid('订单不存在').optional(),
    orderNo: z.string().trim().min(1).max(64).optional(),
    trade_type: z.literal('NATIVE', { error: '仅支持扫码支付（NATIVE）' }).optional(),
  })
  .refine((v) => v.id || v.orderNo, { message: '订单不存在', path: ['orderNo'] });
/** The QR code's target (`code_url`, WeChat's name for it; Alipay's qr_code), and who serves it. */
export const paymentStartedSchema = z.object({
  orderNo: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  code_url: z.string(),
  expiresAt: z.string(),
});
export type PaymentStarted = z.infer<typeof paymentStartedSchema>;

/** GET /api/v1/payment/methods: the methods offered and the provider behind each. */
export const paymentMethodsSchema = z.array(z.object({ channel: z.enum(PAYMENT_CHANNELS), provider: z.enum(PAYMENT_PROVIDERS) }));
export type PaymentMethod = z.infer<typeof paymentMethodsSchema>[number];

/** The sandbox's phone page: GET /api/v1/payment/sandbox/order and POST /payment/sandbox/pay. */
export const sandboxTicketSchema = z.object({
  orderNo: z.string().trim().min(1).max(64),
  t: z.string().trim().min(16, '付款码无效').max(200, '付款码无效'),
});
export const sandboxOrderSchema = z.object({
  orderNo: z.string(),
  title: z.string(),
  amount: z.number(),
  points: z.number(),
  status: z.enum(ORDER_STATUSES),
  expiresAt: z.string(),
});
export type SandboxOrder = z.infer<typeof sandboxOrderSchema>;
