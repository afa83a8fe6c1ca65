import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
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
  AdjustmentReason,
  InventoryMovementKind,
} from '@atelier/contract/fulfillment/inventory';
import type { LabelAddress, LabelParcel } from '@atelier/contract/fulfillment/shipment';
import type {
  ReceivingIncidentKind,
  ReceivingSource,
  ReceivingStatus,
} from '@atelier/contract/fulfillment/receiving';
import { createdAt, updatedAt } from '@/db/columns';

// The variant, order and line columns point at the sales module's tables. A module reaches
// another only through its index.ts, so those foreign keys (ON DELETE CASCADE) are written in
// migration 0038 by hand, not declared here.

/**
 * Issue 15: the fulfillment center's warehouses, shared by every store (the center's, not a
 * store's). Migration 0038 adds the default one, in North Carolina (spec §9).
 */
export const fulfillmentWarehouses = pgTable(
  'fulfillment_warehouses',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    stateCode: text('state_code').notNull(),
    countryCode: text('country_code').notNull(),
    timeZone: text('time_zone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('fulfillment_warehouses_code_key').on(table.code),
    // At most one default warehouse.
    uniqueIndex('fulfillment_warehouses_default_key')
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
  ],
);
export type FulfillmentWarehouseRow = typeof fulfillmentWarehouses.$inferSelect;

/**
 * A variant's stock in a warehouse. The database refuses a negative count and more reserved than
 * on hand, so no bug can oversell: a reservation locks the rows (in variant order) it changes.
 */
export const fulfillmentInventoryLevels = pgTable(
  'fulfillment_inventory_levels',
  {
    variantId: text('variant_id').notNull(),
    warehouseId: text('warehouse_id')
      .notNull()
      .references(() => fulfillmentWarehouses.id),
    storeId: text('store_id').notNull(),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    /** The bin the SKU is kept in at this warehouse ("A-0001"); storage is $1 per bin per SKU. */
    binCode: text('bin_code'),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({
      name: 'fulfillment_inventory_levels_pk',
      columns: [table.variantId, table.warehouseId],
    }),
    index('fulfillment_inventory_levels_store_idx').on(table.storeId, table.variantId),
    check('fulfillment_inventory_levels_on_hand_check', sql`${table.onHand} >= 0`),
    check(
      'fulfillment_inventory_levels_reserved_check',
      sql`${table.reserved} >= 0 and ${table.reserved} <= ${table.onHand}`,
    ),
  ],
);
export type FulfillmentInventoryLevelRow = typeof fulfillmentInventoryLevels.$inferSelect;

/**
 * The inventory ledger: every change of a level is one row, written in the transaction that
 * changes the level, with the counts it left (so the ledger replays to the level).
 */
export const fulfillmentInventoryMovements = pgTable(
  'fulfillment_inventory_movements',
  {
    id: text('id').primaryKey(),
    /** The ledger's order (rows written in one instant keep the order they were written in). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    storeId: text('store_id').notNull(),
    variantId: text('variant_id').notNull(),
    warehouseId: text('warehouse_id')
      .notNull()
      .references(() => fulfillmentWarehouses.id),
    kind: text('kind').$type<InventoryMovementKind>().notNull(),
    onHandChange: integer('on_hand_change').notNull(),
    reservedChange: integer('reserved_change').notNull(),
    onHandAfter: integer('on_hand_after').notNull(),
    reservedAfter: integer('reserved_after').notNull(),
    reason: text('reason').$type<AdjustmentReason>(),
    note: text('note'),
    orderId: text('order_id'),
    orderLineId: text('order_line_id'),
    /** The receiving a RECEIVING row counted in. */
    receivingId: text('receiving_id'),
    /** The shipment a SHIPMENT row sent. */
    shipmentId: text('shipment_id'),
    /** The user who adjusted by hand; null for the system (reservations, shipments). */
    userId: text('user_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('fulfillment_inventory_movements_variant_idx').on(
      table.storeId,
      table.variantId,
      table.seq.desc(),
    ),
  ],
);
export type FulfillmentInventoryMovementRow = typeof fulfillmentInventoryMovements.$inferSelect;

