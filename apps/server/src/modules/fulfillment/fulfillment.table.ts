import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
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

// The variant, order and line columns point at the sales module's tables. A module reaches
// another only through its index.ts, so those foreign keys (ON DELETE CASCADE) are written in
// migration 0038 by hand, not declared here.

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

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
