import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  salesChannelConnections,
  salesChannelSyncs,
  type SalesChannelSyncRow,
} from '../sales.table';

export type SyncStep = 'webhooks' | 'products' | 'customers' | 'orders' | 'done';

/** Sync jobs' checkpoints (issue 11), and the connection's outcome of a sync. */
export const createChannelSyncRepository = (db: Database) => ({
  /** The job's checkpoint, created at its first step when new. */
  async open(values: {
    id: string;
    storeId: string;
    connectionId: string;
    tallies: Record<string, unknown>;
    now: Date;
  }): Promise<SalesChannelSyncRow> {
    await db
      .insert(salesChannelSyncs)
      .values({ ...values, step: 'webhooks', createdAt: values.now, updatedAt: values.now })
      .onConflictDoNothing();
    const [row] = await db
      .select()
      .from(salesChannelSyncs)
      .where(eq(salesChannelSyncs.id, values.id));
    return row!;
  },

  async save(
    id: string,
    values: {
      step: SyncStep;
      operationId: string | null;
      linesDone: number;
      tallies: Record<string, unknown>;
      now: Date;
    },
  ) {
    const { now, ...rest } = values;
    await db
      .update(salesChannelSyncs)
      .set({ ...rest, updatedAt: now })
      .where(eq(salesChannelSyncs.id, id));
  },

  /** The shop's data reached the store: last sync now, and an earlier error is over. */
  async markSynced(connectionId: string, now: Date) {
    await db
      .update(salesChannelConnections)
      .set({ lastSyncAt: now, lastError: null, status: 'CONNECTED', updatedAt: now })
      .where(
        and(
          eq(salesChannelConnections.id, connectionId),
          ne(salesChannelConnections.status, 'DISCONNECTED'),
        ),
      );
  },
});
export type ChannelSyncRepository = ReturnType<typeof createChannelSyncRepository>;
