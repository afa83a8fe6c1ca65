import { boolean, date, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '@/db/columns';

// order_id and store_id point at the sales module's tables: the foreign keys (ON DELETE CASCADE)
// are written in migration 0046 by hand.

/**
 * Issue 15 (spec §7 wholesale requirements): how a retailer wants a wholesale order packed and
 * shipped: the purchase order number, the ship window, a packing slip in each carton, carton
 * labels, pallets, free-text instructions, and the retailer's own documents (files module ids:
 * routing guide, labels) the center prints and packs.
 */
export const fulfillmentWholesaleRequirements = pgTable(
  'fulfillment_wholesale_requirements',
  {
    orderId: text('order_id').primaryKey(),
    storeId: text('store_id').notNull(),
    purchaseOrderNumber: text('purchase_order_number'),
    shipWindowStart: date('ship_window_start', { mode: 'string' }),
    shipWindowEnd: date('ship_window_end', { mode: 'string' }),
    isPackingSlipRequired: boolean('is_packing_slip_required').notNull().default(true),
    isCartonLabelRequired: boolean('is_carton_label_required').notNull().default(false),
    isPalletized: boolean('is_palletized').notNull().default(false),
    instructions: text('instructions'),
    attachmentFileIds: jsonb('attachment_file_ids').$type<string[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (table) => [index('fulfillment_wholesale_requirements_store_idx').on(table.storeId)],
);
export type FulfillmentWholesaleRequirementsRow =
  typeof fulfillmentWholesaleRequirements.$inferSelect;
