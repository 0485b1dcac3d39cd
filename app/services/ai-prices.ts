import type { AiPrice, AiPrices } from '../../contracts/ai-operations';

/** A price as the button shows it (ADR 0040): 「3积分」, 「2积分 + 2积分/千字」, 「免费」. */
export function priceText(price: AiPrice | undefined): string | null {
  if (!price) return null;
  if (!price.available) return '离线模式不可用';
  if (price.free || (price.points === 0 && price.pointsPer1000Chars === 0)) return '免费';
  if (price.pointsPer1000Chars > 0) {
    return price.points > 0 ? `${price.points}积分 + ${price.pointsPer1000Chars}积分/千字` : `${price.pointsPer1000Chars}积分/千字`;
  }
  return `${price.points}积分`;
}

export const priceOf = (prices: AiPrices | null | undefined, operation: AiPrice['operation']) =>
  prices?.items.find((item) => item.operation === operation);