/**
 * The units held for a store order's line (all of them: a line is reserved whole or not at
 * all). One row per line; RESERVED until the units ship (SHIPPED) or go back (RELEASED).
 */
export const fulfillmentReservations = pgTable(
  'fulfillment_reservations',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    orderId: text('order_id').notNull(),
    orderLineId: text('order_line_id').notNull(),
    variantId: text('variant_id').notNull(),
    warehouseId: text('warehouse_id')
      .notNull()
      .references(() => fulfillmentWarehouses.id),
    quantity: integer('quantity').notNull(),
    status: text('status', { enum: ['RESERVED', 'SHIPPED', 'RELEASED'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('fulfillment_reservations_line_key').on(table.orderLineId),
    index('fulfillment_reservations_order_idx').on(table.orderId),
    check('fulfillment_reservations_quantity_check', sql`${table.quantity} > 0`),
  ],
);
export type FulfillmentReservationRow = typeof fulfillmentReservations.$inferSelect;

/**
 * Issue 15 receivings: goods arriving at the center for a store, from sourcing order items
 * stored at the center or an intake form. `number` is global (the sn is RCV- and its digits).
 */
export const fulfillmentReceivings = pgTable(
  'fulfillment_receivings',
  {
    id: text('id').primaryKey(),
    number: bigserial('number', { mode: 'number' }).notNull(),
    storeId: text('store_id').notNull(),
    warehouseId: text('warehouse_id')
      .notNull()
      .references(() => fulfillmentWarehouses.id),
    status: text('status').$type<ReceivingStatus>().notNull(),
    source: text('source').$type<ReceivingSource>().notNull(),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    /** YYYY-MM-DD in the warehouse's calendar. */
    expectedArrivalDate: text('expected_arrival_date'),
    notes: text('notes'),
    cartonCount: integer('carton_count'),
    canceledReason: text('canceled_reason'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('fulfillment_receivings_number_key').on(table.number),
    index('fulfillment_receivings_store_idx').on(table.storeId, table.number.desc()),
  ],
);
export type FulfillmentReceivingRow = typeof fulfillmentReceivings.$inferSelect;

/** What a receiving brings: expected units, the variant counted into, and the count. */
export const fulfillmentReceivingItems = pgTable(
  'fulfillment_receiving_items',
  {
    id: text('id').primaryKey(),
    receivingId: text('receiving_id')
      .notNull()
      .references(() => fulfillmentReceivings.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    sku: text('sku'),
    /** Hand-written FK to sales_product_variants in 0039 (ON DELETE SET NULL). */
    variantId: text('variant_id'),
    /** Hand-written FK to creator_order_items in 0039 (ON DELETE SET NULL). */
    creatorOrderItemId: text('creator_order_item_id'),
    expectedQuantity: integer('expected_quantity').notNull(),
    receivedQuantity: integer('received_quantity'),
    damagedQuantity: integer('damaged_quantity').notNull().default(0),
  },
  (table) => [
    index('fulfillment_receiving_items_receiving_idx').on(table.receivingId, table.position),
    index('fulfillment_receiving_items_order_item_idx').on(table.creatorOrderItemId),
    check('fulfillment_receiving_items_expected_check', sql`${table.expectedQuantity} > 0`),
    check(
      'fulfillment_receiving_items_received_check',
      sql`${table.receivedQuantity} is null or (${table.receivedQuantity} >= 0 and ${table.damagedQuantity} between 0 and ${table.receivedQuantity})`,
    ),
  ],
);
export type FulfillmentReceivingItemRow = typeof fulfillmentReceivingItems.$inferSelect;

/** The count of a receiving, carton by carton. */
export const fulfillmentReceivingCounts = pgTable(
  'fulfillment_receiving_counts',
  {
    receivingId: text('receiving_id')
      .notNull()
      .references(() => fulfillmentReceivings.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => fulfillmentReceivingItems.id, { onDelete: 'cascade' }),
    cartonNumber: integer('carton_number').notNull(),
    storeId: text('store_id').notNull(),
    quantity: integer('quantity').notNull(),
    damaged: integer('damaged').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'fulfillment_receiving_counts_pk',
      columns: [table.receivingId, table.cartonNumber, table.itemId],
    }),
    check(
      'fulfillment_receiving_counts_check',
      sql`${table.quantity} >= 0 and ${table.damaged} between 0 and ${table.quantity}`,
    ),
  ],
);

/**
 * The center's fees to a store (issue 15, spec §9), in integer minor units: receiving incidents
 * now; storage, orders and priority as they arrive.
 */
export const fulfillmentFees = pgTable(
  'fulfillment_fees',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    kind: text('kind').$type<ReceivingIncidentKind>().notNull(),
    receivingId: text('receiving_id').references(() => fulfillmentReceivings.id, {
      onDelete: 'cascade',
    }),
    amount: integer('amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (table) => [
    index('fulfillment_fees_store_idx').on(table.storeId, table.createdAt),
    index('fulfillment_fees_receiving_idx').on(table.receivingId),
    check('fulfillment_fees_amount_check', sql`${table.amount} >= 0`),
  ],
);
export type FulfillmentFeeRow = typeof fulfillmentFees.$inferSelect;

/**
 * Issue 15 shipments: a parcel leaving the center with a shipping label, for a store order (its
 * units left stock when it was made) or a standalone label (spec §3 shipping label draft,
 * `order_id` null). The label is bought and rendered by the `fulfillment.label` job: PENDING,
 * then READY with its tracking number and PDF, or FAILED with the reason. VOIDED when recreated.
 */
export const fulfillmentShipments = pgTable(
  'fulfillment_shipments',
  {
    id: text('id').primaryKey(),
    number: bigserial('number', { mode: 'number' }).notNull(),
    storeId: text('store_id').notNull(),
    /** Hand-written FK to sales_orders in 0040 (ON DELETE CASCADE); null for a standalone label. */
    orderId: text('order_id'),
    warehouseId: text('warehouse_id').references(() => fulfillmentWarehouses.id),
    status: text('status', { enum: ['ACTIVE', 'VOIDED'] }).notNull(),
    labelStatus: text('label_status', { enum: ['PENDING', 'READY', 'FAILED'] }).notNull(),
    labelError: text('label_error'),
    provider: text('provider').notNull(),
    serviceLevel: text('service_level').notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** The quoted rate, integer minor units of `currency_code`. */
    rateAmount: integer('rate_amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    zone: integer('zone'),
    fromAddress: jsonb('from_address').$type<LabelAddress>().notNull(),
    toAddress: jsonb('to_address').$type<LabelAddress>().notNull(),
    parcel: jsonb('parcel').$type<LabelParcel>().notNull(),
    /** The parcel's weight in grams (453.59237 g per lb, spec §9). */
    weightG: integer('weight_g').notNull(),
    notes: text('notes'),
    /** FileStorage key of the label PDF once READY. */
    labelKey: text('label_key'),
    /** The shipment this one replaced (shipments/recreate). */
    replacesId: text('replaces_id'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    labelReadyAt: timestamp('label_ready_at', { withTimezone: true, mode: 'date' }),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('fulfillment_shipments_number_key').on(table.number),
    index('fulfillment_shipments_store_idx').on(table.storeId, table.number.desc()),
    index('fulfillment_shipments_order_idx').on(table.orderId),
    check('fulfillment_shipments_weight_check', sql`${table.weightG} > 0`),
  ],
);
export type FulfillmentShipmentRow = typeof fulfillmentShipments.$inferSelect;

/** The order lines (whole reservations) a shipment carries. */
export const fulfillmentShipmentLines = pgTable(
  'fulfillment_shipment_lines',
  {
    shipmentId: text('shipment_id')
      .notNull()
      .references(() => fulfillmentShipments.id, { onDelete: 'cascade' }),
    orderLineId: text('order_line_id').notNull(),
    storeId: text('store_id').notNull(),
    variantId: text('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'fulfillment_shipment_lines_pk',
      columns: [table.shipmentId, table.orderLineId],
    }),
    check('fulfillment_shipment_lines_quantity_check', sql`${table.quantity} > 0`),
  ],
);
