import { z } from 'zod';
import { OrderOriginSchema } from './order-values-schemas';

/** Domain events the sales module publishes (issue 11). The aggregate is the order. */
export const salesEvents = {
  /** A store order was recorded (by hand, an import or a channel). */
  'sales.order.created': z.object({
    storeId: z.string(),
    orderId: z.string(),
    origin: OrderOriginSchema,
    /** Order total in minor units of `currencyCode`. */
    total: z.number().int(),
    currencyCode: z.string(),
  }),
} as const;
