import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { salesOrders, salesRefunds } from '../sales.table';
import type { ChannelRefund } from './shopify-order';

/**
 * Records the refunds of a channel order that the store does not have yet (by their external
 * id, unique per store), in one transaction, and marks the order as having refunds (the RETURNS
 * tab). Its financial status comes from the channel with the order's state. Publishes
 * `sales.order.updated` with `refunds` when one was added. Answers how many were added.
 */
export const recordChannelRefunds = async (
  { db, events, clock }: { db: Database; events: EventBus; clock: Clock },
  storeId: string,
  orderId: string,
  refunds: ChannelRefund[],
): Promise<number> => {
  if (refunds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const known = new Set(
      (
        await tx
          .select({ externalId: salesRefunds.externalId })
          .from(salesRefunds)
          .where(
            and(
              eq(salesRefunds.storeId, storeId),
              inArray(
                salesRefunds.externalId,
                refunds.map((refund) => refund.externalId),
              ),
            ),
          )
      ).map((row) => row.externalId),
    );
    const fresh = refunds.filter((refund) => !known.has(refund.externalId));
    if (fresh.length === 0) return 0;
    await tx
      .insert(salesRefunds)
      .values(
        fresh.map((refund) => ({
          id: newId('ref'),
          orderId,
          storeId,
          externalId: refund.externalId,
          amount: refund.amount,
          note: refund.note,
          createdAt: refund.createdAt,
        })),
      )
      .onConflictDoNothing();
    await tx
      .update(salesOrders)
      .set({ hasRefunds: true, updatedAt: clock.now() })
      .where(and(eq(salesOrders.id, orderId), eq(salesOrders.storeId, storeId)));
    await events.publish(tx, 'sales.order.updated', {
      aggregateId: orderId,
      storeId,
      payload: { storeId, orderId, changes: ['refunds'] },
    });
    return fresh.length;
  });
};
