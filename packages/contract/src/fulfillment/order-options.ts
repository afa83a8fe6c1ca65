import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { MoneySchema } from '../common/money';
import { OrderIdSchema } from '../sales/order';
import { ShippingMethodSchema } from './rules';
import { LABEL_STATUSES, SHIPMENT_STATUSES } from './shipment';

/**
 * Issue 15 order options (spec §7 store orders calls "shipping-method" and "line-item
 * tracking-info"; priority fulfilment as a flag): what the store chooses for one of its orders
 * before it ships, and where each line's units went.
 */

/**
 * One order's options. `shippingMethod` null: the label is bought with the rules' method, else
 * the cheapest. `priorityAt` is when priority fulfilment was asked; `shipsBy` (YYYY-MM-DD, center
 * calendar) the day a priority order ships by: the day it was asked on a weekday before 12:00
 * New York time, otherwise the next weekday (null when not priority). `priorityFee` is $10 in
 * cents, charged once when the order ships while priority. `canChange` is false once the order
 * is fulfilled or canceled (the PUTs then answer 409 `order_already_shipped`).
 */
export const OrderOptionsSchema = z.object({
  orderId: z.string(),
  shippingMethod: ShippingMethodSchema.nullable(),
  isPriority: z.boolean(),
  priorityAt: z.iso.datetime().nullable(),
  shipsBy: z.iso.date().nullable(),
  priorityFee: MoneySchema,
  canChange: z.boolean(),
});
export type OrderOptions = z.infer<typeof OrderOptionsSchema>;

export const SetShippingMethodBodySchema = z.object({
  shippingMethod: ShippingMethodSchema.nullable(),
});
export type SetShippingMethodBody = z.infer<typeof SetShippingMethodBodySchema>;

export const SetPriorityBodySchema = z.object({ isPriority: z.boolean() });
export type SetPriorityBody = z.infer<typeof SetPriorityBodySchema>;

/** One parcel carrying units of an order line (a recreated label's replacement carries them). */
export const LineTrackingSchema = z.object({
  /** SHP-000012. */
  shipmentSn: z.string(),
  /** Null until the label is bought. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  serviceLevel: z.string(),
  /** Units of the line in this parcel. */
  quantity: z.number().int(),
  status: z.enum(SHIPMENT_STATUSES),
  labelStatus: z.enum(LABEL_STATUSES),
  createdAt: z.iso.datetime(),
});
export type LineTracking = z.infer<typeof LineTrackingSchema>;

const orderParams = z.object({ id: OrderIdSchema });
const lineParams = orderParams.extend({
  lineId: z.string().regex(/^oli_[a-z0-9]+$/, 'Not an order line id.'),
});

/** Issue 15 order options calls (store members; only the caller's store's orders, else 404). */
export const orderOptionsEndpoints = {
  getOrderOptions: defineEndpoint({
    method: 'GET',
    path: '/api/web/orders/:id/fulfillment-options',
    params: orderParams,
    response: OrderOptionsSchema,
    summary:
      'Issue 15: the order’s shipping method and priority fulfilment (defaults when never set); 404 `order_not_found`.',
    tags: ['fulfillment'],
  }),
  setShippingMethod: defineEndpoint({
    method: 'PUT',
    path: '/api/web/orders/:id/shipping-method',
    params: orderParams,
    body: SetShippingMethodBodySchema,
    response: OrderOptionsSchema,
    summary:
      'Spec §7 shipping-method: the service the order’s label is bought with (null: the rules’ or the cheapest); 409 `order_already_shipped` once fulfilled or canceled.',
    tags: ['fulfillment'],
  }),
  setPriority: defineEndpoint({
    method: 'PUT',
    path: '/api/web/orders/:id/priority',
    params: orderParams,
    body: SetPriorityBodySchema,
    response: OrderOptionsSchema,
    summary:
      'Issue 15: priority fulfilment on or off ($10 when the order ships, same day before 12:00 New York time); 409 `order_already_shipped` once fulfilled or canceled.',
    tags: ['fulfillment'],
  }),
  getLineTracking: defineEndpoint({
    method: 'GET',
    path: '/api/web/orders/:id/line-items/:lineId/tracking-info',
    params: lineParams,
    response: z.object({ items: z.array(LineTrackingSchema) }),
    summary:
      'Spec §7 line-item tracking-info: the parcels carrying units of one order line, oldest first; 404 `order_not_found`, `line_item_not_found`.',
    tags: ['fulfillment'],
  }),
};
