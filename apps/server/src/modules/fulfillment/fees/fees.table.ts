import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FeeKind } from '@atelier/contract/fulfillment/fees';
import { createdAt, updatedAt } from '@/db/columns';

// order_id and variant_id point at the sales module's tables: their foreign keys (ON DELETE
// CASCADE) are written by hand at the end of this table's migration, not declared here.

/**
 * Issue 15 fees charged by the fulfillment center beyond the receivings' incidents (those stay in
 * `fulfillment_fees`): pick and pack per shipped order, priority, storage per month and the
 * month's 1 % cash back (a negative amount). Integer minor units of `currency_code`. Each row has
 * an idempotency key unique per store (`order:<id>`, `priority:<id>`, `storage:<YYYY-MM>`,
 * `cash-back:<YYYY-MM>`), so a redelivered event or a second run charges nothing more.
 */
export const fulfillmentFeeCharges = pgTable(
  'fulfillment_fee_charges',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    kind: text('kind').$type<Exclude<FeeKind, 'RECEIVING_INCIDENT'>>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The fee month, YYYY-MM in the center's time zone (America/New_York). */
    month: text('month').notNull(),
    orderId: text('order_id'),
    shipmentId: text('shipment_id'),
    /** The store's plan when charged (pick and pack depends on it). */
    planType: text('plan_type'),
    quantity: integer('quantity').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    /** quantity × unit amount; negative for CASH_BACK. */
    amount: integer('amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('fulfillment_fee_charges_key').on(table.storeId, table.idempotencyKey),
    index('fulfillment_fee_charges_store_idx').on(table.storeId, table.createdAt),
    index('fulfillment_fee_charges_order_idx').on(table.orderId),
    check('fulfillment_fee_charges_quantity_check', sql`${table.quantity} >= 0`),
    check(
      'fulfillment_fee_charges_sign_check',
      sql`(${table.kind} = 'CASH_BACK' and ${table.amount} <= 0) or (${table.kind} <> 'CASH_BACK' and ${table.amount} >= 0)`,
    ),
  ],
);
export type FulfillmentFeeChargeRow = typeof fulfillmentFeeCharges.$inferSelect;

/**
 * Issue 15 low-stock alerts, per variant: its own threshold (null: the default) and when the
 * alert went out. `alerted_at` is set once when available falls to or below the threshold and
 * cleared when it goes back above, so one fall sends one e-mail.
 */
export const fulfillmentLowStock = pgTable(
  'fulfillment_low_stock',
  {
    storeId: text('store_id').notNull(),
    variantId: text('variant_id').notNull(),
    threshold: integer('threshold'),
    alertedAt: timestamp('alerted_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ name: 'fulfillment_low_stock_pk', columns: [table.storeId, table.variantId] }),
    check(
      'fulfillment_low_stock_threshold_check',
      sql`${table.threshold} is null or ${table.threshold} >= 0`,
    ),
  ],
);
export type FulfillmentLowStockRow = typeof fulfillmentLowStock.$inferSelect;
