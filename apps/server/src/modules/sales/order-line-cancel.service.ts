import { and, asc, eq, sql } from 'drizzle-orm';
import type { StoreOrder } from '@atelier/contract/sales/order';
import {
  CancelLineItemInputSchema,
  type CancelLineItemInput,
  type LineItemCancelResult,
} from '@atelier/contract/sales/order-operations';
import { lineCancelValueOf } from '@atelier/contract/sales/order-totals';
import type { FinancialStatus } from '@atelier/contract/sales/order-values';
import type { Database } from '@/db/client';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import {
  nextHistorySequence,
  type OrderChange,
  type OrderOperations,
} from './order-operations.service';
import {
  salesCustomers,
  salesOrderLines,
  salesOrders,
  salesOrderStatusEvents,
  salesRefundLines,
  salesRefunds,
} from './sales.table';

/** Payment states in which the customer's money was taken in full, so a cancel gives some back. */
const PAID_STATUSES: readonly FinancialStatus[] = ['PAID', 'PARTIALLY_REFUNDED'];
/** Payment states with no money taken: canceling the whole order voids the payment. */
const UNPAID_STATUSES: readonly FinancialStatus[] = ['PENDING', 'AUTHORIZED'];

type Deps = {
  clock: Clock;
  changeOrderRow: OrderOperations['changeOrderRow'];
  getOrder: (actor: Actor, id: string) => Promise<StoreOrder>;
};

/**
 * Spec §7 line-item cancel (issue 11). Canceling units follows the sales module's refund model,
 * the one imported cancellations use (the UCI file's C-invoices become refunds with their lines):
 *
 * - The order keeps its amounts as placed (lines, subtotal, discounts, shipping, tax, total: the
 *   totals check still holds); the line counts its canceled units (`canceledQuantity`).
 * - A paid order (PAID, PARTIALLY_REFUNDED) records a refund with one refund line (the line and
 *   the units): the units' value (contract `lineCancelValueOf`: price less their share of the line
 *   and order discounts, plus their share of the line's tax) or, when the last units of the order
 *   go, everything not refunded yet (shipping and order-level tax too). Refunds never exceed the
 *   total. The payment becomes REFUNDED once the refunds reach the total, else
 *   PARTIALLY_REFUNDED; the order has a refund (the RETURNS tab), as imported refunds do.
 * - An unpaid order (PENDING, AUTHORIZED) records no money; canceled whole, its payment is VOIDED.
 * - The cancel state becomes PARTIAL, or CANCELED once no unit of any line is left.
 * - The customer's figures keep their rule (total spent counts the orders not canceled, at their
 *   totals as placed; refunds do not lower it, as for imports and channels): a partial cancel
 *   leaves them, and canceling the order's last units takes its total off the customer's total
 *   spent, in the same transaction. Order count, first and last order stay (the order was placed).
 * - The history gets a LINE_ITEM_CANCELED entry (who, when, the reason, the units, the cancel
 *   state after), and `sales.order.updated` names `lineItems`, `cancelState` and, when it moved,
 *   `financialStatus`.
 *
 * Refused: 409 `order_canceled`, 409 `order_fulfilled` (sent in part or whole), 409
 * `line_item_canceled` (no unit left on the line), 400 naming `body.quantity` beyond the units
 * left, 404 `order_not_found` / `line_item_not_found` (another store's order is not found).
 */
