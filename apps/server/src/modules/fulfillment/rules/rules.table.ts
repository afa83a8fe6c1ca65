import { sql } from 'drizzle-orm';
import {
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
  HoldReason,
  RuleAction,
  RuleCondition,
  ShippingMethod,
} from '@atelier/contract/fulfillment/rules';
import { createdAt, updatedAt } from '@/db/columns';

// The order columns point at the sales module's orders; those foreign keys (ON DELETE CASCADE)
// are written by hand in the migration (a module reaches another only through its index.ts).

/** Issue 15 /fulfillment-rules: a store's order rules, run in `position` order (1, 2, …). */
export const fulfillmentOrderRules = pgTable(
  'fulfillment_order_rules',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    conditions: jsonb('conditions').$type<RuleCondition[]>().notNull(),
    actions: jsonb('actions').$type<RuleAction[]>().notNull(),
    /** The rule evaluated right after this one when it matches (never a loop). */
    thenRuleId: text('then_rule_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('fulfillment_order_rules_store_idx').on(table.storeId, table.position)],
);
export type FulfillmentOrderRuleRow = typeof fulfillmentOrderRules.$inferSelect;

/** What the rules decided for an order when it arrived: one row per order, written once. */
export const fulfillmentOrderInstructions = pgTable(
  'fulfillment_order_instructions',
  {
    orderId: text('order_id').primaryKey(),
    storeId: text('store_id').notNull(),
    inserts: jsonb('inserts').$type<{ sku: string; quantity: number }[]>().notNull(),
    packaging: text('packaging'),
    shippingMethod: text('shipping_method').$type<ShippingMethod>(),
    matchedRuleIds: text('matched_rule_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('fulfillment_order_instructions_store_idx').on(table.storeId)],
);
export type FulfillmentOrderInstructionsRow = typeof fulfillmentOrderInstructions.$inferSelect;

/** Issue 15 order holds: an order is held (not shipped) until each of its holds is released. */
export const fulfillmentOrderHolds = pgTable(
  'fulfillment_order_holds',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    orderId: text('order_id').notNull(),
    reason: text('reason').$type<HoldReason>().notNull(),
    detail: text('detail').notNull(),
    /** The rule that held it (RULE); null once the rule is deleted. */
    ruleId: text('rule_id'),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    /** The member who released it; null with a `released_at` when the system did. */
    releasedBy: text('released_by'),
    releasedByName: text('released_by_name'),
    releaseNote: text('release_note'),
  },
  (table) => [
    check(
      'fulfillment_order_holds_reason_check',
      sql`${table.reason} in ('MISSING_STOCK', 'ADDRESS_PROBLEM', 'RULE')`,
    ),
    index('fulfillment_order_holds_order_idx').on(table.orderId),
    // The open holds of a store (the held orders list, the digest, the shipping check).
    index('fulfillment_order_holds_open_idx')
      .on(table.storeId, table.createdAt)
      .where(sql`${table.releasedAt} is null`),
    // One open hold per order, reason and rule: a redelivered event adds none.
    uniqueIndex('fulfillment_order_holds_open_key')
      .on(table.orderId, table.reason, sql`coalesce(${table.ruleId}, '')`)
      .where(sql`${table.releasedAt} is null`),
  ],
);
export type FulfillmentOrderHoldRow = typeof fulfillmentOrderHolds.$inferSelect;

/** The daily digest of held orders: one row per store and day sent (America/New_York). */
export const fulfillmentHoldDigests = pgTable(
  'fulfillment_hold_digests',
  {
    storeId: text('store_id').notNull(),
    /** YYYY-MM-DD in America/New_York. */
    day: text('day').notNull(),
    holdCount: integer('hold_count').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.day] })],
);
