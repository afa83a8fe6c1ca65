import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { IdSchema } from '../common/validation';
import { InvoiceLineInputSchema, InvoiceSchema } from './invoice';
import { OrderItemSchema } from './order-item-api';

/**
 * Spec §7 update-price and event-purchase (issue 12), and the supplier's price change of an
 * unpaid invoice line that makes update-price needed. Money in integer minor units.
 */

/**
 * Spec §3 "Transaction event" of a COMPLETED payment: `id` is the payment's id, `price` what was
 * charged (fees and discount included), each item at the unit price it was paid at.
 */
export const TransactionEventSchema = z.object({
  id: z.string(),
  price: z.number().int(),
  currencyCode: z.string(),
  items: z.array(
    z.object({ name: z.string(), perUnitPrice: z.number().int(), quantity: z.number().int() }),
  ),
  storeId: z.string(),
  /** When the payment completed (ISO 8601). */
  occurredAt: z.iso.datetime(),
});
export type TransactionEvent = z.infer<typeof TransactionEventSchema>;

/**
 * Spec §3 "Add-to-cart event": `price` is what the item added costs (quantity × unit price),
 * `userId` the store user who added it (null through an invoice's public pay link).
 */
export const AddToCartEventSchema = z.object({
  itemId: z.string(),
  price: z.number().int(),
  currencyCode: z.string(),
  userId: z.string().nullable(),
});
export type AddToCartEvent = z.infer<typeof AddToCartEventSchema>;

export const updateOrderItemPrice = defineEndpoint({
  method: 'POST',
  path: '/api/web/creator-order-items/:id/update-price',
  params: z.object({ id: IdSchema }),
  response: OrderItemSchema,
  summary:
    'Spec §7 update-price: the store accepts the current price of an unpaid item (IN_SHOPPING_CART or NOT_PURCHASED) from its source (the invoice line’s unit price; a sample’s current sample price); the change is in the item’s history. 409 `order_item_paid` once paid, 409 `order_item_no_source_price` when the source offers no price.',
  tags: ['orders'],
});

export const eventPurchase = defineEndpoint({
  method: 'POST',
  path: '/api/web/creator-order-items/event-purchase',
  body: z.object({ paymentId: IdSchema }),
  response: TransactionEventSchema,
  summary:
    'Spec §7 event-purchase (§3 Transaction event) of one of the store’s COMPLETED payments, for the purchase-success receipt and a client analytics hook. 404 for another store’s or an unknown payment; 409 `payment_not_completed`.',
  tags: ['orders'],
});

export const updatePartnerInvoiceLinePrice = defineEndpoint({
  method: 'PUT',
  path: '/api/partner/invoices/:id/items/:itemId',
  auth: 'supplier',
  params: z.object({ id: IdSchema, itemId: IdSchema }),
  body: z.object({ unitPrice: InvoiceLineInputSchema.shape.unitPrice }),
  response: InvoiceSchema,
  summary:
    'Issue 12: the supplier changes the unit price (minor units, as at creation) of a line of its unpaid invoice. Paid items never change; the store’s cart items of the line keep their price until the store accepts the new one (update-price). 404 for another company’s invoice; 409 `invoice_not_open`, `invoice_item_removed` or `invoice_item_paid`.',
  tags: ['orders'],
});
