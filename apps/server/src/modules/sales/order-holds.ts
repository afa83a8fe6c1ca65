import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import type { DomainEvent } from '@/events/domain-events';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { nextHistorySequence } from './order-operations.service';
import { salesOrders, salesOrderStatusEvents } from './sales.table';

/**
 * Issue 15: the fulfillment center held an order (`fulfillment.order.held`: a rule or an address
 * problem; missing stock alone leaves the status as it is) or released its last hold (`fulfillment.order.hold-released` with no
 * hold left). An OUTSTANDING order goes ON_HOLD (spec §3 order tab ON_HOLD), and back to
 * OUTSTANDING once every hold is released, each with a history entry by the fulfillment center.
 * An order whose status was changed otherwise (by hand, or it moved on) is left as it is, so a
 * redelivered event changes nothing.
 */
export const createOrderHolds =
  ({ db, clock, events }: { db: Database; clock: Clock; events: EventBus }) =>
  async (
    event: DomainEvent<'fulfillment.order.held' | 'fulfillment.order.hold-released'>,
  ): Promise<void> => {
    const { storeId, orderId } = event.payload;
    const held = event.type === 'fulfillment.order.held' ? event.payload : null;
    // Waiting for stock is not a hold of the order's status: the order stays OUTSTANDING and
    // takes its stock when it arrives (the fulfillment panel shows "Missing stock").
    if (held && held.holds.every((hold) => hold.reason === 'MISSING_STOCK')) return;
    if (event.type === 'fulfillment.order.hold-released' && event.payload.openHoldCount > 0) {
      return;
    }
    const [from, to] = held ? ['OUTSTANDING', 'ON_HOLD'] : ['ON_HOLD', 'OUTSTANDING'];
    await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(salesOrders)
        .where(and(eq(salesOrders.id, orderId), eq(salesOrders.storeId, storeId)))
        .for('update');
      if (!order || order.cancelState === 'CANCELED' || order.productionStatus !== from) return;
      const now = clock.now();
      await tx.insert(salesOrderStatusEvents).values({
        id: newId('ose'),
        sequence: await nextHistorySequence(tx, orderId),
        orderId,
        storeId,
        fromStatus: from,
        toStatus: to,
        note: held
          ? `Held at the fulfillment center: ${held.holds
              .filter((hold) => hold.reason !== 'MISSING_STOCK')
              .map((hold) => hold.detail)
              .join('; ')}`.slice(0, 500)
          : 'Every hold released at the fulfillment center',
        userId: event.type === 'fulfillment.order.hold-released' ? event.payload.userId : null,
        changedBy: 'Fulfillment center',
        createdAt: now,
      });
      await tx
        .update(salesOrders)
        .set({ productionStatus: to, updatedAt: now })
        .where(eq(salesOrders.id, orderId));
      await events.publish(tx, 'sales.order.updated', {
        aggregateId: orderId,
        storeId,
        payload: { storeId, orderId, changes: ['productionStatus'] },
      });
    });
  };
