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
} as const;
