import type { PricedOperation } from '../../../contracts/constants';

/** The price form's inputs, one per operation and price: `points.ai_check`, `pointsPer1000Chars.ai_check`. */
export const PRICE_KEYS = ['points', 'pointsPer1000Chars'] as const;
export type PriceKey = (typeof PRICE_KEYS)[number];
export const priceField = (key: PriceKey, operation: PricedOperation) => `${key}.${operation}`;

/** The custom recharge's inputs (issue 28): `customRecharge.pointsPerYuan`, `.minAmount`, `.maxAmount`. */
export const CUSTOM_RECHARGE_KEYS = ['pointsPerYuan', 'minAmount', 'maxAmount'] as const;
export type CustomRechargeKey = (typeof CUSTOM_RECHARGE_KEYS)[number];
export const customRechargeField = (key: CustomRechargeKey) => `customRecharge.${key}`;
