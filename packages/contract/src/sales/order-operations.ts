import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { textSchema } from '../common/validation';
import { MAX_BULK_ORDERS } from './order-values';
import {
  OrderIdListSchema,
  OrderRefundSchema,
  PostalAddressSchema,
  StoreOrderSchema,
} from './order';
import { CancelStateSchema, ProductionStatusSchema } from './order-values-schemas';

/**
 * Spec §7 store orders, the calls of /order-details/{id} (issue 11): change-op-status and its
 * op-status-history (spec §3 "operation status is changed by a change-op-status call and has a
 * history"), the order's note, and its shipping address. All scoped to the caller's store; 404
 * `order_not_found` for another store's order.
 */

const OrderIdParamsSchema = z.object({
  id: z.string().regex(/^ord_[a-z0-9]+$/, 'Not an order id.'),
});

/**
 * One entry of an order's operation history: RECORDED (the status it came with),
 * STATUS_CHANGED (its operation status changed) or LINE_ITEM_CANCELED (units of a line canceled;
 * the status stays).
 */
export const OrderStatusChangeSchema = z.object({
  id: z.string(),
  kind: z.enum(['RECORDED', 'STATUS_CHANGED', 'LINE_ITEM_CANCELED']),
  /** Null for the status the order was recorded with. */
  fromStatus: ProductionStatusSchema.nullable(),
  toStatus: ProductionStatusSchema,
  /** Why (the status change's note, the cancel's reason). */
  note: z.string().nullable(),
  /** LINE_ITEM_CANCELED: the line (its title as sold) and the units canceled. */
  canceledItem: z
    .object({
      lineId: z.string(),
      title: z.string(),
      sku: z.string().nullable(),
      quantity: z.number().int(),
    })
    .nullable(),
  /** LINE_ITEM_CANCELED: the order's cancel state after it (PARTIAL, or CANCELED: none left). */
  cancelState: CancelStateSchema.nullable(),
  /** Who changed it (a name, or the e-mail when the user has no name); null: the system. */
  changedBy: z.string().nullable(),
  changedAt: z.iso.datetime(),
});
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;

export const ChangeOrderOpStatusInputSchema = z.object({
  status: ProductionStatusSchema,
  /** Why, for the history ("Waiting for fabric"). */
  note: textSchema(500).optional(),
});
export type ChangeOrderOpStatusInput = z.input<typeof ChangeOrderOpStatusInputSchema>;

/**
 * Sets the order's operation status and records the change in its history. 409
 * `order_canceled` for a canceled order; 409 `op_status_unchanged` when it already has it.
 */
export const changeOrderOpStatus = defineEndpoint({
  method: 'POST',
  path: '/api/web/orders/:id/change-op-status',
  params: OrderIdParamsSchema,
  body: ChangeOrderOpStatusInputSchema,
  response: StoreOrderSchema,
  summary: "Change an order's operation status (recorded in its history).",
  tags: ['orders'],
});

/** The order's operation-status history, oldest first, starting with its recorded status. */
export const listOrderOpStatusHistory = defineEndpoint({
  method: 'GET',
  path: '/api/web/orders/:id/op-status-history',
  params: OrderIdParamsSchema,
  response: z.object({ items: z.array(OrderStatusChangeSchema) }),
  tags: ['orders'],
});

export const UpdateOrderNoteInputSchema = z.object({
  /** The store's note on the order; empty or null clears it. */
  note: textSchema(5_000).nullable(),
});

/** Sets or clears the order's note. */
export const updateOrderNote = defineEndpoint({
  method: 'PUT',
  path: '/api/web/orders/:id/notes',
  params: OrderIdParamsSchema,
  body: UpdateOrderNoteInputSchema,
  response: StoreOrderSchema,
  tags: ['orders'],
});

export const UpdateShippingAddressInputSchema = PostalAddressSchema.extend({
  line1: textSchema(300).min(1, 'Give the street address.'),
  city: textSchema(120).min(1, 'Give the city.'),
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'A two-letter country code such as US.'),
});

/**
 * Replaces the order's shipping address. 409 `order_canceled` for a canceled order, 409
 * `order_fulfilled` once it has been sent (fulfilled in part or whole).
 */
export const updateOrderShippingAddress = defineEndpoint({
  method: 'PUT',
  path: '/api/web/orders/:id/shipping-address',
  params: OrderIdParamsSchema,
  body: UpdateShippingAddressInputSchema,
  response: StoreOrderSchema,
  tags: ['orders'],
});

export const OrderLineParamsSchema = OrderIdParamsSchema.extend({
  lineId: z.string().regex(/^oli_[a-z0-9]+$/, 'Not an order line id.'),
});

export const CancelLineItemInputSchema = z.object({
  /** Units to cancel; every unit of the line not canceled yet when left out. */
  quantity: z.number().int().min(1, 'Cancel at least one unit.').max(1_000_000).optional(),
  /** Why, for the order's history ("Out of stock"). */
  reason: textSchema(500).min(1, 'Say why the item is canceled.'),
});
export type CancelLineItemInput = z.input<typeof CancelLineItemInputSchema>;

