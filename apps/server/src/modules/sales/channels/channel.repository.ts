import { and, desc, eq, isNull, lt, ne } from 'drizzle-orm';
import type { SalesChannelName } from '@atelier/contract/sales/channel';
import type { Database } from '@/db/client';
import {
  salesChannelConnections,
  salesChannelOauthStates,
  salesChannelWebhookReceipts,
  type SalesChannelConnectionRow,
  type SalesChannelWebhookReceiptRow,
} from '../sales.table';
import type { SealedToken } from './token-cipher';

/** Channel connections, install states and webhook receipts (issue 11). */
export const createChannelRepository = (db: Database) => ({
  async listConnections(storeId: string): Promise<SalesChannelConnectionRow[]> {
    return db
      .select()
      .from(salesChannelConnections)
      .where(eq(salesChannelConnections.storeId, storeId))
      .orderBy(desc(salesChannelConnections.createdAt), desc(salesChannelConnections.id));
  },

  async findConnection(storeId: string, id: string) {
    const [row] = await db
      .select()
      .from(salesChannelConnections)
      .where(and(eq(salesChannelConnections.storeId, storeId), eq(salesChannelConnections.id, id)));
    return row;
  },

  /** The connections of a shop that are not disconnected, whatever the store. */
  async listLiveConnectionsOfShop(channel: SalesChannelName, shop: string) {
    return db
      .select()
      .from(salesChannelConnections)
      .where(
        and(
          eq(salesChannelConnections.channel, channel),
          eq(salesChannelConnections.shop, shop),
          ne(salesChannelConnections.status, 'DISCONNECTED'),
        ),
      );
  },

  /** Connects the store's shop with a new token (a reconnect replaces the old one). */
  async saveConnection(values: {
    id: string;
    storeId: string;
    channel: SalesChannelName;
    shop: string;
    token: SealedToken;
    scopes: string[];
    now: Date;
  }): Promise<SalesChannelConnectionRow> {
    const connected = {
      tokenCiphertext: values.token.ciphertext,
      tokenIv: values.token.iv,
      tokenTag: values.token.tag,
      scopes: values.scopes,
      status: 'CONNECTED' as const,
      lastError: null,
      updatedAt: values.now,
    };
    const [row] = await db
      .insert(salesChannelConnections)
      .values({
        id: values.id,
        storeId: values.storeId,
        channel: values.channel,
        shop: values.shop,
        ...connected,
        createdAt: values.now,
      })
      .onConflictDoUpdate({
        target: [
          salesChannelConnections.storeId,
          salesChannelConnections.channel,
          salesChannelConnections.shop,
        ],
        set: connected,
      })
      .returning();
    return row!;
  },

  /** Deletes the token and marks the connection DISCONNECTED (with why, when given). */
  async disconnect(id: string, now: Date, reason: string | null = null) {
    const [row] = await db
      .update(salesChannelConnections)
      .set({
        tokenCiphertext: null,
        tokenIv: null,
        tokenTag: null,
        status: 'DISCONNECTED',
        lastError: reason,
        updatedAt: now,
      })
      .where(eq(salesChannelConnections.id, id))
      .returning();
    return row;
  },

  /** The channel's data reached the store (a webhook applied, a sync done): last sync is now. */
  async recordSync(id: string, now: Date) {
    await db
      .update(salesChannelConnections)
      .set({ lastSyncAt: now, updatedAt: now })
      .where(eq(salesChannelConnections.id, id));
  },

  /**
   * Marks the connection ERROR with `message`, only while it still holds the token the failed
   * work used: a sync or webhook that fails after the shop was disconnected, or connected again
   * with a new token, says nothing about the connection as it is now.
   */
  async recordError(
    connection: Pick<SalesChannelConnectionRow, 'id' | 'tokenCiphertext'>,
    message: string,
    now: Date,
  ) {
    await db
      .update(salesChannelConnections)
      .set({ status: 'ERROR', lastError: message, updatedAt: now })
      .where(
        and(
          eq(salesChannelConnections.id, connection.id),
          ne(salesChannelConnections.status, 'DISCONNECTED'),
          connection.tokenCiphertext === null
            ? isNull(salesChannelConnections.tokenCiphertext)
            : eq(salesChannelConnections.tokenCiphertext, connection.tokenCiphertext),
        ),
      );
  },

  async saveInstallState(values: {
    state: string;
    storeId: string;
    channel: SalesChannelName;
    shop: string;
    expiresAt: Date;
    now: Date;
  }) {
    // Expired installs are swept as new ones start, so the table stays small.
    await db
      .delete(salesChannelOauthStates)
      .where(lt(salesChannelOauthStates.expiresAt, values.now));
    const { now, ...state } = values;
    await db.insert(salesChannelOauthStates).values({ ...state, createdAt: now });
  },

  /** The install state, deleted as it is read: a state works once. */
  async takeInstallState(state: string) {
    const [row] = await db
      .delete(salesChannelOauthStates)
      .where(eq(salesChannelOauthStates.state, state))
      .returning();
    return row;
  },

  /** Records a webhook once; undefined when its id was received before (a redelivery). */
  async insertReceipt(
    values: typeof salesChannelWebhookReceipts.$inferInsert,
  ): Promise<SalesChannelWebhookReceiptRow | undefined> {
    const [row] = await db
      .insert(salesChannelWebhookReceipts)
      .values(values)
      .onConflictDoNothing()
      .returning();
    return row;
  },

  async findReceipt(channel: SalesChannelName, webhookId: string) {
    const [row] = await db
      .select()
      .from(salesChannelWebhookReceipts)
      .where(
        and(
          eq(salesChannelWebhookReceipts.channel, channel),
          eq(salesChannelWebhookReceipts.webhookId, webhookId),
        ),
      );
    return row;
  },

  /** Marks the webhook done and drops its body (it may hold a customer's details). */
  async completeReceipt(id: string, now: Date) {
    await db
      .update(salesChannelWebhookReceipts)
      .set({ body: null, processedAt: now })
      .where(eq(salesChannelWebhookReceipts.id, id));
  },
});
export type ChannelRepository = ReturnType<typeof createChannelRepository>;
