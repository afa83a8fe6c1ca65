import { z } from 'zod';

/** Issue 15, the fulfillment module's domain events. */
export const fulfillmentEvents = {
  /**
   * A receiving was counted into stock: its variants have more units available, so orders
   * waiting for them are reserved again.
   */
  'fulfillment.receiving.received': z.object({
    storeId: z.string(),
    receivingId: z.string(),
    variantIds: z.array(z.string()),
  }),
  /**
   * A parcel of a store order left the center (its units left stock): the order is FULFILLED
   * once every line's units have shipped, PARTIAL before.
   */
  'fulfillment.shipment.created': z.object({
    storeId: z.string(),
    orderId: z.string(),
    shipmentId: z.string(),
    /** The shipment's number, e.g. SHP-000012. */
    sn: z.string(),
    fulfillmentState: z.enum(['PARTIAL', 'FULFILLED']),
  }),
  /**
   * A return was received and inspected: GOOD units went back on hand (`restockedVariantIds`
   * have more available, so waiting orders reserve again). `refund` is the money given back to
   * the original payment (null for store credit or nothing to refund); the order gets it as a
   * refund and shows in the RETURNS tab.
   */
  'fulfillment.return.received': z.object({
    storeId: z.string(),
    orderId: z.string(),
    returnId: z.string(),
    /** The return's handle, e.g. RET-000012. */
    handle: z.string(),
    refund: z.object({ amount: z.number().int(), currencyCode: z.string() }).nullable(),
    /** What the customer was told (spec §4 receipt wording). */
    receipt: z.string(),
    lines: z.array(z.object({ orderLineId: z.string(), quantity: z.number().int() })),
    restockedVariantIds: z.array(z.string()),
  }),
  /**
   * A new order was put on hold when it arrived (order rules, an address the label cannot carry,
   * missing stock): it does not ship until every hold is released. The sales module may show it
   * ON_HOLD.
   */
  'fulfillment.order.held': z.object({
    storeId: z.string(),
    orderId: z.string(),
    holds: z.array(
      z.object({
        holdId: z.string(),
        reason: z.enum(['MISSING_STOCK', 'ADDRESS_PROBLEM', 'RULE']),
        detail: z.string(),
      }),
    ),
  }),
  /**
   * One hold of an order was released, by a store member (`userId`) or by the system (null: its
   * stock arrived). `openHoldCount` 0: the order may ship again.
   */
  'fulfillment.order.hold-released': z.object({
    storeId: z.string(),
    orderId: z.string(),
    holdId: z.string(),
    reason: z.enum(['MISSING_STOCK', 'ADDRESS_PROBLEM', 'RULE']),
    userId: z.string().nullable(),
    note: z.string().nullable(),
    openHoldCount: z.number().int(),
  }),
} as const;
