import { createReadStream, statSync } from 'node:fs';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { buildApp } from '@/app';
import { openDatabase } from '@/db/open';
import { jobs } from '@/modules/jobs/jobs.table';
import { DEMO_ORDER_HISTORY_JOB_KIND } from '@/modules/sales';
import {
  DEMO_ORDER_HISTORY_CHANNEL,
  DEMO_ORDER_HISTORY_FILE,
} from '@/modules/sales/demo-order-history';
import { importOrderLines } from '@/modules/sales/order-import';
import { benchConfig } from './bench-database';
import { failureOf } from './bench-child';
import { startRssSampler, type RssReading } from './rss-sampler';

/**
 * The import of `npm run bench:import`, in a process of its own (forked by the benchmark), so
 * that its RSS is the import's. It opens the database (migrations applied), builds the app as
 * `npm start` does (job runner included), reads the RSS, then imports the UCI file into the
 * store and reports time, memory and what was imported over IPC.
 *
 * - `job`: through the job that imports the demo store's history (`sales.demo-order-history`,
 *   queued with the jobs service and run by the app's job runner: progress writes included).
 *   That job is `importOrderLines` on the same file, VALID_ROWS, brotli.
 * - `direct`: `importOrderLines` called as the job calls it, without the job runner around it.
 */

export type ImportRunCommand = {
  type: 'run';
  dataDir: string;
  databaseUrl: string | undefined;
  storeId: string;
  via: 'job' | 'direct';
};

export type ImportRunResult = {
  type: 'result';
  via: 'job' | 'direct';
  /** From queueing the job (or calling the import) until it ended. */
  seconds: number;
  /** The job's own run (its row's started_at → ended_at); null for `direct`. */
  runSeconds: number | null;
  /** Until the first batch was written (the check pass reads the whole file first). */
  checkSeconds: number | null;
  rss: RssReading;
  status: string;
  error: string | null;
  orders: number;
  alreadyThere: number;
  refunds: number;
  unmatchedRefunds: number | null;
  issues: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the job handler logs when it is done ("demo order history imported"). */
type ImportedLog = { msg?: string; orders?: number; alreadyThere?: number; refunds?: number };

const run = async (command: ImportRunCommand): Promise<ImportRunResult> => {
  const config = benchConfig(command, 'info');
  const connection = await openDatabase(config);
  // The app's log, read for the job's closing line (its report); nothing printed.
  const logged: (ImportedLog & { issues?: number })[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (line.includes('"demo order history imported"')) {
          logged.push(JSON.parse(line) as ImportedLog & { issues?: number });
        }
      }
      done();
    },
  });
  const { app, ...modules } = await buildApp({
    config,
    connection,
    logger: { level: 'info', stream: logStream },
  });
  try {
    await app.ready();
    const sampler = startRssSampler('checking the rows');
    const startedAt = Date.now();
    if (command.via === 'direct') {
      let checkSeconds: number | null = null;
      const report = await importOrderLines({
        db: connection.db,
        events: modules.events,
        storeId: command.storeId,
        channel: DEMO_ORDER_HISTORY_CHANNEL,
        mode: 'VALID_ROWS',
        listCountries: () => modules.reference.repository.listCountries(),
        open: () => createReadStream(DEMO_ORDER_HISTORY_FILE),
        compression: 'brotli',
        sizeBytes: statSync(DEMO_ORDER_HISTORY_FILE).size,
        onProgress: (_progress, message) => {
          if (message === 'Importing orders' && checkSeconds === null) {
            checkSeconds = (Date.now() - startedAt) / 1000;
            sampler.phase('writing');
          }
        },
      });
      const seconds = (Date.now() - startedAt) / 1000;
      return {
        type: 'result',
        via: 'direct',
        seconds,
        runSeconds: null,
        checkSeconds,
        rss: sampler.stop(),
        status: 'COMPLETED',
        error: null,
        orders: report.orders,
        alreadyThere: report.skippedOrders,
        refunds: report.refunds,
        unmatchedRefunds: report.unmatchedRefunds,
        issues: report.issueCount,
      };
    }

    const { job } = await modules.jobs.jobService.startJob(
      command.storeId,
      DEMO_ORDER_HISTORY_JOB_KIND,
      { key: 'bench-import' },
    );
    // The row is read every 250 ms (on PGlite a read waits for the batch being written).
    let checkSeconds: number | null = null;
    for (;;) {
      const [row] = await connection.db
        .select({
          status: jobs.status,
          message: jobs.message,
          error: jobs.error,
          startedAt: jobs.startedAt,
          endedAt: jobs.endedAt,
        })
        .from(jobs)
        .where(eq(jobs.id, job.id));
      if (!row) throw new Error(`job ${job.id} vanished`);
      if (checkSeconds === null && row.message === 'Importing orders') {
        checkSeconds = (Date.now() - startedAt) / 1000;
        sampler.phase('writing');
      }
      if (row.status !== 'QUEUED' && row.status !== 'RUNNING') {
        const rss = sampler.stop();
        const endedAt = row.endedAt?.getTime() ?? Date.now();
        // The handler logs its report just before it returns.
        for (let wait = 0; logged.length === 0 && wait < 20; wait += 1) await sleep(50);
        const report = logged[0] ?? {};
        return {
          type: 'result',
          via: 'job',
          seconds: (endedAt - startedAt) / 1000,
          runSeconds: row.startedAt ? (endedAt - row.startedAt.getTime()) / 1000 : null,
          checkSeconds,
          rss,
          status: row.status,
          error: row.error,
          orders: report.orders ?? 0,
          alreadyThere: report.alreadyThere ?? 0,
          refunds: report.refunds ?? 0,
          unmatchedRefunds: null,
          issues: report.issues ?? 0,
        };
      }
      await sleep(250);
    }
  } finally {
    await app.close();
    await connection.close();
  }
};

process.once('message', (command: ImportRunCommand) => {
  run(command).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) =>
      process.send?.({ type: 'failed', message: failureOf(error) }, () => process.exit(1)),
  );
});
