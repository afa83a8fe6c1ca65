import { and, eq } from 'drizzle-orm';
import { roundHalfEven } from '@atelier/contract/orders/checkout-totals';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import type { Database } from '@/db/client';
import type { Actor, SupplierActor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { assertTransition, type OrderItemService } from './order-item.service';
import type { OrdersRepository } from './orders.repository';
import { creatorOrderItems, creatorPayments, type CreatorOrderItemRow } from './orders.table';
import type { PaymentProvider } from './payments/payment-provider';
import { providerNamed } from './payments/paypal-capture';

export type ProductionCancelDeps = {
  db: Database;
  clock: Clock;
  repository: OrdersRepository;
  provider: PaymentProvider;
  /** Refunds the payments PayPal took (each payment goes back to the provider that took it). */
  paypal: PaymentProvider;
  orderItems: Pick<OrderItemService, 'withHistory'>;
};

const itemNotFound = () =>
  new AppError('not_found', 'There is no such order item.', { reason: 'order_item_not_found' });

/**
 * 409 `order_item_partly_shipped` once any unit has shipped (partial shipments): the refund share
 * is the whole item's, so a production run with parcels on their way cannot be canceled here.
 */
const assertNothingShipped = (item: CreatorOrderItemRow) => {
  if (item.shippedQuantity > 0) {
    throw new AppError(
      'conflict',
      `${item.shippedQuantity} of ${item.quantity} units have shipped already: an item with shipped units cannot be canceled. Talk to the supplier in chat.`,
      { reason: 'order_item_partly_shipped' },
    );
  }
};

/**
 * The part of a payment an item gets back (minor units): its amount and shipping as a share of
 * the payment's goods and shipping, applied to what was charged (so fees and discounts are
 * shared alike), rounded half-even; the payment's last live item gets what is left, so the
 * refunds of a payment never add up to more or less than it.
 */
export const refundShareOf = (
  item: Pick<CreatorOrderItemRow, 'quantity' | 'unitPrice' | 'shippingAmount'>,
  payment: { amount: number; gross: number; refunded: number; isLastLiveItem: boolean },
): number => {
  if (payment.isLastLiveItem) return payment.amount - payment.refunded;
  const itemGross = item.quantity * item.unitPrice + item.shippingAmount;
  if (payment.gross <= 0) return 0;
  return Math.min(
    payment.amount - payment.refunded,
    Number(roundHalfEven(BigInt(payment.amount) * BigInt(itemGross), payment.gross)),
  );
};

/**
 * Issue 12: a production item is canceled only with its supplier's confirmation (the store asks,
 * the supplier confirms or declines) and is refunded through the PaymentProvider; a paid sample
 * cannot be canceled (the contract's rule).
 */
export const createProductionCancelService = ({
  db,
  clock,
  repository,
  provider,
  paypal,
  orderItems,
}: ProductionCancelDeps) => ({
  /**
   * The store asks to cancel a paid production item. 409 naming both states when the item cannot
   * be canceled (a paid sample: "A paid sample cannot be canceled."), 409
   * `cancel_already_requested` when asked already, 409 `order_item_partly_shipped` once a parcel
   * of it has shipped.
   */
  async requestCancel(actor: Actor, id: string, reason: string): Promise<OrderItem> {
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const [item] = await repository.lockItems(tx, actor.storeId, [id]);
      if (!item) throw itemNotFound();
      assertTransition(item, 'CANCELED');
      if (item.status === 'IN_SHOPPING_CART' || item.status === 'NOT_PURCHASED') {
        throw new AppError('conflict', 'This item is not paid: take it out of the cart instead.', {
          reason: 'order_item_not_paid',
        });
      }
      assertNothingShipped(item);
      if (item.cancelRequestedAt) {
        throw new AppError('conflict', 'The supplier has this cancel request already.', {
          reason: 'cancel_already_requested',
        });
      }
      const updated = await repository.updateItem(tx, item.id, {
        cancelRequestedAt: now,
        cancelReason: reason,
        updatedAt: now,
      });
      await repository.announceItems(tx, [updated]);
      return updated;
    });
    return orderItems.withHistory(row);
  },

  /** The supplier declines the store's cancel request; the item goes on as it was. */
  async declineCancel(supplier: SupplierActor, id: string): Promise<OrderItem> {
    const row = await db.transaction(async (tx) => {
      const item = await repository.findItemForCompany(tx, supplier.companyId, id);
      if (!item?.cancelRequestedAt) throw itemNotFound();
      const updated = await repository.updateItem(tx, item.id, {
        cancelRequestedAt: null,
        cancelReason: null,
        updatedAt: clock.now(),
      });
      await repository.announceItems(tx, [updated]);
      return updated;
    });
    return orderItems.withHistory(row);
  },

  /**
   * The supplier confirms the store's cancel request: the item's share of its payment is
   * refunded through the provider (idempotent per item), then the item is CANCELED with a REFUND
   * ledger entry. A refund the provider refuses changes nothing (409 `refund_failed` with its
   * reason); 404 without a request; 409 `order_item_partly_shipped` once a parcel has shipped.
   */
  async confirmCancel(supplier: SupplierActor, id: string): Promise<OrderItem> {
    const found = await repository.findItemForCompany(db, supplier.companyId, id);
    if (!found?.cancelRequestedAt) throw itemNotFound();
    assertTransition(found, 'CANCELED');
    assertNothingShipped(found);
    const [payment] = found.paymentId
      ? await db.select().from(creatorPayments).where(eq(creatorPayments.id, found.paymentId))
      : [];
    let refund = 0;
    let reference: string | null = null;
    if (payment?.status === 'COMPLETED' && payment.providerChargeId) {
      const siblings = await db
        .select()
        .from(creatorOrderItems)
        .where(
          and(
            eq(creatorOrderItems.paymentId, payment.id),
            eq(creatorOrderItems.storeId, found.storeId),
          ),
        );
      const live = siblings.filter((item) => item.status !== 'CANCELED');
      refund = refundShareOf(found, {
        amount: payment.amount,
        gross: payment.totals.subtotal + payment.totals.shipping,
        refunded: siblings.reduce((sum, item) => sum + item.refundedAmount, 0),
        isLastLiveItem: live.length === 1 && live[0]!.id === found.id,
      });
      if (refund > 0) {
        const result = await providerNamed({ card: provider, paypal }, payment.provider).refund({
          providerChargeId: payment.providerChargeId,
          amount: refund,
          currencyCode: payment.currencyCode,
          idempotencyKey: `refund:${found.id}`,
          reason: found.cancelReason ?? 'Production canceled',
        });
        if (result.status !== 'SUCCEEDED') {
          throw new AppError('conflict', result.reason ?? 'The refund did not go through.', {
            reason: 'refund_failed',
          });
        }
        reference = result.providerRefundId;
      }
    }
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const [item] = await repository.lockItems(tx, found.storeId, [found.id]);
      if (!item?.cancelRequestedAt) throw itemNotFound();
      assertTransition(item, 'CANCELED');
      assertNothingShipped(item);
      if (payment && refund > 0) {
        await repository.insertLedgerEntry(tx, {
          storeId: item.storeId,
          paymentId: payment.id,
          kind: 'REFUND',
          amount: -refund,
          currencyCode: payment.currencyCode,
          providerReference: reference,
          createdAt: now,
        });
      }
      const [moved] = await repository.moveItems(
        tx,
        [item],
        'CANCELED',
        { kind: 'supplier', userId: supplier.userId, name: supplier.name },
        now,
        { refundedAmount: refund },
        `Canceled at the store's request${item.cancelReason ? `: ${item.cancelReason}` : ''}`,
      );
      return moved!;
    });
    return orderItems.withHistory(row);
  },
});
export type ProductionCancelService = ReturnType<typeof createProductionCancelService>;
