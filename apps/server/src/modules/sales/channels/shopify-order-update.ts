import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import { salesCustomers, salesOrders } from '../sales.table';
import type { shopifyOrderState } from './shopify-order';

type OrderState = ReturnType<typeof shopifyOrderState>;
type Change =
  | 'financialStatus'
  | 'fulfillmentState'
  | 'cancelState'
  | 'shippingAddress'
  | 'billingAddress'
  | 'tags'
  | 'note';

/** JSON with object keys sorted: jsonb gives an address's keys back in its own order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : item,
  );
const isSame = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Brings a recorded channel order up to the channel's state (Shopify `orders/updated`): payment,
 * fulfilment, cancellation, addresses, tags and note. Lines and amounts stay as recorded. A
 * cancellation takes the order's total off its customer's spending (and a revived order puts it
 * back). Publishes `sales.order.updated` naming what changed; nothing when nothing did.
 */
export const applyChannelOrderState = async (
  { db, events, clock }: { db: Database; events: EventBus; clock: Clock },
  storeId: string,
  orderId: string,
  state: OrderState,
): Promise<Change[]> =>
  db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(salesOrders)
      .where(and(eq(salesOrders.id, orderId), eq(salesOrders.storeId, storeId)))
      .for('update');
    if (!order) return [];
    const changes = (Object.keys(state) as Change[]).filter(
      (field) => !isSame(order[field], state[field]),
    );
    if (changes.length === 0) return [];
    await tx
      .update(salesOrders)
      .set({ ...state, updatedAt: clock.now() })
      .where(eq(salesOrders.id, orderId));
    const wasCanceled = order.cancelState === 'CANCELED';
    const isCanceled = state.cancelState === 'CANCELED';
    if (order.customerId && wasCanceled !== isCanceled) {
      const delta = isCanceled ? -order.total : order.total;
      await tx
        .update(salesCustomers)
        .set({ totalSpent: sql`${salesCustomers.totalSpent} + ${delta}`, updatedAt: clock.now() })
        .where(eq(salesCustomers.id, order.customerId));
    }
    await events.publish(tx, 'sales.order.updated', {
      aggregateId: orderId,
      storeId,
      payload: { storeId, orderId, changes },
    });
    return changes;
  });
