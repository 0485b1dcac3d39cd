import type { Database } from '../../../db/client';
import { priceTable } from '../../../db/schema';
import { POINTS_SOURCE_LABELS, PRICED_OPERATIONS, centsToPoints, pointsToCents, type PricedOperation } from '../../../contracts/constants';
import type { PriceTable } from '../../../contracts/points';
import { recordAdminAction, type AdminActor } from '../admin-audit';
import type { Transaction } from './ledger';

type Price = { cents: number; per1000CharsCents: number };

/**
 * Defaults chosen so the welcome points (100 by default) let a new user try every tool once on a
 * 1,000-character text: the base prices add up to 77 points (选校 included) and the per-character parts to 10.
 * Administrators override any of them at /dash/admin/prices (the price_table rows).
 */
export const DEFAULT_PRICES: Record<PricedOperation, Price> = {
  ai_check: { cents: 200, per1000CharsCents: 0 },
  ai_reduce: { cents: 500, per1000CharsCents: 500 },
  ps_generation: { cents: 1000, per1000CharsCents: 0 },
  cv_generation: { cents: 800, per1000CharsCents: 0 },
  rl_generation: { cents: 800, per1000CharsCents: 0 },
  free_generation: { cents: 500, per1000CharsCents: 0 },
  write_by_requirement: { cents: 800, per1000CharsCents: 0 },
  essay_polish: { cents: 500, per1000CharsCents: 300 },
  expand: { cents: 300, per1000CharsCents: 0 },
  rephrase: { cents: 300, per1000CharsCents: 0 },
  rewrite: { cents: 300, per1000CharsCents: 0 },
  style: { cents: 300, per1000CharsCents: 0 },
  shorten: { cents: 200, per1000CharsCents: 0 },
  translate: { cents: 200, per1000CharsCents: 200 },
  auto_profile: { cents: 500, per1000CharsCents: 0 },
  // 选校: one run, whatever its length (the programs evaluated are bounded by RUN_LIMIT_MAX).
  school_match: { cents: 500, per1000CharsCents: 0 },
};

async function currentPrices(db: Database | Transaction): Promise<{ prices: Record<PricedOperation, Price>; updatedAt: Date | null }> {
  const rows = await db.select().from(priceTable);
  const prices = { ...DEFAULT_PRICES };
  let updatedAt: Date | null = null;
  for (const row of rows) {
    if (!(PRICED_OPERATIONS as readonly string[]).includes(row.operation)) continue;
    prices[row.operation as PricedOperation] = { cents: row.pointsCents, per1000CharsCents: row.per1000CharsCents };
    if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
  }
  return { prices, updatedAt };
}

/** GET /api/v1/points/price-table */
export async function getPriceTable(db: Database): Promise<PriceTable> {
  const { prices, updatedAt } = await currentPrices(db);
  return {
    items: PRICED_OPERATIONS.map((operation) => ({
      operation,
      label: POINTS_SOURCE_LABELS[operation],
      points: centsToPoints(prices[operation].cents),
      pointsPer1000Chars: centsToPoints(prices[operation].per1000CharsCents),
    })),
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}

/** What one operation on a text of `chars` characters costs, in hundredths (per-character part truncated). */
export async function priceOf(db: Database, operation: PricedOperation, chars = 0): Promise<number> {
  const { prices } = await currentPrices(db);
  const price = prices[operation];
  return price.cents + Math.trunc((price.per1000CharsCents * Math.max(0, chars)) / 1000);
}

/** PUT /api/v1/admin/points/price-table: listed operations get the new prices, others keep theirs (audited). */
export async function updatePrices(
  db: Database,
  actor: AdminActor,
  items: { operation: PricedOperation; points: number; pointsPer1000Chars: number }[],
): Promise<PriceTable> {
  await db.transaction(async (tx) => {
    const { prices } = await currentPrices(tx);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const item of items) {
      const values = {
        pointsCents: pointsToCents(item.points),
        per1000CharsCents: pointsToCents(item.pointsPer1000Chars),
        updatedBy: actor.adminId,
        updatedAt: new Date(),
      };
      await tx
        .insert(priceTable)
        .values({ operation: item.operation, ...values })
        .onConflictDoUpdate({ target: priceTable.operation, set: values });
      const old = prices[item.operation];
      if (old.cents === values.pointsCents && old.per1000CharsCents === values.per1000CharsCents) continue;
      before[item.operation] = { points: centsToPoints(old.cents), pointsPer1000Chars: centsToPoints(old.per1000CharsCents) };
      after[item.operation] = { points: item.points, pointsPer1000Chars: item.pointsPer1000Chars };
    }
    // Only the prices that changed; a save that changed nothing is not an action.
    if (Object.keys(after).length > 0) {
      await recordAdminAction(tx, actor, { action: 'prices.update', targetType: 'price_table', targetId: null, before, after });
    }
  });
  return getPriceTable(db);
}
