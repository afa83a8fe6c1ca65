import { and, eq, ne } from 'drizzle-orm';
import type { SalesChannelName } from '@atelier/contract/sales/channel';
import type { Database } from '@/db/client';
import {
  salesChannelConnections,
  salesChannelWebhookReceipts,
  type ChannelSyncState,
} from '../sales.table';

/**
 * What the WooCommerce and Wix connectors read and write beyond channel.repository.ts (issue 11):
 * connections by id for webhooks, the sync job and where it stands, receipts by id.
 */
export const createChannelSyncRepository = (db: Database) => ({
  /** A connection by id, whatever its store: a webhook's address names it. */
  async findConnectionById(id: string) {
    const [row] = await db
      .select()
      .from(salesChannelConnections)
      .where(eq(salesChannelConnections.id, id));
    return row;
  },

  /** The store's connection to a shop of a channel (connected or not). */
  async findConnectionOfShop(storeId: string, channel: SalesChannelName, shop: string) {
    const [row] = await db
      .select()
      .from(salesChannelConnections)
      .where(
        and(
          eq(salesChannelConnections.storeId, storeId),
          eq(salesChannelConnections.channel, channel),
          eq(salesChannelConnections.shop, shop),
        ),
      );
    return row;
  },

  /** The connection's sync job is `jobId` from now (its state starts over). */
  async startSync(id: string, jobId: string, now: Date) {
    await db
      .update(salesChannelConnections)
      .set({ syncJobId: jobId, syncState: null, updatedAt: now })
      .where(eq(salesChannelConnections.id, id));
  },

  async saveSyncState(id: string, state: ChannelSyncState) {
    await db
      .update(salesChannelConnections)
      .set({ syncState: state })
      .where(eq(salesChannelConnections.id, id));
  },

  /** A sync ended well: last sync now, an earlier error cleared, the state dropped. */
  async completeSync(id: string, now: Date) {
    await db
      .update(salesChannelConnections)
      .set({
        lastSyncAt: now,
        lastError: null,
        status: 'CONNECTED',
        syncState: null,
        updatedAt: now,
      })
      .where(
        and(eq(salesChannelConnections.id, id), ne(salesChannelConnections.status, 'DISCONNECTED')),
      );
  },

  /** Replaces the sealed credentials (a Woo shop's webhook ids changed). */
  async saveToken(id: string, token: { ciphertext: string; iv: string; tag: string }, now: Date) {
    await db
      .update(salesChannelConnections)
      .set({
        tokenCiphertext: token.ciphertext,
        tokenIv: token.iv,
        tokenTag: token.tag,
        updatedAt: now,
      })
      .where(eq(salesChannelConnections.id, id));
  },

  async findReceiptById(id: string) {
    const [row] = await db
      .select()
      .from(salesChannelWebhookReceipts)
      .where(eq(salesChannelWebhookReceipts.id, id));
    return row;
  },
});
export type ChannelSyncRepository = ReturnType<typeof createChannelSyncRepository>;
