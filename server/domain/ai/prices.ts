import {
  AI_OPERATION_SOURCES,
  AI_OPERATIONS,
  isOfflineUnavailable,
  OFFLINE_FREE_NOTE,
  OFFLINE_UNAVAILABLE_MESSAGE,
  type AiPrices,
} from '../../../contracts/ai-operations';
import type { Database } from '../../../db/client';
import { getPriceTable } from '../points/prices';

/**
 * GET /api/v1/ai/prices (ADR 0040): each paid AI button's price as the engine will charge it now.
 * With the offline engine the tools it cannot do are unavailable and its template work is free;
 * 降AI率 and 查AI率 run locally either way and keep their price-table prices.
 */
export async function aiPrices(db: Database, offline: boolean): Promise<AiPrices> {
  const table = await getPriceTable(db);
  const listed = (source: string) => table.items.find((item) => item.operation === source)!;
  const items: AiPrices['items'] = AI_OPERATIONS.map((operation) => {
    const price = listed(AI_OPERATION_SOURCES[operation]);
    if (!offline)
      return { operation, points: price.points, pointsPer1000Chars: price.pointsPer1000Chars, available: true, free: false, note: null };
    const unavailable = isOfflineUnavailable(operation);
    return {
      operation,
      points: 0,
      pointsPer1000Chars: 0,
      available: !unavailable,
      free: true,
      note: unavailable ? OFFLINE_UNAVAILABLE_MESSAGE : OFFLINE_FREE_NOTE,
    };
  });
  for (const [operation, source] of [
    ['reduce', 'ai_reduce'],
    ['detect', 'ai_check'],
  ] as const) {
    const price = listed(source);
    items.push({ operation, points: price.points, pointsPer1000Chars: price.pointsPer1000Chars, available: true, free: false, note: null });
  }
  return { offline, items };
}
