import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobRuns } from '../../db/schema';

/** Runs of each background job in the last 24 hours by status, across every instance (ADR 0054). */
export async function jobRunCounts(db: Database): Promise<{ job: string; status: string; n: number }[]> {
  return db
    .select({ job: jobRuns.jobName, status: jobRuns.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(jobRuns)
    .where(sql`${jobRuns.startedAt} > now() - interval '24 hours'`)
    .groupBy(jobRuns.jobName, jobRuns.status);
}
