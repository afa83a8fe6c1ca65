import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { IdSchema, textSchema } from '../common/validation';
import { CatalogCompanyReviewSchema, ReviewInputSchema } from '../catalog/review';
import {
  DeliveryStatusSchema,
  DestinationSchema,
  OrderItemKindSchema,
  OrderItemStatusSchema,
  OrderItemTabSchema,
  ReceivingStatusSchema,
  ShippingModeSchema,
} from './order-item';
import { CheckoutTotalsSchema } from './checkout-totals';
import { InvoiceLineCategorySchema } from './invoice';

/** Spec §7 /web/creator-order-items family (issue 12). Money in integer minor units. */

export const OrderItemEventSchema = z.object({
  fromStatus: OrderItemStatusSchema.nullable(),
  toStatus: OrderItemStatusSchema,
  /** `store`, `supplier` or `system`. */
  actorKind: z.string(),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  at: z.iso.datetime(),
});

/**
 * Issue 12 partial shipments: one parcel of an order item (units, carrier, tracking number and
 * the carrier's tracking page), when the supplier shipped it and when the store received it.
 */
export const OrderItemShipmentSchema = z.object({
  id: z.string(),
  quantity: z.number().int(),
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  shippedAt: z.iso.datetime(),
  receivedAt: z.iso.datetime().nullable(),
});
export type OrderItemShipment = z.infer<typeof OrderItemShipmentSchema>;

