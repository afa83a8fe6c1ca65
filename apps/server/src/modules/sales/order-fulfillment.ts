import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import type { DomainEvent } from '@/events/domain-events';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { nextHistorySequence } from './order-operations.service';
import { salesOrders, salesOrderStatusEvents } from './sales.table';

/**
 * Issue 15: a parcel of a store order left the fulfillment center (`fulfillment.shipment.created`).
 * The order's fulfilment state follows (PARTIAL or FULFILLED, spec §4) and its production status
 * with it (PROCESSING while parts are still to ship, FINISHED once all have), with a history entry
 * by the fulfillment center; `sales.order.updated` tells the rest. A canceled order, or one that
 * is FULFILLED already, is left alone, so a redelivered event changes nothing.
 */
export const createOrderFulfillment =
  ({ db, clock, events }: { db: Database; clock: Clock; events: EventBus }) =>
  async (event: DomainEvent<'fulfillment.shipment.created'>): Promise<void> => {
    const { storeId, orderId, sn, fulfillmentState } = event.payload;
    await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(salesOrders)
        .where(and(eq(salesOrders.id, orderId), eq(salesOrders.storeId, storeId)))
        .for('update');
      if (!order || order.cancelState === 'CANCELED' || order.fulfillmentState === 'FULFILLED') {
        return;
      }
      const productionStatus = fulfillmentState === 'FULFILLED' ? 'FINISHED' : 'PROCESSING';
      const now = clock.now();
      await tx.insert(salesOrderStatusEvents).values({
        id: newId('ose'),
        sequence: await nextHistorySequence(tx, order.id),
        orderId: order.id,
        storeId,
        fromStatus: order.productionStatus,
        toStatus: productionStatus,
        note:
          fulfillmentState === 'FULFILLED'
            ? `Shipped ${sn}: every item has left the fulfillment center`
            : `Shipped ${sn}: part of the order has left the fulfillment center`,
        userId: null,
        changedBy: 'Fulfillment center',
        createdAt: now,
      });
      await tx
        .update(salesOrders)
        .set({ fulfillmentState, productionStatus, updatedAt: now })
        .where(eq(salesOrders.id, order.id));
      await events.publish(tx, 'sales.order.updated', {
        aggregateId: order.id,
        storeId,
        payload: { storeId, orderId: order.id, changes: ['fulfillmentState', 'productionStatus'] },
      });
    });
  };
