import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import type { DomainEvent } from '@/events/domain-events';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { nextHistorySequence } from './order-operations.service';
import { salesOrders, salesOrderStatusEvents } from './sales.table';

const CHANGED_BY = 'Fulfillment center';

/**
 * Issue 15: the fulfillment center held an order by one of the store's rules
 * (`fulfillment.order.held` with a RULE hold; address problems and missing stock leave the status
 * as it is) or released its last hold (`fulfillment.order.hold-released` with no
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
    // Only a store's own rules change the order's status: an address problem or missing stock
    // is shown and handled at the fulfillment center (Held orders), as a store that ships some
    // orders itself would not want them all ON_HOLD.
    if (held && !held.holds.some((hold) => hold.reason === 'RULE')) return;
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
      if (!held) {
        // Back to OUTSTANDING only when the center's own hold put it ON_HOLD (the last entry of
        // its history), not when someone held it by hand.
        const [last] = await tx
          .select({ changedBy: salesOrderStatusEvents.changedBy })
          .from(salesOrderStatusEvents)
          .where(eq(salesOrderStatusEvents.orderId, orderId))
          .orderBy(desc(salesOrderStatusEvents.sequence))
          .limit(1);
        if (last?.changedBy !== CHANGED_BY) return;
      }
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
              .filter((hold) => hold.reason === 'RULE')
              .map((hold) => hold.detail)
              .join('; ')}`.slice(0, 500)
          : 'Every hold released at the fulfillment center',
        userId: event.type === 'fulfillment.order.hold-released' ? event.payload.userId : null,
        changedBy: CHANGED_BY,
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
