import { and, asc, eq, max } from 'drizzle-orm';
import type { StoreOrder } from '@atelier/contract/sales/order';
import {
  ChangeOrderOpStatusInputSchema,
  UpdateOrderNoteInputSchema,
  UpdateShippingAddressInputSchema,
  type ChangeOrderOpStatusInput,
  type OrderStatusChange,
} from '@atelier/contract/sales/order-operations';
import type { ProductionStatus } from '@atelier/contract/sales/order-values';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { salesOrders, salesOrderStatusEvents, type SalesOrderRow } from './sales.table';

type Change = 'productionStatus' | 'note' | 'shippingAddress';

const orderNotFound = () =>
  new AppError('not_found', 'There is no such order in this store.', { reason: 'order_not_found' });

const orderCanceled = () =>
  new AppError('conflict', 'This order is canceled; it can no longer be changed.', {
    reason: 'order_canceled',
  });

/**
 * Spec §7 store-order operations of /order-details/{id} (issue 11): the operation status with
 * its history, the note and the shipping address. Each change locks the order's row, writes in
 * one transaction and publishes `sales.order.updated`. `getOrder` gives the answer back.
 */
export const createOrderOperations = ({
  db,
  clock,
  events,
  getOrder,
}: {
  db: Database;
  clock: Clock;
  events: EventBus;
  getOrder: (actor: Actor, id: string) => Promise<StoreOrder>;
}) => {
  /** Runs `change` on the store's order, locked, and publishes what changed. */
  const changeOrder = async (
    actor: Actor,
    id: string,
    change: (tx: Database, order: SalesOrderRow) => Promise<Change[]>,
  ): Promise<StoreOrder> => {
    await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(salesOrders)
        .where(and(eq(salesOrders.id, id), eq(salesOrders.storeId, actor.storeId)))
        .for('update');
      if (!order) throw orderNotFound();
      if (order.cancelState === 'CANCELED') throw orderCanceled();
      const changes = await change(tx, order);
      await tx.update(salesOrders).set({ updatedAt: clock.now() }).where(eq(salesOrders.id, id));
      await events.publish(tx, 'sales.order.updated', {
        aggregateId: id,
        storeId: actor.storeId,
        payload: { storeId: actor.storeId, orderId: id, changes },
      });
    });
    return getOrder(actor, id);
  };

  return {
    /**
     * Spec §7 change-op-status: sets the order's production status and records the change
     * (from, to, note, who, when). 409 `order_canceled`, 409 `op_status_unchanged`.
     */
    async changeOpStatus(
      actor: Actor,
      id: string,
      input: ChangeOrderOpStatusInput,
    ): Promise<StoreOrder> {
      const { status, note } = ChangeOrderOpStatusInputSchema.parse(input);
      return changeOrder(actor, id, async (tx, order) => {
        if (order.productionStatus === status) {
          throw new AppError('conflict', 'The order already has this status.', {
            reason: 'op_status_unchanged',
          });
        }
        const [last] = await tx
          .select({ sequence: max(salesOrderStatusEvents.sequence) })
          .from(salesOrderStatusEvents)
          .where(eq(salesOrderStatusEvents.orderId, id));
        await tx.insert(salesOrderStatusEvents).values({
          id: newId('ose'),
          sequence: (last?.sequence ?? 0) + 1,
          orderId: id,
          storeId: actor.storeId,
          fromStatus: order.productionStatus,
          toStatus: status,
          note: note || null,
          userId: actor.userId,
          changedBy: actor.name || actor.email,
          createdAt: clock.now(),
        });
        await tx
          .update(salesOrders)
          .set({ productionStatus: status })
          .where(eq(salesOrders.id, id));
        return ['productionStatus'];
      });
    },

    /**
     * Spec §7 op-status-history: the status the order was recorded with, then each change,
     * oldest first.
     */
    async listOpStatusHistory(actor: Actor, id: string): Promise<{ items: OrderStatusChange[] }> {
      const [order] = await db
        .select({
          createdAt: salesOrders.createdAt,
          productionStatus: salesOrders.productionStatus,
        })
        .from(salesOrders)
        .where(and(eq(salesOrders.id, id), eq(salesOrders.storeId, actor.storeId)));
      if (!order) throw orderNotFound();
      const rows = await db
        .select()
        .from(salesOrderStatusEvents)
        .where(
          and(
            eq(salesOrderStatusEvents.orderId, id),
            eq(salesOrderStatusEvents.storeId, actor.storeId),
          ),
        )
        .orderBy(asc(salesOrderStatusEvents.sequence));
      const initial = (rows[0]?.fromStatus ?? order.productionStatus) as ProductionStatus;
      return {
        items: [
          {
            id: `${id}:recorded`,
            fromStatus: null,
            toStatus: initial,
            note: null,
            changedBy: null,
            changedAt: order.createdAt.toISOString(),
          },
          ...rows.map((row) => ({
            id: row.id,
            fromStatus: row.fromStatus as ProductionStatus,
            toStatus: row.toStatus as ProductionStatus,
            note: row.note,
            changedBy: row.changedBy,
            changedAt: row.createdAt.toISOString(),
          })),
        ],
      };
    },

    /** Spec §7 notes: sets the order's note (empty or null clears it). 409 `order_canceled`. */
    async updateNote(actor: Actor, id: string, input: { note: string | null }) {
      const { note } = UpdateOrderNoteInputSchema.parse(input);
      return changeOrder(actor, id, async (tx) => {
        await tx
          .update(salesOrders)
          .set({ note: note || null })
          .where(eq(salesOrders.id, id));
        return ['note'];
      });
    },

    /**
     * Spec §7 shipping-address: replaces the order's shipping address. 409 `order_canceled`, 409
     * `order_fulfilled` once any of it has been sent.
     */
    async updateShippingAddress(actor: Actor, id: string, input: unknown) {
      const address = UpdateShippingAddressInputSchema.parse(input);
      return changeOrder(actor, id, async (tx, order) => {
        if (order.fulfillmentState !== 'NONE') {
          throw new AppError(
            'conflict',
            'This order has been sent (in part or whole); its address can no longer change.',
            { reason: 'order_fulfilled' },
          );
        }
        await tx
          .update(salesOrders)
          .set({ shippingAddress: address })
          .where(eq(salesOrders.id, id));
        return ['shippingAddress'];
      });
    },
  };
};
export type OrderOperations = ReturnType<typeof createOrderOperations>;
