import { centsToPoints, pointsToCents } from '../../contracts/constants';
import { customRechargePointsCents, yuanToFen } from '../../contracts/payment-constants';

/** Routes of the purchase flow (spec §2), shared by pages, links and redirects. */
export const PAYMENT_ROUTES = {
  pricing: '/dash/pricing',
  recharge: '/dash/recharge',
  orders: '/dash/orders',
  order: (id: string) => `/dash/order/${encodeURIComponent(id)}`,
  pay: (id: string) => `/dash/wechat-payment/${encodeURIComponent(id)}`,
  callback: (id: string) => `/dash/payment/callback?orderId=${encodeURIComponent(id)}`,
  result: (id: string) => `/dash/payment/result?orderId=${encodeURIComponent(id)}`,
} as const;

/** How often the payment page asks for its order when no socket message has come (the socket's fallback). */
export const ORDER_POLL_MS = 3000;
export const ORDERS_PAGE_SIZE = 10;

/** The recharge form's choice for a custom amount (no package); the page and its action share it. */
export const CUSTOM_CHOICE = 'custom';

/** The custom recharge's terms as the price table gives them (contracts/points.ts CustomRecharge). */
export type CustomRechargeTerms = { pointsPerYuan: number; minAmount: number; maxAmount: number };

/**
 * What is wrong with a custom amount as typed (null when nothing): the same rules and words as the
 * API's, which decides; without the terms only the form of the number is checked.
 */
export function customAmountProblem(raw: string, terms: CustomRechargeTerms | null): string | null {
  const text = raw.trim();
  if (!text) return '请输入充值金额';
  if (!/^\d+(\.\d+)?$/.test(text)) return '请输入有效的充值金额';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return '充值金额最多两位小数';
  const amount = Number(text);
  if (!terms) return amount > 0 ? null : '请输入有效的充值金额';
  const range = `${terms.minAmount.toFixed(2)}元至${terms.maxAmount.toFixed(2)}元`;
  if (amount < terms.minAmount) return `充值金额不能低于${terms.minAmount.toFixed(2)}元（可充值${range}）`;
  if (amount > terms.maxAmount) return `充值金额不能超过${terms.maxAmount.toFixed(2)}元（可充值${range}）`;
  return null;
}

/** The points a valid custom amount gives (the API prices the order with the same rule), else null. */
export function customRechargePoints(raw: string, terms: CustomRechargeTerms | null): number | null {
  if (!terms || customAmountProblem(raw, terms)) return null;
  return centsToPoints(customRechargePointsCents(yuanToFen(Number(raw.trim())), pointsToCents(terms.pointsPerYuan)));
}
