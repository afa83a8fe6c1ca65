import { z } from 'zod';
import { OrderItemStatusSchema } from './order-item';
import { AddToCartEventSchema, TransactionEventSchema } from './order-item-pricing';

/**
 * Domain events the orders module publishes (issue 12). The aggregate is the store: both parties
 * follow every change live (the realtime subscriber moves them to the store's and the supplier
 * company's rooms).
 */
export const ordersEvents = {
  /** Order items changed status (added to the cart, paid, shipped, received, canceled). */
  'orders.items.updated': z.object({
    storeId: z.string(),
    companyId: z.string(),
    itemIds: z.array(z.string()),
    status: OrderItemStatusSchema,
    /**
     * A parcel shipped while units remain (partial shipments): the status is unchanged, so the
     * change is this shipment (the store hears of it), not the status.
     */
    shipmentId: z.string().optional(),
    /**
     * false when the items only changed beside their status (a cancel request or its answer, a
     * destination, a price): `status` is where they already were. Absent means they moved there.
     */
    statusChanged: z.boolean().optional(),
  }),
  /** A supplier sent the store an invoice, or the invoice was paid. */
  'orders.invoice.updated': z.object({
    storeId: z.string(),
    companyId: z.string(),
    invoiceId: z.string(),
    status: z.enum(['OPEN', 'PAID', 'VOIDED']),
    /**
     * What changed when it is not the invoice's arrival or status: `SHIPPING_ADDRESS`, the store
     * saved where the goods go (spec §2 /add-shipping-address). Absent otherwise.
     */
    change: z.enum(['SHIPPING_ADDRESS']).optional(),
  }),
  /** Spec §3 Transaction event: a payment COMPLETED (published in the transaction settling it). */
  'orders.purchase.completed': TransactionEventSchema,
  /** Spec §3 Add-to-cart event: an item went into the cart (new, or back from NOT_PURCHASED). */
  'orders.cart.item_added': AddToCartEventSchema,
} as const;

/** Socket event of both parties' rooms when order items or an invoice changed. */
export const ORDERS_UPDATED_SOCKET_EVENT = 'orders:updated';
export type OrdersUpdatedSocketPayload = {
  itemIds: string[];
  invoiceId: string | null;
  status: string;
};
