import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATA_EXPORT_JOB_KIND, type Job } from '@atelier/contract/jobs/job';
import type { Database, DatabaseConnection } from '@/db/client';
import type { Actor } from '@/lib/actor';
import type { Clock } from '@/lib/clock';
import { createDataExportHandler } from './data-export';
import { createTableExportSource, type ExportSource } from './export-source';
import {
  createJobRunner,
  type JobHandler,
  type JobKindOptions,
  type JobRole,
  type JobRunnerOptions,
} from './job-runner';
import { jobRoutes } from './job.routes';
import { createJobService, type JobEventPublisher } from './job.service';
import { jobs } from './jobs.table';
import { eq } from 'drizzle-orm';

export type { ExportSource, TableExportSpec } from './export-source';
export { createTableExportSource } from './export-source';
export type { JobContext, JobHandler, JobKindOptions, JobRole } from './job-runner';
export { PermanentJobError } from './job-runner';
export type { JobService } from './job.service';
/** Where a job's files (its download) are kept: `<dataDir>/jobs/<job id>/`. */
export { jobFilesDir } from './job.service';

export type JobsModuleDeps = {
  db: Database;
  /** The engine decides how pg-boss connects (PGlite in-process, or its own PostgreSQL pool). */
  connection: DatabaseConnection;
  clock: Clock;
  events: JobEventPublisher;
  /** config.ROLE: `api` processes only queue jobs; `worker` and `all` also run them. */
  role: JobRole;
  /** config.DATA_DIR: job files (exports) are kept under `jobs/<job id>/`. */
  dataDir: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Shown in each export's manifest. */
  appVersion: string;
  /** Tests shorten the polling and supervision intervals. */
  runnerOptions?: JobRunnerOptions;
  /** Retry and timeout settings of the data export (tests shorten the back-off). */
  dataExportOptions?: JobKindOptions;
};

/**
 * Jobs module (issue 8): durable jobs on pg-boss for every module's long work (status, progress,
 * cancel, retries, a job key, resume after a restart), the jobs API and "Export my data".
 * `register` kinds and `addExportSources` before `start()`; `stop()` before closing the database.
 */
export const createJobsModule = ({
  db,
  connection,
  clock,
  events,
  role,
  dataDir,
  log,
  appVersion,
  runnerOptions,
  dataExportOptions,
}: JobsModuleDeps) => {
  const runner = createJobRunner({
    db,
    connection,
    clock,
    events,
    role,
    log,
    ...(runnerOptions ? { options: runnerOptions } : {}),
  });
  const jobService = createJobService({ db, events, clock, queue: runner.queuePort, dataDir });

  const exportSources: ExportSource[] = [
    createTableExportSource(db, {
      table: 'jobs',
      from: jobs,
      columns: {
        id: jobs.id,
        kind: jobs.kind,
        status: jobs.status,
        progress: jobs.progress,
        message: jobs.message,
        counts: jobs.counts,
        error: jobs.error,
        result: jobs.result,
        attempts: jobs.attempts,
        created_at: jobs.createdAt,
        started_at: jobs.startedAt,
        ended_at: jobs.endedAt,
      },
      ofStore: (storeId) => eq(jobs.storeId, storeId),
      keys: [jobs.id],
    }),
  ];
  runner.register(
    DATA_EXPORT_JOB_KIND,
    createDataExportHandler({ sources: () => exportSources, dataDir, clock, appVersion }),
    { retryLimit: 3, retryDelaySeconds: 5, ...dataExportOptions },
  );

  /** "Export my data": one per store at a time (a second start returns the running one). */
  const startDataExport = async (actor: Actor): Promise<Job> =>
    (await jobService.startJob(actor.storeId, DATA_EXPORT_JOB_KIND, { key: 'data-export' })).job;

  const routes: FastifyPluginAsyncZod = jobRoutes(jobService, startDataExport);

  return {
    jobService,
    routes,
    startDataExport,
    /** Registers a job kind and its handler; `jobService.startJob(storeId, kind, …)` queues one. */
    register(kind: string, handler: JobHandler, options?: JobKindOptions) {
      runner.register(kind, handler, options);
    },
    /** Adds tables to "Export my data" (each module's `<module>.export.ts`). */
    addExportSources(...sources: ExportSource[]) {
      const taken = new Set(exportSources.map((source) => source.table));
      for (const source of sources) {
        if (taken.has(source.table)) throw new Error(`Export table ${source.table} is taken.`);
        taken.add(source.table);
        exportSources.push(source);
      }
    },
    start: () => runner.start(),
    stop: () => runner.stop(),
  };
};
export type JobsModule = ReturnType<typeof createJobsModule>;
