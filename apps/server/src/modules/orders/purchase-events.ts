import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TransactionEvent } from '@atelier/contract/orders/order-item-pricing';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import { AppError } from '@/lib/app-error';
import {
  creatorOrderItems,
  creatorPayments,
  paymentLedgerEntries,
  type CreatorOrderItemRow,
  type CreatorPaymentRow,
} from './orders.table';

/**
 * Spec §3 "Analytics traits and events" of the orders module (issue 12): the Transaction event of
 * a completed payment and the Add-to-cart event, published as domain events in the transaction of
 * the write (analytics subscribes), and spec §7 event-purchase, which answers the Transaction
 * event of a payment again.
 */

/**
 * Spec §3 Transaction event of a payment: `price` is what was charged (minor units), each item at
 * the unit price it was paid at, in the payment's order; `at` is when it completed.
 */
export const transactionEventOf = (
  payment: Pick<CreatorPaymentRow, 'id' | 'storeId' | 'amount' | 'currencyCode' | 'itemIds'>,
  items: readonly Pick<CreatorOrderItemRow, 'id' | 'title' | 'unitPrice' | 'quantity'>[],
  at: Date,
): TransactionEvent => {
  const position = new Map(payment.itemIds.map((id, index) => [id, index]));
  return {
    id: payment.id,
    price: payment.amount,
    currencyCode: payment.currencyCode,
    items: [...items]
      .sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0))
      .map((item) => ({ name: item.title, perUnitPrice: item.unitPrice, quantity: item.quantity })),
    storeId: payment.storeId,
    occurredAt: at.toISOString(),
  };
};

/**
 * Publishes `orders.purchase.completed` (spec §3 Transaction event) through `tx`, the transaction
 * that settles the payment COMPLETED: the event exists exactly when the payment does, once.
 */
export const publishPurchaseCompleted = async (
  events: EventBus,
  tx: Database,
  payment: CreatorPaymentRow,
  items: readonly CreatorOrderItemRow[],
  at: Date,
) => {
  await events.publish(tx, 'orders.purchase.completed', {
    aggregateId: payment.storeId,
    storeId: payment.storeId,
    payload: transactionEventOf(payment, items, at),
  });
};

/**
 * Publishes `orders.cart.item_added` (spec §3 Add-to-cart event: price = quantity × unit price,
 * minor units) through `tx` for each of `rows` now IN_SHOPPING_CART. With `before` (the rows as
 * they were), only those that came from NOT_PURCHASED: an item back from a declined payment was
 * never taken out of the cart.
 */
export const publishItemsAddedToCart = async (
  events: EventBus,
  tx: Database,
  rows: readonly CreatorOrderItemRow[],
  /** Who added them (the repository's StatusActor): a store user's id goes in the event. */
  actor: { kind: string; userId?: string },
  before?: readonly CreatorOrderItemRow[],
) => {
  const previous = before && new Map(before.map((row) => [row.id, row.status]));
  const userId = actor.kind === 'store' ? (actor.userId ?? null) : null;
  const added = rows.filter(
    (row) =>
      row.status === 'IN_SHOPPING_CART' && (!previous || previous.get(row.id) === 'NOT_PURCHASED'),
  );
  await events.publishMany(
    tx,
    'orders.cart.item_added',
    added.map((row) => ({
      aggregateId: row.storeId,
      storeId: row.storeId,
      payload: {
        itemId: row.id,
        price: row.quantity * row.unitPrice,
        currencyCode: row.currencyCode,
        userId,
      },
    })),
  );
};

/**
 * Spec §7 event-purchase: the Transaction event of one of the store's payments, as published when
 * it completed. 404 `payment_not_found` for another store's or an unknown payment; 409
 * `payment_not_completed` while it is pending, waiting for authentication or declined.
 */
export const findTransactionEvent = async (
  db: Database,
  storeId: string,
  paymentId: string,
): Promise<TransactionEvent> => {
  const [payment] = await db
    .select()
    .from(creatorPayments)
    .where(and(eq(creatorPayments.id, paymentId), eq(creatorPayments.storeId, storeId)));
  if (!payment) {
    throw new AppError('not_found', 'There is no such payment.', { reason: 'payment_not_found' });
  }
  if (payment.status !== 'COMPLETED') {
    throw new AppError('conflict', 'This payment has not completed.', {
      reason: 'payment_not_completed',
    });
  }
  const [items, [charge]] = await Promise.all([
    db
      .select()
      .from(creatorOrderItems)
      .where(
        and(eq(creatorOrderItems.storeId, storeId), inArray(creatorOrderItems.id, payment.itemIds)),
      ),
    db
      .select({ createdAt: paymentLedgerEntries.createdAt })
      .from(paymentLedgerEntries)
      .where(
        and(
          eq(paymentLedgerEntries.paymentId, payment.id),
          eq(paymentLedgerEntries.kind, 'CHARGE'),
        ),
      )
      .orderBy(asc(paymentLedgerEntries.createdAt))
      .limit(1),
  ]);
  // The CHARGE entry is written in the settling transaction: its time is the event's.
  return transactionEventOf(payment, items, charge?.createdAt ?? payment.updatedAt);
};
