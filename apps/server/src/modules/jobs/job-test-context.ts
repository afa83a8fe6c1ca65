import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { JobSchema, type Job } from '@atelier/contract/jobs/job';
import type { DatabaseConnection } from '@/db/client';
import { createEventBus } from '@/events/event-bus';
import { outboxEvents } from '@/events/outbox.table';
import { systemClock } from '@/lib/clock';
import { createTestDatabase } from '@/testing/test-database';
import { createJobsModule, type JobKindOptions, type JobRole, type JobsModule } from './index';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * A jobs module on a fresh test database, built without the app: `build()` makes another module
 * on the same database and folder (a restarted process), `wait` polls a job until it matches.
 */
export const createJobsTestContext = async () => {
  const connection: DatabaseConnection = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-jobs-'));
  const events = createEventBus();
  const modules: JobsModule[] = [];

  const build = ({
    role = 'all',
    dataExportOptions = { retryDelaySeconds: 1 },
  }: { role?: JobRole; dataExportOptions?: JobKindOptions } = {}) => {
    const module = createJobsModule({
      db: connection.db,
      connection,
      clock: systemClock,
      events,
      role,
      dataDir,
      log: quietLog,
      appVersion: '0.0.0-test',
      runnerOptions: { pollingIntervalSeconds: 0.5, cancelCheckMs: 100, stopTimeoutMs: 2000 },
      dataExportOptions,
    });
    modules.push(module);
    return module;
  };

  return {
    connection,
    dataDir,
    build,

    /** Polls the job (any store) until `isDone` holds; throws with the last state after `ms`. */
    async wait(
      module: JobsModule,
      storeId: string,
      jobId: string,
      isDone: (job: Job) => boolean,
      ms = 20_000,
    ) {
      const actor = { storeId } as Parameters<JobsModule['jobService']['getJob']>[0];
      const deadline = Date.now() + ms;
      for (;;) {
        const job = await module.jobService.getJob(actor, jobId);
        if (isDone(job)) return job;
        if (Date.now() > deadline) throw new Error(`Job did not get there: ${JSON.stringify(job)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },

    /** The `jobs.job.updated` payloads of a job, in publishing order. */
    async publishedJobs(jobId: string): Promise<Job[]> {
      const rows = await connection.db
        .select({ payload: outboxEvents.payload })
        .from(outboxEvents)
        .where(and(eq(outboxEvents.type, 'jobs.job.updated'), eq(outboxEvents.aggregateId, jobId)))
        .orderBy(asc(outboxEvents.sequence));
      return rows.map((row) => JobSchema.parse(row.payload));
    },

    async close() {
      for (const module of modules) await module.stop();
      await connection.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
export type JobsTestContext = Awaited<ReturnType<typeof createJobsTestContext>>;

/** A store-scoped caller for the service (only `storeId` matters to the jobs module). */
export const anActorOf = (storeId: string) =>
  ({ storeId }) as Parameters<JobsModule['jobService']['getJob']>[0];
