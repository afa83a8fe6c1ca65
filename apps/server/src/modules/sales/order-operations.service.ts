import { and, asc, eq, max } from 'drizzle-orm';
import type { StoreOrder } from '@atelier/contract/sales/order';
import {
  ChangeOrderOpStatusInputSchema,
  ChangeOrdersOpStatusInputSchema,
  UpdateOrderNoteInputSchema,
  UpdateShippingAddressInputSchema,
  type ChangeOrderOpStatusInput,
  type ChangeOrdersOpStatusInput,
  type ChangeOrdersOpStatusResult,
  type OrderStatusChange,
} from '@atelier/contract/sales/order-operations';
import {
  formatOrderNumber,
  type CancelState,
  type OrderOrigin,
  type ProductionStatus,
} from '@atelier/contract/sales/order-values';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import {
  salesOrderLines,
  salesOrders,
  salesOrderStatusEvents,
  type SalesOrderRow,
} from './sales.table';

/** What a store's change to an order can touch (the `sales.order.updated` payload's names). */
export type OrderChange =
  'productionStatus' | 'note' | 'shippingAddress' | 'lineItems' | 'cancelState' | 'financialStatus';

/** The next sequence number of the order's history (its row is locked by the caller). */
export const nextHistorySequence = async (tx: Database, orderId: string): Promise<number> => {
  const [last] = await tx
    .select({ sequence: max(salesOrderStatusEvents.sequence) })
    .from(salesOrderStatusEvents)
    .where(eq(salesOrderStatusEvents.orderId, orderId));
  return (last?.sequence ?? 0) + 1;
};

export const orderNotFound = () =>
  new AppError('not_found', 'There is no such order in this store.', { reason: 'order_not_found' });