export const createLineItemCancel = ({ clock, changeOrderRow, getOrder }: Deps) => ({
  async cancelLineItem(
    actor: Actor,
    orderId: string,
    lineId: string,
    input: CancelLineItemInput,
  ): Promise<LineItemCancelResult> {
    const { quantity: asked, reason } = CancelLineItemInputSchema.parse(input);
    const outcome = await changeOrderRow(actor, orderId, async (tx: Database, order) => {
      if (order.fulfillmentState !== 'NONE') {
        throw new AppError(
          'conflict',
          'This order has been sent (in part or whole); its items can no longer be canceled.',
          { reason: 'order_fulfilled' },
        );
      }
      const lines = await tx
        .select()
        .from(salesOrderLines)
        .where(
          and(eq(salesOrderLines.orderId, orderId), eq(salesOrderLines.storeId, actor.storeId)),
        )
        .orderBy(asc(salesOrderLines.position));
      const line = lines.find((candidate) => candidate.id === lineId);
      if (!line) {
        throw new AppError('not_found', 'This order has no such item.', {
          reason: 'line_item_not_found',
        });
      }
      const left = line.quantity - line.canceledQuantity;
      if (left === 0) {
        throw new AppError('conflict', 'Every unit of this item is canceled already.', {
          reason: 'line_item_canceled',
        });
      }
      const units = asked ?? left;
      if (units > left) {
        const message = `Only ${left} of this item ${left === 1 ? 'is' : 'are'} left to cancel.`;
        throw new AppError('bad_request', `body.quantity: ${message}`, {
          reason: 'quantity_exceeds_remaining',
          details: [{ field: 'body.quantity', message }],
        });
      }

      const isOrderCanceled = lines.every(
        (candidate) =>
          candidate.quantity -
            candidate.canceledQuantity -
            (candidate.id === lineId ? units : 0) ===
          0,
      );
      const cancelState = isOrderCanceled ? 'CANCELED' : 'PARTIAL';
      const changes: OrderChange[] = ['lineItems'];
      if (order.cancelState !== cancelState) changes.push('cancelState');
      const now = clock.now();

      let financialStatus = order.financialStatus as FinancialStatus;
      let refund: LineItemCancelResult['refund'] = null;
      if (PAID_STATUSES.includes(financialStatus)) {
        const [refunded] = await tx
          .select({
            amount: sql<number>`coalesce(sum(${salesRefunds.amount}), 0)::bigint`.mapWith(Number),
          })
          .from(salesRefunds)
          .where(eq(salesRefunds.orderId, orderId));
        const refundable = Math.max(0, order.total - (refunded?.amount ?? 0));
        const amount = isOrderCanceled
          ? refundable
          : Math.min(refundable, lineCancelValueOf(order, line, units));
        if (amount > 0) {
          const refundId = newId('ref');
          const note = `Canceled ${units} × ${line.title}: ${reason}`;
          await tx.insert(salesRefunds).values({
            id: refundId,
            orderId,
            storeId: actor.storeId,
            amount,
            note,
            createdAt: now,
          });
          await tx.insert(salesRefundLines).values({ refundId, lineId, quantity: units });
          financialStatus = amount >= refundable ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
          refund = {
            id: refundId,
            createdAt: now.toISOString(),
            amount: { amount, currencyCode: order.currencyCode },
            note,
            lines: [{ lineId, quantity: units }],
          };
        }
      } else if (isOrderCanceled && UNPAID_STATUSES.includes(financialStatus)) {
        financialStatus = 'VOIDED';
      }
      if (financialStatus !== order.financialStatus) changes.push('financialStatus');

      await tx
        .update(salesOrderLines)
        .set({ canceledQuantity: line.canceledQuantity + units })
        .where(eq(salesOrderLines.id, lineId));
      await tx
        .update(salesOrders)
        .set({ cancelState, financialStatus, hasRefunds: order.hasRefunds || refund !== null })
        .where(eq(salesOrders.id, orderId));
      if (isOrderCanceled && order.customerId) {
        await tx
          .update(salesCustomers)
          .set({
            totalSpent: sql`${salesCustomers.totalSpent} - ${order.total}`,
            updatedAt: now,
          })
          .where(eq(salesCustomers.id, order.customerId));
      }
      await tx.insert(salesOrderStatusEvents).values({
        id: newId('ose'),
        sequence: await nextHistorySequence(tx, orderId),
        orderId,
        storeId: actor.storeId,
        kind: 'LINE_ITEM_CANCELED',
        fromStatus: order.productionStatus,
        toStatus: order.productionStatus,
        note: reason,
        lineId,
        quantity: units,
        cancelState,
        userId: actor.userId,
        changedBy: actor.name || actor.email,
        createdAt: now,
      });
      return { changes, result: { quantity: units, refund } };
    });
    return { ...outcome, order: await getOrder(actor, orderId) };
  },
});
export type LineItemCancel = ReturnType<typeof createLineItemCancel>;
