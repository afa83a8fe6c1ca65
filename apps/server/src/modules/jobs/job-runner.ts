import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  fromDrizzle,
  type DrizzleTransactionLike,
  type JobWithMetadata,
  type PgBoss,
} from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Job, JobCounts, JobResult } from '@atelier/contract/jobs/job';
import type { Database, DatabaseConnection } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { createJobQueue } from './job-queue';
import { createJobRepository, toJob } from './job.repository';
import { publishJobUpdated, type JobEventPublisher, type JobQueuePort } from './job.service';

/** What a handler gets besides the job: where to report and when to stop. */
export type JobContext = {
  storeId: string;
  /** The key the job was started with (`startJob`): what it works on, e.g. an uploaded file's id. */
  key: string;
  /** 1 for the first run; a retry or a resume after a restart adds one. */
  attempt: number;
  /**
   * Aborted when the job is canceled, when this attempt lost the job (a newer attempt took it
   * over) or when the process shuts down: stop, clean up, and throw (`signal.throwIfAborted()`).
   */
  signal: AbortSignal;
  /**
   * Records progress (whole percent 0-100), a message and counts. Writes when the whole percent
   * changes, otherwise at most every PROGRESS_INTERVAL_MS. Throws the abort reason once aborted.
   */
  reportProgress: (progress: number, message: string | null, counts?: JobCounts) => Promise<void>;
};

/** Runs one job; what it resolves with is kept as the job's result. It must be idempotent. */
export type JobHandler = (job: Job, context: JobContext) => Promise<JobResult | null | void>;

export type JobKindOptions = {
  /** Retries after a failed attempt (exponential back-off from `retryDelaySeconds`). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** An attempt running longer than this fails (and is retried). */
  expireInSeconds?: number;
  /**
   * A running attempt whose process stops sending heartbeats this long is failed and retried by
   * another worker (a crashed or killed process). At least 10.
   */
  heartbeatSeconds?: number;
};

export type JobRunnerOptions = {
  /** How often an idle worker asks for new jobs (notifications wake it sooner), in seconds. */
  pollingIntervalSeconds?: number;
  /** How often a running job's row is read to notice a cancel from another process, in ms. */
  cancelCheckMs?: number;
  superviseIntervalSeconds?: number;
  /** How long `stop()` waits for aborted handlers to finish, in ms. */
  stopTimeoutMs?: number;
};

export type JobRole = 'all' | 'api' | 'worker';

const PROGRESS_INTERVAL_MS = 250;
/** Failed pg-boss jobs of every kind land here, so a job whose worker died still ends FAILED. */
export const DEAD_LETTER_QUEUE = 'jobs.dead-letter';
const DEFAULT_KIND_OPTIONS: Required<JobKindOptions> = {
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 3600,
  heartbeatSeconds: 30,
};

/**
 * Thrown by a handler for a failure no retry can mend (a revoked access token): the job fails at
 * once with this message instead of being tried again.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Why a handler was aborted. */
type AbortReason = 'canceled' | 'superseded' | 'shutdown';
class JobAbortedError extends Error {
  constructor(readonly reason: AbortReason) {
    super(
      reason === 'shutdown'
        ? 'The job was interrupted by a shutdown; it resumes when a worker starts.'
        : reason === 'canceled'
          ? 'The job was canceled.'
          : 'Another attempt took this job over.',
    );
    this.name = 'AbortError';
  }
}

/** pg-boss statements inside one of our Drizzle transactions (its adapter's types are looser). */
const inTransaction = (tx: Database) => fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2000);

type QueueData = { jobId: string };

type RunnerDeps = {
  db: Database;
  connection: DatabaseConnection;
  clock: Clock;
  events: JobEventPublisher;
  role: JobRole;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  options?: JobRunnerOptions;
};

/**
 * The worker side of jobs (issue 8) on pg-boss: one queue per job kind, attempts tracked on the
 * `jobs` row, progress, cancel, retries with back-off, and resuming after a restart. `api`
 * processes only queue jobs; `worker` and `all` processes also run them.
 */
