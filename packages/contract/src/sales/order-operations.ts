import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { textSchema } from '../common/validation';
import { PostalAddressSchema, StoreOrderSchema } from './order';
import { ProductionStatusSchema } from './order-values-schemas';

/**
 * Spec §7 store orders, the calls of /order-details/{id} (issue 11): change-op-status and its
 * op-status-history (spec §3 "operation status is changed by a change-op-status call and has a
 * history"), the order's note, and its shipping address. All scoped to the caller's store; 404
 * `order_not_found` for another store's order.
 */

const OrderIdParamsSchema = z.object({
  id: z.string().regex(/^ord_[a-z0-9]+$/, 'Not an order id.'),
});

/** One change of an order's operation (production) status. */
export const OrderStatusChangeSchema = z.object({
  id: z.string(),
  /** Null for the status the order was recorded with. */
  fromStatus: ProductionStatusSchema.nullable(),
  toStatus: ProductionStatusSchema,
  note: z.string().nullable(),
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