export const OrderItemSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  /** The store's name (what the supplier sees). */
  storeTitle: z.string(),
  companyId: z.string(),
  supplierName: z.string(),
  kind: OrderItemKindSchema,
  status: OrderItemStatusSchema,
  category: InvoiceLineCategorySchema,
  title: z.string(),
  catalogItemId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
  shippingAmount: z.number().int(),
  currencyCode: z.string(),
  shippingMode: ShippingModeSchema,
  receivingStatus: ReceivingStatusSchema,
  deliveryStatus: DeliveryStatusSchema,
  destination: DestinationSchema,
  paymentId: z.string().nullable(),
  /** The latest shipment's tracking number and carrier (see `shipments` for every parcel). */
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  /** Units shipped so far over the parcels; the item is SHIPPED once it reaches `quantity`. */
  shippedQuantity: z.number().int(),
  /** Units received; receiving is PARTIAL below `quantity`, RECEIVED at it. */
  receivedQuantity: z.number().int(),
  /** The parcels shipped, oldest first. */
  shipments: z.array(OrderItemShipmentSchema),
  /** A production cancel the store asked for, waiting for the supplier (issue 12). */
  cancelRequestedAt: z.iso.datetime().nullable(),
  cancelReason: z.string().nullable(),
  /** Refunded when the cancel was confirmed (minor units). */
  refundedAmount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The status history, oldest first (only on the detail). */
  history: z.array(OrderItemEventSchema).optional(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

const ItemIdParams = z.object({ id: IdSchema });

export const listOrderItems = defineEndpoint({
  method: 'GET',
  path: '/api/web/creator-order-items',
  query: z.object({
    tab: OrderItemTabSchema.default('ALL'),
    includeArchived: z.stringbool().default(false),
  }),
  response: z.object({ items: z.array(OrderItemSchema) }),
  summary:
    'Spec §2 /inbox/orders (Orders & Shipments): the store’s order items of a tab, newest first.',
  tags: ['orders'],
});

export const orderItemTabCounts = defineEndpoint({
  method: 'GET',
  path: '/api/web/creator-order-items/tab-counts',
  response: z.object({
    counts: z.record(OrderItemTabSchema, z.number().int()),
    /** Spec §7 in-production count (shown on /homebase). */
    inProduction: z.number().int(),
    cartCount: z.number().int(),
  }),
  tags: ['orders'],
});

export const getOrderItem = defineEndpoint({
  method: 'GET',
  path: '/api/web/creator-order-items/:id',
  params: ItemIdParams,
  response: OrderItemSchema,
  tags: ['orders'],
});

/**
 * 404 `item_not_found` for an unknown catalog item; 409 `no_sample_price` when the supplier
 * offers no sample, 409 `sample_out_of_stock` when its samples are OUT_OF_STOCK (spec §4 stock).
 */
export const createSampleOrderItem = defineEndpoint({
  method: 'POST',
  path: '/api/web/creator-order-items',
  body: z.object({
    catalogItemId: IdSchema,
    quantity: z.number().int().min(1, 'At least 1.').max(100, 'At most 100 samples.').default(1),
  }),
  response: OrderItemSchema,
  successStatus: 201,
  summary: 'Spec §7: "Order a sample" of a catalog item at its sample price, into the cart.',
  tags: ['orders'],
});

/**
 * An item in the cart, with its source's current unit price (the invoice line's; a sample's
 * sample price), or null when the source offers none. It differs from `unitPrice` after the
 * supplier changed the price: checkout refuses it (409 `order_item_price_changed`) until the store
 * accepts the new price (update-price).
 */
export const CartItemSchema = OrderItemSchema.extend({
  sourceUnitPrice: z.number().int().nullable(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartSchema = z.object({
  items: z.array(CartItemSchema),
  /** The checkout's totals for every item in the cart (one currency), or null when empty. */
  totals: CheckoutTotalsSchema.nullable(),
  currencyCode: z.string().nullable(),
});

export const getShoppingCart = defineEndpoint({
  method: 'GET',
  path: '/api/web/creator-order-items/shopping-cart',
  query: z.object({
    discountCode: textSchema(40).optional(),
    shippingAssurance: z.stringbool().default(false),
    sampleAssurance: z.stringbool().default(false),
  }),
  response: CartSchema,
  summary: 'Spec §3 shopping cart: its items and what paying for them would cost.',
  tags: ['orders'],
});

export const removeCartItem = defineEndpoint({
  method: 'DELETE',
  path: '/api/web/creator-order-items/shopping-cart/:id',
  params: ItemIdParams,
  response: CartSchema,
  tags: ['orders'],
});

export const markOrderItemReceived = defineEndpoint({
  method: 'POST',
  path: '/api/web/creator-order-items/:id/mark-received',
  params: ItemIdParams,
  /** No body (or no `shipmentId`): every shipped parcel not yet received. */
  body: z.object({ shipmentId: IdSchema.optional() }).nullish(),
  response: OrderItemSchema,
  summary:
    'The store received a parcel (`shipmentId`) or every shipped parcel of an item: receiving PARTIAL while units are missing, RECEIVED once all are in; then it can review the supplier. Receiving a parcel twice changes nothing.',
  tags: ['orders'],
});

export const listPartnerOrderItems = defineEndpoint({
  method: 'GET',
  path: '/api/partner/order-items',
  auth: 'supplier',
  query: z.object({ tab: OrderItemTabSchema.default('ALL') }),
  response: z.object({ items: z.array(OrderItemSchema) }),
  summary: "The supplier company's paid order items, newest first.",
  tags: ['orders'],
});

export const shipPartnerOrderItem = defineEndpoint({
  method: 'POST',
  path: '/api/partner/order-items/:id/ship',
  auth: 'supplier',
  params: ItemIdParams,
  body: z.object({
    trackingNumber: textSchema(100).pipe(z.string().min(3, 'Enter the tracking number.')),
    carrier: textSchema(60).pipe(z.string().min(2, 'Enter the carrier.')),
    /** Units in this parcel (partial shipments); all that remain when absent. */
    quantity: z
      .number('Enter the number of units.')
      .int('Whole units only.')
      .min(1, 'Ship at least 1 unit.')
      .optional(),
  }),
  response: OrderItemSchema,
  summary:
    'The supplier ships a parcel of an item in production (tracking number, carrier, and `quantity`: all that remain when absent). The item is SHIPPED once its parcels cover its quantity; more than remains is 400 on `quantity`.',
  tags: ['orders'],
});

export const reviewOrderItem = defineEndpoint({
  method: 'POST',
  path: '/api/web/creator-order-items/:id/review',
  params: ItemIdParams,
  body: ReviewInputSchema,
  response: CatalogCompanyReviewSchema,
  summary:
    'Spec §2 /leave-a-review/{orderId}: once the item is received, the store reviews its supplier; the review shows as a verified purchase (it replaces the store’s earlier review of that supplier).',
  tags: ['orders'],
});

export const requestOrderItemCancel = defineEndpoint({
  method: 'POST',
  path: '/api/web/creator-order-items/:id/cancel-request',
  params: ItemIdParams,
  body: z.object({ reason: textSchema(500).pipe(z.string().min(3, 'Tell the supplier why.')) }),
  response: OrderItemSchema,
  summary:
    'Issue 12: asks the supplier to cancel a paid production item (a paid sample cannot be canceled). The supplier confirms (the item is refunded) or declines.',
  tags: ['orders'],
});

export const confirmPartnerOrderItemCancel = defineEndpoint({
  method: 'POST',
  path: '/api/partner/order-items/:id/confirm-cancel',
  auth: 'supplier',
  params: ItemIdParams,
  response: OrderItemSchema,
  summary:
    'The supplier confirms the store’s cancel request: the item’s share of its payment is refunded through the payment provider and the item is CANCELED.',
  tags: ['orders'],
});

export const declinePartnerOrderItemCancel = defineEndpoint({
  method: 'POST',
  path: '/api/partner/order-items/:id/decline-cancel',
  auth: 'supplier',
  params: ItemIdParams,
  response: OrderItemSchema,
  summary: 'The supplier declines the store’s cancel request; production goes on.',
  tags: ['orders'],
});

export const archiveOrderItem = defineEndpoint({
  method: 'POST',
  path: '/api/web/creator-order-items/:id/archive',
  params: ItemIdParams,
  response: OrderItemSchema,
  summary:
    'Spec §7 archive: hides a finished item (shipped, canceled, or never bought) from Orders & Shipments; `includeArchived` lists it again.',
  tags: ['orders'],
});

export const updateOrderItemDestination = defineEndpoint({
  method: 'PUT',
  path: '/api/web/creator-order-items/:id/update-stored-at-fbp',
  params: ItemIdParams,
  body: z.object({ destination: DestinationSchema }),
  response: OrderItemSchema,
  summary:
    'Spec §7 update-stored-at-fbp: where the goods go, to the store (FORWARDED_TO_CREATOR) or to the fulfillment center (STORED_AT_FBP); until they ship.',
  tags: ['orders'],
});

export const promotionCodeCount = defineEndpoint({
  method: 'GET',
  path: '/api/web/creator-order-items/promotion-code-count',
  response: z.object({ counts: z.record(z.string(), z.number().int()) }),
  summary:
    'Spec §7 promotion-code-count: how many of the store’s paid checkouts used each discount code.',
  tags: ['orders'],
});
