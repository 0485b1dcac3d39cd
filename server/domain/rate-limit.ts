import { and, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitHits } from '../../db/schema';

/**
 * Counts hits in a sliding window in the database, so the limit holds across processes; the count
 * and the insert run under a per-bucket lock, so concurrent requests cannot all slip under it.
 * Returns false (and records nothing) once `limit` hits are already inside the window.
 */
export async function hitRateLimit(db: Database, bucket: string, limit: number, windowMs: number): Promise<boolean> {
  const since = new Date(Date.now() - windowMs);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'rl:' + bucket}))`);
    const [row] = await tx
      .select({ n: count() })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.createdAt, since)));
    if ((row?.n ?? 0) >= limit) return false;
    await tx.insert(rateLimitHits).values({ bucket });
    return true;
  });
}

/** Whether `limit` hits are already inside the window, without recording one. */
export async function rateLimitReached(db: Database, bucket: string, limit: number, windowMs: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.createdAt, new Date(Date.now() - windowMs))));
  return (row?.n ?? 0) >= limit;
}

/** Old hits are useless after a day; called opportunistically. */
export async function pruneRateLimitHits(db: Database): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(Date.now() - 24 * 3600_000)));
}

/** Gives back the newest hit of a bucket: for an attempt that turned out not to count. */
export async function releaseRateLimitHit(db: Database, bucket: string): Promise<void> {
  const newest = db
    .select({ id: rateLimitHits.id })
    .from(rateLimitHits)
    .where(eq(rateLimitHits.bucket, bucket))
    .orderBy(desc(rateLimitHits.createdAt))
    .limit(1);
  await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, newest));
}
