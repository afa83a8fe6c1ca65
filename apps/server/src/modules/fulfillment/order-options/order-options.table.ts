import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ShippingMethod } from '@atelier/contract/fulfillment/rules';
import { updatedAt } from '@/db/columns';

// order_id and store_id point at the sales module's tables: the foreign keys (ON DELETE CASCADE)
// are written in migration 0046 by hand (a module reaches another only through its index.ts).

/**
 * Issue 15 (spec §7 shipping-method; priority fulfilment as a flag): what the store chose for one
 * of its orders before it ships. `shippingMethod` (null: the rules' or the cheapest) is the
 * service the label is bought with; `isPriority` asks for priority fulfilment ($10, shipped the
 * same day when asked before 12:00 America/New_York), `priorityAt` when it was asked.
 */
export const fulfillmentOrderOptions = pgTable(
  'fulfillment_order_options',
  {
    orderId: text('order_id').primaryKey(),
    storeId: text('store_id').notNull(),
    shippingMethod: text('shipping_method').$type<ShippingMethod>(),
    isPriority: boolean('is_priority').notNull().default(false),
    priorityAt: timestamp('priority_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (table) => [index('fulfillment_order_options_store_idx').on(table.storeId)],
);
export type FulfillmentOrderOptionsRow = typeof fulfillmentOrderOptions.$inferSelect;