export const LineItemCancelResultSchema = z.object({
  order: StoreOrderSchema,
  /** Units canceled by this call. */
  quantity: z.number().int(),
  /** The money given back for them (a paid order), else null. */
  refund: OrderRefundSchema.nullable(),
});
export type LineItemCancelResult = z.infer<typeof LineItemCancelResultSchema>;

/**
 * Spec §7 line-item cancel: cancels units of one line of an order not sent yet. The order's cancel
 * state becomes PARTIAL, or CANCELED once no unit is left; a paid order records a refund for the
 * units (see the server's `cancelLineItem` for the amounts). 409 `order_canceled`,
 * `order_fulfilled` (sent in part or whole), `line_item_canceled` (no unit left on the line);
 * 400 naming `body.quantity` beyond the units left; 404 `order_not_found`, `line_item_not_found`.
 */
export const cancelOrderLineItem = defineEndpoint({
  method: 'POST',
  path: '/api/web/orders/:id/line-items/:lineId/cancel',
  params: OrderLineParamsSchema,
  body: CancelLineItemInputSchema,
  response: LineItemCancelResultSchema,
  summary: "Cancel units of an order's line (default: all left), with a reason.",
  tags: ['orders'],
});

/** Spec §7 order-notes: one dated note by a member of the store's team on an order. */
export const OrderNoteSchema = z.object({
  id: z.string(), // "ont_…"
  body: z.string(),
  /** The author's name (or e-mail) when they wrote it. */
  authorName: z.string(),
  /** Whether the caller wrote it (and so may delete it). */
  isOwn: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type OrderNote = z.infer<typeof OrderNoteSchema>;

export const MAX_ORDER_NOTE_LENGTH = 2_000;

export const AddOrderNoteInputSchema = z.object({
  body: textSchema(MAX_ORDER_NOTE_LENGTH).min(1, 'Write the note.'),
});
export type AddOrderNoteInput = z.input<typeof AddOrderNoteInputSchema>;

/** The order's team notes, newest first. 404 `order_not_found`. */
export const listOrderNotes = defineEndpoint({
  method: 'GET',
  path: '/api/web/orders/:id/order-notes',
  params: OrderIdParamsSchema,
  response: z.object({ items: z.array(OrderNoteSchema) }),
  tags: ['orders'],
});

/** Adds a dated note by the caller to the order (canceled orders too). 201. */
export const addOrderNote = defineEndpoint({
  method: 'POST',
  path: '/api/web/orders/:id/order-notes',
  params: OrderIdParamsSchema,
  body: AddOrderNoteInputSchema,
  response: OrderNoteSchema,
  successStatus: 201,
  tags: ['orders'],
});

/**
 * Deletes one of the caller's own notes on the order. 409 `order_note_not_yours` for a
 * teammate's (spec §8 ends the session on any 403); 404 `order_note_not_found`.
 */
export const deleteOrderNote = defineEndpoint({
  method: 'DELETE',
  path: '/api/web/orders/:id/order-notes/:noteId',
  params: OrderIdParamsSchema.extend({
    noteId: z.string().regex(/^ont_[a-z0-9]+$/, 'Not an order note id.'),
  }),
  response: z.object({ ok: z.literal(true) }),
  tags: ['orders'],
});

export const ChangeOrdersOpStatusInputSchema = ChangeOrderOpStatusInputSchema.extend({
  /** The selected orders, at most MAX_BULK_ORDERS. */
  orderIds: OrderIdListSchema,
});
export type ChangeOrdersOpStatusInput = z.input<typeof ChangeOrdersOpStatusInputSchema>;

export const ChangeOrdersOpStatusResultSchema = z.object({
  /** Orders whose status changed (each with its history entry and event). */
  changed: z.array(
    z.object({ id: z.string(), name: z.string(), fromStatus: ProductionStatusSchema }),
  ),
  /**
   * Orders left as they were, with why: `op_status_unchanged` (had it already),
   * `order_canceled`, `order_not_found` (no such order in the store; `name` null).
   */
  refused: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      reason: z.enum(['op_status_unchanged', 'order_canceled', 'order_not_found']),
      message: z.string(),
    }),
  ),
});
export type ChangeOrdersOpStatusResult = z.infer<typeof ChangeOrdersOpStatusResultSchema>;

/**
 * Spec §7 change-op-status for many orders at once (the /orders selection): each order changes
 * on its own, as the single call does; those that cannot are listed with the reason.
 */
export const changeOrdersOpStatus = defineEndpoint({
  method: 'POST',
  path: '/api/web/orders/change-op-status',
  body: ChangeOrdersOpStatusInputSchema,
  response: ChangeOrdersOpStatusResultSchema,
  summary: `Change the operation status of up to ${MAX_BULK_ORDERS} orders; what changed and what was refused.`,
  tags: ['orders'],
});
