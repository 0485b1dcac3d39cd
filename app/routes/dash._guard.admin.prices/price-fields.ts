import type { PricedOperation } from '../../../contracts/constants';

/** The price form's inputs, one per operation and price: `points.ai_check`, `pointsPer1000Chars.ai_check`. */
export const PRICE_KEYS = ['points', 'pointsPer1000Chars'] as const;
export type PriceKey = (typeof PRICE_KEYS)[number];
export const priceField = (key: PriceKey, operation: PricedOperation) => `${key}.${operation}`;