export const createJobRunner = ({
  db,
  connection,
  clock,
  events,
  role,
  log,
  options = {},
}: RunnerDeps) => {
  const {
    pollingIntervalSeconds = 2,
    cancelCheckMs = 1000,
    superviseIntervalSeconds,
    stopTimeoutMs = 10_000,
  } = options;
  const isWorker = role !== 'api';
  const repository = createJobRepository(db);
  const handlers = new Map<string, { handler: JobHandler; options: Required<JobKindOptions> }>();
  const running = new Map<string, AbortController>();
  let boss: PgBoss | undefined;
  let isStopping = false;

  const requireBoss = () => {
    if (!boss) throw new Error('The jobs module has not been started.');
    return boss;
  };

  /** Writes through `change` and announces the row, in one transaction. */
  const write = (change: (jobs: ReturnType<typeof createJobRepository>) => Promise<unknown>) =>
    db.transaction(async (tx) => {
      const row = (await change(createJobRepository(tx))) as
        Parameters<typeof toJob>[0] | undefined;
      if (row) await publishJobUpdated(events, tx, row);
      return row;
    });

  const contextFor = (
    jobId: string,
    { storeId, key }: { storeId: string; key: string },
    attempt: number,
    controller: AbortController,
    signal: AbortSignal,
  ): JobContext => {
    let lastPercent = -1;
    let lastWriteAt = 0;
    return {
      storeId,
      key,
      attempt,
      signal,
      async reportProgress(progress, message, counts) {
        signal.throwIfAborted();
        const percent = Math.max(0, Math.min(100, Math.floor(progress)));
        const now = performance.now();
        if (percent === lastPercent && now - lastWriteAt < PROGRESS_INTERVAL_MS) return;
        lastPercent = percent;
        lastWriteAt = now;
        const row = await write((jobs) =>
          jobs.updateProgress(jobId, attempt, {
            progress: percent,
            message,
            ...(counts ? { counts } : {}),
            now: clock.now(),
          }),
        );
        if (!row) await abortIfLost(jobId, attempt, controller);
        signal.throwIfAborted();
      },
    };
  };

  /** Aborts the attempt when the row says it was canceled or taken over by another attempt. */
  const abortIfLost = async (jobId: string, attempt: number, controller: AbortController) => {
    const state = await repository.findState(jobId);
    if (!state || state.status === 'CANCELED') {
      controller.abort(new JobAbortedError('canceled'));
    } else if (state.status !== 'RUNNING' || state.attempts !== attempt) {
      controller.abort(new JobAbortedError('superseded'));
    }
  };

  const runAttempt = async (
    kind: string,
    queueJob: JobWithMetadata<QueueData>,
  ): Promise<JobResult | null> => {
    const registered = handlers.get(kind);
    if (!registered) throw new Error(`No handler for job kind ${kind}.`);
    const { jobId } = queueJob.data;
    const row = await write((jobs) => jobs.startAttempt(jobId, clock.now(), 'Running'));
    // Canceled or already ended (a redelivery after it completed): nothing to run again.
    if (!row) return null;
    const attempt = row.attempts;
    const controller = new AbortController();
    running.set(jobId, controller);
    const signal = AbortSignal.any([controller.signal, queueJob.signal]);
    const watcher = setInterval(() => {
      abortIfLost(jobId, attempt, controller).catch((error: unknown) =>
        log.warn({ err: error, jobId }, 'job cancel check failed'),
      );
    }, cancelCheckMs);
    try {
      const result =
        (await registered.handler(
          toJob(row),
          contextFor(jobId, row, attempt, controller, signal),
        )) ?? null;
      signal.throwIfAborted();
      await write((jobs) =>
        jobs.complete(jobId, attempt, { result, message: 'Done', now: clock.now() }),
      );
      return result;
    } catch (error) {
      const reason = controller.signal.aborted
        ? (controller.signal.reason as JobAbortedError).reason
        : isStopping || queueJob.signal.aborted
          ? 'shutdown'
          : undefined;
      // The row already says canceled, or belongs to a newer attempt.
      if (reason === 'canceled' || reason === 'superseded') return null;
      const isPermanent = !reason && error instanceof PermanentJobError;
      const isLastAttempt =
        isPermanent || (reason !== 'shutdown' && queueJob.retryCount >= queueJob.retryLimit);
      const now = clock.now();
      await write((jobs) =>
        isLastAttempt
          ? jobs.fail(jobId, attempt, { message: 'Failed', error: messageOf(error), now })
          : jobs.requeue(jobId, attempt, {
              message:
                reason === 'shutdown'
                  ? 'Interrupted by a restart; it resumes shortly'
                  : `Attempt ${attempt} failed; retrying`,
              error: reason === 'shutdown' ? null : messageOf(error),
              now,
            }),
      );
      if (!reason) log.warn({ err: error, jobId, kind, attempt }, 'job attempt failed');
      // The row says FAILED already; pg-boss must not run it again.
      if (isPermanent) return null;
      throw error;
    } finally {
      clearInterval(watcher);
      running.delete(jobId);
    }
  };

  /** pg-boss gave a job up (retries spent, or its worker died on the last one). */
  const onDeadLetter = async (queueJob: JobWithMetadata<QueueData>) => {
    const output = queueJob.sourceOutput as { message?: string } | null;
    await write((jobs) =>
      jobs.fail(queueJob.data.jobId, undefined, {
        message: 'Failed',
        error: output?.message ?? 'The job stopped responding.',
        now: clock.now(),
      }),
    );
  };

  /**
   * With PGlite only this process can hold the database, so a job left RUNNING was running here
   * before a restart: hand it back to the queue now instead of waiting for its heartbeat to lapse.
   */
  const resumeOrphans = async (queue: PgBoss) => {
    for (const orphan of await repository.listRunning([...handlers.keys()])) {
      const [queueJob] = await queue.findJobs(orphan.kind, { id: orphan.queueJobId });
      if (queueJob?.state === 'active') {
        await queue.fail(orphan.kind, orphan.queueJobId, { message: 'The process restarted.' });
      }
    }
  };

  const queuePort: JobQueuePort = {
    async send(tx, kind, jobId) {
      if (!handlers.has(kind)) throw new Error(`No job kind ${kind} is registered.`);
      const id = await requireBoss().send(kind, { jobId } satisfies QueueData, {
        db: inTransaction(tx),
      });
      if (!id) throw new Error(`The ${kind} job was not queued.`);
      return id;
    },
    async cancel(tx, kind, queueJobId) {
      await requireBoss().cancel(kind, queueJobId, { db: inTransaction(tx) });
    },
    abortLocal(jobId) {
      running.get(jobId)?.abort(new JobAbortedError('canceled'));
    },
  };

  return {
    queuePort,

    /** Registers a job kind and its handler (before `start`). */
    register(kind: string, handler: JobHandler, kindOptions: JobKindOptions = {}) {
      if (handlers.has(kind)) throw new Error(`Job kind ${kind} is already registered.`);
      handlers.set(kind, { handler, options: { ...DEFAULT_KIND_OPTIONS, ...kindOptions } });
    },

    /** Starts pg-boss: creates the queues and, in worker processes, works them. */
    async start() {
      if (boss) return;
      isStopping = false;
      const queue = createJobQueue(connection, {
        isWorker,
        ...(superviseIntervalSeconds ? { superviseIntervalSeconds } : {}),
      });
      queue.on('error', (error) => log.error({ err: error }, 'job queue error'));
      queue.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
      await queue.start();
      boss = queue;
      await queue.createQueue(DEAD_LETTER_QUEUE, { retryLimit: 5, retryBackoff: true });
      for (const [kind, { options: kindOptions }] of handlers) {
        await queue.createQueue(kind, {
          retryLimit: kindOptions.retryLimit,
          retryDelay: kindOptions.retryDelaySeconds,
          retryBackoff: true,
          retryDelayMax: 300,
          expireInSeconds: kindOptions.expireInSeconds,
          heartbeatSeconds: kindOptions.heartbeatSeconds,
          deadLetter: DEAD_LETTER_QUEUE,
          notify: true,
        });
        // pg-boss looks a queue up on first use through its own connection; inside a PGlite
        // transaction (send, cancel) that would wait on the transaction itself.
        await queue.findJobs(kind, { id: randomUUID() });
      }
      if (!isWorker) return;
      if (connection.engine === 'pglite') await resumeOrphans(queue);
      // New jobs wake the worker through NOTIFY; retries falling due after their back-off don't,
      // so polling stays as frequent with NOTIFY as without. pg-boss waits the polling interval
      // after every job, even with more queued (1,000 labels took 0.5 per second): with a backlog
      // (the queue's ready count, refreshed by the monitor, see createJobQueue) the worker takes
      // the next job at once until a fetch comes back empty.
      const workOptions = {
        pollingIntervalSeconds,
        notifyPollingIntervalSeconds: pollingIntervalSeconds,
        burstWhenReadyExceeds: 1,
        includeMetadata: true,
        batchSize: 1,
      } as const;
      for (const kind of handlers.keys()) {
        await queue.work<QueueData, unknown, typeof workOptions>(
          kind,
          workOptions,
          async ([queueJob]) => (queueJob ? runAttempt(kind, queueJob) : null),
        );
      }
      await queue.work<QueueData, unknown, typeof workOptions>(
        DEAD_LETTER_QUEUE,
        workOptions,
        async ([queueJob]) => {
          if (queueJob) await onDeadLetter(queueJob);
        },
      );
    },

    /**
     * Stops: running handlers are aborted (their jobs go back to the queue and resume on the next
     * start), then pg-boss stops.
     */
    async stop() {
      const queue = boss;
      if (!queue) return;
      isStopping = true;
      for (const controller of running.values()) controller.abort(new JobAbortedError('shutdown'));
      await queue.stop({ graceful: true, timeout: stopTimeoutMs });
      boss = undefined;
    },
  };
};
export type JobRunner = ReturnType<typeof createJobRunner>;
