import type { SalesChannelConnectionRow } from '../sales.table';
import { upsertChannelCustomer, upsertChannelProduct, type WriteOutcome } from './channel-catalog';
import { ChannelCallError } from './channel-http';
import {
  isRecordError,
  recordErrorMessage,
  type ChannelSyncer,
  type ChannelWriteDeps,
} from './channel-sync';
import { applyChannelOrderState } from './shopify-order-update';
import type { WooCommerceClient } from './woocommerce-client';
import {
  WOO_SKIPPED_STATUSES,
  wooChannelOf,
  WooCustomerSchema,
  wooCustomerToDraft,
  WooOrderSchema,
  wooOrderState,
  wooOrderToDraft,
  WooProductSchema,
  wooProductToDraft,
  WooVariationSchema,
} from './woocommerce-mapping';

/*
 * WooCommerce into the store (issue 11): one order, product or customer at a time (from a sync
 * page or a webhook), and the sync itself: products (with their variations), then customers,
 * then orders, each through REST v3 pages oldest first.
 */

export type WooShopSettings = { currency: string; weightUnit: string };

/** Records the order (once, by its id) and brings it up to WooCommerce's state. */
export const applyWooOrder = async (
  deps: ChannelWriteDeps,
  connection: SalesChannelConnectionRow,
  raw: unknown,
): Promise<WriteOutcome | 'skipped'> => {
  const order = WooOrderSchema.parse(raw);
  if (WOO_SKIPPED_STATUSES.has(order.status)) return 'skipped';
  const { id, isNew } = await deps.recordOrder(
    connection.storeId,
    wooOrderToDraft(order, connection.shop),
  );
  // A new order too: the draft has no fulfilment or cancel state (a completed or cancelled one).
  const changes = await applyChannelOrderState(deps, connection.storeId, id, wooOrderState(order));
  if (isNew) return 'created';
  return changes.length > 0 ? 'updated' : 'unchanged';
};

/** Writes the product; a variable one's variations are read from the shop first. */
export const applyWooProduct = async (
  deps: ChannelWriteDeps,
  client: WooCommerceClient,
  connection: SalesChannelConnectionRow,
  raw: unknown,
  settings: WooShopSettings,
  signal?: AbortSignal,
): Promise<WriteOutcome | 'skipped'> => {
  const product = WooProductSchema.parse(raw);
  if (product.status === 'trash') return 'skipped';
  const variations =
    product.type === 'variable'
      ? (
          await client.page(`/products/${product.id}/variations`, 1, 100, signal, {
            orderby: 'id',
            order: 'asc',
          })
        ).items.map((item) => WooVariationSchema.parse(item))
      : [];
  return upsertChannelProduct(
    deps,
    connection.storeId,
    wooChannelOf(connection.shop),
    product.id,
    wooProductToDraft(product, variations, settings),
  );
};

export const applyWooCustomer = async (
  deps: ChannelWriteDeps,
  connection: SalesChannelConnectionRow,
  raw: unknown,
): Promise<WriteOutcome> =>
  upsertChannelCustomer(
    deps,
    connection.storeId,
    wooChannelOf(connection.shop),
    wooCustomerToDraft(WooCustomerSchema.parse(raw)),
  );

const PHASES = [
  { phase: 'products', path: '/products', label: 'products' },
  { phase: 'customers', path: '/customers', label: 'customers' },
  { phase: 'orders', path: '/orders', label: 'orders' },
] as const;

/** Items per page; WooCommerce allows up to 100. */
export const WOO_PAGE_SIZE = 50;

/**
 * The WooCommerce syncer: `client(connection)` opens the shop's client with its credentials
 * (ChannelCallError `refused` when they are gone).
 */
export const createWooCommerceSyncer = (
  deps: ChannelWriteDeps,
  clientOf: (connection: SalesChannelConnectionRow) => WooCommerceClient,
  pageSize = WOO_PAGE_SIZE,
): ChannelSyncer => ({
  firstPhase: 'products',
  async sync(run) {
    const { connection, state, signal } = run;
    const client = clientOf(connection);
    let settings: WooShopSettings | null = null;
    const start = PHASES.findIndex((item) => item.phase === state.phase);
    for (let index = Math.max(0, start); index < PHASES.length; index += 1) {
      const { phase, path, label } = PHASES[index]!;
      if (state.phase !== phase) {
        state.phase = phase;
        state.page = 1;
      }
      if (phase === 'products') settings ??= await client.settings(signal);
      for (;;) {
        const pageNumber = state.page ?? 1;
        const page = await client.page(path, pageNumber, pageSize, signal, {
          orderby: phase === 'orders' ? 'date' : 'id',
          order: 'asc',
        });
        for (const item of page.items) {
          signal.throwIfAborted();
          try {
            const outcome =
              phase === 'products'
                ? await applyWooProduct(deps, client, connection, item, settings!, signal)
                : phase === 'customers'
                  ? await applyWooCustomer(deps, connection, item)
                  : await applyWooOrder(deps, connection, item);
            if (outcome !== 'skipped') {
              state.counts[label] = (state.counts[label] ?? 0) + 1;
              if (outcome !== 'unchanged') {
                state.counts[`${label} changed`] = (state.counts[`${label} changed`] ?? 0) + 1;
              }
            }
          } catch (error) {
            if (error instanceof ChannelCallError || !isRecordError(error)) throw error;
            run.skip(recordErrorMessage(error));
          }
        }
        state.page = pageNumber + 1;
        const fraction = page.totalPages > 0 ? Math.min(1, pageNumber / page.totalPages) : 1;
        await run.checkpoint(
          state,
          ((index + fraction) / PHASES.length) * 100,
          `Syncing ${label}: page ${pageNumber} of ${Math.max(page.totalPages, 1)}`,
        );
        if (pageNumber >= page.totalPages || page.items.length === 0) break;
      }
    }
  },
});