export const orderCanceled = () =>
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
  /**
   * Runs `change` on the store's order, locked, in one transaction, and publishes what changed.
   * 404 `order_not_found`, 409 `order_canceled`. Returns what `change` returns.
   */
  const changeOrderRow = async <T>(
    actor: Actor,
    id: string,
    change: (tx: Database, order: SalesOrderRow) => Promise<{ changes: OrderChange[]; result: T }>,
  ): Promise<T> =>
    db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(salesOrders)
        .where(and(eq(salesOrders.id, id), eq(salesOrders.storeId, actor.storeId)))
        .for('update');
      if (!order) throw orderNotFound();
      if (order.cancelState === 'CANCELED') throw orderCanceled();
      const { changes, result } = await change(tx, order);
      await tx.update(salesOrders).set({ updatedAt: clock.now() }).where(eq(salesOrders.id, id));
      await events.publish(tx, 'sales.order.updated', {
        aggregateId: id,
        storeId: actor.storeId,
        payload: { storeId: actor.storeId, orderId: id, changes },
      });
      return result;
    });

  /** `changeOrderRow` answering with the order as it is now. */
  const changeOrder = async (
    actor: Actor,
    id: string,
    change: (tx: Database, order: SalesOrderRow) => Promise<OrderChange[]>,
  ): Promise<StoreOrder> => {
    await changeOrderRow(actor, id, async (tx, order) => ({
      changes: await change(tx, order),
      result: undefined,
    }));
    return getOrder(actor, id);
  };

  /** Sets a locked order's production status and records the change. 409 `op_status_unchanged`. */
  const setOpStatus = async (
    tx: Database,
    actor: Actor,
    order: SalesOrderRow,
    { status, note }: { status: ProductionStatus; note?: string | undefined },
  ): Promise<OrderChange[]> => {
    if (order.productionStatus === status) {
      throw new AppError('conflict', 'The order already has this status.', {
        reason: 'op_status_unchanged',
      });
    }
    await tx.insert(salesOrderStatusEvents).values({
      id: newId('ose'),
      sequence: await nextHistorySequence(tx, order.id),
      orderId: order.id,
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
      .where(eq(salesOrders.id, order.id));
    return ['productionStatus'];
  };

  return {
    /** For the other order operations of the module (line-item cancel): see `changeOrderRow`. */
    changeOrderRow,

    /**
     * Spec §7 change-op-status: sets the order's production status and records the change
     * (from, to, note, who, when). 409 `order_canceled`, 409 `op_status_unchanged`.
     */
    async changeOpStatus(
      actor: Actor,
      id: string,
      input: ChangeOrderOpStatusInput,
    ): Promise<StoreOrder> {
      const parsed = ChangeOrderOpStatusInputSchema.parse(input);
      return changeOrder(actor, id, (tx, order) => setOpStatus(tx, actor, order, parsed));
    },

    /**
     * Spec §7 change-op-status for the /orders selection: each order changes in its own
     * transaction as `changeOpStatus` does (history entry, event); an order that has the status
     * already, is canceled or is not the store's is listed under `refused` with the reason, and the
     * others still change. The ids are taken once each, in the order given.
     */
    async changeOpStatusOfMany(
      actor: Actor,
      input: ChangeOrdersOpStatusInput,
    ): Promise<ChangeOrdersOpStatusResult> {
      const { orderIds, ...change } = ChangeOrdersOpStatusInputSchema.parse(input);
      const result: ChangeOrdersOpStatusResult = { changed: [], refused: [] };
      const nameOf = (order: SalesOrderRow) =>
        formatOrderNumber(order.origin as OrderOrigin, order.number);
      for (const id of new Set(orderIds)) {
        let name: string | null = null;
        try {
          const fromStatus = await changeOrderRow(actor, id, async (tx, order) => {
            name = nameOf(order);
            return {
              changes: await setOpStatus(tx, actor, order, change),
              result: order.productionStatus as ProductionStatus,
            };
          });
          result.changed.push({ id, name: name!, fromStatus });
        } catch (error) {
          const reason = error instanceof AppError ? error.reason : undefined;
          if (
            reason !== 'op_status_unchanged' &&
            reason !== 'order_canceled' &&
            reason !== 'order_not_found'
          ) {
            throw error;
          }
          if (reason === 'order_canceled') {
            const [row] = await db
              .select()
              .from(salesOrders)
              .where(and(eq(salesOrders.id, id), eq(salesOrders.storeId, actor.storeId)));
            name = row ? nameOf(row) : null;
          }
          result.refused.push({ id, name, reason, message: (error as AppError).message });
        }
      }
      return result;
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
      const lineIds = rows.flatMap((row) => (row.lineId ? [row.lineId] : []));
      const lines =
        lineIds.length === 0
          ? []
          : await db
              .select({
                id: salesOrderLines.id,
                title: salesOrderLines.title,
                sku: salesOrderLines.sku,
              })
              .from(salesOrderLines)
              .where(
                and(eq(salesOrderLines.orderId, id), eq(salesOrderLines.storeId, actor.storeId)),
              );
      const lineById = new Map(lines.map((line) => [line.id, line]));
      const initial = (rows[0]?.fromStatus ?? order.productionStatus) as ProductionStatus;
      return {
        items: [
          {
            id: `${id}:recorded`,
            kind: 'RECORDED',
            fromStatus: null,
            toStatus: initial,
            note: null,
            canceledItem: null,
            cancelState: null,
            changedBy: null,
            changedAt: order.createdAt.toISOString(),
          },
          ...rows.map((row): OrderStatusChange => {
            const line = row.lineId ? lineById.get(row.lineId) : undefined;
            return {
              id: row.id,
              kind: row.kind,
              fromStatus: row.fromStatus as ProductionStatus,
              toStatus: row.toStatus as ProductionStatus,
              note: row.note,
              canceledItem:
                row.kind === 'LINE_ITEM_CANCELED' && line
                  ? {
                      lineId: line.id,
                      title: line.title,
                      sku: line.sku,
                      quantity: row.quantity ?? 0,
                    }
                  : null,
              cancelState: (row.cancelState as CancelState | null) ?? null,
              changedBy: row.changedBy,
              changedAt: row.createdAt.toISOString(),
            };
          }),
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
        return ['note'] as OrderChange[];
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
        return ['shippingAddress'] as OrderChange[];
      });
    },
  };
};
export type OrderOperations = ReturnType<typeof createOrderOperations>;
