import { ZodError } from 'zod';
import {
  CHANNEL_SYNC_JOB_KIND,
  SALES_CHANNEL_LABELS,
  type SalesChannelName,
} from '@atelier/contract/sales/channel';
import type { Job } from '@atelier/contract/jobs/job';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { JobContext, JobHandler } from '@/modules/jobs';
import type { StartJob } from '../order-import-files';
import type { ChannelSyncState, SalesChannelConnectionRow } from '../sales.table';
import type { StoreOrderDraft } from '../store-order.service';
import type { ChannelRepository } from './channel.repository';
import { ChannelCallError } from './channel-http';
import { ChannelRecordError } from './channel-mapping';
import type { ChannelSyncRepository } from './channel-sync.repository';

/*
 * A channel's sync as a job (issue 11, CHANNEL_SYNC_JOB_KIND, key: the connection id): the
 * channel's syncer reads its shop page by page and writes what changed; after each page the
 * connection keeps where it stands, so a retry or a restart resumes there, and every write is
 * idempotent (orders by external id, products and customers compared first), so nothing is
 * recorded twice. One sync per connection at a time.
 */

/** What a syncer and a webhook job need to write into the store. */
export type ChannelWriteDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  recordOrder: (storeId: string, draft: StoreOrderDraft) => Promise<{ id: string; isNew: boolean }>;
};

/** The counts a sync reports (on the job and in its result). */
export type SyncCounts = Record<string, number>;

export type SyncRun = {
  connection: SalesChannelConnectionRow;
  /** Where the sync stands: a fresh start, or the state the last attempt of this job saved. */
  state: ChannelSyncState;
  signal: AbortSignal;
  /**
   * Keeps the state (resume point and counts) and reports progress (0-100) with a message.
   * Throws once the job is canceled, or when the shop was disconnected meanwhile.
   */
  checkpoint: (state: ChannelSyncState, progress: number, message: string) => Promise<void>;
  /** Notes a record left out (the job's result lists the first ones). */
  skip: (reason: string) => void;
};

/** Reads one channel's shop into the store, resuming from `run.state`. */
export type ChannelSyncer = {
  firstPhase: string;
  sync: (run: SyncRun) => Promise<void>;
};

const MAX_ISSUES = 20;

/** Whether an error is a record that cannot be taken in (as opposed to a failed call). */
export const isRecordError = (error: unknown): error is Error =>
  error instanceof ChannelRecordError ||
  error instanceof ZodError ||
  (error instanceof AppError && error.code === 'bad_request');

/** A short reason for a record left out. */
export const recordErrorMessage = (error: Error) =>
  error instanceof ZodError
    ? `${error.issues[0]?.path.join('.') ?? 'record'}: ${error.issues[0]?.message ?? 'not as documented'}`
    : error.message;

class Disconnected extends Error {}

export const createChannelSync = (deps: {
  repository: ChannelRepository;
  syncRepository: ChannelSyncRepository;
  clock: Clock;
  startJob: StartJob;
  syncers: Partial<Record<SalesChannelName, ChannelSyncer>>;
  log: { warn: (details: object, message: string) => void };
}) => {
  const { repository, syncRepository, clock, syncers } = deps;

  /**
   * Starts the connection's sync job; answers it. 404 `channel_connection_not_found`, 409
   * `channel_not_connected`, `channel_sync_running` (one is queued or running) or
   * `channel_sync_not_available` (a channel without a syncer here).
   */
  const startSync = async (storeId: string, id: string): Promise<Job> => {
    const connection = await repository.findConnection(storeId, id);
    if (!connection) {
      throw new AppError('not_found', 'This store has no such channel connection.', {
        reason: 'channel_connection_not_found',
      });
    }
    if (connection.status === 'DISCONNECTED') {
      throw new AppError(
        'conflict',
        `${connection.shop} is disconnected: connect it again first.`,
        {
          reason: 'channel_not_connected',
        },
      );
    }
    const label = SALES_CHANNEL_LABELS[connection.channel];
    if (!syncers[connection.channel]) {
      throw new AppError('conflict', `${label} shops are not synced this way on this server.`, {
        reason: 'channel_sync_not_available',
      });
    }
    const { job, isNew } = await deps.startJob(storeId, CHANNEL_SYNC_JOB_KIND, {
      key: connection.id,
      message: `Waiting to sync ${connection.shop}`,
    });
    if (!isNew) {
      throw new AppError('conflict', `A sync of ${connection.shop} is already running.`, {
        reason: 'channel_sync_running',
      });
    }
    await syncRepository.startSync(connection.id, job.id, clock.now());
    return job;
  };

  const handler: JobHandler = async (job, context: JobContext) => {
    const connection = await syncRepository.findConnectionById(context.key);
    if (
      !connection ||
      connection.storeId !== context.storeId ||
      connection.status === 'DISCONNECTED'
    ) {
      await context.reportProgress(100, 'The shop was disconnected: nothing synced.');
      return { disconnected: true };
    }
    const syncer = syncers[connection.channel];
    if (!syncer) throw new Error(`No syncer for ${connection.channel}.`);
    const saved = connection.syncState;
    const state: ChannelSyncState =
      saved && saved.jobId === job.id
        ? saved
        : { jobId: job.id, phase: syncer.firstPhase, counts: {} };
    const issues: string[] = [];
    let skipped = 0;
    try {
      await syncer.sync({
        connection,
        state,
        signal: context.signal,
        skip: (reason) => {
          skipped += 1;
          if (issues.length < MAX_ISSUES) issues.push(reason);
        },
        async checkpoint(next, progress, message) {
          const current = await syncRepository.findConnectionById(connection.id);
          if (!current || current.status === 'DISCONNECTED') throw new Disconnected();
          await syncRepository.saveSyncState(connection.id, next);
          await context.reportProgress(Math.min(99, Math.max(0, Math.floor(progress))), message, {
            ...next.counts,
            ...(skipped > 0 ? { skipped } : {}),
          });
        },
      });
    } catch (error) {
      if (error instanceof Disconnected) {
        await context.reportProgress(100, 'Stopped: the shop was disconnected.');
        return { disconnected: true };
      }
      if (error instanceof ChannelCallError) {
        await repository.recordError(connection, error.message.slice(0, 1_000), clock.now());
        deps.log.warn({ connectionId: connection.id, kind: error.kind }, error.message);
      }
      throw error;
    }
    await syncRepository.completeSync(connection.id, clock.now());
    const counts = { ...state.counts, ...(skipped > 0 ? { skipped } : {}) };
    await context.reportProgress(100, `Synced ${connection.shop}`, counts);
    return { ...counts, issues };
  };

  return { startSync, handler };
};
export type ChannelSync = ReturnType<typeof createChannelSync>;
