import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonb } from '../../db/jsonb';
import type { JobCounts, JobResult } from '@atelier/contract/jobs/job';

/**
 * Issue 8: one row per long task of a store (an export, an import, a generation), what the
 * browser shows. pg-boss keeps the queue itself (schema `pgboss`); `queue_job_id` links to it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    /** `<module>.<task>`, also the pg-boss queue name ("identity.data-export"). */
    kind: text('kind').notNull(),
    /** A second start with the same key while one is queued or running returns that one. */
    key: text('key').notNull(),
    status: text('status', {
      enum: ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELED'],
    }).notNull(),
    /** Whole percent, 0 to 100. */
    progress: integer('progress').notNull().default(0),
    message: text('message'),
    counts: jsonb('counts').$type<JobCounts>().notNull().default({}),
    error: text('error'),
    result: jsonb('result').$type<JobResult>(),
    /** Attempts started; each attempt fences its own writes with this number. */
    attempts: integer('attempts').notNull().default(0),
    /** The pg-boss job (a UUID) that runs this row. */
    queueJobId: text('queue_job_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('jobs_active_key')
      .on(table.storeId, table.kind, table.key)
      .where(sql`status IN ('QUEUED', 'RUNNING')`),
    index('jobs_store_idx').on(table.storeId, table.createdAt.desc(), table.id.desc()),
    index('jobs_store_kind_idx').on(
      table.storeId,
      table.kind,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    check('jobs_progress_check', sql`progress BETWEEN 0 AND 100`),
  ],
);
export type JobRow = typeof jobs.$inferSelect;
