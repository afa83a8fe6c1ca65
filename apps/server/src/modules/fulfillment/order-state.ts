import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { salesOrders } from '@/db/schema';
import { AppError } from '@/lib/app-error';

/** What the center's per-order settings need of a store order. */
export type StoreOrderState = { origin: string; fulfillmentState: string; cancelState: string };

/**
 * One of the store's orders' state, locked FOR UPDATE when `lock` (inside a transaction).
 * 404 `order_not_found` for an order that is not the store's.
 */
export const readStoreOrderState = async (
  handle: Database,
  storeId: string,
  orderId: string,
  { lock }: { lock: boolean },
): Promise<StoreOrderState> => {
  const query = handle
    .select({
      origin: salesOrders.origin,
      fulfillmentState: salesOrders.fulfillmentState,
      cancelState: salesOrders.cancelState,
    })
    .from(salesOrders)
    .where(and(eq(salesOrders.storeId, storeId), eq(salesOrders.id, orderId)));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) {
    throw new AppError('not_found', 'No order of this store has this id.', {
      reason: 'order_not_found',
    });
  }
  return order;
};

/** Whether the order's fulfillment settings may still change: not fulfilled, not canceled. */
export const isOrderOpen = (order: Pick<StoreOrderState, 'fulfillmentState' | 'cancelState'>) =>
  order.fulfillmentState !== 'FULFILLED' && order.cancelState !== 'CANCELED';

/**
 * 409 `order_already_shipped` unless the order is open: "This order has shipped: its `what`
 * cannot change." (or "is canceled").
 */
export const assertOrderOpen = (
  order: Pick<StoreOrderState, 'fulfillmentState' | 'cancelState'>,
  what: string,
) => {
  if (isOrderOpen(order)) return;
  throw new AppError(
    'conflict',
    order.cancelState === 'CANCELED'
      ? `This order is canceled: its ${what} cannot change.`
      : `This order has shipped: its ${what} cannot change.`,
    { reason: 'order_already_shipped' },
  );
};
