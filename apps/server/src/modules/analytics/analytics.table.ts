import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type {
  AnalyticsRangeQuery,
  AnalyticsViewKey,
  AnalyticsViewResult,
} from '@atelier/contract/analytics/views';
import type { PredictiveModel } from '@atelier/contract/analytics/analytics-api';
import { jsonb } from '../../db/jsonb';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Issue 14 /share-report/{id}: a public, read-only snapshot of one view. `id` is unguessable
 * (random, 128 bits); the snapshot is the computed result, so nothing else of the store is
 * reachable from it. Revoked shares answer 404.
 */
export const analyticsShares = pgTable(
  'analytics_shares',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    view: text('view').$type<AnalyticsViewKey>().notNull(),
    query: jsonb('query').$type<AnalyticsRangeQuery>().notNull(),
    result: jsonb('result').$type<AnalyticsViewResult>().notNull(),
    createdByUserId: text('created_by_user_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    revokedAt: at('revoked_at'),
  },
  (table) => [index('analytics_shares_store').on(table.storeId, table.createdAt)],
);

/**
 * Spec §3/§7 first-party product analytics (POST /commons/event-analyses/report): kept for the
 * platform, never sent to a third party. `storeId`/`userId` are set when the caller is signed in.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: text('id').primaryKey(),
    receivedAt: at('received_at').notNull(),
    sourceClient: text('source_client').notNull(),
    anonymousUserId: text('anonymous_user_id').notNull(),
    userId: text('user_id'),
    storeId: text('store_id'),
    commonType: text('common_type').notNull(),
    eventName: text('event_name').notNull(),
    commonContent: jsonb('common_content').$type<unknown>().notNull(),
    /** The report's extra properties. */
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [index('analytics_events_name_received').on(table.eventName, table.receivedAt)],
);

/**
 * Issue 14: the fitted BG/NBD + Gamma-Gamma model per store and query, reused while the store's
 * orders are unchanged (`ordersVersion`: their count and latest change), refitted otherwise.
 */
export const analyticsModelFits = pgTable(
  'analytics_model_fits',
  {
    storeId: text('store_id').notNull(),
    calibrationEnd: text('calibration_end').notNull(),
    timeUnit: text('time_unit').$type<'day' | 'week'>().notNull(),
    horizonDays: integer('horizon_days').notNull(),
    ordersVersion: text('orders_version').notNull(),
    result: jsonb('result').$type<PredictiveModel>().notNull(),
    fittedAt: at('fitted_at').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.storeId, table.calibrationEnd, table.timeUnit, table.horizonDays],
    }),
  ],
);

/**
 * Issue 14 "Performance": the store orders' items as the products views count them, one row per
 * order, product (line title) and variant (SKU, else title and variant title) of every order not
 * canceled. A summary of sales_order_lines, sales_orders and the refunds, kept right by database
 * triggers on every write of those tables, import included (migration 0034: the function
 * `analytics_refresh_order_items` recomputes the rows of the orders a statement touched); never
 * written by the application. Units: `sold` is ordered less canceled, `returned` the refunded units
 * beyond the canceled ones (at most `sold`); values are minor units of the order's currency at the
 * line's price after its own discount (`keptValue` the units sold and not returned). The lead row
 * of a product (variant) in an order carries the order's totals of that product (variant), so a
 * range's orders of a product are counted without a distinct.
 */
export const analyticsOrderItems = pgTable(
  'analytics_order_items',
  {
    orderId: text('order_id').notNull(),
    product: text('product').notNull(),
    variant: text('variant').notNull(),
    storeId: text('store_id').notNull(),
    customerId: text('customer_id'),
    placedAt: at('placed_at').notNull(),
    currencyCode: text('currency_code').notNull(),
    /** The order's own IANA time zone (migration 0035). */
    timeZone: text('time_zone'),
    /** The store-local day the order was placed, in `timeZone`; null when PostgreSQL does not know the zone. */
    day: date('day', { mode: 'string' }),
    /** Refunds cover the order's whole total: not a purchase occasion (spec §5). */
    isRefundedInFull: boolean('is_refunded_in_full').notNull(),
    sku: text('sku'),
    variantTitle: text('variant_title'),
    sold: integer('sold').notNull(),
    returned: integer('returned').notNull(),
    keptValue: doublePrecision('kept_value').notNull(),
    returnedValue: doublePrecision('returned_value').notNull(),
    isProductLead: boolean('is_product_lead').notNull(),
    productSold: integer('product_sold').notNull(),
    productReturned: integer('product_returned').notNull(),
    isVariantLead: boolean('is_variant_lead').notNull(),
    variantSold: integer('variant_sold').notNull(),
    variantReturned: integer('variant_returned').notNull(),
    /** One row per order (its first product and variant) is the order's lead (migration 0036). */
    isOrderLead: boolean('is_order_lead'),
    /** The order's units sold, on every row of the order. */
    orderSold: integer('order_sold'),
    /** The order's products with units sold, on every row of the order. */
    orderProducts: integer('order_products'),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.product, table.variant] }),
    index('analytics_order_items_store_placed').on(table.storeId, table.placedAt),
    index('analytics_order_items_store_day').on(table.storeId, table.day),
    index('analytics_order_items_order_leads')
      .on(table.storeId, table.placedAt)
      .where(sql`${table.isOrderLead}`),
    // Also analytics_order_items_product_leads (store, currency, product, placed_at) INCLUDE
    // (order_id, customer_id, order_products, is_refunded_in_full) of the product leads with
    // units sold: migration 0037 only, as Drizzle's index builder has no INCLUDE.
  ],
);

/**
 * Issue 14 "Performance": `analytics_order_items` summed per local day (in the order's own time
 * zone), product and variant — about half as many rows, so the products views over a range read
 * half as much and convert no time zones. Kept right by a database trigger on every write of
 * `analytics_order_items` (migration 0035: `analytics_refresh_product_days` recomputes the days a
 * statement touched); never written by the application. `productOrders` (`variantOrders`) counts
 * the orders of the day with the product (variant) sold, on the row of that order's lead item, so
 * summing a product's rows over days gives its orders; `productReturnOrders`
 * (`variantReturnOrders`) those with some of it returned. Values are minor units of
 * `currencyCode`. Items whose zone PostgreSQL does not know have no day and are left out.
 */
export const analyticsProductDays = pgTable(
  'analytics_product_days',
  {
    storeId: text('store_id').notNull(),
    currencyCode: text('currency_code').notNull(),
    timeZone: text('time_zone').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    product: text('product').notNull(),
    variant: text('variant').notNull(),
    sku: text('sku'),
    variantTitle: text('variant_title'),
    sold: integer('sold').notNull(),
    returned: integer('returned').notNull(),
    keptValue: doublePrecision('kept_value').notNull(),
    returnedValue: doublePrecision('returned_value').notNull(),
    productOrders: integer('product_orders').notNull(),
    productReturnOrders: integer('product_return_orders').notNull(),
    variantOrders: integer('variant_orders').notNull(),
    variantReturnOrders: integer('variant_return_orders').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'analytics_product_days_pk',
      columns: [
        table.storeId,
        table.currencyCode,
        table.timeZone,
        table.day,
        table.product,
        table.variant,
      ],
    }),
  ],
);
