import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { createTableExportSource, type ExportSource } from '@/modules/jobs';
import {
  fulfillmentHoldDigests,
  fulfillmentOrderHolds,
  fulfillmentOrderInstructions,
  fulfillmentOrderRules,
} from './rules.table';

/**
 * "Export my data" tables of order rules (issue 15): the store's rules, what they decided for
 * each order, its holds and the digests of held orders sent.
 */
export const createRulesExportSources = (db: Database): ExportSource[] => [
  createTableExportSource(db, {
    table: 'fulfillment_order_rules',
    from: fulfillmentOrderRules,
    columns: {
      id: fulfillmentOrderRules.id,
      name: fulfillmentOrderRules.name,
      position: fulfillmentOrderRules.position,
      is_enabled: fulfillmentOrderRules.isEnabled,
      conditions: fulfillmentOrderRules.conditions,
      actions: fulfillmentOrderRules.actions,
      then_rule_id: fulfillmentOrderRules.thenRuleId,
      created_at: fulfillmentOrderRules.createdAt,
      updated_at: fulfillmentOrderRules.updatedAt,
    },
    ofStore: (storeId) => eq(fulfillmentOrderRules.storeId, storeId),
    keys: [fulfillmentOrderRules.id],
  }),
  createTableExportSource(db, {
    table: 'fulfillment_order_instructions',
    from: fulfillmentOrderInstructions,
    columns: {
      order_id: fulfillmentOrderInstructions.orderId,
      inserts: fulfillmentOrderInstructions.inserts,
      packaging: fulfillmentOrderInstructions.packaging,
      shipping_method: fulfillmentOrderInstructions.shippingMethod,
      matched_rule_ids: fulfillmentOrderInstructions.matchedRuleIds,
      evaluated_at: fulfillmentOrderInstructions.evaluatedAt,
    },
    ofStore: (storeId) => eq(fulfillmentOrderInstructions.storeId, storeId),
    keys: [fulfillmentOrderInstructions.orderId],
  }),
  createTableExportSource(db, {
    table: 'fulfillment_order_holds',
    from: fulfillmentOrderHolds,
    columns: {
      id: fulfillmentOrderHolds.id,
      order_id: fulfillmentOrderHolds.orderId,
      reason: fulfillmentOrderHolds.reason,
      detail: fulfillmentOrderHolds.detail,
      rule_id: fulfillmentOrderHolds.ruleId,
      created_at: fulfillmentOrderHolds.createdAt,
      released_at: fulfillmentOrderHolds.releasedAt,
      released_by: fulfillmentOrderHolds.releasedBy,
      released_by_name: fulfillmentOrderHolds.releasedByName,
      release_note: fulfillmentOrderHolds.releaseNote,
    },
    ofStore: (storeId) => eq(fulfillmentOrderHolds.storeId, storeId),
    keys: [fulfillmentOrderHolds.id],
  }),
  createTableExportSource(db, {
    table: 'fulfillment_hold_digests',
    from: fulfillmentHoldDigests,
    columns: {
      day: fulfillmentHoldDigests.day,
      hold_count: fulfillmentHoldDigests.holdCount,
      sent_at: fulfillmentHoldDigests.sentAt,
    },
    ofStore: (storeId) => eq(fulfillmentHoldDigests.storeId, storeId),
    keys: [fulfillmentHoldDigests.storeId, fulfillmentHoldDigests.day],
  }),
];
