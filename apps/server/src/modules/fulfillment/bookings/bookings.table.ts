import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  Aql,
  FreightDimensionUnit,
  FreightMode,
  FreightStatus,
  FreightWeightUnit,
  HandlingUnit,
  InspectionLevel,
  InspectionType,
  PackagingCategory,
  QcStatus,
  SupportTicketCategory,
  SupportTicketStatus,
} from '@atelier/contract/fulfillment/bookings';
import type { LabelAddress } from '@atelier/contract/fulfillment/shipment';
import { createdAt, updatedAt } from '@/db/columns';

// The variant and order columns point at the sales module's tables and the sourcing order item
// at the orders module's; those foreign keys (ON DELETE CASCADE / SET NULL) are written by hand
// in the migration (a module reaches another only through its index.ts).

/**
 * Issue 15 /fulfillment-services/book-freight-shipment: a store's freight shipment of its goods
 * to the center. `number` is global (the sn is FRT- and its digits).
 */
export const fulfillmentFreightBookings = pgTable(
  'fulfillment_freight_bookings',
  {
    id: text('id').primaryKey(),
    number: bigserial('number', { mode: 'number' }).notNull(),
    storeId: text('store_id').notNull(),
    status: text('status').$type<FreightStatus>().notNull(),
    origin: jsonb('origin').$type<LabelAddress>().notNull(),
    pickupReadyDate: date('pickup_ready_date', { mode: 'string' }).notNull(),
    mode: text('mode').$type<FreightMode>().notNull(),
    handlingUnit: text('handling_unit').$type<HandlingUnit>().notNull(),
    unitCount: integer('unit_count').notNull(),
    /** The weight as entered (`weight_unit`) and in grams (453.59237 g per lb, spec §9). */
    weight: doublePrecision('weight').notNull(),
    weightUnit: text('weight_unit').$type<FreightWeightUnit>().notNull(),
    weightG: integer('weight_g').notNull(),
    length: doublePrecision('length').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    dimensionUnit: text('dimension_unit').$type<FreightDimensionUnit>().notNull(),
    commodity: text('commodity').notNull(),
    /** The store's receiving the goods arrive as (fulfillment_receivings), if linked. */
    receivingId: text('receiving_id'),
    notes: text('notes'),
    /** The center's quote, integer minor units of `quote_currency_code`. */
    quoteAmount: integer('quote_amount'),
    quoteCurrencyCode: text('quote_currency_code'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('fulfillment_freight_bookings_number_key').on(table.number),
    index('fulfillment_freight_bookings_store_idx').on(table.storeId, table.number.desc()),
    check(
      'fulfillment_freight_bookings_status_check',
      sql`${table.status} in ('REQUESTED', 'QUOTED', 'BOOKED', 'DELIVERED', 'CANCELED')`,
    ),
    check('fulfillment_freight_bookings_weight_check', sql`${table.weightG} > 0`),
    check('fulfillment_freight_bookings_units_check', sql`${table.unitCount} > 0`),
  ],
);
export type FulfillmentFreightBookingRow = typeof fulfillmentFreightBookings.$inferSelect;

/** Issue 15 quality checks of a production run (QC- and its digits). */
export const fulfillmentQualityChecks = pgTable(
  'fulfillment_quality_checks',
  {
    id: text('id').primaryKey(),
    number: bigserial('number', { mode: 'number' }).notNull(),
    storeId: text('store_id').notNull(),
    status: text('status').$type<QcStatus>().notNull(),
    productName: text('product_name').notNull(),
    /** The sourcing order item (creator_order_items) inspected, if linked. */
    creatorOrderItemId: text('creator_order_item_id'),
    receivingId: text('receiving_id'),
    inspectionType: text('inspection_type').$type<InspectionType>().notNull(),
    inspectionLevel: text('inspection_level').$type<InspectionLevel>().notNull(),
    aqlMajor: text('aql_major').$type<Aql>().notNull(),
    aqlMinor: text('aql_minor').$type<Aql>().notNull(),
    unitsToInspect: integer('units_to_inspect').notNull(),
    preferredDate: date('preferred_date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('fulfillment_quality_checks_number_key').on(table.number),
    index('fulfillment_quality_checks_store_idx').on(table.storeId, table.number.desc()),
    check(
      'fulfillment_quality_checks_status_check',
      sql`${table.status} in ('REQUESTED', 'SCHEDULED', 'PASSED', 'FAILED', 'CANCELED')`,
    ),
  ],
);
export type FulfillmentQualityCheckRow = typeof fulfillmentQualityChecks.$inferSelect;

/**
 * Issue 15 pre-sales: a variant takes orders while out of stock until `ends_on` (inclusive)
 * and/or for up to `max_units` units beyond its stock. One row per variant.
 */
export const fulfillmentPreSales = pgTable(
  'fulfillment_pre_sales',
  {
    storeId: text('store_id').notNull(),
    variantId: text('variant_id').notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    maxUnits: integer('max_units'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ name: 'fulfillment_pre_sales_pk', columns: [table.storeId, table.variantId] }),
    check(
      'fulfillment_pre_sales_limit_check',
      sql`${table.endsOn} is not null or ${table.maxUnits} is not null`,
    ),
  ],
);
export type FulfillmentPreSaleRow = typeof fulfillmentPreSales.$inferSelect;

/** Issue 15 warehouse support tickets about a store order (spec §3 categories; TKT-…). */
export const fulfillmentSupportTickets = pgTable(
  'fulfillment_support_tickets',
  {
    id: text('id').primaryKey(),
    number: bigserial('number', { mode: 'number' }).notNull(),
    storeId: text('store_id').notNull(),
    orderId: text('order_id').notNull(),
    /** The order's number as shown when the ticket was opened. */
    orderName: text('order_name').notNull(),
    shipmentId: text('shipment_id'),
    category: text('category').$type<SupportTicketCategory>().notNull(),
    status: text('status').$type<SupportTicketStatus>().notNull(),
    message: text('message').notNull(),
    answer: text('answer'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('fulfillment_support_tickets_number_key').on(table.number),
    index('fulfillment_support_tickets_store_idx').on(table.storeId, table.number.desc()),
    index('fulfillment_support_tickets_order_idx').on(table.orderId),
    check(
      'fulfillment_support_tickets_status_check',
      sql`${table.status} in ('OPEN', 'ANSWERED', 'CLOSED')`,
    ),
  ],
);
export type FulfillmentSupportTicketRow = typeof fulfillmentSupportTickets.$inferSelect;

/** Issue 15 /order-packaging/{packagingCategory}: the store's default packaging per category. */
export const fulfillmentPackagingDefaults = pgTable(
  'fulfillment_packaging_defaults',
  {
    storeId: text('store_id').notNull(),
    category: text('category').$type<PackagingCategory>().notNull(),
    /** An id of the packaging catalogue (bookings/packaging-catalogue.ts). */
    packagingId: text('packaging_id').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({
      name: 'fulfillment_packaging_defaults_pk',
      columns: [table.storeId, table.category],
    }),
  ],
);
