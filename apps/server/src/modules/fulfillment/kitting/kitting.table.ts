import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { KittingStatus } from '@atelier/contract/fulfillment/kitting';
import { createdAt, updatedAt } from '@/db/columns';

// The variant columns point at the sales module's variants; those foreign keys (ON DELETE
// CASCADE) are written by hand in the migration (a module reaches another only through its index).

/** Issue 15 bundles: a bundle variant is made of `quantity` units of each component variant. */
export const fulfillmentBundleComponents = pgTable(
  'fulfillment_bundle_components',
  {
    storeId: text('store_id').notNull(),
    bundleVariantId: text('bundle_variant_id').notNull(),
    componentVariantId: text('component_variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({
      name: 'fulfillment_bundle_components_pk',
      columns: [table.bundleVariantId, table.componentVariantId],
    }),
    index('fulfillment_bundle_components_store_idx').on(table.storeId),
    check('fulfillment_bundle_components_quantity_check', sql`${table.quantity} > 0`),
    check(
      'fulfillment_bundle_components_not_itself_check',
      sql`${table.bundleVariantId} <> ${table.componentVariantId}`,
    ),
  ],
);

/** Issue 15 kitting requests: `number` → sn KIT-000012. */
export const fulfillmentKittingRequests = pgTable(
  'fulfillment_kitting_requests',
  {
    id: text('id').primaryKey(),
    number: bigserial('number', { mode: 'number' }).notNull(),
    storeId: text('store_id').notNull(),
    bundleVariantId: text('bundle_variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    status: text('status').$type<KittingStatus>().notNull(),
    note: text('note'),
    cancelReason: text('cancel_reason'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('fulfillment_kitting_requests_number_key').on(table.number),
    index('fulfillment_kitting_requests_store_idx').on(table.storeId, table.number.desc()),
    check('fulfillment_kitting_requests_quantity_check', sql`${table.quantity} > 0`),
  ],
);
export type FulfillmentKittingRequestRow = typeof fulfillmentKittingRequests.$inferSelect;
