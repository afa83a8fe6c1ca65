import type { SalesChannelConnectionRow } from '../sales.table';
import { upsertChannelProduct, type WriteOutcome } from './channel-catalog';
import { ChannelCallError } from './channel-http';
import {
  isRecordError,
  recordErrorMessage,
  type ChannelSyncer,
  type ChannelWriteDeps,
} from './channel-sync';
import { applyChannelOrderState } from './shopify-order-update';
import type { WixClient } from './wix-client';
import {
  wixChannelOf,
  WixOrderSchema,
  wixOrderState,
  wixOrderToDraft,
  WixProductSchema,
  wixProductToDraft,
} from './wix-mapping';

/*
 * Wix into the store (issue 11): one order at a time (from a sync page or a webhook), and the
 * sync: Wix Stores products by offset pages, then eCommerce orders by cursor, oldest first.
 */

/** Records the order (once, by its id) and brings it up to Wix's state. */
export const applyWixOrder = async (
  deps: ChannelWriteDeps,
  connection: SalesChannelConnectionRow,
  raw: unknown,
): Promise<WriteOutcome | 'skipped'> => {
  const order = WixOrderSchema.parse(raw);
  // An order still in checkout (not approved) is not an order of the store yet.
  if (order.status === 'INITIALIZED') return 'skipped';
  const { id, isNew } = await deps.recordOrder(
    connection.storeId,
    wixOrderToDraft(order, connection.shop),
  );
  // A new order too: the draft has no fulfilment or cancel state (a completed or cancelled one).
  const changes = await applyChannelOrderState(deps, connection.storeId, id, wixOrderState(order));
  if (isNew) return 'created';
  return changes.length > 0 ? 'updated' : 'unchanged';
};

export const applyWixProduct = async (
  deps: ChannelWriteDeps,
  connection: SalesChannelConnectionRow,
  raw: unknown,
): Promise<WriteOutcome> => {
  const product = WixProductSchema.parse(raw);
  return upsertChannelProduct(
    deps,
    connection.storeId,
    wixChannelOf(connection.shop),
    product.id,
    // Wix Stores V1 products carry no unit: the site's default, kilograms.
    wixProductToDraft(product, 'kg'),
  );
};

export const WIX_PAGE_SIZE = 100;

const count = (
  counts: Record<string, number>,
  label: string,
  outcome: WriteOutcome | 'skipped',
) => {
  if (outcome === 'skipped') return;
  counts[label] = (counts[label] ?? 0) + 1;
  if (outcome !== 'unchanged') counts[`${label} changed`] = (counts[`${label} changed`] ?? 0) + 1;
};

/** The Wix syncer: `clientOf(connection)` opens the site's client with its API key. */
export const createWixSyncer = (
  deps: ChannelWriteDeps,
  clientOf: (connection: SalesChannelConnectionRow) => WixClient,
  pageSize = WIX_PAGE_SIZE,
): ChannelSyncer => ({
  firstPhase: 'products',
  async sync(run) {
    const { connection, state, signal } = run;
    const client = clientOf(connection);
    const attempt = async (work: () => Promise<void>) => {
      try {
        await work();
      } catch (error) {
        if (error instanceof ChannelCallError || !isRecordError(error)) throw error;
        run.skip(recordErrorMessage(error));
      }
    };
    if (state.phase === 'products') {
      for (;;) {
        const offset = state.page ?? 0;
        const page = await client.queryProducts(offset, pageSize, signal);
        for (const item of page.products) {
          signal.throwIfAborted();
          await attempt(async () =>
            count(state.counts, 'products', await applyWixProduct(deps, connection, item)),
          );
        }
        const done = offset + page.products.length;
        const isLast = page.products.length === 0 || done >= page.total;
        Object.assign(state, isLast ? { phase: 'orders', page: 0, cursor: null } : { page: done });
        await run.checkpoint(
          state,
          page.total > 0 ? Math.min(1, done / page.total) * 40 : 40,
          `Syncing products: ${Math.min(done, page.total)} of ${page.total}`,
        );
        if (isLast) break;
      }
    }
    // Orders: Wix gives no total with cursor pages; progress creeps towards the end.
    let pages = 0;
    for (;;) {
      const page = await client.searchOrders(state.cursor ?? null, pageSize, signal);
      for (const item of page.orders) {
        signal.throwIfAborted();
        await attempt(async () =>
          count(state.counts, 'orders', await applyWixOrder(deps, connection, item)),
        );
      }
      pages += 1;
      state.cursor = page.nextCursor;
      await run.checkpoint(
        state,
        40 + 59 * (1 - 1 / (pages + 1)),
        `Syncing orders: ${state.counts.orders ?? 0} so far`,
      );
      if (!page.nextCursor) break;
    }
  },
});
