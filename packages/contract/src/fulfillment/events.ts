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
} as const;
