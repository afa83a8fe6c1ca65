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
  /**
   * A store order was changed by its store (status, note, address, canceled line items with the
   * cancel state and payment they move) or by its channel (payment, fulfilment, cancellation,
   * addresses, tags): what changed, by name.
   */
  'sales.order.updated': z.object({
    storeId: z.string(),
    orderId: z.string(),
    changes: z.array(
      z.enum([
        'productionStatus',
        'note',
        'shippingAddress',
        'billingAddress',
        'financialStatus',
        'fulfillmentState',
        'cancelState',
        'tags',
        'refunds',
        'lineItems',
      ]),
    ),
  }),
  /** A product was created (by hand, an import or a channel). */
  'sales.product.created': z.object({ storeId: z.string(), productId: z.string() }),
  /** A product or its variants changed, or it was archived or brought back. */
  'sales.product.updated': z.object({
    storeId: z.string(),
    productId: z.string(),
    status: z.enum(['ACTIVE', 'ARCHIVED']),
  }),
  /** A customer came from a channel (a sync or a webhook) and was not in the store yet. */
  'sales.customer.created': z.object({ storeId: z.string(), customerId: z.string() }),
  /** A channel changed a customer the store has (names, phone, address, consent, tags). */
  'sales.customer.updated': z.object({ storeId: z.string(), customerId: z.string() }),
  /**
   * A channel sync ended: how many products, customers and orders it read and how many of each
   * were new or changed. The aggregate is the connection.
   */
  'sales.channel.synced': z.object({
    storeId: z.string(),
    connectionId: z.string(),
    shop: z.string(),
    products: z.object({
      read: z.number().int(),
      created: z.number().int(),
      updated: z.number().int(),
    }),
    customers: z.object({
      read: z.number().int(),
      created: z.number().int(),
      updated: z.number().int(),
    }),
    orders: z.object({
      read: z.number().int(),
      created: z.number().int(),
      updated: z.number().int(),
    }),
  }),
  /** A batch of an order import was written (one event per batch, not per order). */
  'sales.orders.imported': z.object({
    storeId: z.string(),
    /** The import's channel, e.g. `import:uci-online-retail`. */
    channel: z.string(),
    orderCount: z.number().int(),
  }),
} as const;
