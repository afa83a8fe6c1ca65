import { PgBoss, fromPglite, type ConstructorOptions } from 'pg-boss';
import type { DatabaseConnection } from '@/db/client';

/** The PostgreSQL schema pg-boss keeps its queues in (installed with the migrations). */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/** How often a queue's backlog is counted and read again, in seconds. */
const BACKLOG_CHECK_SECONDS = 10;

/** pg-boss's database access on each engine: PGlite in-process, or its own small pool. */
const connectionOptions = (connection: DatabaseConnection): ConstructorOptions => {
  if (connection.engine === 'pglite') {
    if (!connection.pglite) throw new Error('A PGlite connection without its PGlite instance.');
    return { db: fromPglite(connection.pglite), backend: 'pglite' };
  }
  const connectionString = connection.pool?.options.connectionString;
  if (!connectionString) throw new Error('pg-boss needs the PostgreSQL connection string.');
  // Its own pool: LISTEN/NOTIFY and transactional workers need pinned sessions.
  return { connectionString, max: 4, options: '-c jit=off', application_name: 'atelier-jobs' };
};

/**
 * A pg-boss instance on the app's database that never installs or migrates its schema (the
 * migrations do, see `installJobQueueSchema`). `isWorker` turns on supervision: expiring jobs
 * whose worker died, retries and clean-up run only in worker processes.
 */
export const createJobQueue = (
  connection: DatabaseConnection,
  { isWorker, superviseIntervalSeconds }: { isWorker: boolean; superviseIntervalSeconds?: number },
): PgBoss =>
  new PgBoss({
    ...connectionOptions(connection),
    schema: JOB_QUEUE_SCHEMA,
    migrate: false,
    supervise: isWorker,
    schedule: false,
    useListenNotify: true,
    // The queues' ready counts (what `burstWhenReadyExceeds` reads, see job-runner.ts) are counted
    // and cached every 10 s instead of every minute: a backlog is worked through without pauses
    // 10–20 s after it builds up. One small query per interval.
    monitorIntervalSeconds: BACKLOG_CHECK_SECONDS,
    queueCacheIntervalSeconds: BACKLOG_CHECK_SECONDS,
    ...(superviseIntervalSeconds ? { superviseIntervalSeconds } : {}),
  });

/**
 * Installs or migrates pg-boss's schema (idempotent; safe from several processes at once). Part
 * of `applyMigrations`, so a migrated database (and the test template) already has it.
 */
export const installJobQueueSchema = async (connection: DatabaseConnection): Promise<void> => {
  const boss = new PgBoss({
    ...connectionOptions(connection),
    schema: JOB_QUEUE_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  let failure: unknown;
  boss.on('error', (error) => {
    failure = error;
  });
  await boss.start();
  await boss.stop({ graceful: false });
  if (failure) throw failure instanceof Error ? failure : new Error(JSON.stringify(failure));
};
