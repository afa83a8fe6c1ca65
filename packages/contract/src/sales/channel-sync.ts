import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { JobSchema } from '../jobs/job';

/**
 * Issue 11 channel sync: a connected shop's products (with variants), customers and orders
 * brought into the store by Shopify's bulk operations, as a job (SHOPIFY_SYNC_JOB_KIND, keyed by
 * the connection id). It runs after a shop is connected and on demand ("Re-sync"); running it
 * again changes nothing that has not changed on the shop (external ids are unique per channel).
 */

/** The job kind of a Shopify sync; its key is the connection id (one sync per connection). */
export const SHOPIFY_SYNC_JOB_KIND = 'sales.shopify-sync';

/** What a sync brings, in the order it brings them. */
export const CHANNEL_SYNC_ENTITIES = ['products', 'customers', 'orders'] as const;
export type ChannelSyncEntity = (typeof CHANNEL_SYNC_ENTITIES)[number];

/** How many of one kind a sync read, and what it did with them. */
export const ChannelSyncTallySchema = z.object({
  /** Records read from the shop. */
  read: z.number().int().min(0),
  /** New in the store. */
  created: z.number().int().min(0),
  /** Already in the store and changed on the shop since. */
  updated: z.number().int().min(0),
  /** Already in the store as they are on the shop. */
  unchanged: z.number().int().min(0),
  /** Not taken in (`issues` says why). */
  skipped: z.number().int().min(0),
});
export type ChannelSyncTally = z.infer<typeof ChannelSyncTallySchema>;

/** The result of a completed sync job (the job's `result`). */
export const ChannelSyncResultSchema = z.object({
  connectionId: z.string(),
  shop: z.string(),
  products: ChannelSyncTallySchema,
  customers: ChannelSyncTallySchema,
  orders: ChannelSyncTallySchema,
  /** The first problems met (a record skipped, a SKU another product has), in plain words. */
  issues: z.array(z.string()).max(50),
});
export type ChannelSyncResult = z.infer<typeof ChannelSyncResultSchema>;

/**
 * The job's counts while it runs and once it ends: records read so far of each kind, by name
 * (`products`, `customers`, `orders`).
 */
export type ChannelSyncCounts = Partial<Record<ChannelSyncEntity, number>>;

/**
 * Re-sync: starts the connection's sync job and answers it (202). 404
 * `channel_connection_not_found`; 409 `channel_sync_running` while a sync of the connection is
 * queued or running, 409 `channel_not_connected` for a disconnected one, 409
 * `channel_sync_not_available` for a channel that has no sync.
 */
export const syncSalesChannel = defineEndpoint({
  method: 'POST',
  path: '/api/web/channels/:id/sync',
  params: z.object({ id: z.string().regex(/^chc_[a-z0-9]+$/, 'Not a channel connection id.') }),
  response: JobSchema,
  successStatus: 202,
  summary:
    "Re-sync a connected shop: its products, customers and orders (what is already in the store and unchanged stays as it is). Answers the sync's job.",
  tags: ['channels'],
});
