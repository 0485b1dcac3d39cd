import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { packages } from '../../../db/schema';
import { centsToPoints, pointsToCents } from '../../../contracts/constants';
import { fenToYuan, yuanToFen } from '../../../contracts/payment-constants';
import { PAYMENT_MESSAGES, type Package, type PackageInput } from '../../../contracts/payments';
import { notFound } from '../errors';
import { recordAdminAction, type AdminActor } from '../admin-audit';

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

/** What the audit log keeps of a package. */
const audited = (p: Package) => ({
  name: p.name,
  price: p.price,
  points: p.points,
  bonusPoints: p.bonusPoints,
  active: p.active,
  sortOrder: p.sortOrder,
  description: p.description,
});

export async function createPackage(db: Database, actor: AdminActor, input: PackageInput): Promise<Package> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(packages).values(values(input)).returning();
    const created = toPackageDto(row!);
    await recordAdminAction(tx, actor, { action: 'packages.create', targetType: 'package', targetId: created.id, after: audited(created) });
    return created;
  });
}

/** Orders already made keep their price and points: they copied them. */
export async function updatePackage(db: Database, actor: AdminActor, id: string, input: PackageInput): Promise<Package> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(packages).where(eq(packages.id, id)).for('update');
    if (!old) throw notFound(PACKAGE_NOT_FOUND);
    const [row] = await tx
      .update(packages)
      .set({ ...values(input), updatedAt: new Date() })
      .where(eq(packages.id, id))
      .returning();
    const updated = toPackageDto(row!);
    await recordAdminAction(tx, actor, {
      action: 'packages.update',
      targetType: 'package',
      targetId: id,
      before: audited(toPackageDto(old)),
      after: audited(updated),
    });
    return updated;
  });
}
