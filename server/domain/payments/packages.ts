import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { packages } from '../../../db/schema';
import { centsToPoints, pointsToCents } from '../../../contracts/constants';
import { fenToYuan, yuanToFen } from '../../../contracts/payment-constants';
import { PAYMENT_MESSAGES, type Package, type PackageInput } from '../../../contracts/payments';
import { notFound } from '../errors';

export type PackageRow = typeof packages.$inferSelect;

export const PACKAGE_NOT_FOUND = PAYMENT_MESSAGES.PACKAGE_NOT_FOUND;

export function toPackageDto(row: PackageRow): Package {
  return {
    id: row.id,
    name: row.name,
    price: fenToYuan(row.priceFen),
    points: centsToPoints(row.pointsCents),
    bonusPoints: centsToPoints(row.bonusPointsCents),
    totalPoints: centsToPoints(row.pointsCents + row.bonusPointsCents),
    description: row.description,
    active: row.active,
    sortOrder: row.sortOrder,
  };
}

/** GET /api/v1/packages: what is on sale, in the console's order. */
export async function activePackages(db: Database): Promise<Package[]> {
  const rows = await db.select().from(packages).where(eq(packages.active, true)).orderBy(asc(packages.sortOrder), asc(packages.priceFen));
  return rows.map(toPackageDto);
}

/** The console's list: inactive ones too. */
export async function allPackages(db: Database): Promise<Package[]> {
  const rows = await db.select().from(packages).orderBy(asc(packages.sortOrder), asc(packages.priceFen));
  return rows.map(toPackageDto);
}

const values = (input: PackageInput) => ({
  name: input.name,
  pointsCents: pointsToCents(input.points),
  bonusPointsCents: pointsToCents(input.bonusPoints),
  priceFen: yuanToFen(input.price),
  description: input.description ?? null,
  active: input.active,
  sortOrder: input.sortOrder,
});

export async function createPackage(db: Database, input: PackageInput): Promise<Package> {
  const [row] = await db.insert(packages).values(values(input)).returning();
  return toPackageDto(row!);
}

/** Orders already made keep their price and points: they copied them. */
export async function updatePackage(db: Database, id: string, input: PackageInput): Promise<Package> {
  const [row] = await db
    .update(packages)
    .set({ ...values(input), updatedAt: new Date() })
    .where(eq(packages.id, id))
    .returning();
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  return toPackageDto(row);
}
