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
  RefundDestination,
  RefundMethod,
  ReturnFeeType,
  ReturnReason,
  ReturnResolution,
  ReturnStatus,
  UnitCondition,
} from '@atelier/contract/fulfillment/returns';
import { fulfillmentShipments } from './fulfillment.table';
import { createdAt, updatedAt } from '@/db/columns';

// The order, line and variant columns point at the sales module's tables; those foreign keys are
// written by hand in migration 0041 (a module reaches another only through its index.ts).

/** Issue 15 /return-settings: one row per store once it saves its settings. */
export const fulfillmentReturnSettings = pgTable(
  'fulfillment_return_settings',
  {
    storeId: text('store_id').primaryKey(),
    isEnabled: boolean('is_enabled').notNull(),
    windowDays: integer('window_days').notNull(),
    feeType: text('fee_type').$type<ReturnFeeType>().notNull(),
    /** Minor units of `currency_code`. */
    feeAmount: integer('fee_amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    refundMethod: text('refund_method').$type<RefundMethod>().notNull(),
    refundDestination: text('refund_destination').$type<RefundDestination>().notNull(),
    allowExchanges: boolean('allow_exchanges').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('fulfillment_return_settings_window_check', sql`${table.windowDays} > 0`),
    check('fulfillment_return_settings_fee_check', sql`${table.feeAmount} >= 0`),
  ],
);

/** Issue 15 returns (spec §3): `number` → handle RET-000012. */
export const fulfillmentReturns = pgTable(
  'fulfillment_returns',
  {
    id: text('id').primaryKey(),
    number: bigserial('number', { mode: 'number' }).notNull(),
    storeId: text('store_id').notNull(),
    /** Hand-written FK to sales_orders in 0041 (ON DELETE CASCADE). */
    orderId: text('order_id').notNull(),
    status: text('status').$type<ReturnStatus>().notNull(),
    refundMethod: text('refund_method').$type<RefundMethod>().notNull(),
    refundDestination: text('refund_destination').$type<RefundDestination>().notNull(),
    feeType: text('fee_type').$type<ReturnFeeType>().notNull(),
    /** The fee taken off the refund, minor units of `currency_code` (0 when FREE). */
    feeAmount: integer('fee_amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    /** Set when received: the refundable units' prices less the fee, never below 0. */
    refundAmount: integer('refund_amount'),
    receipt: text('receipt'),
    /** The return label the center made (customer → center), if any. */
    shipmentId: text('shipment_id').references(() => fulfillmentShipments.id, {
      onDelete: 'set null',
    }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    note: text('note'),
    cancelReason: text('cancel_reason'),
    /** The manual order that sends the exchange variants (hand-written FK, ON DELETE SET NULL). */
    exchangeOrderId: text('exchange_order_id'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('fulfillment_returns_number_key').on(table.number),
    index('fulfillment_returns_store_idx').on(table.storeId, table.number.desc()),
    index('fulfillment_returns_order_idx').on(table.orderId),
    check('fulfillment_returns_fee_check', sql`${table.feeAmount} >= 0`),
    check(
      'fulfillment_returns_refund_check',
      sql`${table.refundAmount} is null or ${table.refundAmount} >= 0`,
    ),
  ],
);
export type FulfillmentReturnRow = typeof fulfillmentReturns.$inferSelect;

/** The order lines (and how many of their units) a return brings back. */
export const fulfillmentReturnLines = pgTable(
  'fulfillment_return_lines',
  {
    id: text('id').primaryKey(),
    returnId: text('return_id')
      .notNull()
      .references(() => fulfillmentReturns.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    /** Hand-written FK to sales_order_lines (ON DELETE CASCADE). */
    orderLineId: text('order_line_id').notNull(),
    variantId: text('variant_id'),
    sku: text('sku'),
    title: text('title').notNull(),
    variantTitle: text('variant_title'),
    quantity: integer('quantity').notNull(),
    /** Paid per unit, minor units of the return's currency. */
    unitPrice: integer('unit_price').notNull(),
    reason: text('reason').$type<ReturnReason>().notNull(),
    resolution: text('resolution').$type<ReturnResolution>().notNull(),
    exchangeVariantId: text('exchange_variant_id'),
    exchangeSku: text('exchange_sku'),
    position: integer('position').notNull(),
  },
  (table) => [
    index('fulfillment_return_lines_return_idx').on(table.returnId, table.position),
    index('fulfillment_return_lines_order_line_idx').on(table.orderLineId),
    check('fulfillment_return_lines_quantity_check', sql`${table.quantity} > 0`),
  ],
);
export type FulfillmentReturnLineRow = typeof fulfillmentReturnLines.$inferSelect;

/** The inspection of a received return: one row per unit. */
export const fulfillmentReturnUnits = pgTable(
  'fulfillment_return_units',
  {
    lineId: text('line_id')
      .notNull()
      .references(() => fulfillmentReturnLines.id, { onDelete: 'cascade' }),
    unitIndex: integer('unit_index').notNull(),
    storeId: text('store_id').notNull(),
    condition: text('condition').$type<UnitCondition>().notNull(),
    note: text('note'),
    isRestocked: boolean('is_restocked').notNull(),
  },
  (table) => [
    primaryKey({ name: 'fulfillment_return_units_pk', columns: [table.lineId, table.unitIndex] }),
  ],
);
