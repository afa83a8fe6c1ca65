import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import type { DomainEvent } from '@/events/domain-events';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import { formatMoney } from '@atelier/contract/common/money';
import { newId } from '@/lib/ids';
import { nextHistorySequence } from './order-operations.service';
import { salesOrders, salesOrderStatusEvents, salesRefundLines, salesRefunds } from './sales.table';

/**
 * Issue 15: a return of a store order was received at the fulfillment center
 * (`fulfillment.return.received`). The order shows in the RETURNS tab (spec §3) and gets a
 * history entry by the fulfillment center; money given back to the original payment becomes a
 * refund of the returned lines (financial status PARTIALLY_REFUNDED, or REFUNDED once the
 * refunds reach the total). The refund is keyed by the return (`return:<id>`), so a redelivered
 * event adds nothing.
 */
export const createOrderReturns =
  ({ db, clock, events }: { db: Database; clock: Clock; events: EventBus }) =>
  async (event: DomainEvent<'fulfillment.return.received'>): Promise<void> => {
    const { storeId, orderId, returnId, handle, refund, lines } = event.payload;
    await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(salesOrders)
        .where(and(eq(salesOrders.id, orderId), eq(salesOrders.storeId, storeId)))
        .for('update');
      if (!order) return;
      const externalId = `return:${returnId}`;
      const [known] = await tx
        .select({ id: salesRefunds.id })
        .from(salesRefunds)
        .where(and(eq(salesRefunds.storeId, storeId), eq(salesRefunds.externalId, externalId)));
      if (known) return;
      const now = clock.now();
      const changes: ('refunds' | 'financialStatus')[] = ['refunds'];
      // Recorded for every received return (an amount of 0 for store credit or nothing owed),
      // so the return is known once and the order lists its returned lines.
      const refundId = newId('ref');
      await tx.insert(salesRefunds).values({
        id: refundId,
        orderId,
        storeId,
        externalId,
        amount: refund?.amount ?? 0,
        note: refund
          ? `Return ${handle}: refunded to the original payment`
          : `Return ${handle}: processed without a refund to the original payment`,
        createdAt: now,
      });
      const returned = lines.filter((line) => line.quantity > 0);
      if (returned.length > 0) {
        await tx.insert(salesRefundLines).values(
          returned.map((line) => ({
            refundId,
            lineId: line.orderLineId,
            quantity: line.quantity,
          })),
        );
      }
      let financialStatus = order.financialStatus;
      if (refund && refund.amount > 0) {
        const [{ total }] = (await tx
          .select({ total: sql<number>`coalesce(sum(${salesRefunds.amount}), 0)::int` })
          .from(salesRefunds)
          .where(eq(salesRefunds.orderId, orderId))) as [{ total: number }];
        financialStatus = total >= order.total ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
        changes.push('financialStatus');
      }
      await tx.insert(salesOrderStatusEvents).values({
        id: newId('ose'),
        sequence: await nextHistorySequence(tx, order.id),
        orderId,
        storeId,
        fromStatus: order.productionStatus,
        toStatus: order.productionStatus,
        note: refund
          ? `Return ${handle} received: ${formatMoney(refund)} refunded`
          : `Return ${handle} received`,
        userId: null,
        changedBy: 'Fulfillment center',
        createdAt: now,
      });
      await tx
        .update(salesOrders)
        .set({ hasRefunds: true, financialStatus, updatedAt: now })
        .where(eq(salesOrders.id, orderId));
      await events.publish(tx, 'sales.order.updated', {
        aggregateId: orderId,
        storeId,
        payload: { storeId, orderId, changes },
      });
    });
  };
