import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';

// Background jobs (server/jobs/): one row per periodic job, one row per run (ADR 0054).

export const JOB_RUN_STATUSES = ['running', 'succeeded', 'failed', 'abandoned'] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];

/**
 * Each periodic job once for all instances: when it is next due and, while a run holds it, whose
 * lease it is and until when. A run whose lease expired (its process died) is taken over by any
 * instance. `attempt` counts the attempts of the current slot (0 between slots).
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  everyMs: integer('every_ms').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  leaseOwner: text('lease_owner'),
  leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  /** The job_runs row of the run holding the lease. */
  runId: uuid('run_id'),
  attempt: integer('attempt').notNull().default(0),
  lastError: text('last_error'),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The record of every run: who ran it, which attempt, how it ended and its small result. Kept 30 days. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: id(),
    jobName: text('job_name').notNull(),
    /** The process that ran it (hostname, pid and a random part). */
    instanceId: text('instance_id').notNull(),
    attempt: integer('attempt').notNull(),
    status: text('status', { enum: JOB_RUN_STATUSES }).notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (t) => [index('job_runs_job_started_idx').on(t.jobName, t.startedAt), index('job_runs_started_idx').on(t.startedAt)],
);
