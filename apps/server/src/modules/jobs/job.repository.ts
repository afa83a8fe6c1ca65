import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Job, JobCounts, JobResult, JobStatus } from '@atelier/contract/jobs/job';
import type { Database } from '@/db/client';
import { descNullsLast } from '@/lib/sql';
import { jobs, type JobRow } from './jobs.table';

type NewJob = Pick<JobRow, 'id' | 'storeId' | 'kind' | 'key' | 'queueJobId'> & {
  message: string | null;
  now: Date;
};

const ACTIVE: JobStatus[] = ['QUEUED', 'RUNNING'];
const isActive = inArray(jobs.status, ACTIVE);

/** The row of one attempt: writes by an attempt that was canceled or superseded change nothing. */
const ofAttempt = (id: string, attempt: number) =>
  and(eq(jobs.id, id), eq(jobs.status, 'RUNNING'), eq(jobs.attempts, attempt));

export const toJob = (row: JobRow): Job => ({
  id: row.id,
  storeId: row.storeId,
  kind: row.kind,
  status: row.status,
  progress: row.progress,
  message: row.message,
  counts: row.counts,
  error: row.error,
  result: row.result,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  startedAt: row.startedAt?.toISOString() ?? null,
  endedAt: row.endedAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

/** The only code that queries `jobs`. Store-facing reads are scoped to one store. */
export const createJobRepository = (db: Database) => ({
  /** Inserts a QUEUED job; undefined when one with the same key is still queued or running. */
  async insertUnlessActive(values: NewJob): Promise<JobRow | undefined> {
    const { now, ...rest } = values;
    const [row] = await db
      .insert(jobs)
      .values({ ...rest, status: 'QUEUED', createdAt: now, updatedAt: now })
      .onConflictDoNothing({
        target: [jobs.storeId, jobs.kind, jobs.key],
        where: sql`status IN ('QUEUED', 'RUNNING')`,
      })
      .returning();
    return row;
  },

  async findActiveByKey(storeId: string, kind: string, key: string): Promise<JobRow | undefined> {
    const [row] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.storeId, storeId), eq(jobs.kind, kind), eq(jobs.key, key), isActive))
      .limit(1);
    return row;
  },

  async findForStore(id: string, storeId: string): Promise<JobRow | undefined> {
    const [row] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.storeId, storeId)))
      .limit(1);
    return row;
  },

  /** Any store's job (the worker, which has no caller). */
  async findById(id: string): Promise<JobRow | undefined> {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
    return row;
  },

  /** The status and attempt of a job, read often while it runs (one primary-key lookup). */
  async findState(id: string): Promise<Pick<JobRow, 'status' | 'attempts'> | undefined> {
    const [row] = await db
      .select({ status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(eq(jobs.id, id))
      .limit(1);
    return row;
  },

  /** A page of the store's jobs, newest first, after the keyset position `after`. */
  async listForStore(
    storeId: string,
    {
      kind,
      limit,
      after,
    }: { kind?: string; limit: number; after?: { createdAt: Date; id: string } },
  ): Promise<JobRow[]> {
    return db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.storeId, storeId),
          kind ? eq(jobs.kind, kind) : undefined,
          after
            ? or(
                lt(jobs.createdAt, after.createdAt),
                and(eq(jobs.createdAt, after.createdAt), lt(jobs.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(descNullsLast(jobs.createdAt), descNullsLast(jobs.id))
      .limit(limit);
  },

  /** Starts the next attempt of a queued or running job; undefined once it has ended. */
  async startAttempt(id: string, now: Date, message: string): Promise<JobRow | undefined> {
    const [row] = await db
      .update(jobs)
      .set({
        status: 'RUNNING',
        attempts: sql`${jobs.attempts} + 1`,
        startedAt: sql`coalesce(${jobs.startedAt}, ${now.toISOString()}::timestamptz)`,
        message,
        updatedAt: now,
      })
      .where(and(eq(jobs.id, id), isActive))
      .returning();
    return row;
  },

  /** Progress of a running attempt; undefined when the attempt no longer owns the job. */
  async updateProgress(
    id: string,
    attempt: number,
    changes: { progress: number; message: string | null; counts?: JobCounts; now: Date },
  ): Promise<JobRow | undefined> {
    const { now, counts, ...rest } = changes;
    const [row] = await db
      .update(jobs)
      .set({ ...rest, ...(counts ? { counts } : {}), updatedAt: now })
      .where(ofAttempt(id, attempt))
      .returning();
    return row;
  },

  async complete(
    id: string,
    attempt: number,
    changes: { result: JobResult | null; message: string; now: Date },
  ): Promise<JobRow | undefined> {
    const [row] = await db
      .update(jobs)
      .set({
        status: 'COMPLETED',
        progress: 100,
        result: changes.result,
        message: changes.message,
        error: null,
        endedAt: changes.now,
        updatedAt: changes.now,
      })
      .where(ofAttempt(id, attempt))
      .returning();
    return row;
  },

  /**
   * Ends an attempt that will be tried again: the job waits QUEUED with the error and a message.
   * Undefined when the attempt no longer owns the job.
   */
  async requeue(
    id: string,
    attempt: number,
    changes: { message: string; error: string | null; now: Date },
  ): Promise<JobRow | undefined> {
    const [row] = await db
      .update(jobs)
      .set({ status: 'QUEUED', ...pick(changes), updatedAt: changes.now })
      .where(ofAttempt(id, attempt))
      .returning();
    return row;
  },

  /** Fails a job for good; `attempt` undefined fails it whatever attempt holds it (dead letter). */
  async fail(
    id: string,
    attempt: number | undefined,
    changes: { message: string; error: string; now: Date },
  ): Promise<JobRow | undefined> {
    const [row] = await db
      .update(jobs)
      .set({ status: 'FAILED', ...pick(changes), endedAt: changes.now, updatedAt: changes.now })
      .where(attempt === undefined ? and(eq(jobs.id, id), isActive) : ofAttempt(id, attempt))
      .returning();
    return row;
  },

  /** Cancels a queued or running job of the store; undefined when it has already ended. */
  async cancel(
    id: string,
    storeId: string,
    changes: { message: string; now: Date },
  ): Promise<JobRow | undefined> {
    const [row] = await db
      .update(jobs)
      .set({
        status: 'CANCELED',
        message: changes.message,
        endedAt: changes.now,
        updatedAt: changes.now,
      })
      .where(and(eq(jobs.id, id), eq(jobs.storeId, storeId), isActive))
      .returning();
    return row;
  },

  /** Jobs of these kinds an attempt was running (recovery after a restart of the only process). */
  async listRunning(
    kinds: readonly string[],
  ): Promise<Pick<JobRow, 'id' | 'kind' | 'queueJobId'>[]> {
    if (kinds.length === 0) return [];
    return db
      .select({ id: jobs.id, kind: jobs.kind, queueJobId: jobs.queueJobId })
      .from(jobs)
      .where(and(eq(jobs.status, 'RUNNING'), inArray(jobs.kind, [...kinds])))
      .limit(1000);
  },
});
export type JobRepository = ReturnType<typeof createJobRepository>;

const pick = ({ message, error }: { message: string; error: string | null }) => ({
  message,
  error,
});
