import path from 'node:path';
import { stat } from 'node:fs/promises';
import type { Job, JobPage, ListJobsQuery } from '@atelier/contract/jobs/job';
import { ListJobsQuerySchema } from '@atelier/contract/jobs/job';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { decodeCursor, encodeCursor } from '@/lib/cursor';
import { newId } from '@/lib/ids';
import { createJobRepository, toJob } from './job.repository';
import type { JobRow } from './jobs.table';

/** What the service asks of the queue (pg-boss), inside the transaction of the row's write. */
export type JobQueuePort = {
  /** Queues a run of the job; returns the queue's id for it. */
  send(tx: Database, kind: string, jobId: string): Promise<string>;
  /** Cancels the queued run; a running handler learns of it through its abort signal. */
  cancel(tx: Database, kind: string, queueJobId: string): Promise<void>;
  /** Aborts the job's handler at once when it runs in this process (after commit). */
  abortLocal(jobId: string): void;
};

export type JobEventPublisher = Pick<EventBus, 'publish'>;

type JobServiceDeps = {
  db: Database;
  events: JobEventPublisher;
  clock: Clock;
  queue: JobQueuePort;
  /** `${DATA_DIR}`: finished jobs keep their files under `jobs/<job id>/`. */
  dataDir: string;
};

/** Folder of a job's files (its download, and the partial files of an attempt). */
export const jobFilesDir = (dataDir: string, jobId: string) => path.join(dataDir, 'jobs', jobId);

/** Every change of a job row is announced with the whole job, in the transaction of the write. */
export const publishJobUpdated = async (events: JobEventPublisher, tx: Database, row: JobRow) => {
  const job = toJob(row);
  await events.publish(tx, 'jobs.job.updated', {
    aggregateId: row.id,
    storeId: row.storeId,
    payload: job,
  });
  return job;
};

const LIST_SORT = 'jobs.created';

const notFound = () =>
  new AppError('not_found', 'No such job in this store.', { reason: 'job_not_found' });

export const createJobService = ({ db, events, clock, queue, dataDir }: JobServiceDeps) => {
  const repository = createJobRepository(db);

  const getRow = async (actor: Actor, id: string) => {
    const row = await repository.findForStore(id, actor.storeId);
    if (!row) throw notFound();
    return row;
  };

  return {
    /**
     * Queues a job of `kind` for the store. Idempotent by `key`: while a job with that key is
     * queued or running, this returns it and queues nothing (a double submit runs once).
     */
    async startJob(
      storeId: string,
      kind: string,
      { key, message = 'Waiting to start' }: { key: string; message?: string },
    ): Promise<{ job: Job; isNew: boolean }> {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const outcome = await db
          .transaction(async (tx) => {
            const jobs = createJobRepository(tx);
            const id = newId('job');
            const queueJobId = await queue.send(tx, kind, id);
            const row = await jobs.insertUnlessActive({
              id,
              storeId,
              kind,
              key,
              queueJobId,
              message,
              now: clock.now(),
            });
            if (row) return { job: await publishJobUpdated(events, tx, row), isNew: true };
            // The queued run has no row: roll it back with the transaction.
            const active = await jobs.findActiveByKey(storeId, kind, key);
            throw new ActiveJobFound(active);
          })
          .catch((error: unknown) => {
            if (error instanceof ActiveJobFound) return error;
            throw error;
          });
        if (!(outcome instanceof ActiveJobFound)) return outcome;
        if (outcome.row) return { job: toJob(outcome.row), isNew: false };
        // It ended between the insert and the read: try again.
      }
      throw new AppError('conflict', 'The job could not be started; try again.', {
        reason: 'job_busy',
      });
    },

    async getJob(actor: Actor, id: string): Promise<Job> {
      return toJob(await getRow(actor, id));
    },

    /** The store's jobs, newest first, optionally of one kind. */
    async listJobs(actor: Actor, query: ListJobsQuery): Promise<JobPage> {
      const { kind, limit, cursor } = ListJobsQuerySchema.parse(query);
      const position = cursor ? decodeCursor(cursor, LIST_SORT) : undefined;
      const after =
        position && typeof position.value === 'string'
          ? { createdAt: new Date(position.value), id: position.id }
          : undefined;
      const rows = await repository.listForStore(actor.storeId, {
        ...(kind ? { kind } : {}),
        limit: limit + 1,
        ...(after ? { after } : {}),
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(toJob),
        nextCursor:
          rows.length > limit && last
            ? encodeCursor({ sort: LIST_SORT, value: last.createdAt.toISOString(), id: last.id })
            : null,
      };
    },

    /**
     * Cancels a queued or running job: the row says CANCELED at once and a running handler is
     * aborted (here at once, in another process within about a second). 409 `job_finished` once
     * it has ended.
     */
    async cancelJob(actor: Actor, id: string): Promise<Job> {
      const existing = await getRow(actor, id);
      const job = await db.transaction(async (tx) => {
        const row = await createJobRepository(tx).cancel(id, actor.storeId, {
          message: 'Canceled',
          now: clock.now(),
        });
        if (!row) return undefined;
        await queue.cancel(tx, row.kind, row.queueJobId);
        return publishJobUpdated(events, tx, row);
      });
      if (!job) {
        throw new AppError('conflict', `This job has already ended (${existing.status}).`, {
          reason: 'job_finished',
        });
      }
      queue.abortLocal(id);
      return job;
    },

    /** The file of a completed job. 404 `job_result_not_ready` before it completes. */
    async getResultFile(
      actor: Actor,
      id: string,
    ): Promise<{ filePath: string; fileName: string; contentType: string; sizeBytes: number }> {
      const row = await getRow(actor, id);
      const fileName = row.result?.fileName;
      if (row.status !== 'COMPLETED' || !fileName) {
        throw new AppError('not_found', 'This job has no file to download yet.', {
          reason: 'job_result_not_ready',
        });
      }
      const filePath = path.join(jobFilesDir(dataDir, row.id), path.basename(fileName));
      const stats = await stat(filePath).catch(() => undefined);
      if (!stats?.isFile()) {
        throw new AppError('not_found', 'The file of this job is no longer kept.', {
          reason: 'job_result_gone',
        });
      }
      return {
        filePath,
        fileName,
        contentType: row.result?.contentType ?? 'application/octet-stream',
        sizeBytes: stats.size,
      };
    },
  };
};
export type JobService = ReturnType<typeof createJobService>;

/** Thrown inside the start transaction to roll back the queued run when the key is taken. */
class ActiveJobFound extends Error {
  constructor(readonly row: JobRow | undefined) {
    super('A job with this key is already queued or running.');
  }
}
