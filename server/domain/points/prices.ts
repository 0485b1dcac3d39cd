import type { Database } from '../../../db/client';
import { priceTable } from '../../../db/schema';
import { POINTS_SOURCE_LABELS, PRICED_OPERATIONS, centsToPoints, pointsToCents, type PricedOperation } from '../../../contracts/constants';
import type { CustomRecharge, PriceTable } from '../../../contracts/points';
import { fenToYuan, yuanToFen } from '../../../contracts/payment-constants';
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
  essay_revision: { cents: 500, per1000CharsCents: 300 },
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

/** The custom recharge's terms in integer units: points per yuan in hundredths, amounts in fen. */
export type CustomRechargeTerms = { pointsPerYuanCents: number; minFen: number; maxFen: number };
/** The price_table row that holds them (not an operation: nothing is charged under it). */
export const CUSTOM_RECHARGE_ROW = 'custom_recharge';
/** About what the seeded packages give without their bonus (¥9.90 for 100 points); ¥10 to ¥5,000 an order. */
export const DEFAULT_CUSTOM_RECHARGE: CustomRechargeTerms = { pointsPerYuanCents: 1000, minFen: 1000, maxFen: 500_000 };

async function currentPrices(
  db: Database | Transaction,
): Promise<{ prices: Record<PricedOperation, Price>; customRecharge: CustomRechargeTerms; updatedAt: Date | null }> {
  const rows = await db.select().from(priceTable);
  const prices = { ...DEFAULT_PRICES };
  let customRecharge = DEFAULT_CUSTOM_RECHARGE;
  let updatedAt: Date | null = null;
  for (const row of rows) {
    if (row.operation === CUSTOM_RECHARGE_ROW) {
      customRecharge = {
        pointsPerYuanCents: row.pointsCents,
        minFen: row.minAmountFen ?? DEFAULT_CUSTOM_RECHARGE.minFen,
        maxFen: row.maxAmountFen ?? DEFAULT_CUSTOM_RECHARGE.maxFen,
      };
    } else if ((PRICED_OPERATIONS as readonly string[]).includes(row.operation)) {
      prices[row.operation as PricedOperation] = { cents: row.pointsCents, per1000CharsCents: row.per1000CharsCents };
    } else continue;
    if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
  }
  return { prices, customRecharge, updatedAt };
}

const customRechargeDto = (terms: CustomRechargeTerms): CustomRecharge => ({
  pointsPerYuan: centsToPoints(terms.pointsPerYuanCents),
  minAmount: fenToYuan(terms.minFen),
  maxAmount: fenToYuan(terms.maxFen),
});

/** What a custom recharge is priced at now (server/domain/payments/orders.ts). */
export async function customRechargeTerms(db: Database | Transaction): Promise<CustomRechargeTerms> {
  return (await currentPrices(db)).customRecharge;
}

/** GET /api/v1/points/price-table */
export async function getPriceTable(db: Database): Promise<PriceTable> {
  const { prices, customRecharge, updatedAt } = await currentPrices(db);
  return {
    items: PRICED_OPERATIONS.map((operation) => ({
      operation,
      label: POINTS_SOURCE_LABELS[operation],
      points: centsToPoints(prices[operation].cents),
      pointsPer1000Chars: centsToPoints(prices[operation].per1000CharsCents),
    })),
    customRecharge: customRechargeDto(customRecharge),
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}

/** What one operation on a text of `chars` characters costs, in hundredths (per-character part truncated). */
export async function priceOf(db: Database, operation: PricedOperation, chars = 0): Promise<number> {
  const { prices } = await currentPrices(db);
  const price = prices[operation];
  return price.cents + Math.trunc((price.per1000CharsCents * Math.max(0, chars)) / 1000);
}

/**
 * PUT /api/v1/admin/points/price-table: listed operations get the new prices, others keep theirs,
 * and the custom recharge's terms when sent (audited).
 */
export async function updatePrices(
  db: Database,
  actor: AdminActor,
  items: { operation: PricedOperation; points: number; pointsPer1000Chars: number }[],
  customRecharge?: CustomRecharge,
): Promise<PriceTable> {
  await db.transaction(async (tx) => {
    const { prices, customRecharge: oldTerms } = await currentPrices(tx);
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
    if (customRecharge) {
      const terms: CustomRechargeTerms = {
        pointsPerYuanCents: pointsToCents(customRecharge.pointsPerYuan),
        minFen: yuanToFen(customRecharge.minAmount),
        maxFen: yuanToFen(customRecharge.maxAmount),
      };
      const values = {
        pointsCents: terms.pointsPerYuanCents,
        minAmountFen: terms.minFen,
        maxAmountFen: terms.maxFen,
        updatedBy: actor.adminId,
        updatedAt: new Date(),
      };
      await tx
        .insert(priceTable)
        .values({ operation: CUSTOM_RECHARGE_ROW, ...values })
        .onConflictDoUpdate({ target: priceTable.operation, set: values });
      if (
        terms.pointsPerYuanCents !== oldTerms.pointsPerYuanCents ||
        terms.minFen !== oldTerms.minFen ||
        terms.maxFen !== oldTerms.maxFen
      ) {
        before[CUSTOM_RECHARGE_ROW] = customRechargeDto(oldTerms);
        after[CUSTOM_RECHARGE_ROW] = customRechargeDto(terms);
      }
    }
    // Only the prices that changed; a save that changed nothing is not an action.
    if (Object.keys(after).length > 0) {
      await recordAdminAction(tx, actor, { action: 'prices.update', targetType: 'price_table', targetId: null, before, after });
    }
  });
  return getPriceTable(db);
}
